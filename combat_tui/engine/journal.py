"""A save's journal: the changes since its last whole write, one line each, appended and fsynced.

Writing a whole save costs as much as its log is long; appending one line costs the same whatever
the log. So a change is made durable by appending a record to the journal, and the whole save (the
snapshot) is written again only now and then, off the GM's path ("folding").

A snapshot names its journal by a generation id (`EncounterDoc.journal`); the journal's first line
repeats it. A journal of another generation is left over from before a fold and ignored. Records
are numbered from 1; each says how many logged events to keep, which events follow them, and where
the undo cursor stands, so undo, redo and a command after an undo all replay the same way. Only the
last line can be cut short by a kill (records are appended in order), so a torn last line is
dropped; damage anywhere else refuses the save.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from pathlib import Path

from pydantic import ValidationError

from .encounter import EncounterDoc
from .errors import SaveError
from .events import DamagedStep, Event, redo, undo
from .files import NotReadable, read_regular

JOURNAL_FORMAT = 1
MAX_JOURNAL_BYTES = 256 * 1024 * 1024


def new_generation() -> str:
    return secrets.token_hex(6)


def journal_path(save: Path, generation: str) -> Path:
    return save.with_name(f".{save.name}.{generation}.journal")


def header(generation: str, after: int = 0) -> str:
    """The first line: the generation, and the number of the record its first record follows."""
    return json.dumps({"journal": JOURNAL_FORMAT, "gen": generation, "after": after}) + "\n"


def record(n: int, keep: int, cursor: int, updated: str, events: list[str]) -> str:
    """One line: keep the first `keep` events, append `events` (each already JSON), move the cursor."""
    head = json.dumps({"n": n, "keep": keep, "cursor": cursor, "updated": updated})[:-1]
    return f'{head},"add":[{",".join(events)}]}}\n'


@dataclass(frozen=True)
class Record:
    n: int
    keep: int
    cursor: int
    updated: str
    add: list[Event]


@dataclass(frozen=True)
class Read:
    records: list[Record]
    last: int  # the number of the last record (the header's `after` when there are none)
    whole: int  # bytes up to the end of the last whole line: what a writer appends after


def read(save: Path, generation: str) -> Read:
    """The records of a snapshot's journal (none when it has none: a copied save, or nothing since)."""
    path = journal_path(save, generation)
    try:
        raw = read_regular(path, MAX_JOURNAL_BYTES, "journal")
    except NotReadable as exc:
        if exc.missing:
            return Read([], 0, 0)
        raise SaveError(f"{save.name}: its journal {exc}; left unchanged") from None
    lines = raw.split(b"\n")
    torn = lines.pop()  # what follows the last newline: nothing, or a record a kill cut short
    whole = len(raw) - len(torn)
    if not lines:
        return Read([], 0, 0)
    try:
        head = json.loads(lines[0])
    except ValueError:
        raise SaveError(f"{save.name}: its journal is damaged (first line); left unchanged") from None
    if not isinstance(head, dict) or head.get("gen") != generation:
        raise SaveError(f"{save.name}: its journal belongs to another save; left unchanged")
    if head.get("journal") != JOURNAL_FORMAT:
        raise SaveError(f"{save.name}: its journal was written by a newer combat-tui; left unchanged")
    after = head.get("after", 0)
    if not isinstance(after, int) or isinstance(after, bool) or not 0 <= after <= 10**9:
        raise SaveError(f"{save.name}: its journal is damaged (first line); left unchanged")
    out: list[Record] = []
    for i, line in enumerate(lines[1:], start=1):
        try:
            rec = json.loads(line)
            if not isinstance(rec, dict):
                raise ValueError("not a record")
            parsed = Record(n=_int(rec, "n"), keep=_int(rec, "keep"), cursor=_int(rec, "cursor"),
                            updated=str(rec.get("updated", ""))[:64],
                            add=[Event.model_validate(e) for e in _list(rec, "add")])
        except (ValueError, ValidationError, RecursionError):
            raise SaveError(f"{save.name}: its journal is damaged (record {i}); left unchanged") from None
        if parsed.n != after + i:
            raise SaveError(f"{save.name}: its journal is damaged (record {i} is out of order); left unchanged")
        out.append(parsed)
    return Read(out, after + len(out), whole)


def _int(rec: dict[str, object], key: str) -> int:
    value = rec.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 10**9:
        raise ValueError(key)
    return value


def _list(rec: dict[str, object], key: str) -> list[object]:
    value = rec.get(key)
    if not isinstance(value, list):
        raise ValueError(key)
    return value


def replay(doc: EncounterDoc, records: list[Record], where: str) -> None:
    """Bring a snapshot's document up to its journal: the same undo and redo steps the app took."""
    state, log = doc.state, doc.log
    for rec in records:
        if rec.keep > len(log) or rec.cursor > rec.keep + len(rec.add):
            raise SaveError(f"{where}: its journal does not fit the save (record {rec.n}); left unchanged")
        try:
            while doc.cursor > rec.keep:
                doc.cursor -= 1
                undo(state, log[doc.cursor])
            del log[rec.keep:]
            log.extend(rec.add)
            while doc.cursor < rec.cursor:
                redo(state, log[doc.cursor])
                doc.cursor += 1
            while doc.cursor > rec.cursor:
                doc.cursor -= 1
                undo(state, log[doc.cursor])
        except DamagedStep:
            raise SaveError(f"{where}: its journal does not fit the save (record {rec.n}); left unchanged") from None
        if rec.updated:
            doc.updated = rec.updated
