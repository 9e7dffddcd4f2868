"""Fault injection for the crash-safety tests: named points on the way to disk where a process kills itself.

`COMBAT_TUI_KILL_AT=NAME` (or `NAME:N`, the N-th time) makes the process send itself SIGKILL when
it reaches that point, so a test kills a writer at exactly the moment it means to, every run.
`COMBAT_TUI_FAIL=full` or `=read-only` makes every SQLite write fail as on a full disk or a read-only
folder (where a test cannot make a real one: it needs root to mount a small disk). Read once at
import; unset, a point costs one comparison.
"""

from __future__ import annotations

import os
import signal
import sqlite3

POINTS = (
    "start",  # the command line is parsed, nothing read yet
    "loaded",  # the save is read and held for writing, no command run
    "ran",  # the commands ran in memory, nothing written
    "tx-begun",  # the write transaction is open, nothing in it
    "tx-written",  # every row of the change is written, not yet committed
    "committed",  # the change is durable
)

_AT = ""
_LEFT = 1
FAIL = os.environ.get("COMBAT_TUI_FAIL", "")
_FAILURES = {"full": "database or disk is full", "read-only": "attempt to write a readonly database"}


def arm(spec: str) -> None:
    """Kill at `spec` (`NAME` or `NAME:N`), as the variable does at import: also for a process forked from
    one that imported this module already (the crash-safety test's)."""
    global _AT, _LEFT
    _AT, _, nth = spec.partition(":")
    _LEFT = int(nth) if nth.isdigit() else 1


arm(os.environ.get("COMBAT_TUI_KILL_AT", ""))


def armed(point: str) -> bool:
    """Whether reaching `point` now kills the process (counts the reach)."""
    global _LEFT
    if point != _AT:
        return False
    _LEFT -= 1
    return _LEFT <= 0


def reach(point: str) -> None:
    if FAIL in _FAILURES and point == "tx-begun":
        raise sqlite3.OperationalError(_FAILURES[FAIL])
    if armed(point):
        kill()


def kill() -> None:
    os.kill(os.getpid(), signal.SIGKILL)
