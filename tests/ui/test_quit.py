"""Quitting never throws away what the GM typed: with a change only in memory (a full disk, a save
changed behind the app's back), every way out asks where to write it first."""

from __future__ import annotations

import contextlib
import os
import re
import time
from pathlib import Path
from typing import Any

import pytest
from helpers import pool, screen_text
from textual.pilot import Pilot
from textual.widgets import Input, OptionList

from combat_tui.engine.state.errors import SaveError
from combat_tui.session import Session
from combat_tui.store import exchange, files, saves
from combat_tui.store.save_db import Job, SaveDB
from combat_tui.ui.app import CombatApp
from combat_tui.ui.dialogs.quit import QuitDialog
from combat_tui.ui.screens.help import HelpScreen
from combat_tui.ui.screens.main import MainScreen
from combat_tui.ui.screens.open import OpenScreen

from .keys import new_session, searched

SETUP = ("add Kara pc init=15 hp=20", "add Orc init=10 hp=12", "start")


@pytest.fixture
def full_disk(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """Writes to a save named in `full["paths"]` fail as a full disk does (after `full["slow"]` seconds);
    other files (a rescue copy) are written."""
    real = SaveDB.write
    full: dict[str, Any] = {"paths": set(), "slow": 0.0}

    def write(self: SaveDB, jobs: list[Job]) -> None:
        if self.path in full["paths"]:
            time.sleep(full["slow"])
            raise SaveError(f"cannot save {self.path.name}: the disk is full")
        real(self, jobs)

    monkeypatch.setattr(SaveDB, "write", write)
    return full


def failing(tmp_path: Path, full: dict[str, Any]) -> Session:
    s = new_session(tmp_path, *SETUP, ruleset="three-action")
    full["paths"].add(s.path)
    return s


async def unsaved_change(pilot: Pilot[None], app: CombatApp) -> None:
    """Damage the Orc while the disk is full: the title says so."""
    await pilot.press("n", "d", "5", "enter")
    assert app.session is not None
    app.session.flush()
    await pilot.pause()
    assert pool(app.session, "Orc", "hp") == 7
    assert "unsaved!" in str(app.screen.sub_title)


def rescues(folder: Path) -> list[Path]:
    return sorted(folder.glob("fight.rescue-*.combat"))


async def test_q_with_a_change_not_saved_asks_and_writes_a_rescue_file(tmp_path: Path, full_disk: Any) -> None:
    app = CombatApp(failing(tmp_path, full_disk))
    async with app.run_test(size=(100, 30)) as pilot:
        await unsaved_change(pilot, app)
        await pilot.press("q")
        await pilot.pause()
        assert app.is_running, "q quit at once and the change was lost"
        assert isinstance(app.screen, QuitDialog)
        assert rescues(tmp_path) == []
        await pilot.press("r")
        await pilot.pause()
    assert not app.is_running
    [rescue] = rescues(tmp_path)
    assert rescue.name.startswith("fight.rescue-2")  # NAME.rescue-YYYYMMDD-HHMMSS.combat, beside the save
    doc = saves.load(rescue)
    assert next(c for c in doc.state.roster() if c.name == "Orc").pools["hp"].current == 7
    assert saves.load(tmp_path / "fight.combat").cursor < doc.cursor  # the save itself never got it
    assert app.outcome is not None and app.outcome[0] == 0 and str(rescue) in app.outcome[1]


@pytest.mark.long
async def test_the_changes_can_go_to_a_path_the_gm_types(tmp_path: Path, full_disk: Any) -> None:
    (tmp_path / "taken.combat").write_text("{}", encoding="utf-8")
    app = CombatApp(failing(tmp_path, full_disk))
    async with app.run_test(size=(100, 30)) as pilot:
        await unsaved_change(pilot, app)
        await pilot.press("q", "a", *str(tmp_path / "taken.combat"), "enter")
        await pilot.pause()
        assert app.is_running and isinstance(app.screen, QuitDialog), "a file there is never overwritten"
        assert (tmp_path / "taken.combat").read_text(encoding="utf-8") == "{}"
        field = app.screen.query_one("#quit-path", Input)
        field.value = str(tmp_path / "elsewhere" / "ford copy")
        await pilot.press("enter")
        await pilot.pause()
    assert not app.is_running
    doc = saves.load(tmp_path / "elsewhere" / "ford copy.combat")
    assert next(c for c in doc.state.roster() if c.name == "Orc").pools["hp"].current == 7


async def test_losing_the_changes_takes_a_second_key(tmp_path: Path, full_disk: Any) -> None:
    app = CombatApp(failing(tmp_path, full_disk))
    async with app.run_test(size=(100, 30)) as pilot:
        await unsaved_change(pilot, app)
        await pilot.press("q", "q", "escape")  # q twice: still asked; Escape stays
        await pilot.pause()
        assert app.is_running and isinstance(app.screen, MainScreen)
        await pilot.press("q", "x")
        await pilot.pause()
        assert app.is_running and isinstance(app.screen, QuitDialog), "x alone loses nothing"
        await pilot.press("y")
        await pilot.pause()
    assert not app.is_running
    assert app.outcome is not None and app.outcome[0] == 1 and "not kept" in app.outcome[1]
    assert rescues(tmp_path) == []


@pytest.mark.parametrize("way", ["ctrl+q", "palette", "open screen"])
async def test_every_way_out_asks(tmp_path: Path, full_disk: Any, way: str) -> None:
    app = CombatApp(failing(tmp_path, full_disk), str(tmp_path))
    async with app.run_test(size=(100, 30)) as pilot:
        await unsaved_change(pilot, app)
        await pilot.press("ctrl+c")  # Textual's: says how to quit, quits nothing
        await pilot.pause()
        assert app.is_running and isinstance(app.screen, MainScreen)
        if way == "ctrl+q":
            await pilot.press("ctrl+q")
        elif way == "palette":
            await pilot.press("ctrl+p", *"quit")
            await searched(pilot, "quit")
            await pilot.press("enter")
        else:
            await pilot.press("ctrl+o")
            await pilot.pause()
            assert isinstance(app.screen, OpenScreen)
            await pilot.press("q")
        await pilot.pause()
        assert app.is_running, f"{way} quit at once and the change was lost"
        assert isinstance(app.screen, QuitDialog)


async def test_quitting_waits_for_a_save_still_on_its_way(tmp_path: Path, full_disk: Any) -> None:
    """The change's save is still being written (and will fail) when q comes."""
    s = new_session(tmp_path, *SETUP, ruleset="three-action")
    full_disk["paths"].add(s.path)
    full_disk["slow"] = 0.3
    app = CombatApp(s)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("n", "q")
        await pilot.pause()
        assert app.is_running, "quit while the failing save was on its way: the change was lost"
        assert isinstance(app.screen, QuitDialog)


async def test_a_save_changed_behind_the_apps_back_asks_too(tmp_path: Path) -> None:
    app = CombatApp(new_session(tmp_path, *SETUP, ruleset="three-action"))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        other = saves.load(tmp_path / "fight.combat")
        other.name = "edited elsewhere"
        saves.save(other, tmp_path / "other.combat")
        (tmp_path / "other.combat").replace(tmp_path / "fight.combat")  # another file put in its place
        await pilot.press("n")
        assert app.session is not None
        app.session.flush()
        await pilot.pause()
        assert "replaced by another file" in (app.session.save_error or "")
        await pilot.press("q")
        await pilot.pause()
        assert app.is_running and isinstance(app.screen, QuitDialog)
        await pilot.press("enter")  # the safe choice has the focus
        await pilot.pause()
    [rescue] = rescues(tmp_path)
    assert saves.load(rescue).name != "edited elsewhere" and saves.load(rescue).log[-1].command == "next"
    assert saves.load(tmp_path / "fight.combat").name == "edited elsewhere"  # still not overwritten


async def test_the_help_says_everything_is_saved_only_while_it_is(tmp_path: Path, full_disk: Any) -> None:
    app = CombatApp(new_session(tmp_path, *SETUP, ruleset="three-action"))
    async with app.run_test(size=(100, 70)) as pilot:  # tall enough for every key
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert "everything is already saved" in screen_text(app)
        await pilot.press("escape")
        assert app.session is not None
        full_disk["paths"].add(app.session.path)
        await unsaved_change(pilot, app)
        await pilot.press("question_mark")
        await pilot.pause()
        text = " ".join(re.sub(r"[│█▎▊╭╮╰╯─]", " ", screen_text(app)).split())  # the words, however wrapped
        assert "already saved" not in text and "saved at once" not in text
        assert "Not saved: cannot save fight.combat: the disk is full" in text and "q asks where to write them" in text
        assert "first asks where to write the changes not saved" in text


async def test_opening_another_encounter_keeps_the_changes_of_this_one(tmp_path: Path, full_disk: Any) -> None:
    data = tmp_path / "data"
    other = new_session(data / "saves", "add Bram", ruleset="boon-bane")
    other.close()
    app = CombatApp(failing(tmp_path, full_disk), str(data))
    async with app.run_test(size=(100, 30)) as pilot:
        await unsaved_change(pilot, app)
        await pilot.press("ctrl+o")
        await pilot.pause()
        listed = app.screen.query_one(OptionList)
        listed.highlighted = next(i for i in range(listed.option_count)
                                  if listed.get_option_at_index(i).id == f"save:{other.path}")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, MainScreen) and app.session is not None and app.session.path == other.path
        [rescue] = rescues(tmp_path)
        assert next(c for c in saves.load(rescue).state.roster() if c.name == "Orc").pools["hp"].current == 7
        assert any(str(rescue) in n.message for n in app._notifications)


