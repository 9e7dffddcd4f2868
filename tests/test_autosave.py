"""Autosave off the UI thread: the cached save text, the writer thread, and a session using both."""

from __future__ import annotations

import errno
import json
import os
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from combat_tui.autosave import Autosaver
from combat_tui.engine import storage
from combat_tui.engine.encounter import Encounter
from combat_tui.engine.model import Combatant
from combat_tui.engine.save_text import SaveText
from combat_tui.lock import lock_path
from combat_tui.save_file import Job
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


def test_jobs_are_written_in_order_batched_and_flush_waits_for_them(tmp_path: Path) -> None:
    gate = threading.Event()
    written: list[list[int]] = []
    done = threading.Semaphore(0)

    def write(job: Job, fold_in: object) -> None:
        gate.wait(5)
        written.append([n for n, _ in job.records])

    saver = Autosaver(write, done.release)
    for n in (1, 2, 3):
        saver.submit(Job([(n, f"record {n}\n")]))  # the first may be under way; the rest queue up
    gate.set()
    assert saver.flush(5)
    assert [n for batch in written for n in batch] == [1, 2, 3]  # every record, in order: none dropped
    assert len(written) <= 2  # those that queued went out together
    saver.submit(Job([(4, "record 4\n")]))
    saver.close()  # writes what is pending before it stops
    assert written[-1] == [4]


def test_a_session_in_the_background_writes_on_its_own_thread(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    s = Session.create(tmp_path / "a.json", catalogue(), "boon-bane")
    threads: list[str] = []
    real = os.fsync

    def fsync(fd: int) -> None:
        threads.append(threading.current_thread().name)
        real(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    calls: list[str] = []
    s.save_in_background(lambda: calls.append(threading.current_thread().name))
    s.run("add Goblin x2 hp=7")
    s.run("dmg 'Goblin 1' 3")
    s.flush()
    assert threads and set(threads) <= {"autosave", "autosave-fold"}
    assert calls and set(calls) <= {"autosave", "autosave-fold"}
    assert [c.pools["hp"].current for c in storage.load(s.path).state.roster()] == [4, 7]
    s.run("undo")
    s.close()  # the last change is on disk before the lock goes
    assert storage.load(tmp_path / "a.json").cursor == 1
    assert not lock_path(tmp_path / "a.json").exists()


def test_one_change_costs_the_same_to_make_durable_however_long_the_log(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """What a change writes (and fsyncs) is its journal line, not the save: the same at 50 and 2,000 events."""
    cost: dict[int, tuple[int, int]] = {}
    for events in (50, 2000):
        path = tmp_path / f"{events}.json"
        s = Session.create(path, catalogue(), "three-action")
        s.run("add Orc x5 hp=500")
        s.run("start")
        while len(s.encounter.doc.log) < events:
            s.encounter.run("roll 1d6")  # a roll is logged: one event each
        s.save(fold=True)  # the long log is in the snapshot now
        s.save_in_background(lambda: None)
        s.flush()
        size = path.stat().st_size
        synced: list[int] = []

        def fsync(fd: int, synced: list[int] = synced, real: Callable[[int], None] = os.fsync) -> None:
            synced.append(os.fstat(fd).st_size)
            real(fd)

        monkeypatch.setattr(os, "fsync", fsync)
        s.run("dmg 'Orc 2' 3")
        s.flush()
        monkeypatch.undo()
        assert path.stat().st_size == size, "the save itself was not rewritten"
        assert len(synced) == 1
        cost[events] = (len(synced), synced[0])
        s.close()
    # one fsync each, of a journal line as long but for the digits of the log's length
    assert cost[50][0] == cost[2000][0] == 1
    assert abs(cost[50][1] - cost[2000][1]) <= 16 and cost[2000][1] < 1024


def test_a_failed_background_save_is_reported_and_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    s = Session.create(tmp_path / "a.json", catalogue(), "boon-bane")
    full = {"on": True}
    real = os.fsync

    def fsync(fd: int) -> None:  # every write, the journal's and the whole save's, ends in an fsync
        if full["on"]:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real(fd)

    monkeypatch.setattr(os, "fsync", fsync)
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
