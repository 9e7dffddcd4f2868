"""Autosave off the UI thread: the cached save text, the writer thread, and a session using both."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

from combat_tui.autosave import Autosaver
from combat_tui.engine import storage
from combat_tui.engine.encounter import Encounter
from combat_tui.engine.model import Combatant
from combat_tui.engine.save_text import SaveText
from combat_tui.lock import lock_path
from combat_tui.session import Session, catalogue


def same(pieces: list[str], enc: Encounter) -> bool:
    return json.loads("".join(pieces)) == json.loads(storage.dumps(enc.doc))


def test_the_cached_text_follows_every_kind_of_change() -> None:
    enc = Encounter.new(catalogue().get("three-action"), seed=3)
    text = SaveText()
    steps = ["add Kara pc hp=20 init=15", "add Orc x3 hp=9", "start", "dmg 'Orc 1' 4", "cond 'Orc 2' prone",
             "next", "undo", "undo", "dmg 'Orc 3' 2",  # a command after undo cuts the log
             "remove 'Orc 1'", "undo", "redo", "heal 'Orc 3' 1"]
    for line in steps:
        enc.run(line)
        assert same(text.pieces(enc), enc), line
    loaded = Encounter(storage.parse(storage.dumps(enc.doc)), enc.rs)  # new objects: nothing may be reused
    assert same(text.pieces(loaded), loaded)


def test_a_change_to_one_creature_serializes_only_that_creature(monkeypatch: pytest.MonkeyPatch) -> None:
    enc = Encounter.new(catalogue().get("three-action"), seed=3)
    enc.run("add Orc x50 hp=9")
    enc.run("start")
    text = SaveText()
    text.pieces(enc)
    dumped: list[str] = []
    real = Combatant.model_dump_json

    def counting(self: Combatant, **kw: object) -> str:
        dumped.append(self.name)
        return real(self, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(Combatant, "model_dump_json", counting)
    enc.run("dmg 'Orc 7' 3")
    assert same(text.pieces(enc), enc)
    assert dumped == ["Orc 7"]


def test_the_newest_save_wins_and_flush_waits_for_it(tmp_path: Path) -> None:
    gate = threading.Event()
    written: list[str] = []
    done = threading.Semaphore(0)

    def write(path: Path, pieces: list[str]) -> None:
        gate.wait(5)
        written.append("".join(pieces))
        path.write_text(written[-1], encoding="utf-8")

    saver = Autosaver(write, done.release)
    target = tmp_path / "x.json"
    saver.submit(target, ["first"])
    saver.submit(target, ["second"])  # the first may be under way; a third overtakes the second
    saver.submit(target, ["third"])
    gate.set()
    assert saver.flush(5)
    assert written[-1] == "third" and "second" not in written
    assert target.read_text(encoding="utf-8") == "third"
    saver.submit(target, ["last"])
    saver.close()  # writes what is pending before it stops
    assert target.read_text(encoding="utf-8") == "last"


def test_a_session_in_the_background_writes_on_its_own_thread(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    s = Session.create(tmp_path / "a.json", catalogue(), "boon-bane")
    threads: list[str] = []
    real = storage.write_atomic

    def write(path: Path, text: str | list[str]) -> None:
        threads.append(threading.current_thread().name)
        real(path, text)

    monkeypatch.setattr(storage, "write_atomic", write)
    calls: list[str] = []
    s.save_in_background(lambda: calls.append(threading.current_thread().name))
    s.run("add Goblin x2 hp=7")
    s.run("dmg 'Goblin 1' 3")
    s.flush()
    assert set(threads) == {"autosave"} and calls and set(calls) == {"autosave"}
    assert [c.pools["hp"].current for c in storage.load(s.path).state.roster()] == [4, 7]
    s.run("undo")
    s.close()  # the last change is on disk before the lock goes
    assert storage.load(tmp_path / "a.json").cursor == 1
    assert not lock_path(tmp_path / "a.json").exists()


def test_a_failed_background_save_is_reported_and_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    s = Session.create(tmp_path / "a.json", catalogue(), "boon-bane")
    full = {"on": True}
    real = storage.write_atomic

    def write(path: Path, text: str | list[str]) -> None:
        if full["on"]:
            raise storage.SaveError(f"cannot save to {path}: ENOSPC")
        real(path, text)

    monkeypatch.setattr(storage, "write_atomic", write)
    s.save_in_background(lambda: None)
    s.run("add Goblin hp=7")
    s.flush()
    assert s.save_error is not None and "kept in memory" in s.save_error
    assert len(storage.load(s.path).state.combatants) == 0
    full["on"] = False
    assert s.save() is False  # says the last write failed; this one is under way
    s.flush()
    assert s.save_error is None and len(storage.load(s.path).state.combatants) == 1
    s.close()
