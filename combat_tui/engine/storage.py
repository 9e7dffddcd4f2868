"""Save files: JSON with a schema version, written atomically, migrated on load, never clobbered.

A file that is not valid JSON, not a combat-tui save, or written by a newer version is refused with
a one-line reason and left exactly as it was.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from .encounter import SCHEMA_VERSION, EncounterDoc
from .errors import SaveError
from .events import diff

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


# MIGRATIONS[n] turns a version-n document into version n+1.
MIGRATIONS: dict[int, Migration] = {1: _patches_for_creatures}

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
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveError(f"{where}: not a readable save (bad JSON at line {exc.lineno}, column {exc.colno})") from None
    except RecursionError:
        raise SaveError(f"{where}: not a readable save (nested too deeply)") from None
    if not isinstance(data, dict) or data.get("app") != "combat-tui":
        raise SaveError(f"{where}: not a combat-tui save")
    try:
        data = migrate(data)
    except SaveError as exc:
        raise SaveError(f"{where}: {exc}; left unchanged") from None
    try:
        return EncounterDoc.model_validate(data)
    except RecursionError:
        raise SaveError(f"{where}: damaged save (nested too deeply); left unchanged") from None
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = ".".join(str(p) for p in err["loc"]) or "(top level)"
        raise SaveError(f"{where}: damaged save ({loc}: {err['msg']}); left unchanged") from None


def load(path: Path) -> EncounterDoc:
    try:
        if path.stat().st_size > MAX_SAVE_BYTES:
            raise SaveError(f"{path.name}: too large to be a save")
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError(f"{path}: no such save") from None
    except UnicodeDecodeError:
        raise SaveError(f"{path.name}: not a combat-tui save (not text)") from None
    except OSError as exc:
        raise SaveError(f"{path}: cannot read ({exc.strerror})") from None
    return parse(text, path.name)


def dumps(doc: EncounterDoc) -> str:
    return json.dumps(doc.model_dump(mode="json"), ensure_ascii=False, separators=(",", ":"))


def write_atomic(path: Path, text: str | list[str]) -> None:
    """Write to a temp file beside the target, fsync, rename over it, fsync the folder. `text` may come in
    pieces, written in order."""
    folder = path.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.writelines([text] if isinstance(text, str) else text)
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
        with contextlib.suppress(OSError):
            dfd = os.open(folder, os.O_RDONLY)
            try:
                os.fsync(dfd)
            finally:
                os.close(dfd)
    except OSError as exc:
        raise SaveError(f"cannot save to {path}: {exc.strerror or exc}") from None


def save(doc: EncounterDoc, path: Path) -> None:
    write_atomic(path, dumps(doc))
