"""Saves by path: which file a name means, an older version's JSON save made a database, and reading
or writing an encounter whole in either form (the database for play, JSON for exchange)."""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..engine.encounter import Encounter
from ..engine.state.clean import clean_line
from ..engine.state.document import EncounterDoc
from ..engine.state.errors import SaveError
from ..engine.views.player_view import PlayerView, player_view
from . import exchange, face, files
from .naming import SUFFIX, named, resolve
from .rulesets import Catalogue
from .save_db import SaveDB
from .save_db import summary as doc_summary

SQLITE_MAGIC = b"SQLite format 3\x00"

__all__ = ["SUFFIX", "encounter_at", "for_playing", "load", "load_view", "named", "read_exchange", "resolve",
           "save", "shipped_face", "summary"]


def is_database(path: Path) -> bool:
    """Whether `path` is a regular file that starts as a SQLite database does (never blocks on a FIFO)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError:
        return False
    try:
        return stat.S_ISREG(os.fstat(fd).st_mode) and os.read(fd, 16) == SQLITE_MAGIC
    except OSError:
        return False
    finally:
        os.close(fd)


def for_playing(path: Path, check: Callable[[EncounterDoc], object] = lambda doc: None
                ) -> tuple[Path, Path | None]:
    """The database to play `path` in, and the JSON save it was made from now (None if none). A JSON
    save is read once and left byte for byte; its database goes beside it (`NAME.combat`), once
    `check` (that it can be played: its ruleset is here) let it through."""
    if path.suffix != ".json" or is_database(path):
        return path, None
    target = path.with_suffix(SUFFIX)
    if target.exists():
        return target, None
    doc = exchange.read_file(path)
    check(doc)
    SaveDB.create(target, doc)
    return target, path


def read_exchange(path: Path) -> EncounterDoc:
    """A JSON save (the shipped demos, an export, an older version's save with its journal)."""
    return exchange.read_file(path)


def shipped_face(path: Path) -> face.Face | None:
    """The face a JSON encounter (a shipped demo) keeps beside it; None when it has none this version reads."""
    try:
        if path.stat().st_size > face.MAX_BYTES * 4:
            return None
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return None
    return face.from_data(data.get(face.FIELD)) if isinstance(data, dict) else None


def is_json(path: Path) -> bool:
    """Whether `path` is to be read as JSON: named so, or not a database and not named as one."""
    return path.suffix == ".json" or (path.suffix != SUFFIX and not is_database(path))


def load(path: Path) -> EncounterDoc:
    """The whole encounter at `path`, its log read in full, from either form."""
    if is_json(path):
        return exchange.read_file(path)
    with SaveDB.reading(path) as db:
        doc = db.read()
        list(doc.log)  # every event read while the file is open
        return doc


def encounter_at(path: Path, cat: Catalogue) -> Encounter:
    """The encounter saved at `path`, to look at (`show`, the players' view): its log stays on disk."""
    if is_json(path):
        doc = load(path)
    else:
        with SaveDB.reading(path) as db:
            doc = db.read()
    return Encounter(doc, cat.get(doc.ruleset), where=path.name)


def load_view(path: Path, cat: Catalogue) -> PlayerView:
    """The players' view of a save."""
    return player_view(encounter_at(path, cat))


def save(doc: EncounterDoc, path: Path) -> None:
    """The encounter whole at `path`, as JSON when the path says so, else as a new database."""
    if path.suffix == ".json":
        files.write_atomic(path, exchange.dumps(doc))
    else:
        SaveDB.create(path, doc)


@dataclass(frozen=True)
class Summary:
    name: str
    ruleset: str
    when: str
    creatures: int
    updated: str


def summary(path: Path) -> Summary:
    """What the saves list shows of a save, read without its state where the file allows."""
    if is_json(path):
        meta: dict[str, object] = dict(doc_summary(load(path)))
    else:
        with SaveDB.reading(path) as db:
            meta = db.meta()
        if meta.get("app") != "combat-tui":
            raise SaveError(f"{path.name}: not a combat-tui save")

    def text(key: str) -> str:
        value = meta.get(key, "")
        return clean_line(value[:200]) if isinstance(value, str) else ""  # read from a file: no escapes

    count = meta.get("creatures", 0)
    return Summary(text("name"), text("ruleset"), text("when"), count if isinstance(count, int) else 0,
                   text("updated"))
