"""Finding things by what a GM types: creatures (names, lists, wildcards, sides), pools, conditions."""

from __future__ import annotations

import difflib
import fnmatch
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

from .errors import CommandError
from .model import Combatant, Side, State

T = TypeVar("T")
Out = Callable[[Combatant], bool]  # is this creature out of the fight?

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


def _one(state: State, item: str, out: Out | None) -> list[str]:
    low = item.lower()
    # An exact name first, unsorted: sorting every creature for each name cost most of a command at 1,000.
    # A name typed in full reaches anyone, even a creature out of the fight (to undo a mistake, say).
    if not low.startswith("@"):
        exact = [c for c in state.combatants.values() if c.name.lower() == low]
        if exact:
            return [c.id for c in sorted(exact, key=lambda c: c.seq)]
    roster = state.roster()
    if low.startswith("@"):
        side = low[1:]
        if side != "all" and side not in {s.value for s in Side}:
            raise CommandError(f"unknown side {item!r} (use @pc, @npc, @ally or @all)")
        hits = [c for c in roster if side == "all" or c.side == side]
        return [c.id for c in _living(item, hits, out, "side")]
    if any(ch in item for ch in "*?"):
        pattern = low.replace("[", "[[]")  # only * and ? are wildcards; brackets are letters in names
        hits = [c for c in roster if fnmatch.fnmatchcase(c.name.lower(), pattern)]
        if not hits:
            raise CommandError(f"no creature matches {item!r}")
        return [c.id for c in _living(item, hits, out, "wildcard")]
    prefix = _living(item, [c for c in roster if c.name.lower().startswith(low)], out, "prefix")
    if len(prefix) == 1:
        return [prefix[0].id]
    if not prefix:
        close = difflib.get_close_matches(low, [c.name.lower() for c in roster], n=3, cutoff=0.6)
        names = [c.name for c in roster if c.name.lower() in close]
        raise CommandError(f"no creature named {item}" + (f"; did you mean {' or '.join(names)}?" if names else ""))
    shown = ", ".join(c.name for c in prefix[:5]) + (", ..." if len(prefix) > 5 else "")
    raise CommandError(f"{item!r} could be {shown}: type more, or {item}* for all of them")


def _living(item: str, hits: list[Combatant], out: Out | None, how: str) -> list[Combatant]:
    """What a side, a wildcard or the start of a name picks: those still in the fight, when `out` says who
    is not. Picking only creatures that are out is refused, naming them: their full name reaches them."""
    if out is None:
        return hits
    living = [c for c in hits if not out(c)]
    if hits and not living:
        gone = ", ".join(c.name for c in hits[:3]) + (", ..." if len(hits) > 3 else "")
        if how == "side":
            raise CommandError(f"everyone on {item} is out of the fight ({gone})")
        raise CommandError(f"{item!r} only finds creatures out of the fight ({gone}): "
                           "type a full name to reach one")
    return living


def creatures(state: State, spec: str, out: Out | None = None) -> list[str]:
    """Creature ids for a comma list of names, unique prefixes, wildcards and sides. With `out` (who is
    out of the fight: dead, destroyed), sides, wildcards and prefixes pass over those; full names do not."""
    found: list[str] = []
    items = [s.strip() for s in spec.split(",") if s.strip()]
    if not items:
        raise CommandError("name a creature")
    for item in items:
        for cid in _one(state, item, out):
            if cid not in found:
                found.append(cid)
    if not found:
        raise CommandError(f"{spec!r} picks nobody")
    return found


def take_creatures(state: State, words: Sequence[str], need_after: int,
                   out: Out | None = None) -> tuple[list[str], list[str]]:
    """Creatures from the first word(s), so `dmg Orc 2 5` finds "Orc 2" as well as `dmg "Orc 2" 5`.
    Several words are joined only when that names a creature exactly and leaves enough words after."""
    if not words:
        raise CommandError("name a creature")
    for k in range(min(3, len(words) - need_after), 1, -1):
        joined = " ".join(words[:k])
        if any(c.name.lower() == joined.lower() for c in state.combatants.values()):
            return creatures(state, joined, out), list(words[k:])
    return creatures(state, words[0], out), list(words[1:])


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
    named = {oid: name for oid, name, _ in opts}
    if not hits:
        close = difflib.get_close_matches(low, [norm(name) for _, name, _ in opts], n=3, cutoff=0.6)
        near = [name for _, name, _ in opts if norm(name) in close]
        raise CommandError(f"unknown {kind} {word!r}" + (f"; did you mean {' or '.join(near)}?" if near else ""))
    raise CommandError(f"{kind} {word!r} could be {', '.join(named[h[0]] for h in hits[:6])}")  # names, not ids
