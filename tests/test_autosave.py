"""Autosave off the UI thread: what a change packs, the writer thread, and a session using both."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from combat_tui import faults
from combat_tui.autosave import Autosaver
from combat_tui.engine.encounter import Encounter
from combat_tui.engine.state.model import Combatant
from combat_tui.session import Session, catalogue
from combat_tui.store import exchange, saves
from combat_tui.store.packing import Packer
from combat_tui.store.save_db import Job, SaveDB


def test_what_is_packed_follows_every_kind_of_change(tmp_path: Path) -> None:
    enc = Encounter.new(catalogue().get("three-action"), seed=3)
    path = tmp_path / "a.combat"
    SaveDB.create(path, enc.doc)
    db = SaveDB.open(path)
    db.read()
    packer = Packer(enc)
    steps = ["add Kara pc hp=20 init=15", "add Orc x3 hp=9", "start", "dmg 'Orc 1' 4", "cond 'Orc 2' prone",
             "next", "undo", "undo", "dmg 'Orc 3' 2",  # a command after undo cuts the log
             "remove 'Orc 1'", "undo", "redo", "heal 'Orc 3' 1", "roll 1d6", "set bleed 2"]
    for line in steps:
        enc.run(line)
        job = packer.job()
        assert job is not None, line
        db.write([job])
        assert exchange.dumps(saves.load(path)) == exchange.dumps(enc.doc), line
    assert packer.job() is None  # nothing changed since
    db.close()


def test_a_change_to_one_creature_serializes_only_that_creature(monkeypatch: pytest.MonkeyPatch) -> None:
    enc = Encounter.new(catalogue().get("three-action"), seed=3)
    enc.run("add Orc x50 hp=9")
    enc.run("start")
    packer = Packer(enc)
    dumped: list[str] = []
    real = Combatant.model_dump_json

    def counting(self: Combatant, **kw: object) -> str:
        dumped.append(self.name)
        return real(self, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(Combatant, "model_dump_json", counting)
    enc.run("dmg 'Orc 7' 3")
    job = packer.job()
    assert job is not None and dumped == ["Orc 7"]
    assert [p for p in job.parts if p.startswith("c:")] == [f"c:{enc.state.roster()[6].id}"]
    assert len(job.events) == 1 and job.keep == 2


def test_jobs_are_written_in_order_batched_and_flush_waits_for_them() -> None:
    gate = threading.Event()
    written: list[list[int]] = []
    done = threading.Semaphore(0)

    def write(jobs: list[Job]) -> None:
        gate.wait(5)
        written.append([job.keep for job in jobs])

    saver = Autosaver(write, done.release)
    for n in (1, 2, 3):
        saver.submit(Job(keep=n))  # the first may be under way; the rest queue up
    gate.set()
    assert saver.flush(5)
    assert [n for batch in written for n in batch] == [1, 2, 3]  # every job, in order: none dropped
    assert len(written) <= 2  # those that queued went out together
    saver.submit(Job(keep=4))
    saver.close()  # writes what is pending before it stops
    assert written[-1] == [4]


def test_a_session_in_the_background_writes_on_its_own_thread(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    s = Session.create(tmp_path / "a.combat", catalogue(), "boon-bane")
    threads: list[str] = []
    real = s.db.write

    def write(jobs: list[Job]) -> None:
        threads.append(threading.current_thread().name)
        real(jobs)

    monkeypatch.setattr(s.db, "write", write)
    calls: list[str] = []
    s.save_in_background(lambda: calls.append(threading.current_thread().name))
    s.run("add Goblin x2 hp=7")
    s.run("dmg 'Goblin 1' 3")
    s.flush()
    assert threads and set(threads) == {"autosave"}
    assert calls and set(calls) == {"autosave"}
    assert [c.pools["hp"].current for c in saves.load(s.path).state.roster()] == [4, 7]
    s.run("undo")
    s.close()  # the last change is on disk before the file is let go
    assert saves.load(tmp_path / "a.combat").cursor == 1


def test_a_change_made_while_a_write_waits_does_not_wait_for_it(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """A write can wait long: for the disk, or for another fight's party write (up to ten seconds). The
    next change, made on the UI's thread, hands its job over and goes on: the GM's key is not held."""
    s = Session.create(tmp_path / "a.combat", catalogue(), "boon-bane")
    real = s.db.write
    under_way, gate = threading.Event(), threading.Event()
    order: list[str] = []

    def write(jobs: list[Job]) -> None:
        under_way.set()
        gate.wait(60)  # a bound only against a hang: set as soon as the second change is made
        order.append("written")
        real(jobs)

    monkeypatch.setattr(s.db, "write", write)
    s.save_in_background(lambda: None)
    s.run("add Goblin hp=7")
    assert under_way.wait(60)
    s.run("dmg Goblin 3")  # while the first write waits
    order.append("second change made")
    gate.set()
    s.close()
    assert order[0] == "second change made", "the change waited for the write under way"
    assert [c.pools["hp"].current for c in saves.load(tmp_path / "a.combat").state.roster()] == [4]

def test_one_change_costs_the_same_to_make_durable_however_long_the_log(tmp_path: Path) -> None:
    """A change writes its own rows, not the save: the same statements and bytes at 50 and 5,000 events."""
    cost: dict[int, tuple[int, int, int]] = {}  # statements, growth, events
    for events in (50, 5000):
        path = tmp_path / f"{events}.combat"
        s = Session.create(path, catalogue(), "three-action")
        s.run("add Orc x5 hp=500")
        s.run("start")
        while len(s.encounter.doc.log) < events:
            s.encounter.run("roll 1d6")  # a roll is logged: one event each
        s.save()
        s.close()
        s = Session.open(path, catalogue())  # opened again: the log stays on disk
        size = path.stat().st_size
        statements: list[str] = []
        s.db._conn.set_trace_callback(statements.append)
        s.run("dmg 'Orc 2' 3")
        s.db._conn.set_trace_callback(None)
        # the clock may tick to a new second during one run and not the other: that row is not the log's
        statements = [q for q in statements if "VALUES ('updated'" not in q]
        cost[events] = (len(statements), path.stat().st_size - size, len(s.encounter.doc.log))
        s.close()
    assert cost[50][0] == cost[5000][0], "a change took more statements on a longer log"
    assert cost[5000][1] <= 3 * 4096, "one change grew the file by more than its own rows"


def test_a_failed_background_save_is_reported_and_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    s = Session.create(tmp_path / "a.combat", catalogue(), "boon-bane")
    monkeypatch.setattr(faults, "FAIL", "full")
    s.save_in_background(lambda: None)
    s.run("add Goblin hp=7")
    s.flush()
    assert s.save_error is not None and "kept in memory" in s.save_error and "disk is full" in s.save_error
    assert len(saves.load(s.path).state.combatants) == 0
    monkeypatch.setattr(faults, "FAIL", "")
    assert s.save() is False  # says the last write failed; the retry is under way
    s.flush()
    assert s.save_error is None and len(saves.load(s.path).state.combatants) == 1
    s.close()
