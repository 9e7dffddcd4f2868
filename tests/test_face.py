"""The save's face: what the main screen shows, kept in the save in the transaction of each change, and
read with sqlite3 and json alone. Anything amiss is no face (never an error), and reading never writes."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from combat_tui.engine.encounter import Encounter
from combat_tui.paths import demo_saves_dir
from combat_tui.session import Session
from combat_tui.store import face, saves
from combat_tui.store.packing import face_of
from combat_tui.store.rulesets import Catalogue
from combat_tui.store.save_db import SaveDB

SHIPPED = ["three-action", "energy-stamina", "body-injury", "time-count", "boon-bane", "pf2e"]


def played(tmp_path: Path, catalogue: Catalogue) -> Path:
    path = tmp_path / "ford.combat"
    session = Session.create(path, catalogue, "three-action", name="Ford")
    for line in ("add Kara pc hp=24 init=17", "add Bandit x3 hp=11", "start", 'dmg "Bandit 1" 4'):
        session.run(line)
    session.keep_face()  # as the app does when the GM pauses or quits
    session.close()
    return path


def encounter(path: Path, catalogue: Catalogue) -> Encounter:
    doc = saves.load(path)  # its log read whole
    return Encounter(doc, catalogue.get(doc.ruleset))


def untouched(path: Path) -> tuple[bytes, int]:
    return path.read_bytes(), os.stat(path).st_mtime_ns


def edit(path: Path, sql: str, *args: object) -> None:
    conn = sqlite3.connect(path)
    with conn:
        conn.execute(sql, args)
    conn.close()


def test_a_kept_face_is_the_face_of_the_encounter_in_the_save(tmp_path: Path, catalogue: Catalogue) -> None:
    path = played(tmp_path, catalogue)
    kept = face.read(path)
    assert kept is not None
    assert kept == face_of(encounter(path, catalogue))  # the save's own: as the engine would build it now
    assert kept.view.title.startswith("Ford — Round 1") and kept.view.sheet is not None
    assert [e[1] for e in kept.log][-1] == 'dmg "Bandit 1" 4'
    assert kept.key("undo") is True and kept.key("redo") is None


def test_a_save_without_a_face_reads_as_none_and_is_not_written(tmp_path: Path, catalogue: Catalogue) -> None:
    path = tmp_path / "old.combat"
    SaveDB.create(path, Encounter.new(catalogue.get("three-action")).doc)  # as an older version made it
    edit(path, "DROP TABLE face")
    before = untouched(path)
    assert face.read(path) is None
    assert untouched(path) == before


@pytest.mark.parametrize("damage", [
    "not json at all {",
    json.dumps({"version": face.VERSION, "view": {"title": 3}, "log": [], "keys": []}),
    json.dumps({"version": face.VERSION, "view": {}, "log": [], "keys": []}),
    "[" * 100_000,
])
def test_a_damaged_face_reads_as_none_and_is_not_written(tmp_path: Path, catalogue: Catalogue, damage: str) -> None:
    path = played(tmp_path, catalogue)
    edit(path, "UPDATE face SET json = ?", damage)
    before = untouched(path)
    assert face.read(path) is None
    assert untouched(path) == before


def test_a_face_of_a_newer_format_reads_as_none(tmp_path: Path, catalogue: Catalogue) -> None:
    path = played(tmp_path, catalogue)
    data = json.loads(edit_text(path))
    data["version"] = face.VERSION + 1
    edit(path, "UPDATE face SET json = ?", json.dumps(data))
    before = untouched(path)
    assert face.read(path) is None
    assert untouched(path) == before


def edit_text(path: Path) -> str:
    conn = sqlite3.connect(path)
    text = conn.execute("SELECT json FROM face").fetchone()[0]
    conn.close()
    return str(text)


def test_an_oversized_face_reads_as_none_and_is_not_written(tmp_path: Path, catalogue: Catalogue) -> None:
    path = played(tmp_path, catalogue)
    data = json.loads(edit_text(path))
    data["view"]["name"] = "x" * face.MAX_BYTES  # valid but for its size
    edit(path, "UPDATE face SET json = ?", json.dumps(data))
    before = untouched(path)
    assert face.read(path) is None
    assert untouched(path) == before


def test_a_face_left_behind_by_a_version_that_keeps_none_is_not_used(tmp_path: Path, catalogue: Catalogue) -> None:
    path = played(tmp_path, catalogue)
    edit(path, "UPDATE meta SET value = value + 1 WHERE key = 'revision'")  # a change written without its face
    assert face.read(path) is None


def test_the_strings_of_a_face_are_cleaned_as_they_are_read(tmp_path: Path, catalogue: Catalogue) -> None:
    path = played(tmp_path, catalogue)
    data = json.loads(edit_text(path))
    data["view"]["title"] = "Ford\x1b]0;pwned\x07 — Round 1"
    data["log"][0][1] = "add \x1b[2JKara"
    edit(path, "UPDATE face SET json = ?", json.dumps(data))
    kept = face.read(path)
    assert kept is not None
    assert kept.view.title == "Ford]0;pwned — Round 1" and kept.log[0][1] == "add [2JKara"


def test_a_face_too_big_to_keep_is_not_written(tmp_path: Path, catalogue: Catalogue,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    path = played(tmp_path, catalogue)
    monkeypatch.setattr(face, "MAX_BYTES", 100)
    session = Session.open(path, catalogue)
    session.run("next")
    session.keep_face()
    session.close()
    monkeypatch.undo()
    assert face.read(path) is None and edit_text_or_none(path) is None


def edit_text_or_none(path: Path) -> str | None:
    conn = sqlite3.connect(path)
    row = conn.execute("SELECT json FROM face").fetchone()
    conn.close()
    return None if row is None else str(row[0])


@pytest.mark.parametrize("point", ["tx-written", "committed"])
def test_a_kill_leaves_the_face_of_the_save_as_it_is_or_none(
        tmp_path: Path, catalogue: Catalogue, point: str) -> None:
    """Killed before its change is committed, the save keeps its old face, still its own; killed after
    (before the face is kept again), the old face is stale by its revision and not used: never a face
    of another state than the save's."""
    path = played(tmp_path, catalogue)
    old = face.read(path)
    proc = subprocess.run([sys.executable, "-m", "combat_tui", "do", str(path), 'dmg "Bandit 2" 3'],
                          capture_output=True, env=os.environ | {"COMBAT_TUI_KILL_AT": point})
    assert proc.returncode == -signal.SIGKILL
    kept = face.read(path)
    if point == "committed":
        assert kept is None and edit_text_or_none(path) is not None  # there, and not used
    else:
        assert kept is not None and kept == old == face_of(encounter(path, catalogue))


