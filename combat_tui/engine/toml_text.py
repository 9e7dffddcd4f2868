"""TOML a GM wrote (a ruleset, a library file), checked before and after it is parsed: a dotted key too
deep to parse in time is refused, and a validation error is told by the key at fault."""

from __future__ import annotations

import re
import tomllib
from typing import Any

from pydantic import ValidationError

from .ruleset import RulesetDef
from .state.errors import CombatError, RulesetError

MAX_KEY_PARTS = 32  # tomllib takes time growing with the square of a dotted key's parts

# Strings and comments, skipped when looking for keys; then a dotted key (or number) too long.
SKIP = re.compile(r'"""[\s\S]*?"""|\'\'\'[\s\S]*?\'\'\'|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|#[^\n]*')
# tomllib turns a number's digits into an int, which Python refuses past 4,300 digits with a bare
# ValueError (its other errors are TOMLDecodeError, caught before this).
HUGE_NUMBER = "a number of thousands of digits, far too long to read"
DEEP_KEY = re.compile(r"(?:\.\s*[\w-]+\s*){" + str(MAX_KEY_PARTS) + "}")


def _loc(loc: tuple[int | str, ...], data: object) -> str:
    """Turn a pydantic error location into a key path a GM can find, naming list items by id."""
    parts: list[str] = []
    node = data
    for at, step in enumerate(loc):
        if isinstance(step, int) and isinstance(node, list) and 0 <= step < len(node):
            item = node[step]
            ident = (item.get("id") or item.get("label")) if isinstance(item, dict) else None  # a trigger's label
            parts.append(f"[{ident}]" if ident else f"[{step}]")
            node = item
        elif isinstance(step, str) and isinstance(node, dict) and at + 1 < len(loc) and loc[at + 1] in node \
                and not isinstance(node.get(step), dict | list):
            continue  # pydantic's name for the kind of a union (an effect's verb), then the key at fault
        elif isinstance(step, str) and node is not None and not isinstance(node, dict):
            continue  # under a value, not a key: pydantic's name for one type of a union (constrained-int)
        else:
            parts.append(f".{step}" if parts else str(step))
            node = node.get(step) if isinstance(node, dict) and isinstance(step, str) else None
    return "".join(parts) or "(top level)"


def first_error(exc: ValidationError, data: object) -> tuple[str, str]:
    """A validation error told as a GM reads it: the key path at fault, and what is wrong there."""
    err = exc.errors()[0]
    more = f" (and {exc.error_count() - 1} more)" if exc.error_count() > 1 else ""
    return _loc(tuple(err["loc"]), data), f"{err['msg'].removeprefix('Value error, ')}{more}"


def loads(text: str, name: str, what: str, error: type[CombatError] = CombatError) -> dict[str, Any]:
    """The data of a GM's TOML file named `name`; `error` with one line (the file and why) for anything else."""
    if DEEP_KEY.search(SKIP.sub("s", text)):
        raise error(f"{name}: a key of more than {MAX_KEY_PARTS} dotted parts; not a {what}")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:  # its text is for people: "Invalid value (at line 3, column 7)"
        raise error(f"{name}: not valid TOML: {exc}") from None
    except ValueError:
        raise error(f"{name}: {HUGE_NUMBER}; not a {what}") from None
    except RecursionError:
        raise error(f"{name}: nested too deeply to be a {what}") from None


def parse_ruleset(raw: bytes, name: str) -> RulesetDef:
    """A ruleset file's bytes as its model; RulesetError naming the file and the key at fault."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise RulesetError(f"{name}: not valid TOML (not UTF-8 text)") from None
    data = loads(text, name, "ruleset", RulesetError)
    try:
        return RulesetDef.model_validate(data)
    except RecursionError:
        raise RulesetError(f"{name}: nested too deeply to be a ruleset") from None
    except ValidationError as exc:
        where, what = first_error(exc, data)
        if where == "(top level)" and exc.errors()[0]["type"] == "value_error":  # a check across keys names its own
            raise RulesetError(f"{name}: {what}") from None
        raise RulesetError(f"{name}: {where}: {what}") from None
