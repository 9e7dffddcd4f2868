"""The save's face: what the main screen shows, kept in the save as plain data, so that the app's first
frame is drawn before the engine is loaded (the engine and its models are most of the start-up).

It is written in the transaction of each change the save stores (`save_db.py`), with the revision that
change gives the save; it is read with `sqlite3` and `json` alone. It is a file's data: bounded in size,
every string cleaned where it is read. Anything amiss (no face, a save written since by a version that
keeps none, a newer format, damage) is simply no face: the app then opens the save the normal way.
Reading never writes (the file is opened read-only).
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import types
import typing
from dataclasses import dataclass, fields, is_dataclass
from enum import Enum
from pathlib import Path
from typing import Any

from ..engine.state.cleaning import clean_text
from ..engine.views import gm
from ..engine.views.gm import GMView, GroupRow, Heading, OrderRow
from .layout import APPLICATION_ID, FORMAT

VERSION = 1  # the face's own format: a reader takes only its own
MAX_BYTES = 4 * 1024 * 1024  # a thousand creatures' face is a few hundred kB
TABLE = "CREATE TABLE IF NOT EXISTS main.face (id INTEGER PRIMARY KEY CHECK (id = 0), revision INTEGER NOT NULL, "\
        "json TEXT NOT NULL)"
ROWS = {cls.__name__: cls for cls in (OrderRow, GroupRow, Heading)}  # the order's kinds of row, told apart by name

FIELD = "face"  # where a JSON encounter (a shipped demo) keeps its face; older versions ignore it
Entry = tuple[str, str, list[str]]  # a log entry: its stamp, its command, what it said


@dataclass(frozen=True)
class Face:
    view: GMView  # as the screen settles on opening (its first highlighted creature selected)
    log: tuple[Entry, ...]  # the log's last entries, oldest first
    keys: tuple[tuple[str, bool | None], ...]  # the keys that depend on the encounter, and their state

    def data(self) -> dict[str, object]:
        return {"version": VERSION, "view": _plain(self.view), "log": [list(e) for e in self.log],
                "keys": [list(k) for k in self.keys]}

    def dumps(self) -> str:
        return json.dumps(self.data(), ensure_ascii=False, separators=(",", ":"))

    def key(self, action: str) -> bool | None:
        return dict(self.keys).get(action, True)


def loads(text: str) -> Face | None:
    """The face in `text`, or None when it is not one this version reads whole."""
    if len(text) > MAX_BYTES:
        return None
    try:
        return from_data(json.loads(text))
    except (ValueError, RecursionError):
        return None


def from_data(data: object) -> Face | None:
    """The face in data already parsed (a demo's JSON file keeps one beside its encounter, `FIELD`)."""
    try:
        if not isinstance(data, dict) or data.get("version") != VERSION:
            return None
        view = _value(GMView, data["view"])
        log = tuple(_entry(e) for e in _list(data["log"]))
        keys = tuple(_key(k) for k in _list(data["keys"]))
    except (KeyError, TypeError, ValueError, RecursionError):
        return None
    return Face(view, log, keys)


def read(path: Path, revision: int | None = None) -> Face | None:
    """The face kept in the save at `path`, if it is there and still the save's own (and the save is at
    `revision`, when given); else None."""
    try:
        if not os.path.isfile(path):
            return None
        conn = sqlite3.connect(f"{Path(os.path.realpath(path)).as_uri()}?mode=ro", uri=True, timeout=0.2,
                               isolation_level=None, check_same_thread=False)
    except (OSError, sqlite3.Error, ValueError):
        return None
    try:
        conn.execute("PRAGMA trusted_schema = OFF")
        conn.execute("BEGIN")  # the face and the revision as one reading
        if conn.execute("PRAGMA application_id").fetchone()[0] != APPLICATION_ID:
            return None
        if conn.execute("PRAGMA user_version").fetchone()[0] > FORMAT:
            return None
        meta = dict(conn.execute("SELECT key, value FROM main.meta WHERE key IN ('revision', 'app')").fetchall())
        row = conn.execute("SELECT revision, length(CAST(json AS BLOB)), json FROM main.face WHERE id = 0 "
                           "AND length(CAST(json AS BLOB)) <= ?", (MAX_BYTES,)).fetchone()
    except sqlite3.Error:
        return None
    finally:
        with contextlib.suppress(sqlite3.Error):
            conn.close()
    if row is None or meta.get("app") != "combat-tui" or row[0] != meta.get("revision") or not isinstance(row[2], str):
        return None
    if revision is not None and row[0] != revision:
        return None
    return loads(row[2])


# -- plain data, both ways ------------------------------------------------------------------------------
def _plain(value: object) -> object:
    if is_dataclass(value) and not isinstance(value, type):
        out: dict[str, object] = {f.name: _plain(getattr(value, f.name)) for f in fields(value)}
        if type(value).__name__ in ROWS:
            out["_"] = type(value).__name__
        return out
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, Enum):
        return value.value
    return value


_HINTS: dict[type, dict[str, Any]] = {}


def _hints(cls: type) -> dict[str, Any]:
    if cls not in _HINTS:
        _HINTS[cls] = typing.get_type_hints(cls, vars(gm))
    return _HINTS[cls]


def _value(kind: Any, data: object) -> Any:
    """`data` as a value of type `kind` (a view type, or what its fields are made of); TypeError if not."""
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if origin in (types.UnionType, typing.Union):
        if data is None and type(None) in args:
            return None
        if isinstance(data, dict) and all(a in ROWS.values() for a in args if a is not type(None)):
            return _value(ROWS[str(data.get("_"))], data) if data.get("_") in ROWS else _fail()
        picked = [a for a in args if a is not type(None)]
        if len(picked) != 1:
            _fail()
        return _value(picked[0], data)
    if origin is tuple:
        items = _list(data)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_value(args[0], v) for v in items)
        if len(items) != len(args):
            _fail()
        return tuple(_value(a, v) for a, v in zip(args, items, strict=True))
    if kind is str:
        return clean_text(data) if isinstance(data, str) else _fail()
    if kind is bool:
        return data if isinstance(data, bool) else _fail()
    if kind is int:
        return data if isinstance(data, int) and not isinstance(data, bool) and abs(data) < 10**12 else _fail()
    if isinstance(kind, type) and issubclass(kind, Enum):
        return kind(data)  # ValueError when it is none of them
    if isinstance(kind, type) and is_dataclass(kind) and isinstance(data, dict):
        hints = _hints(kind)
        names = {f.name for f in fields(kind)}
        if set(data) - names - {"_"}:
            _fail()
        return kind(**{n: _value(hints[n], data[n]) for n in names if n in data})
    return _fail()


def _fail() -> Any:
    raise TypeError("not a face")


def _list(data: object) -> list[object]:
    return data if isinstance(data, list) else _fail()


def _entry(data: object) -> Entry:
    stamp, command, lines = _list(data)
    return _value(str, stamp), _value(str, command), [_value(str, line) for line in _list(lines)]


def _key(data: object) -> tuple[str, bool | None]:
    action, state = _list(data)
    return _value(str, action), _value(bool | None, state)