def test_a_change_does_not_build_the_face_and_a_pause_keeps_it_once(
        tmp_path: Path, catalogue: Catalogue, monkeypatch: pytest.MonkeyPatch) -> None:
    """Building the face costs a key several ms at a hundred creatures: a change leaves it to the next
    pause (`keep_face`), which builds it once for however many changes came before, and not again
    while nothing changes."""
    from combat_tui.store import packing

    path = played(tmp_path, catalogue)
    built: list[int] = []
    real = packing.face_of

    def counted(*args: Any, **kwargs: Any) -> Any:
        built.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(packing, "face_of", counted)
    session = Session.open(path, catalogue)
    for line in ("next", 'dmg "Bandit 2" 2', "next"):
        session.run(line)
    assert built == [] and face.read(path) is None  # stale now: the changes went on without it
    session.keep_face()
    session.keep_face()
    assert len(built) == 1
    kept = face.read(path)
    assert kept is not None and kept.log[-1][1] == "next"
    session.close()


@pytest.mark.parametrize("ruleset", SHIPPED)
def test_the_shipped_demos_keep_the_face_the_engine_builds(catalogue: Catalogue, ruleset: str) -> None:
    source = demo_saves_dir() / f"{ruleset}.json"
    doc = saves.read_exchange(source)
    assert saves.shipped_face(source) == face_of(Encounter(doc, catalogue.get(ruleset)))  # else: make demos


def test_a_demo_copy_carries_its_face(catalogue: Catalogue) -> None:
    from combat_tui.session import open_demo

    copy = open_demo("time-count")
    kept = face.read(copy.path)
    assert kept is not None and kept == face_of(encounter(copy.path, catalogue))
