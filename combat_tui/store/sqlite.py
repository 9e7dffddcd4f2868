"""Opening a SQLite database of ours: the settings every one gets, and its errors as one line.

A rollback journal (not WAL) and `synchronous=FULL`: between changes the file alone is the whole
database, so a closed save can be copied, renamed or backed up like any file, and a change is on
disk whole, or not at all, once `COMMIT` returns.
"""

from __future__ import annotations

import os
import sqlite3
import stat
from pathlib import Path

from ..engine.state.clean import clean_line
from ..engine.state.errors import SaveError

BUSY_MS = 5000  # how long a write waits for another writer before it says so


def real(path: Path) -> Path:
    """Where a save really is: through a symlink, so SQLite's journal goes beside the real file."""
    return Path(os.path.realpath(path))


def connect(path: Path, create: bool = False, busy_ms: int | None = None) -> sqlite3.Connection:
    """A connection to the database at `path` (a regular file, or none yet with `create`)."""
    busy_ms = BUSY_MS if busy_ms is None else busy_ms
    where = real(path)
    try:
        st = os.stat(where)
    except FileNotFoundError:
        if not create:
            raise SaveError(f"{path.name}: no such save") from None
    except OSError as exc:
        raise SaveError(f"{path.name}: cannot read ({exc.strerror or exc})") from None
    else:
        if not stat.S_ISREG(st.st_mode):
            raise SaveError(f"{path.name}: not a regular file, so not read as a save")
    mode = "rwc" if create else "rw"
    try:
        conn = sqlite3.connect(f"{where.as_uri()}?mode={mode}", uri=True, timeout=busy_ms / 1000,
                               isolation_level=None, check_same_thread=False)
    except sqlite3.Error as exc:
        raise SaveError(f"{path.name}: {reason(exc)}") from None
    try:
        conn.execute(f"PRAGMA busy_timeout = {int(busy_ms)}")
        conn.execute("PRAGMA journal_mode = DELETE")
        conn.execute("PRAGMA synchronous = FULL")
        conn.execute("PRAGMA trusted_schema = OFF")
        conn.execute("PRAGMA cell_size_check = ON")
    except sqlite3.Error as exc:
        conn.close()
        raise SaveError(f"{path.name}: {reason(exc)}") from None
    return conn


def reason(exc: BaseException) -> str:
    """What went wrong, in a GM's words."""
    code = getattr(exc, "sqlite_errorcode", 0) & 0xFF  # the primary code of an extended one
    text = str(exc).lower()
    if code == sqlite3.SQLITE_FULL or "full" in text:
        return "the disk is full"
    if code == sqlite3.SQLITE_BUSY or "locked" in text:
        return "another combat-tui is writing it; try again in a moment"
    if code == sqlite3.SQLITE_READONLY or "readonly" in text or "read-only" in text:
        return "its folder or file cannot be written"
    if code == sqlite3.SQLITE_NOTADB or "not a database" in text:
        return "not a combat-tui save"
    if code == sqlite3.SQLITE_CORRUPT or "malformed" in text:
        return "the save is damaged; left unchanged"
    if code == sqlite3.SQLITE_CANTOPEN or "unable to open" in text:
        return "cannot open it (its folder is gone or cannot be read)"
    if code == sqlite3.SQLITE_IOERR or "i/o" in text:
        return "the disk failed to read or write it"
    return clean_line(str(exc)) or "a database error"
