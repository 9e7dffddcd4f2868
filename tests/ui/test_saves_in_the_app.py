"""The app and its save: a change another process makes is taken in, a count typed as no number is one
line, and a quit dialog names a save full of brackets as typed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

from helpers import screenshot_text
from textual.pilot import Pilot
from textual.widgets import Button

from combat_tui.engine.state.errors import SaveError
from combat_tui.session import Session, catalogue, load_library
from combat_tui.store.save_db import Job, SaveDB
from combat_tui.ui.dialogs.quit import QuitDialog

from .keys import RecordingApp, choose, errors, new_session


async def wait_until(pilot: Pilot[None], check: Any, what: str, rounds: int = 200) -> None:
    """A condition, not a clock: the app's own timer takes the change in."""
    for _ in range(rounds):
        if check():
            return
        await pilot.pause(0.05)
    raise AssertionError(f"never: {what}")


async def test_a_do_from_another_terminal_shows_in_the_open_app(tmp_path: Path) -> None:
    s = new_session(tmp_path, "add Kara pc hp=24 init=15", "add Orc hp=9 init=5", "start", ruleset="three-action")
    app = RecordingApp(s)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        assert "Zed" not in screenshot_text(app)
        out = subprocess.run([sys.executable, "-m", "combat_tui", "do", str(s.path), "add Zed hp=5 init=3"],
                             capture_output=True, text=True)
        assert out.returncode == 0, out.stderr
        await wait_until(pilot, lambda: "Zed" in screenshot_text(app), "Zed on the screen")
        assert "Taken in from elsewhere" in screenshot_text(app) and "add Zed hp=5 init=3" in screenshot_text(app)
        assert app.session is not None
        await pilot.press("u")  # undo reaches what the other process did
        await wait_until(pilot, lambda: "Zed" not in [c.name for c in app.session.encounter.state.roster()],
                         "Zed gone again")
        app.session.flush()
        assert app.session.save_error is None


async def test_a_count_that_is_no_number_is_one_line_and_adds_nothing(tmp_path: Path) -> None:
    s = new_session(tmp_path, "add Kara pc hp=30 init=5", "start", ruleset="three-action")
    s.encounter.library = load_library(catalogue())
    app = RecordingApp(s)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        for typed in ("²", "9" * 50):
            await pilot.press("plus")
            await choose(pilot, app, "ghoul")
            await pilot.press("backspace", *typed, "enter")
            await pilot.pause()
            assert app.is_running
            assert not [c for c in s.encounter.state.roster() if c.name.startswith("Ghoul")]
        assert sum("How many Ghoul" in m for m in errors(app)) == 2


async def test_the_quit_dialog_names_a_save_full_of_brackets_as_typed(tmp_path: Path, monkeypatch: Any) -> None:
    s = Session.create(tmp_path / "[b]ford[i].combat", catalogue(), "three-action")
    s.run("add Orc hp=9")

    def full(self: SaveDB, jobs: list[Job]) -> None:
        raise SaveError(f"cannot save {self.path.name}: the disk is full")

    monkeypatch.setattr(SaveDB, "write", full)
    app = RecordingApp(s)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("n")
        assert app.session is not None
        app.session.flush()
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, QuitDialog)
        label = str(app.screen.query_one("#quit-rescue", Button).label)
        assert "write them to [b]ford[i].rescue-" in label, label


async def test_an_older_save_opened_in_the_app_says_where_it_goes_on(tmp_path: Path) -> None:
    from combat_tui.engine.encounter import Encounter
    from combat_tui.store import saves

    enc = Encounter.new(catalogue().get("three-action"), seed=1, name="ford")
    enc.run("add Orc hp=9")
    saves.save(enc.doc, tmp_path / "ford.json")  # as an older version wrote it
    before = (tmp_path / "ford.json").read_bytes()
    app = RecordingApp(Session.open(tmp_path / "ford.json", catalogue()))
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        assert any("ford.json is from an older combat-tui: it goes on in ford.combat" in m for _, m in app.notes)
        await pilot.press("n")
    assert (tmp_path / "ford.json").read_bytes() == before
    # n on a fight not started starts it
    assert [e.command for e in saves.load(tmp_path / "ford.combat").log] == ["add Orc hp=9", "start"]
