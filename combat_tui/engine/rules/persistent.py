"""Conditions that carry damage (persistent 1d6 fire) and those a flat check ends: both done at the end
of the bearer's turn, the damage first."""

from __future__ import annotations

import re

from ..ruleset import ConditionDef
from ..state.errors import CommandError
from . import conditions
from .ops import Ops

_TERM = re.compile(r"([+-]?)\s*(?:([0-9]*)d([0-9]+)|([0-9]+))")


def average(dice: str) -> float:
    """What dice come to on average (`2d6+3`: 10), to keep the higher of two of one damage type."""
    total = 0.0
    for sign, count, sides, flat in _TERM.findall(dice):
        value = int(count or 1) * (int(sides) + 1) / 2 if sides else float(flat)
        total += -value if sign == "-" else value
    return total


def carry(ops: Ops, cid: str, cd: ConditionDef, dice: str, dtype: str | None, duration: str | None = None,
          source: str | None = None) -> None:
    """Put a condition carrying damage on `cid`: one instance a damage type, the higher of two kept."""
    types = ops.rs.damage.types
    if dtype is not None and types and dtype.lower() not in {t.lower() for t in types}:
        raise CommandError(f"unknown damage type {dtype!r} (known: {', '.join(types)})")
    dtype = next((t for t in types if dtype is not None and t.lower() == dtype.lower()), dtype)
    same = next((cs for cs in ops.peek(cid).conditions if cs.id == cd.id and cs.dtype == dtype), None)
    if same is None:
        conditions.add(ops, cid, cd.id, duration=duration, source=source, damage=(dice, dtype))
        return
    c = ops.changing(cid)
    if average(dice) > average(same.dice or "0"):
        same.dice = dice
        ops.say(f"{c.name}: {conditions.label(ops, same)} (the higher)")
    else:
        ops.say(f"{c.name}: {conditions.label(ops, same)} kept (the higher; {dice} adds nothing)")


def turn_end(ops: Ops, cid: str) -> None:
    """The damage each condition carries, then each flat check to end one."""
    for cs in list(ops.peek(cid).conditions):
        if cs.dice and cid in ops.state.combatants:
            r = ops.roll(cs.dice, ops.peek(cid))
            ops.say(f"{ops.peek(cid).name}: {conditions.label(ops, cs)} at the end of its turn: {r.shown}")
            ops.damage(cid, r.total, cs.dtype)
    if cid not in ops.state.combatants:
        return
    for cs in list(ops.peek(cid).conditions):
        dc = ops.rs.condition(cs.id).end_check
        if dc is None or cs.uid not in {x.uid for x in ops.peek(cid).conditions}:
            continue
        r = ops.roll("1d20", ops.peek(cid))
        ends = r.total >= dc
        ops.say(f"{ops.peek(cid).name}: flat check to end {conditions.label(ops, cs)}, {r.shown} against DC {dc}: "
                + ("it ends" if ends else "it goes on"))
        if ends and not conditions.held_by(ops, cid, cs):
            conditions.remove(ops, cid, cs.uid, "ends")
