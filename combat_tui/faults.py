"""Fault injection for the crash-safety tests: named points on the way to disk where a process kills itself.

`COMBAT_TUI_KILL_AT=NAME` (or `NAME:N`, the N-th time) makes the process send itself SIGKILL when
it reaches that point, so a test kills a writer at exactly the moment it means to, every run.
`COMBAT_TUI_FOLD_EVERY=N` folds the journal every N records, so a short test reaches the folds.
Both are read once at import; unset, a point costs one comparison.
"""

from __future__ import annotations

import os
import signal

POINTS = (
    "start",  # the command line is parsed, nothing read yet
    "loaded",  # the save is read and locked, no command run
    "ran",  # the commands ran in memory, nothing written
    "journal-torn",  # half of the journal record written
    "journal-written",  # the record written, not yet fsynced
    "journal-synced",  # the record is durable
    "fold-temp",  # the whole save is in its temp file, nothing renamed
    "fold-journal",  # the new journal is in place, the save not yet renamed
    "fold-renamed",  # the save renamed, the old journal not yet removed
)

_AT, _, _NTH = os.environ.get("COMBAT_TUI_KILL_AT", "").partition(":")
_LEFT = int(_NTH) if _NTH.isdigit() else 1
_FOLD = os.environ.get("COMBAT_TUI_FOLD_EVERY", "")
FOLD_EVERY = int(_FOLD) if _FOLD.isdigit() else 0


def armed(point: str) -> bool:
    """Whether reaching `point` now kills the process (counts the reach)."""
    global _LEFT
    if point != _AT:
        return False
    _LEFT -= 1
    return _LEFT <= 0


def reach(point: str) -> None:
    if armed(point):
        kill()


def kill() -> None:
    os.kill(os.getpid(), signal.SIGKILL)
