"""TOML a GM wrote (a ruleset, a library file), checked before and after it is parsed: a dotted key too
deep to parse in time is refused, and a validation error is told by the key at fault."""

from __future__ import annotations

import re

from pydantic import ValidationError

MAX_KEY_PARTS = 32  # tomllib takes time growing with the square of a dotted key's parts

# Strings and comments, skipped when looking for keys; then a dotted key (or number) too long.
SKIP = re.compile(r'"""[\s\S]*?"""|\'\'\'[\s\S]*?\'\'\'|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|#[^\n]*')
DEEP_KEY = re.compile(r"(?:\.\s*[\w-]+\s*){" + str(MAX_KEY_PARTS) + "}")


def _loc(loc: tuple[int | str, ...], data: object) -> str:
    """Turn a pydantic error location into a key path a GM can find, naming list items by id."""
    parts: list[str] = []
    node = data
    for step in loc:
        if isinstance(step, int) and isinstance(node, list) and 0 <= step < len(node):
            item = node[step]
            ident = item.get("id") if isinstance(item, dict) else None
            parts.append(f"[{ident}]" if ident else f"[{step}]")
            node = item
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
    return _loc(tuple(err["loc"]), data), f"{err['msg']}{more}"
