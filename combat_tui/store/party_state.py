"""Parties' lasting state (pools, injuries, tallies, conditions), one row a field, in a SQLite file.

A row holds a member's field as the last fight left it, and the party file's value it was based on: a
file edited since wins over the row (see engine/state/lasting.py). Writes are field by field, so two fights
that changed different fields never undo one another; for one field the last writer wins.

`apply` writes inside the caller's transaction, on any schema name (the file ATTACHed to the
encounter's own database); `write` does it in a transaction of its own. A file that is not ours, or is
from a newer combat-tui, is refused with one line and never written to.
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

from pydantic import Field, TypeAdapter, ValidationError

from ..engine.library.model import ConditionEntry
from ..engine.state.bounds import Int
from ..engine.state.clean import clean_line
from ..engine.state.errors import SaveError
from ..engine.state.lasting import LastingChange, LastingSink, LastingSource, Stored, Value, split

APPLICATION_ID = 0x43545053  # "CTPS": a combat-tui party state file
VERSION = 1  # PRAGMA user_version; a file of a higher one is refused
BUSY_SECONDS = 10.0  # how long a write waits for another fight's write to finish
MAX_TEXT = 64 * 1024  # characters of one stored value
MAX_ROWS = 100_000  # read for one party; 500 members of 200 fields

_TABLE = """CREATE TABLE IF NOT EXISTS {s}.lasting (
    ruleset TEXT NOT NULL,
    party TEXT NOT NULL,   -- its name, lowercased
    member TEXT NOT NULL,  -- its name, lowercased
    field TEXT NOT NULL,   -- current.hp, injuries.arm.1, treated.arm.1, tallies.NAME, conditions
    value TEXT NOT NULL,   -- JSON
    base TEXT NOT NULL,    -- JSON: the party file's value of the field that the value was based on
    PRIMARY KEY (ruleset, party, member, field)
) WITHOUT ROWID"""
_UPSERT = """INSERT INTO {s}.lasting (ruleset, party, member, field, value, base) VALUES (?, ?, ?, ?, ?, ?)
ON CONFLICT (ruleset, party, member, field) DO UPDATE SET value = excluded.value, base = excluded.base"""
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,63}")

_Count = Annotated[int, Field(ge=0, le=1000)]  # as a party file's injuries, treated and tallies
_VALUES: dict[str, TypeAdapter[Any]] = {
    "current": TypeAdapter(Int | None), "injuries": TypeAdapter(_Count), "treated": TypeAdapter(_Count),
    "tallies": TypeAdapter(_Count), "conditions": TypeAdapter(list[ConditionEntry])}


class Refused(Exception):
    """A file that is not a party state file of this version: left as it is."""


def _schema(schema: str) -> str:
    if not _NAME.fullmatch(schema):
        raise ValueError(f"not a schema name: {schema!r}")
    return f'"{schema}"'


def _fresh(conn: sqlite3.Connection, s: str) -> bool:
    """Whether the schema is an empty database to make ours; Refused if it is someone else's or newer."""
    app = conn.execute(f"PRAGMA {s}.application_id").fetchone()[0]
    version = conn.execute(f"PRAGMA {s}.user_version").fetchone()[0]
    if app == 0 and version == 0 and conn.execute(f"SELECT count(*) FROM {s}.sqlite_master").fetchone()[0] == 0:
        return True
    if app != APPLICATION_ID:
        raise Refused("is not a combat-tui party state file")
    if version > VERSION:
        raise Refused("was written by a newer combat-tui")
    return False


def create(conn: sqlite3.Connection, schema: str = "main") -> None:
    """The table and the file's marks, in the caller's transaction."""
    s = _schema(schema)
    conn.execute(f"PRAGMA {s}.application_id = {APPLICATION_ID}")
    conn.execute(f"PRAGMA {s}.user_version = {VERSION}")
    conn.execute(_TABLE.format(s=s))


def apply(conn: sqlite3.Connection, changes: Sequence[LastingChange], schema: str = "main") -> None:
    """The changes, each one field: inside the caller's transaction, never committed nor rolled back
    here (a failure leaves that to the caller). SaveError with one line."""
    s = _schema(schema)
    if not changes:
        return
    try:
        if _fresh(conn, s):
            create(conn, schema)
        conn.executemany(_UPSERT.format(s=s), [
            (ch.ruleset, ch.party.lower(), ch.member.lower(), ch.field, _json(ch.value), _json(ch.base))
            for ch in changes])
    except Refused as exc:
        raise SaveError(f"the party state {exc}; left as it is") from None
    except sqlite3.Error as exc:
        raise SaveError(_why("the party state", exc, "write")) from None


