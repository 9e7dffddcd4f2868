"""Save files: JSON with a schema version, written atomically, migrated on load, never clobbered.

A save is a snapshot (this JSON) and the journal that carries on from it (`journal.py`); `load`
reads both. A file that is not valid JSON, not a combat-tui save, inconsistent, or written by a
newer version is refused with a one-line reason and left exactly as it was.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from . import journal
from .encounter import SCHEMA_VERSION, EncounterDoc
from .errors import SaveError
from .events import diff
from .files import NotReadable, read_regular_text
from .integrity import check_log

Migration = Callable[[dict[str, Any]], dict[str, Any]]


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
    """Schema 3 adds `journal`, the generation of the journal beside the save; older saves have none."""
    return data


# MIGRATIONS[n] turns a version-n document into version n+1.
MIGRATIONS: dict[int, Migration] = {1: _patches_for_creatures, 2: _journal_field}

MAX_SAVE_BYTES = 256 * 1024 * 1024


def migrate(data: dict[str, Any], migrations: dict[int, Migration] | None = None,
            target: int = SCHEMA_VERSION) -> dict[str, Any]:
    steps = MIGRATIONS if migrations is None else migrations
    version = data.get("schema_version")
    if not isinstance(version, int) or version < 1:
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


def parse(text: str, where: str = "save") -> EncounterDoc:
    """A save's snapshot from its text (its journal, if any, is `load`'s to apply)."""
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
    try:
        data = migrate(data)
    except SaveError as exc:
        raise SaveError(f"{where}: {exc}; left unchanged") from None
    try:
        doc = EncounterDoc.model_validate(data)
    except RecursionError:
        raise SaveError(f"{where}: damaged save (nested too deeply); left unchanged") from None
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = ".".join(str(p) for p in err["loc"]) or "(top level)"
        raise SaveError(f"{where}: damaged save ({loc}: {err['msg']}); left unchanged") from None
    problem = check_log(doc)
    if problem:
        raise SaveError(f"{where}: damaged save ({problem}); left unchanged")
    return doc


def read_snapshot(path: Path) -> tuple[EncounterDoc, int]:
    """The snapshot alone, and its size in bytes."""
    try:
        text = read_regular_text(path, MAX_SAVE_BYTES, "save")
    except NotReadable as exc:
        raise SaveError(f"{path}: no such save" if exc.missing else str(exc)) from None
    return parse(text, path.name), len(text)


@dataclass(frozen=True)
class Loaded:
    doc: EncounterDoc
    size: int  # the snapshot's, in bytes
    last: int  # the number of the journal's last record (0: none)
    records: int  # how many records were replayed
    whole: int  # the journal's bytes up to its last whole record


def load_with_journal(path: Path) -> Loaded:
    """The save as last written: its snapshot with its journal replayed, and what a writer carries on from."""
    doc, size = read_snapshot(path)
    read = journal.read(path, doc.journal) if doc.journal else journal.Read([], 0, 0)
    if read.records:
        journal.replay(doc, read.records, path.name)
        problem = check_log(doc)
        if problem:
            raise SaveError(f"{path.name}: damaged save ({problem}); left unchanged")
    return Loaded(doc, size, read.last, len(read.records), read.whole)


def load(path: Path) -> EncounterDoc:
    return load_with_journal(path).doc


def dumps(doc: EncounterDoc, journal_gen: str | None = None) -> str:
    """The whole save as one JSON text; `journal_gen` names another journal (\"\" for none)."""
    if journal_gen is not None and journal_gen != doc.journal:
        doc = doc.model_copy(update={"journal": journal_gen})
    return doc.model_dump_json()


def write_temp(path: Path, text: str | list[str]) -> str:
    """The text in a temp file beside `path`, fsynced, with the permissions `path` has (a new file: the
    umask's); its name, for the caller to rename over `path`. `text` may come in pieces."""
    folder = path.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
        mode = _mode_for(path)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                with contextlib.suppress(OSError):
                    os.fchmod(fh.fileno(), mode)
                fh.writelines([text] if isinstance(text, str) else text)
                fh.flush()
                os.fsync(fh.fileno())
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
    except OSError as exc:
        raise SaveError(f"cannot save to {path}: {exc.strerror or exc}") from None
    return tmp


def write_atomic(path: Path, text: str | list[str]) -> None:
    """Write to a temp file beside the target, fsync, rename over it, fsync the folder. A reader sees the
    old file or the new one, never half of one."""
    tmp = write_temp(path, text)
    try:
        os.replace(tmp, path)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise SaveError(f"cannot save to {path}: {exc.strerror or exc}") from None
    fsync_folder(path.parent)


def _read_umask() -> int:
    umask = os.umask(0o022)  # the only portable way to read it; done once, before any thread writes
    os.umask(umask)
    return umask


_UMASK = _read_umask()


def _mode_for(path: Path) -> int:
    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        return 0o666 & ~_UMASK


def fsync_folder(folder: Path) -> None:
    """A rename is durable once its folder is synced (where the system allows opening a folder)."""
    with contextlib.suppress(OSError):
        dfd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)


def save(doc: EncounterDoc, path: Path) -> None:
    """A whole save with no journal: for a file written once (`new`, the demos, a copy)."""
    write_atomic(path, dumps(doc, journal_gen=""))
