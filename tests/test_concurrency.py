"""Many writers on one save: SQLite's lock lets one in at a time, and no change that reported success
is lost. The writers are real processes (forked from this one, so each starts in milliseconds), each
with its own connection, as `combat-tui do`s from several terminals would be."""

from __future__ import annotations

import contextlib
import io
import multiprocessing
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from combat_tui.cli import main
from combat_tui.session import Session, catalogue
from combat_tui.store import saves

WRITERS = 20
ROUNDS = 20


def _do(path: str, command: str, codes: multiprocessing.Queue) -> None:  # type: ignore[type-arg]
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        code = main(["do", path, command])
    codes.put((command, code, err.getvalue()))


@pytest.mark.alone  # twenty writers queue on one lock that waits 5 s at most: no busy worker beside them
def test_concurrent_dos_all_succeed_and_all_land(tmp_path: Path) -> None:
    ctx = multiprocessing.get_context("fork")
    catalogue()  # read once here: the forked writers share it
    for round_ in range(ROUNDS):
        path = tmp_path / f"f{round_}.combat"
        Session.create(path, catalogue(), "three-action").close()
        codes = ctx.Queue()
        procs = [ctx.Process(target=_do, args=(str(path), f"add W{i}", codes)) for i in range(WRITERS)]
        for p in procs:
            p.start()
        results = [codes.get(timeout=120) for _ in procs]
        for p in procs:
            p.join(timeout=120)
        failed = [(cmd, err) for cmd, code, err in results if code]
        assert not failed, f"round {round_}: {failed}"
        doc = saves.load(path)
        assert {c.name for c in doc.state.combatants.values()} == {f"W{i}" for i in range(WRITERS)}, round_
        assert len(doc.log) == WRITERS and doc.cursor == WRITERS


def test_a_do_waits_for_another_writer_and_then_lands(tmp_path: Path) -> None:
    path = tmp_path / "f.combat"
    Session.create(path, catalogue(), "three-action").close()
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another writer holds it (a fork would inherit this process's locks)
    proc = subprocess.Popen([sys.executable, "-m", "combat_tui", "do", str(path), "add Orc"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    with pytest.raises(subprocess.TimeoutExpired):
        proc.wait(timeout=1.5)  # started, read nothing yet: it waits for the other writer
    other.execute("COMMIT")
    other.close()
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
    assert [c.name for c in saves.load(path).state.roster()] == ["Orc"]


def test_an_app_whose_write_meets_a_busy_save_says_so_and_keeps_the_change(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    from combat_tui.store import sqlite

    monkeypatch.setattr(sqlite, "BUSY_MS", 50)
    path = tmp_path / "f.combat"
    s = Session.create(path, catalogue(), "three-action")
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    s.run("add Orc")
    assert s.save_error is not None and "another combat-tui is writing it" in s.save_error
    assert "kept in memory" in s.save_error and "\n" not in s.save_error
    other.execute("COMMIT")
    other.close()
    assert s.save() and s.save_error is None
    assert [c.name for c in saves.load(path).state.roster()] == ["Orc"]
    s.close()
