"""The JSON form of an encounter: the shipped demos, `export --json` and `import`, and the saves of
versions before the database (read once, with their journals, and left as they were).

A text that is not valid JSON, not a combat-tui save, inconsistent, or written by a newer version is
refused with a one-line reason.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from ..engine.integrity import check_log
from ..engine.state.clean import clean_line
from ..engine.state.document import SCHEMA_VERSION, EncounterDoc
from ..engine.state.errors import SaveError
from ..engine.state.events import diff
from . import legacy_journal
from .reading import NotReadable, read_regular_text

Migration = Callable[[dict[str, Any]], dict[str, Any]]
MAX_SAVE_BYTES = 256 * 1024 * 1024


def _patches_for_creatures(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 2 logs a creature that was there before and after a change as a patch of what changed
    (`events.Change.patch`); schema 1 kept both whole. Anything malformed is left for validation."""
    log = data.get("log")
    for event in log if isinstance(log, list) else []:
        changes = event.get("changes") if isinstance(event, dict) else None
        for ch in changes if isinstance(changes, list) else []:
            if (isinstance(ch, dict) and str(ch.get("key", "")).startswith("c:")
                    and isinstance(ch.get("before"), dict) and isinstance(ch.get("after"), dict)):
                ch["before"], ch["after"] = diff(ch["before"], ch["after"])
                ch["patch"] = True
    return data


def _journal_field(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 3 added `journal`, the generation of a journal file beside the save (read by `read_file`)."""
    return data


# MIGRATIONS[n] turns a version-n document into version n+1.
MIGRATIONS: dict[int, Migration] = {1: _patches_for_creatures, 2: _journal_field}


def migrate(data: dict[str, Any], migrations: dict[int, Migration] | None = None,
            target: int = SCHEMA_VERSION) -> dict[str, Any]:
    steps = MIGRATIONS if migrations is None else migrations
    version = data.get("schema_version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise SaveError("no usable schema_version")
    if version > target:
        raise SaveError(f"written by a newer combat-tui (schema {version}; this version reads up to {target})")
    while version < target:
        if version not in steps:
            raise SaveError(f"no migration from schema {version}")
        data = steps[version](data)
        version += 1
        data["schema_version"] = version
    return data


def _data(text: str, where: str) -> dict[str, Any]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveError(f"{where}: not a readable save (bad JSON at line {exc.lineno}, column {exc.colno})") from None
    except RecursionError:
        raise SaveError(f"{where}: not a readable save (nested too deeply)") from None
    except ValueError:  # a number of thousands of digits
        raise SaveError(f"{where}: damaged save (a number out of range); left unchanged") from None
    if not isinstance(data, dict) or data.get("app") != "combat-tui":
        raise SaveError(f"{where}: not a combat-tui save")
    return data


def validate(data: dict[str, Any], where: str, check: bool = True) -> EncounterDoc:
    """A save's document from its data, migrated and checked; `check` walks the log (undo's way)."""
    try:
        data = migrate(data)
    except SaveError as exc:
        raise SaveError(f"{where}: {exc}; left unchanged") from None
    with damaged(where):
        doc = EncounterDoc.model_validate(data)
    problem = check_log(doc) if check else None
    if problem:
        raise SaveError(f"{where}: damaged save ({problem}); left unchanged")
    return doc


@contextlib.contextmanager
def damaged(where: str) -> Iterator[None]:
    """A save's data that does not validate, as the one line a GM reads."""
    try:
        yield
    except RecursionError:
        raise SaveError(f"{where}: damaged save (nested too deeply); left unchanged") from None
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = clean_line(".".join(str(p) for p in err["loc"])) or "(top level)"
        raise SaveError(f"{where}: damaged save ({loc}: {err['msg']}); left unchanged") from None


def parse(text: str, where: str = "save") -> EncounterDoc:
    """An encounter from its JSON text."""
    return validate(_data(text, where), where)


def dumps(doc: EncounterDoc) -> str:
    """The whole encounter as one JSON text."""
    return doc.model_dump_json()


def read_file(path: Path) -> EncounterDoc:
    """A JSON save as last written: with the journal an older version kept beside it, replayed."""
    try:
        text = read_regular_text(path, MAX_SAVE_BYTES, "save")
    except NotReadable as exc:
        raise SaveError(f"{path}: no such save" if exc.missing else str(exc)) from None
    data = _data(text, path.name)
    generation = data.get("journal")
    records = legacy_journal.read(path, generation) if isinstance(generation, str) and generation else []
    doc = validate(data, path.name, check=not records)
    if records:
        legacy_journal.replay(doc, records, path.name)
        problem = check_log(doc)
        if problem:
            raise SaveError(f"{path.name}: damaged save ({problem}); left unchanged")
    return doc
