"""Finding things by what a GM types: creatures (names, lists, wildcards, sides), pools, conditions."""

from __future__ import annotations

import fnmatch
import unicodedata
from collections.abc import Iterable, Sequence
from typing import TypeVar

from .errors import CommandError
from .model import Side, State

T = TypeVar("T")

MAX_NAME = 40
_RESERVED = set(",*?@=")


def clean_name(raw: str) -> str:
    """A creature name as it will be stored: no control characters, no characters used for targeting."""
    name = " ".join("".join(ch for ch in raw if unicodedata.category(ch)[0] != "C").split())
    if not name:
        raise CommandError("a name cannot be empty")
    bad = sorted({ch for ch in name if ch in _RESERVED})
    if bad or name.startswith("@"):
        raise CommandError(f"a name cannot contain {' '.join(bad) or '@'}: they pick several creatures")
    if len(name) > MAX_NAME:
        raise CommandError(f"a name is at most {MAX_NAME} characters")
    return name


MAX_NOTE = 500


def clean_note(raw: str) -> str:
    """A GM note as stored: printable text and line breaks only, at most MAX_NOTE characters."""
    return "".join(ch for ch in raw if ch == "\n" or unicodedata.category(ch)[0] != "C")[:MAX_NOTE]


def _one(state: State, item: str) -> list[str]:
    low = item.lower()
    if low.startswith("@"):
        side = low[1:]
        if side == "all":
            return [c.id for c in state.roster()]
        if side not in {s.value for s in Side}:
            raise CommandError(f"unknown side {item!r} (use @pc, @npc, @ally or @all)")
        return [c.id for c in state.roster() if c.side == side]
    # An exact name first, unsorted: sorting every creature for each name cost most of a command at 1,000.
    exact = [c for c in state.combatants.values() if c.name.lower() == low]
    if exact:
        return [c.id for c in sorted(exact, key=lambda c: c.seq)]
    roster = state.roster()
    if any(ch in item for ch in "*?"):
        pattern = low.replace("[", "[[]")  # only * and ? are wildcards; brackets are letters in names
        hits = [c.id for c in roster if fnmatch.fnmatchcase(c.name.lower(), pattern)]
        if not hits:
            raise CommandError(f"no creature matches {item!r}")
        return hits
    prefix = [c for c in roster if c.name.lower().startswith(low)]
    if len(prefix) == 1:
        return [prefix[0].id]
    if not prefix:
        raise CommandError(f"no creature named {item!r}")
    shown = ", ".join(c.name for c in prefix[:5]) + (", ..." if len(prefix) > 5 else "")
    raise CommandError(f"{item!r} could be {shown}: type more, or {item}* for all of them")


def creatures(state: State, spec: str) -> list[str]:
    """Creature ids for a comma list of names, unique prefixes, wildcards and sides."""
    out: list[str] = []
    items = [s.strip() for s in spec.split(",") if s.strip()]
    if not items:
        raise CommandError("name a creature")
    for item in items:
        for cid in _one(state, item):
            if cid not in out:
                out.append(cid)
    if not out:
        raise CommandError(f"{spec!r} picks nobody")
    return out


def take_creatures(state: State, words: Sequence[str], need_after: int) -> tuple[list[str], list[str]]:
    """Creatures from the first word(s), so `dmg Orc 2 5` finds "Orc 2" as well as `dmg "Orc 2" 5`.
    Several words are joined only when that names a creature exactly and leaves enough words after."""
    if not words:
        raise CommandError("name a creature")
    for k in range(min(3, len(words) - need_after), 1, -1):
        joined = " ".join(words[:k])
        if any(c.name.lower() == joined.lower() for c in state.combatants.values()):
            return creatures(state, joined), list(words[k:])
    return creatures(state, words[0]), list(words[1:])


def pick(kind: str, word: str, options: Iterable[tuple[str, str, T]]) -> T:
    """One of (id, name, item) by id or name, exact or unique prefix, case-insensitive."""
    def norm(text: str) -> str:  # `bonus_hp`, `bonus-hp` and `Bonus HP` are one
        return text.lower().replace("_", "-").replace(" ", "-")

    low = norm(word)
    opts = list(options)
    for oid, name, item in opts:
        if low in (norm(oid), norm(name)):
            return item
    hits = [(oid, item) for oid, name, item in opts if norm(oid).startswith(low) or norm(name).startswith(low)]
    if len(hits) == 1:
        return hits[0][1]
    if not hits:
        raise CommandError(f"unknown {kind} {word!r}")
    raise CommandError(f"{kind} {word!r} could be {', '.join(h[0] for h in hits[:6])}")
