"""Injuries by body part: counts per part instance, effects at each count, and when all of a kind are hit."""

from __future__ import annotations

import re

from .errors import CommandError
from .ops import Ops
from .ruleset import BodyPartDef
from .targets import pick


def instances(part: BodyPartDef, count: int | None = None) -> list[str]:
    """This creature's parts of a kind: `arm.1`, `arm.2`; a single one is just `head`; none is none."""
    n = part.count if count is None else count
    return [part.id] if n == 1 else [f"{part.id}.{i}" for i in range(1, n + 1)]


def injure(ops: Ops, cid: str, word: str, n: int) -> None:
    if not ops.rs.body:
        raise CommandError("this ruleset tracks no body parts")
    m = re.fullmatch(r"(.+?)[. ]?([0-9]+)?", word.strip())
    assert m is not None
    part = pick("body part", m.group(1), ((b.id, b.name, b) for b in ops.rs.body))
    c = ops.c(cid)
    names = instances(part, c.parts.get(part.id))
    if not names:
        raise CommandError(f"{c.name} has no {part.name.lower()} (add it with {part.id}=N when adding)")
    if m.group(2):
        key = f"{part.id}.{m.group(2)}" if len(names) > 1 else part.id
        if key not in names:
            raise CommandError(f"{c.name} has {', '.join(names)}")
    else:
        key = min(names, key=lambda k: c.injuries.get(k, 0))
    before_all = all(c.injuries.get(k, 0) > 0 for k in names)
    old = c.injuries.get(key, 0)
    new = old + n
    c.injuries[key] = new
    ops.say(f"{c.name}: {part.name} ({key}) injured, {new} in all [{part.severity}]")
    for eff in part.effects:
        if old < eff.count <= new:
            ops.say(f"{c.name}: {eff.text}")
            ops.apply_effects(cid, eff.effects)
    if not before_all and all(c.injuries.get(k, 0) > 0 for k in names) and part.all_effects:
        ops.say(f"{c.name}: every {part.name.lower()} is injured")
        ops.apply_effects(cid, part.all_effects)
    ops.run_triggers("injury", cid, {"injury_value": part.value * n})

