"""Valued conditions changed by a delta (Frightened lowered by 1 at the end of a turn, Stunned spent
down): the value moves, and at 0 the condition goes, whatever its stacking."""

from __future__ import annotations

from ..state.errors import CommandError
from . import conditions
from .ops import Ops


def shift(ops: Ops, cid: str, cond_id: str, by: int, source: str | None = None) -> int:
    """Add `by` to every instance of a valued condition on `cid` (from one source, if given); one that
    reaches 0 is removed, or, while a parent holds it, left at 1 with its parent. The instances changed."""
    cd = ops.rs.condition(cond_id)
    if not cd.valued:
        raise CommandError(f"{cd.name} takes no value")
    found = [x for x in ops.peek(cid).conditions if x.id == cond_id and (source is None or x.source == source)]
    for cs in found:
        if cs.uid not in {x.uid for x in ops.peek(cid).conditions}:
            continue  # gone with another instance's removal
        c = ops.changing(cid)
        value = (cs.value or 0) + by
        if value > 0:
            cs.value = value
            ops.say(f"{c.name}: {conditions.label(ops, cs)}")
            ops.recompute(cid)
        elif conditions.held_by(ops, cid, cs):
            cs.value, cs.direct = 1, False  # it comes and goes with what holds it
            ops.say(f"{c.name}: {conditions.label(ops, cs)} (held)")
            ops.recompute(cid)
        else:
            conditions.remove(ops, cid, cs.uid, "ends (down to 0)")
    return len(found)
