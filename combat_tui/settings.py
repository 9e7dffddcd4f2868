"""The GM's preferences between runs: a small TOML file in the config folder.

    theme = "nord"
    [keys]
    "main.damage" = "d,f5"     # a binding's id (shown in ?) = its key or keys

It is read as any file from outside: a regular file, size-capped, strings cleaned; a bad file is one
line and the defaults, never a crash. Saving the theme rewrites only its line (atomically), so what
the GM wrote by hand, comments and keys, stays as written.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import paths
from .engine.state.cleaning import clean_line
from .engine.state.errors import SaveError
from .store import files
from .store.reading import NotReadable, read_regular_text

MAX_BYTES = 64 * 1024  # a hand-written file of preferences is a few hundred bytes
MAX_KEYS = 200
THEME = re.compile(r"[A-Za-z0-9][\w. -]{0,63}")
BINDING_ID = re.compile(r"[a-z][\w]*\.[\w]{1,60}")
KEY = re.compile(r"[A-Za-z0-9_+-]{1,32}|[!-~]")  # a Textual key name (ctrl+d, f5, question_mark) or one character


@dataclass(frozen=True)
class Settings:
    theme: str | None = None
    keys: dict[str, str] = field(default_factory=dict)  # binding id -> its keys, comma separated
    problem: str | None = None  # one line: what in the file was not used, and why
    readable: bool = True  # False: the file is there but could not be read, so it is never rewritten


def _toml(text: str) -> dict[str, Any]:
    """The text as TOML; a bad file (TOMLDecodeError) or a number too big is a ValueError. The reader is
    imported here: with no settings file (most starts), none before the first frame."""
    import tomllib

    return tomllib.loads(text)


def load(path: Path | None = None) -> Settings:
    path = path or paths.settings_file()
    try:
        text = read_regular_text(path, MAX_BYTES, "settings file")
    except NotReadable as exc:
        return Settings() if exc.missing else Settings(problem=f"settings not used: {exc}", readable=False)
    try:
        data = _toml(text)
    except (RecursionError, ValueError) as exc:
        import tomllib  # loaded by _toml already

        from .engine.toml_text import HUGE_NUMBER  # here: it imports the ruleset's models, and pydantic

        reason = (clean_line(str(exc))[:120] if isinstance(exc, tomllib.TOMLDecodeError)
                  else HUGE_NUMBER if isinstance(exc, ValueError) else "not readable")
        return Settings(problem=f"settings not used: {path.name}: {reason}", readable=False)
    problems: list[str] = []
    theme = data.get("theme")
    if theme is not None and not (isinstance(theme, str) and THEME.fullmatch(theme)):
        problems.append("theme is not a theme's name")
        theme = None
    keys: dict[str, str] = {}
    table = data.get("keys", {})
    if not isinstance(table, dict):
        problems.append("[keys] is not a table")
        table = {}
    for bid, value in list(table.items())[:MAX_KEYS]:
        if isinstance(value, str) and BINDING_ID.fullmatch(bid) and key_list(value):
            keys[bid] = key_list(value)
        else:
            problems.append(f"keys: {clean_line(bid)[:40]!r} is not an id = \"key\"")
    others = sorted(set(data) - {"theme", "keys"})
    if others:
        problems.append(f"unknown setting {clean_line(others[0])[:40]!r}")
    problem = None
    if problems:
        more = f" (and {len(problems) - 2} more)" if len(problems) > 2 else ""
        problem = f"{path.name}: " + "; ".join(problems[:2]) + more + "; the rest is used"
    return Settings(theme if isinstance(theme, str) else None, keys, problem)


def key_list(value: str) -> str:
    """`d, f5` as `d,f5`; "" when any of them is not a key's name."""
    keys = [k.strip() for k in value.split(",")] if len(value) <= 200 else []
    return ",".join(keys) if keys and all(KEY.fullmatch(k) for k in keys) else ""


def save_theme(theme: str, path: Path | None = None) -> None:
    """The theme's line set in the settings file (made if missing); the rest of the file as it was.
    Raises SaveError with one line."""
    path = path or paths.settings_file()
    if not THEME.fullmatch(theme):
        raise SaveError(f"{theme!r} is not a theme's name")
    lines = _settings_lines(path, "theme")
    top = next((i for i, ln in enumerate(lines) if ln.lstrip().startswith("[")), len(lines))  # before any table
    line = f"theme = {json.dumps(theme)}"
    at = next((i for i in range(top) if re.match(r"\s*theme\s*=", lines[i])), None)
    if at is None:
        lines.insert(0, line)
    else:
        lines[at] = line
    _write_if(path, lines, lambda read: read.get("theme") == theme, "theme", f"set {line} by hand")


def save_key(bid: str, keys: str, path: Path | None = None) -> None:
    """A binding's keys set under `[keys]` in the settings file (made if missing); the rest of the file
    as it was. Raises SaveError with one line."""
    path = path or paths.settings_file()
    if not (BINDING_ID.fullmatch(bid) and key_list(keys) == keys):
        raise SaveError(f"{keys!r} is not a key's name")
    lines = _settings_lines(path, "key")
    line = f"{json.dumps(bid)} = {json.dumps(keys)}"
    head = next((i for i, ln in enumerate(lines) if ln.strip() == "[keys]"), None)
    if head is None:
        lines += ([""] if lines else []) + ["[keys]", line]
    else:
        end = next((i for i in range(head + 1, len(lines)) if lines[i].lstrip().startswith("[")), len(lines))
        at = next((i for i in range(head + 1, end) if re.match(rf"\s*\"?{re.escape(bid)}\"?\s*=", lines[i])), None)
        if at is None:
            lines.insert(end, line)
        else:
            lines[at] = line
    _write_if(path, lines, lambda read: _table(read, "keys").get(bid) == keys, "key",
              f"set {line} under [keys] by hand")


def _settings_lines(path: Path, what: str) -> list[str]:
    """The settings file's lines ([] if there is none yet); SaveError with one line if it cannot be
    read or is not TOML (it is the GM's to mend: never written over)."""
    try:
        text = read_regular_text(path, MAX_BYTES, "settings file")
    except NotReadable as exc:
        if not exc.missing:
            raise SaveError(f"{what} not saved: {exc}") from None
        return []
    try:
        _toml(text)
    except (RecursionError, ValueError):
        raise SaveError(f"{what} not saved: {path.name} is not readable TOML; it is yours to mend") from None
    return text.splitlines()


def _table(read: dict[str, Any], name: str) -> dict[str, Any]:
    table = read.get(name, {})
    return table if isinstance(table, dict) else {}


def _write_if(path: Path, lines: list[str], holds: Callable[[dict[str, Any]], bool], what: str, by_hand: str) -> None:
    """Written only if the edited file reads back as meant: a file laid out as this line-by-line edit
    cannot follow is left as the GM wrote it, and the GM told what to set by hand."""
    new = "\n".join(lines) + "\n"
    try:
        same = holds(_toml(new))
    except (RecursionError, ValueError):
        same = False
    if not same:
        raise SaveError(f"{what} not saved: {path.name} is not laid out as expected; {by_hand}")
    files.write_atomic(path, new)
