"""What lasts of a party member between fights, field by field.

A field is one pool's current value (`current.hp`), one body part's injuries (`injuries.arm.1`) or
treated injuries, one tally (`tallies.casts:fireball`), or the member's list of lasting conditions
(`conditions`). A fight sends only the fields it changed, as `LastingChange`s; where they are kept is
not the engine's business (a `LastingSource` reads them, a `LastingSink` keeps them).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .model import Combatant, Lasting

Value = int | list[dict[str, Any]] | None  # a number, a list of conditions; None: no such pool
KINDS = ("current", "injuries", "treated", "tallies")  # one field a key; `conditions` is one field whole
CONDITIONS = "conditions"


@dataclass(frozen=True)
class LastingChange:
    """One field of one member, as a fight (or a rest) left it."""

    ruleset: str
    party: str
    member: str
    field: str
    value: Value
    base: Value  # the party file's value of this field the change was made over: a later hand edit wins


@dataclass(frozen=True)
class Stored:
    """One field as the party's state keeps it, with the file's value it was based on."""

    value: Value
    base: Value


Rows = Mapping[str, Mapping[str, Stored]]  # member name, lowercased -> field -> what is kept
LastingSource = Callable[[str, str], Rows]  # (ruleset, party) -> its members' kept fields
LastingSink = Callable[[Sequence[LastingChange]], None]  # keeps changes; CombatError with one line if it cannot


def split(field: str) -> tuple[str, str] | None:
    """A field's kind and key; None for a field that is none of them."""
    if field == CONDITIONS:
        return CONDITIONS, ""
    kind, _, key = field.partition(".")
    return (kind, key) if kind in KINDS and key else None


def absent(field: str) -> Value:
    """A field's value where nothing is said of it: no injuries, no tally, no such pool, no conditions."""
    kind = field.partition(".")[0]
    return [] if field == CONDITIONS else None if kind == "current" else 0


def of_combatant(c: Combatant) -> Lasting:
    """What lasts of a creature: pools, injuries, treated ones, tallies, conditions until removed or a rest."""
    lasting = [{"id": cs.id, "value": cs.value, "until": cs.ends.kind if cs.ends else None}
               for cs in c.conditions if cs.direct and (cs.ends is None or cs.ends.kind in ("short-rest", "long-rest"))]
    return Lasting.model_validate({
        "current": {p: s.current for p, s in c.pools.items()},
        "injuries": {k: v for k, v in c.injuries.items() if v},
        "treated": {k: v for k, v in c.treated.items() if v},
        "tallies": {k: v for k, v in c.tallies.items() if v},
        "conditions": lasting})


def flat(lasting: Lasting) -> dict[str, Value]:
    out: dict[str, Value] = {f"{kind}.{k}": v for kind in KINDS for k, v in getattr(lasting, kind).items()}
    out[CONDITIONS] = [cs.model_dump() for cs in lasting.conditions]
    return out


def unflat(fields: Mapping[str, Value]) -> dict[str, Any]:
    """Fields back as a member's keys (`current`, `injuries`, … `conditions`); nothing-said values left out."""
    out: dict[str, Any] = {kind: {} for kind in KINDS} | {CONDITIONS: []}
    for name, value in fields.items():
        parts = split(name)
        if parts is None or value == absent(name) or value is None:
            continue
        if parts[0] == CONDITIONS:
            out[CONDITIONS] = value
        else:
            out[parts[0]][parts[1]] = value
    return out


def changed(before: Mapping[str, Value] | None, now: Mapping[str, Value],
            also: Iterable[str] = ()) -> dict[str, Value]:
    """The fields whose value now differs from before, with it; `before` None: every field (and `also`)."""
    if before is None:
        return {f: now.get(f, absent(f)) for f in dict.fromkeys([*now, *also])}
    out = {}
    for f in dict.fromkeys([*before, *now]):
        value = now.get(f, absent(f))
        if value != before.get(f, absent(f)):
            out[f] = value
    return out


def laid_over(file: Mapping[str, Value], rows: Mapping[str, Stored]) -> dict[str, Value]:
    """The party file's fields with what is kept laid over them. A kept field whose base is not what the
    file says now was edited in the file since: the file wins."""
    out = dict(file)
    for f, kept in rows.items():
        if split(f) is not None and file.get(f, absent(f)) == kept.base:
            out[f] = kept.value
    return out


def with_pending(rows: Rows, pending: Iterable[LastingChange], ruleset: str,
                 party: str) -> dict[str, dict[str, Stored]]:
    """Kept rows, and over them changes this encounter made but has not yet handed over."""
    out = {m: dict(fields) for m, fields in rows.items()}
    for ch in pending:
        if ch.ruleset == ruleset and ch.party.lower() == party.lower():
            out.setdefault(ch.member.lower(), {})[ch.field] = Stored(ch.value, ch.base)
    return out