async def test_a_way_out_that_asks_nothing_still_writes_a_rescue_file(tmp_path: Path, full_disk: Any) -> None:
    """Textual's own exit (not by a key) closes the session: the changes go to a rescue file."""
    app = CombatApp(failing(tmp_path, full_disk))
    async with app.run_test(size=(100, 30)) as pilot:
        await unsaved_change(pilot, app)
        app.exit()
        await pilot.pause()
    [rescue] = rescues(tmp_path)
    assert next(c for c in saves.load(rescue).state.roster() if c.name == "Orc").pools["hp"].current == 7
    assert app.outcome is not None and app.outcome[0] == 1 and str(rescue) in app.outcome[1]


def test_a_closed_terminal_leaves_a_rescue_file(tmp_path: Path) -> None:
    """The terminal closed (SIGHUP) while a change was only in memory: the app, a real process on a
    terminal of its own, writes the rescue file before it goes."""
    import fcntl
    import pty
    import signal
    import struct
    import subprocess
    import sys
    import termios
    import threading

    s = new_session(tmp_path / "saves", *SETUP, ruleset="three-action")
    s.close()
    import sqlite3

    conn = sqlite3.connect(s.path)
    with conn:  # no face: its screen would show the title below before the session is read, and the file is
        conn.execute("DELETE FROM face")  # replaced below only once the session has it open
    conn.close()
    main, side = pty.openpty()
    fcntl.ioctl(side, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 200, 0, 0))  # wide: the title shows all
    # COLUMNS and LINES (pytest-xdist's workers set them) would size the app, not the terminal: 80 columns
    # cut the title short of what the test waits for
    env = {**{k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}, "TERM": "xterm-256color"}
    proc = subprocess.Popen([sys.executable, "-m", "combat_tui", "--data-dir", str(tmp_path), "fight"],
                            stdin=side, stdout=side, stderr=side, env=env, start_new_session=True)
    os.close(side)
    seen = bytearray()

    def drain() -> None:
        with contextlib.suppress(OSError):
            while chunk := os.read(main, 65536):
                seen.extend(chunk)

    threading.Thread(target=drain, daemon=True).start()

    def wait_for(text: bytes) -> None:
        for _ in range(2400):  # a bound only against a hang: a loaded machine starts Python slowly
            if text in seen:
                return
            time.sleep(0.05)
        raise AssertionError(f"never showed {text!r}: {bytes(seen[-400:])!r}")

    try:
        wait_for(b"autosave: fight.combat")
        other = saves.load(s.path)
        other.name = "edited elsewhere"
        files.write_atomic(s.path, exchange.dumps(other))  # so the app's next save is refused
        os.write(main, b"n")
        wait_for(b"unsaved!")
        proc.send_signal(signal.SIGHUP)
        proc.wait(timeout=120)  # a bound only against a hang
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(main)
    [rescue] = rescues(tmp_path / "saves")
    assert saves.load(rescue).name != "edited elsewhere" and saves.load(rescue).log[-1].command == "next"


async def test_unsaved_shows_in_the_title_at_80_columns(tmp_path: Path, full_disk: Any) -> None:
    app = CombatApp(failing(tmp_path, full_disk))
    async with app.run_test(size=(80, 24)) as pilot:
        await unsaved_change(pilot, app)
        assert "unsaved!" in screen_text(app).splitlines()[0], "the end of the title, cut off, said it"
