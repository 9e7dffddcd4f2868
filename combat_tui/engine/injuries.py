"""Injuries by body part: counts per part instance, effects at each count, and when all of a kind are hit."""

from __future__ import annotations

import re

from .errors import CommandError
from .model import Combatant
from .ops import Ops
from .ruleset import BodyPartDef, RulesetDef
from .targets import pick


def part_count(rs: RulesetDef, c: Combatant, part: BodyPartDef) -> int:
    """How many of a part this creature has: its own count (`add ... tail=1`), else its body plan's, else
    the ruleset's typical count (a ruleset without plans)."""
    if part.id in c.parts:
        return c.parts[part.id]
    plan = rs.body_plan(c.body)
    return part.count if plan is None else plan.parts.get(part.id, 0)


def instances(part: BodyPartDef, n: int) -> list[str]:
    """This creature's parts of a kind: `arm.1`, `arm.2`; a single one is just `head`; none is none."""
    return [part.id] if n == 1 else [f"{part.id}.{i}" for i in range(1, n + 1)]


def parts_of(rs: RulesetDef, c: Combatant) -> list[BodyPartDef]:
    """The kinds of part this creature has at least one of, in the ruleset's order."""
    return [b for b in rs.body if part_count(rs, c, b) > 0]


def _own_part(rs: RulesetDef, c: Combatant, word: str) -> BodyPartDef:
    """One of this creature's parts; a part of the ruleset it lacks (a human's tail) is refused by name."""
    own = parts_of(rs, c)
    try:
        return pick("body part", word, ((b.id, b.name, b) for b in own))
    except CommandError as missing:
        try:
            other = pick("body part", word, ((b.id, b.name, b) for b in rs.body))
        except CommandError:
            raise missing from None
        plan = rs.body_plan(c.body)
        body = f" ({plan.name.lower()})" if plan is not None else ""
        raise CommandError(f"{c.name}{body} has no {other.name.lower()}; it has "
                           f"{', '.join(b.name.lower() for b in own) or 'no body parts'}") from None


def _label(part: BodyPartDef, key: str) -> str:
    """One part as the GM reads it: `Arm 2` for the second arm, `Head` for the only one."""
    return f"{part.name} {key.split('.', 1)[1]}" if "." in key else part.name


def injure(ops: Ops, cid: str, word: str, n: int) -> None:
    if not ops.rs.body:
        raise CommandError("this ruleset tracks no body parts")
    m = re.fullmatch(r"(.+?)[. ]?([0-9]+)?", word.strip())
    assert m is not None
    c = ops.changing(cid)
    part = _own_part(ops.rs, c, m.group(1))
    names = instances(part, part_count(ops.rs, c, part))
    if m.group(2):
        key = f"{part.id}.{m.group(2)}" if len(names) > 1 else part.id
        if key not in names:
            raise CommandError(f"{c.name} has {', '.join(_label(part, k) for k in names)}")
    else:
        key = min(names, key=lambda k: c.injuries.get(k, 0))
    before_all = all(c.injuries.get(k, 0) > 0 for k in names)
    old = c.injuries.get(key, 0)
    new = old + n
    c.injuries[key] = new
    ops.say(f"{c.name}: {_label(part, key)} injured ({new} {'injury' if new == 1 else 'injuries'} there, "
            f"{part.severity})")
    for eff in part.effects:
        if old < eff.count <= new:
            ops.say(f"{c.name}: {eff.text}")
            ops.apply_effects(cid, eff.effects)
    if not before_all and all(c.injuries.get(k, 0) > 0 for k in names) and part.all_effects:
        ops.say(f"{c.name}: every {part.name.lower()} is injured")
        ops.apply_effects(cid, part.all_effects)
    ops.run_triggers("injury", cid, {"injury_value": part.value * n})

