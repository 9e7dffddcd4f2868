"""The journal a save of an older version kept beside it (`.NAME.json.<generation>.journal`): read once,
when that save is opened and turned into a database, and left as it was.

Each line after the header says how many logged events to keep, which follow, and where the undo
cursor stands; replaying them takes the same undo and redo steps the app took. Only the last line
can be cut short by a kill, so a torn last line is dropped; damage anywhere else refuses the save.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from pydantic import ValidationError

from ..engine.state.clean import clean_line
from ..engine.state.document import EncounterDoc
from ..engine.state.errors import SaveError
from ..engine.state.events import DamagedStep, Event, redo, undo
from .reading import NotReadable, read_regular

JOURNAL_FORMAT = 1
MAX_JOURNAL_BYTES = 256 * 1024 * 1024
_GENERATION = re.compile(r"[0-9a-f]{1,32}")


@dataclass(frozen=True)
class Record:
    n: int
    keep: int
    cursor: int
    updated: str
    add: list[Event]


def path_of(save: Path, generation: str) -> Path:
    return save.with_name(f".{save.name}.{generation}.journal")


def read(save: Path, generation: str) -> list[Record]:
    """The records of a save's journal (none when it has none)."""
    if not _GENERATION.fullmatch(generation):
        raise SaveError(f"{save.name}: damaged save (journal: not a journal's name); left unchanged")
    try:
        raw = read_regular(path_of(save, generation), MAX_JOURNAL_BYTES, "journal")
    except NotReadable as exc:
        if exc.missing:
            return []
        raise SaveError(f"{save.name}: its journal {exc}; left unchanged") from None
    lines = raw.split(b"\n")
    lines.pop()  # what follows the last newline: nothing, or a record a kill cut short
    if not lines:
        return []
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
            if not isinstance(rec, dict) or not isinstance(rec.get("add"), list):
                raise ValueError("not a record")
            parsed = Record(n=_int(rec, "n"), keep=_int(rec, "keep"), cursor=_int(rec, "cursor"),
                            updated=str(rec.get("updated", ""))[:64],
                            add=[Event.model_validate(e) for e in rec["add"]])
        except (ValueError, ValidationError, RecursionError):
            raise SaveError(f"{save.name}: its journal is damaged (record {i}); left unchanged") from None
        if parsed.n != after + i:
            raise SaveError(f"{save.name}: its journal is damaged (record {i} is out of order); left unchanged")
        out.append(parsed)
    return out


def _int(rec: dict[str, object], key: str) -> int:
    value = rec.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 10**9:
        raise ValueError(key)
    return value


def replay(doc: EncounterDoc, records: list[Record], where: str) -> None:
    """Bring a save's document up to its journal, in steps as many as its log is long, however the
    records moved the cursor back and forth: the events below the lowest point any record reached
    never changed, so the state is undone to there once, then redone along the final log."""
    state, log = doc.state, doc.log
    low, length = doc.cursor, len(log)
    for rec in records:  # the log's edits, without the state
        if rec.keep > length or rec.cursor > rec.keep + len(rec.add):
            raise SaveError(f"{where}: its journal does not fit the save (record {rec.n}); left unchanged")
        low = min(low, rec.keep, rec.cursor)
        length = rec.keep + len(rec.add)
    final = records[-1].cursor if records else doc.cursor
    try:
        while doc.cursor > low:
            doc.cursor -= 1
            undo(state, log[doc.cursor])
        for rec in records:
            del log[rec.keep:]
            log.extend(rec.add)
        while doc.cursor < final:
            redo(state, log[doc.cursor])
            doc.cursor += 1
    except DamagedStep:
        raise SaveError(f"{where}: its journal does not fit the save; left unchanged") from None
    for rec in records:
        if rec.updated:
            doc.updated = clean_line(rec.updated)  # read from a file: no escape reaches a terminal
