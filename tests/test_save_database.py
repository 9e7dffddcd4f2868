"""The save as one SQLite file: copied, renamed or linked it stays whole; hostile rows are refused in
one line; what is read from it is cleaned and bounded; a long log is not read to open it."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import cast

import pytest

from combat_tui import faults
from combat_tui.engine.state.errors import SaveError
from combat_tui.paths import saves_dir
from combat_tui.session import Session, catalogue, list_saves
from combat_tui.store import saves
from combat_tui.store.save_db import SaveDB

FIVE = ["add Orc hp=20", "dmg Orc 1", "dmg Orc 2", "cond Orc prone", "dmg Orc 3"]


def do(path: Path, *commands: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "combat_tui", "do", str(path), *commands], capture_output=True,
                          text=True)


def five_changes(path: Path) -> None:
    Session.create(path, catalogue(), "three-action").close()
    for line in FIVE:
        assert do(path, line).returncode == 0


def commands(path: Path) -> list[str]:
    return [e.command for e in saves.load(path).log]


def test_a_renamed_save_keeps_every_change_and_a_new_one_of_the_old_name_leaves_it_alone(tmp_path: Path) -> None:
    fight, ford = tmp_path / "fight.combat", tmp_path / "ford.combat"
    five_changes(fight)
    fight.rename(ford)  # a file manager's rename, the app closed
    assert commands(ford) == FIVE
    assert do(ford, "heal Orc 1").returncode == 0
    Session.create(fight, catalogue(), "boon-bane").close()  # a new save takes the old name
    assert do(fight, "add Goblin").returncode == 0
    assert commands(ford) == [*FIVE, "heal Orc 1"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fight.combat", "ford.combat"]


def test_a_copied_save_is_whole_and_goes_its_own_way(tmp_path: Path) -> None:
    fight, kept = tmp_path / "fight.combat", tmp_path / "kept.combat"
    five_changes(fight)
    shutil.copyfile(fight, kept)
    assert do(fight, "dmg Orc 5").returncode == 0
    assert commands(kept) == FIVE and commands(fight) == [*FIVE, "dmg Orc 5"]
    s = Session.open(kept, catalogue())
    for _ in FIVE:
        s.run("undo")  # the copy's whole history is in it
    assert s.encounter.state.combatants == {}
    s.close()


def test_a_save_through_a_symlink_is_written_where_it_points(tmp_path: Path) -> None:
    real, link = tmp_path / "real.combat", tmp_path / "link.combat"
    five_changes(real)
    link.symlink_to(real)
    assert do(link, "dmg Orc 4").returncode == 0
    s = Session.open(link, catalogue())
    s.run("heal Orc 2")
    s.close()
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert commands(real) == [*FIVE, "dmg Orc 4", "heal Orc 2"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.combat", "real.combat"]


def test_a_failed_write_then_its_retry_applies_the_change_once(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "fight.combat"
    five_changes(path)
    monkeypatch.setenv("COMBAT_TUI_FAIL", "full")
    out = do(path, "dmg Orc 3")
    assert out.returncode == 1 and "nothing saved" in out.stderr
    monkeypatch.delenv("COMBAT_TUI_FAIL")
    assert do(path, "dmg Orc 3").returncode == 0  # the GM types it again
    assert commands(path) == [*FIVE, "dmg Orc 3"]
    s = Session.open(path, catalogue())
    monkeypatch.setattr(faults, "FAIL", "full")
    s.run("dmg Orc 1")
    s.save()  # tried again, still full
    monkeypatch.setattr(faults, "FAIL", "")
    assert s.save() and s.save_error is None
    s.close()
    assert commands(path) == [*FIVE, "dmg Orc 3", "dmg Orc 1"]
    assert saves.load(path).state.roster()[0].pools["hp"].current == 20 - 1 - 2 - 3 - 3 - 1


def _meta(path: Path, key: str, value: object) -> None:
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("UPDATE meta SET value = ? WHERE key = ?", (value, key))
    conn.close()


def test_text_read_from_a_save_never_reaches_a_terminal_raw(tmp_path: Path) -> None:
    path = saves_dir() / "ford.combat"
    five_changes(path)
    _meta(path, "updated", "\x1b]0;pwned\x07")
    _meta(path, "name", "Ford\x1b[2J\u202e")
    out = subprocess.run([sys.executable, "-m", "combat_tui", "list"], capture_output=True, text=True)
    assert out.returncode == 0 and "pwned" in out.stdout
    assert not any(ch in out.stdout for ch in "\x1b\x07\u202e")
    [info] = list_saves()
    assert info.name.startswith("Ford") and "\x1b" not in info.name and "\x1b" not in info.updated
    doc = saves.load(path)
    assert "\x1b" not in doc.name and "\x1b" not in doc.updated


@pytest.mark.parametrize("where, value", [
    ("meta", ("cursor", int("9" * 18))),
    ("meta", ("roster", "[" * 100_000)),
    ("meta", ("length", -1)),
    ("parts", "9" * 5000),
    ("parts", "[" * 100_000),
    ("events", "{" + '"command": ' + "9" * 5000 + "}"),
])
def test_a_hostile_row_is_one_line_and_the_file_is_left_as_it_was(tmp_path: Path, where: str,
                                                                   value: object) -> None:
    path = tmp_path / "ford.combat"
    five_changes(path)
    conn = sqlite3.connect(path, isolation_level=None)
    if where == "meta":
        key, v = cast(tuple[str, object], value)
        conn.execute("UPDATE meta SET value = ? WHERE key = ?", (v, key))
    elif where == "parts":
        conn.execute("UPDATE parts SET json = ? WHERE part LIKE 'c:%'", (value,))
    else:
        conn.execute("UPDATE events SET json = ? WHERE n = 0", (value,))
    conn.close()
    before = path.read_bytes()
    if where == "events":  # the log is read as undo reaches back: the state opens, the undo says so
        s = Session.open(path, catalogue())
        for _ in range(4):
            s.run("undo")
        with pytest.raises(SaveError, match="log is damaged") as info:
            s.run("undo")
        assert "\n" not in str(info.value)
        s.close()
        return
    for argv in (("show", str(path)), ("do", str(path), "next")):
        out = subprocess.run([sys.executable, "-m", "combat_tui", *argv], capture_output=True, text=True)
        assert out.returncode == 1 and out.stderr.count("\n") == 1 and "Traceback" not in out.stderr, out.stderr
        assert "damaged save" in out.stderr
    assert path.read_bytes() == before


def test_a_save_from_a_newer_version_or_another_program_is_refused_and_never_written(tmp_path: Path) -> None:
    newer = tmp_path / "newer.combat"
    five_changes(newer)
    conn = sqlite3.connect(newer, isolation_level=None)
    conn.execute("PRAGMA user_version = 99")
    conn.close()
    other = tmp_path / "other.combat"
    conn = sqlite3.connect(other, isolation_level=None)
    conn.execute("CREATE TABLE t (x)")
    conn.close()
    for path, words in ((newer, "newer combat-tui"), (other, "not a combat-tui save")):
        before = path.read_bytes()
        for argv in (("show", str(path)), ("do", str(path), "next")):
            out = subprocess.run([sys.executable, "-m", "combat_tui", *argv], capture_output=True, text=True)
            assert out.returncode == 1 and words in out.stderr and out.stderr.count("\n") == 1, out.stderr
        with pytest.raises(SaveError, match=words):
            Session.open(path, catalogue())
        assert path.read_bytes() == before


def test_opening_a_long_save_reads_none_of_its_log(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`show`, `do` and the app open the state alone: their cost does not grow with the log (before, a
    long journal made `show` take minutes). Counted as events read, not as time."""
    path = tmp_path / "long.combat"
    s = Session.create(path, catalogue(), "three-action")
    s.run("add Orc hp=500")
    for i in range(2000):  # undo steps (a roll is in the log, not a step: undo passes over it)
        s.encounter.run("heal Orc 1" if i % 2 else "dmg Orc 1")
    s.save()
    s.close()
    read: list[int] = []
    real = SaveDB.fetch

    def counting(self: SaveDB, start: int, stop: int) -> list[object]:
        read.append(stop - start)
        return real(self, start, stop)  # type: ignore[return-value]

    monkeypatch.setattr(SaveDB, "fetch", counting)
    s = Session.open(path, catalogue())
    s.run("dmg Orc 1")
    assert read == [], "opening and changing the save read its log"
    s.run("undo")
    s.run("undo")  # reaches one event back into what is on disk
    assert sum(read) == 1
    s.close()
    out = json.loads(subprocess.run([sys.executable, "-m", "combat_tui", "show", str(path), "--json"],
                                    capture_output=True, text=True, check=True).stdout)
    assert out["log"] == {"events": 2000, "undone": 2}