def _json(value: Value) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _connect(path: Path, create_it: bool) -> sqlite3.Connection:
    if path.exists() and not path.is_file():
        raise Refused("is not a regular file")
    mode = "rwc" if create_it else "rw"
    conn = sqlite3.connect(f"{path.absolute().as_uri()}?mode={mode}", uri=True, timeout=BUSY_SECONDS,
                           isolation_level=None)  # transactions are begun and ended here, by hand
    conn.execute(f"PRAGMA busy_timeout = {int(BUSY_SECONDS * 1000)}")
    return conn


def write(path: Path, changes: Sequence[LastingChange]) -> None:
    """The changes in a transaction of their own, durable when this returns; SaveError with one line."""
    if not changes:
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        conn = _connect(path, create_it=True)
        try:
            _fresh(conn, "main")  # before the journal mode is set: a newer file is left byte for byte
            conn.execute("PRAGMA journal_mode = DELETE")
            conn.execute("PRAGMA synchronous = FULL")
            conn.execute("BEGIN IMMEDIATE")
            try:
                apply(conn, changes)
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise
        finally:
            conn.close()
    except (Refused, sqlite3.Error, OSError) as exc:
        raise _one_line(path, exc, "write") from None


def read(path: Path, ruleset: str, party: str) -> dict[str, dict[str, Stored]]:
    """A party's kept fields by member (lowercased); none when there is no file yet. A row that does not
    read as its field's value is passed over. SaveError with one line for a file that cannot be read."""
    if not path.exists():
        return {}
    try:
        conn = _connect(path, create_it=False)
        try:
            if _fresh(conn, "main"):
                return {}
            rows = conn.execute("SELECT member, field, value, base FROM main.lasting WHERE ruleset = ? AND party = ? "
                                "LIMIT ?", (ruleset, party.lower(), MAX_ROWS)).fetchall()
        finally:
            conn.close()
    except (Refused, sqlite3.Error, OSError) as exc:
        raise _one_line(path, exc, "read") from None
    out: dict[str, dict[str, Stored]] = {}
    for member, field, value, base in rows:
        got = _row(member, field, value, base)
        if got is not None:
            out.setdefault(got[0], {})[got[1]] = got[2]
    return out


def _row(member: object, field: object, value: object, base: object) -> tuple[str, str, Stored] | None:
    """One row, cleaned and bounded as a party file's values are; None if it is not one."""
    if not all(isinstance(x, str) and len(x) <= MAX_TEXT for x in (member, field, value, base)):
        return None
    assert isinstance(member, str) and isinstance(field, str) and isinstance(value, str) and isinstance(base, str)
    field = clean_line(field)
    parts = split(field)
    if parts is None:
        return None
    adapter = _VALUES[parts[0]]
    try:
        got = [adapter.validate_python(json.loads(text)) for text in (value, base)]
    except (ValueError, ValidationError, RecursionError):
        return None
    if parts[0] == "conditions":
        got = [[cs.model_dump() for cs in conds] for conds in got]
    return clean_line(member).lower(), field, Stored(got[0], got[1])


def _one_line(path: Path, exc: Exception, doing: str) -> SaveError:
    if isinstance(exc, Refused):
        done = "read" if doing == "read" else "written"
        return SaveError(f"{path.name} {exc}; left as it is, party state not {done}")
    if isinstance(exc, sqlite3.Error):
        return SaveError(_why(path.name, exc, doing))
    return SaveError(f"cannot {doing} {path.name}: {getattr(exc, 'strerror', None) or exc}")


def _why(name: str, exc: sqlite3.Error, doing: str) -> str:
    text = str(exc).lower()
    if "locked" in text or "busy" in text:
        return f"{name} is busy: another fight is writing its party state; try again"
    if "full" in text:
        return f"cannot {doing} {name}: the disk is full"
    if "readonly" in text or "read-only" in text:
        return f"cannot {doing} {name}: it or its folder is read-only"
    if "not a database" in text:
        return f"{name} is not a combat-tui party state file; left as it is"
    if "malformed" in text or "corrupt" in text:
        return f"{name} is damaged; left as it is"
    return f"cannot {doing} {name}: {exc}"


def reader(path: Path) -> LastingSource:
    """What `library.load` reads parties' lasting state with: the file at `path`, read at each call."""
    return lambda ruleset, party: read(path, ruleset, party)


def writer(path: Path) -> LastingSink:
    """What `library.load` keeps `end`'s changes with: each call one transaction on the file at `path`."""
    return lambda changes: write(path, changes)
