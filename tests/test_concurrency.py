"""Two writers on one save: the OS lock lets one in at a time, and no change that reported success is lost."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from combat_tui.engine import storage
from combat_tui.engine.errors import SaveError
from combat_tui.lock import SaveLock, lock_path
from combat_tui.session import Session, catalogue

WRITERS = 12
ROUNDS = 2


def _do(path: Path, *commands: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-m", "combat_tui", "do", str(path), *commands],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


@pytest.mark.parametrize("round_", range(ROUNDS))
def test_concurrent_dos_all_succeed_and_all_land(tmp_path: Path, round_: int) -> None:
    path = tmp_path / "f.json"
    Session.create(path, catalogue(), "three-action").close()
    procs = [_do(path, f"add W{i}") for i in range(WRITERS)]
    results = [(p.wait(timeout=120), p.stderr.read().decode() if p.stderr else "") for p in procs]
    assert [code for code, _ in results] == [0] * WRITERS, [err for code, err in results if code]
    names = {c.name for c in storage.load(path).state.combatants.values()}
    assert names == {f"W{i}" for i in range(WRITERS)}


def test_a_held_lock_with_no_pid_written_yet_is_never_taken(tmp_path: Path) -> None:
    """The old race: a lock file created but not yet filled in looked stale, and was deleted and taken."""
    path = tmp_path / "f.json"
    Session.create(path, catalogue(), "three-action").close()
    holder = subprocess.Popen([sys.executable, "-c", (
        "import fcntl, os, sys, time\n"
        f"fd = os.open({str(lock_path(path))!r}, os.O_RDWR | os.O_CREAT, 0o644)\n"
        "fcntl.flock(fd, fcntl.LOCK_EX)\n"
        "print('held', flush=True)\n"
        "time.sleep(30)\n")], stdout=subprocess.PIPE)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == b"held"
        assert lock_path(path).read_bytes() == b""  # the holder has not said who it is
        with pytest.raises(SaveError, match="open in another combat-tui"):
            Session.open(path, catalogue())
        assert lock_path(path).exists()  # not deleted as stale
        t = time.monotonic()
        with pytest.raises(SaveError, match="open in another combat-tui"):
            SaveLock(path).acquire(wait=0.3, kind="do")  # a one-shot waits a while, then says so
        assert time.monotonic() - t >= 0.3
    finally:
        holder.kill()
        holder.wait()
    s = Session.open(path, catalogue())  # its process is gone, and with it the lock
    s.run("add Orc")
    s.close()
    assert not lock_path(path).exists()


def test_a_lock_file_that_is_not_a_regular_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "f.json"
    Session.create(path, catalogue(), "three-action").close()
    os.mkfifo(lock_path(path))
    with pytest.raises(SaveError, match="not a regular file"):
        Session.open(path, catalogue())
    assert lock_path(path).exists()


def test_the_lock_is_reentrant_within_one_process(tmp_path: Path) -> None:
    path = tmp_path / "f.json"
    a = SaveLock(path)
    b = SaveLock(path)
    a.acquire()
    b.acquire()
    b.release()
    assert lock_path(path).exists()  # still held by a
    a.release()
    assert not lock_path(path).exists()
