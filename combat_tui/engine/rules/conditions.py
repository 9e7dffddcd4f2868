"""Conditions: adding with stacking and implications, removing with daughters, expiring on time."""

from __future__ import annotations

from collections.abc import Callable

from ..state.errors import CommandError
from ..state.model import ConditionState, Expiry, Ward
from . import source_links
from .durations import resolve_duration
from .ops import Ops
from .timekeeping import current_actor, describe


def _end_key(exp: Expiry | None) -> tuple[float, int]:
    if exp is None:
        return (float("inf"), 0)
    if exp.kind in ("short-rest", "long-rest"):
        return (float("inf"), -1 if exp.kind == "short-rest" else 0)
    point = exp.tc if exp.kind == "tc" or exp.round is None else exp.round
    return (float(point or 0), 0 if exp.kind == "turn-start" else 1)


def later(a: Expiry | None, b: Expiry | None) -> Expiry | None:
    return a if _end_key(a) >= _end_key(b) else b


def _extend(old: Expiry | None, new: Expiry | None, ops: Ops) -> Expiry | None:
    """Add the new instance's length to the old end (Shaken's stacking duration)."""
    if old is None or new is None:
        return None
    clock = ops.state.clock
    if old.round is not None and new.round is not None:
        return old.model_copy(update={"round": old.round + max(new.round - max(clock.round, 1), 0)})
    if old.tc is not None and new.tc is not None:
        return old.model_copy(update={"tc": old.tc + max(new.tc - clock.tc, 0)})
    return later(old, new)


def label(ops: Ops, cs: ConditionState) -> str:
    cd = ops.rs.condition(cs.id)
    text = cd.name + (f" {cs.value}" if cs.value is not None else "") + carried(cs)
    if cs.source and cs.source in ops.state.combatants:
        text += f" ({'to' if cd.subjective else 'from'} {ops.peek(cs.source).name})"
    elif cd.subjective:
        text += " (to all)"
    return text


def carried(cs: ConditionState) -> str:
    """The damage an instance carries, as the GM reads it (` 1d6 fire`), or nothing."""
    return f" {cs.dice}" + (f" {cs.dtype}" if cs.dtype else "") if cs.dice else ""


def add(ops: Ops, cid: str, cond_id: str, value: int | None = None, duration: str | None = None,
        source: str | None = None, parent: int | None = None, anchor: str | None = None,
        damage: tuple[str, str | None] | None = None) -> ConditionState | None:
    """Add a condition. Turn-based durations are measured by `anchor`'s turns: by default the source,
    else the creature acting now, else the bearer. None: ignored (an ability removed it until a set end);
    one implied by a parent is not ignored, it comes and goes with the parent. `damage`: the dice and
    type a new instance carries (its own instance: the caller has merged one of that type)."""
    cd = ops.rs.condition(cond_id)
    if cd.subjective and source == cid:
        raise CommandError(f"{ops.peek(cid).name} cannot be {cd.name} from itself: it is relative to another creature")
    ward = next((w for w in ops.peek(cid).ignoring if w.id == cond_id), None)
    if ward is not None and parent is None:
        ops.say(f"{ops.peek(cid).name}: {cd.name} ignored, {describe(ward.ends, ops.state)} (removed by an ability)")
        return None
    c = ops.changing(cid)
    value = (value if value is not None else 1) if cd.valued else None
    spec = duration if duration is not None else (None if parent is not None else cd.default_duration)
    anchor = anchor or source or current_actor(ops.state) or cid
    ends = resolve_duration(spec, ops.state, ops.rs, anchor) if spec else None
    same = [x for x in c.conditions if x.id == cond_id and (not cd.subjective or x.source == source)]
    if parent is not None and same:
        held = same[0]
        if parent not in held.parents:
            held.parents.append(parent)
        return held
    if same and parent is None and cd.stacking != "separate" and damage is None:
        cur = same[0]
        if not cur.direct:  # so far only held by a parent: this instance brings its own end, kept after the parent
            cur.value, cur.ends = value, ends
        elif cd.stacking == "max":
            cur.value = max(cur.value or 0, value or 0) if cd.valued else None
            cur.ends = later(cur.ends, ends)
        elif cd.stacking == "add":
            cur.value = (cur.value or 0) + (value or 0) if cd.valued else None
            cur.ends = later(cur.ends, ends)
        elif cd.stacking == "extend":
            cur.ends = _extend(cur.ends, ends, ops)
            if cd.valued:
                cur.value = max(cur.value or 0, value or 0)
        else:  # replace: the later instance whole, its source too (the last to Command a companion)
            cur.value, cur.ends, cur.source = value, ends, source
        cur.direct = True
        ops.say(f"{c.name}: {label(ops, cur)}, {describe(cur.ends, ops.state)}")
        ops.recompute(cid)
        return cur
    new = ConditionState(uid=ops.new_uid(), id=cond_id, value=value, source=source,
                         ends=None if parent is not None else ends,
                         parents=[parent] if parent is not None else [], direct=parent is None,
                         dice=damage[0] if damage else None, dtype=damage[1] if damage else None)
    c.conditions.append(new)
    why = f" (with {ops.rs.condition(_cond_of(ops, cid, parent)).name})" if parent is not None else (
        f", {describe(new.ends, ops.state)}" if new.ends else "")
    ops.say(f"{c.name} gains {label(ops, new)}{why}")  # "is" read wrong for most: "is Concussion"
    for daughter in cd.implies:
        add(ops, cid, daughter, source=source, parent=new.uid)
    if source and source != cid and source in ops.state.combatants:
        for daughter in cd.source_implies:
            add(ops, source, daughter, source=cid, parent=new.uid)
    ops.recompute(cid)
    if not any(x.id == cond_id and x.uid != new.uid for x in ops.peek(cid).conditions):
        _follow(ops, cid, cond_id, gained=True)
    cut = source_links.cut_at_birth(ops, new) if new.direct and new.source else None
    if cut is not None and new.source is not None:
        remove(ops, cid, new.uid, source_links.why(ops, new.source, cut, gained=True))
    return new


def _follow(ops: Ops, source: str, cond_id: str, gained: bool) -> None:
    """End what was given from `source` and lasts only while it keeps (or lacks) `cond_id`."""
    for c, cs in source_links.linked(ops, source, cond_id, gained):
        if cs.uid not in {x.uid for x in ops.peek(c.id).conditions}:
            continue  # gone already, with a parent
        if _live_parents(ops, c.id, cs):
            ops.changing(c.id)
            cs.direct = False
            continue
        remove(ops, c.id, cs.uid, source_links.why(ops, source, cond_id, gained))


def _cond_of(ops: Ops, cid: str, uid: int | None) -> str:
    for cs in ops.peek(cid).conditions:
        if cs.uid == uid:
            return cs.id
    for c in ops.state.combatants.values():  # a parent on the creature it is relative to
        for cs in c.conditions:
            if cs.uid == uid:
                return cs.id
    return ""


def _live_parents(ops: Ops, cid: str, cs: ConditionState) -> list[ConditionState]:
    own = [p for p in ops.peek(cid).conditions if p.uid in cs.parents]
    if len(own) == len(cs.parents) or cs.source not in ops.state.combatants:
        return own
    # uids are unique in the encounter: a parent may stand on the source (source_implies)
    return own + [p for p in ops.peek(cs.source or "").conditions if p.uid in cs.parents]


def held_by(ops: Ops, cid: str, cs: ConditionState) -> bool:
    """A parent condition that stands holds this instance."""
    return bool(_live_parents(ops, cid, cs))


def remove(ops: Ops, cid: str, uid: int, why: str = "removed") -> None:
    """Remove one instance, the daughters it alone held, then do its `on_remove` effects."""
    c = ops.changing(cid)
    target = next((x for x in c.conditions if x.uid == uid), None)
    if target is None:
        return
    c.conditions.remove(target)
    ops.say(f"{c.name}: {label(ops, target)} {why}")
    if not any(x.id == target.id for x in c.conditions):  # its prompts no longer apply
        for p in [p for p in ops.state.prompts if p.cid == cid and p.condition == target.id]:
            ops.prompts().remove(p)
            ops.say(f"{c.name}: {ops.rs.table(p.table).name} no longer needed")
    holders = [cid]
    held = target.source if ops.rs.condition(target.id).source_implies else None
    if held and held in ops.state.combatants:  # and the daughters it put on its source
        holders.append(held)
    for holder in holders:
        for daughter in [x for x in ops.peek(holder).conditions if uid in x.parents]:
            ops.changing(holder)  # recorded for undo before the daughter changes
            daughter.parents.remove(uid)
            if not _live_parents(ops, holder, daughter) and not daughter.direct:
                remove(ops, holder, daughter.uid, f"ends with {ops.rs.condition(target.id).name}")
    ops.recompute(cid)
    if not any(x.id == target.id for x in ops.peek(cid).conditions):
        _follow(ops, cid, target.id, gained=False)
    on_remove = ops.rs.condition(target.id).on_remove
    if on_remove:  # however it went (Dying lost raises Wounded)
        ops.apply_effects(cid, on_remove)


def remove_all(ops: Ops, cid: str, cond_id: str, source: str | None = None, held_ok: bool = False) -> int:
    """Remove every instance of a condition (from one source, if given). A daughter held by a parent
    cannot be removed: an error, or skipped when `held_ok`."""
    found = [x for x in ops.peek(cid).conditions if x.id == cond_id and (source is None or x.source == source)]
    removed = 0
    for cs in found:
        parents = _live_parents(ops, cid, cs)
        if parents:
            if held_ok:
                ops.changing(cid)
                cs.direct = False
                continue
            names = ", ".join(ops.rs.condition(p.id).name for p in parents)
            raise CommandError(f"{ops.rs.condition(cond_id).name} on {ops.peek(cid).name} is held by {names}; "
                               f"remove that first")
        remove(ops, cid, cs.uid)
        removed += 1
    return removed


def remove_one(ops: Ops, cid: str, cond_id: str, uid: int) -> int:
    """Remove one instance (one poison of several); refused while a parent holds it."""
    cs = next((x for x in ops.peek(cid).conditions if x.uid == uid and x.id == cond_id), None)
    if cs is None:
        return 0
    parents = _live_parents(ops, cid, cs)
    if parents:
        names = ", ".join(ops.rs.condition(p.id).name for p in parents)
        raise CommandError(f"{ops.rs.condition(cond_id).name} on {ops.peek(cid).name} is held by {names}; "
                           f"remove that first")
    remove(ops, cid, uid)
    return 1


def expire(ops: Ops, due: Callable[[Expiry], bool], only: set[str] | None = None) -> None:
    """End every condition whose end `due` says has come; one held by a parent loses its own end."""
    # Only creatures with conditions, in roster order: sorting all of them each turn cost more than the turn.
    holders = [c for c in ops.state.combatants.values()
               if (c.conditions or c.ignoring) and (only is None or c.id in only)]
    for c in sorted(holders, key=lambda c: c.seq):
        if any(due(w.ends) for w in c.ignoring):
            ops.changing(c.id).ignoring = [w for w in c.ignoring if not due(w.ends)]
        hits = [cs for cs in c.conditions if cs.ends is not None and due(cs.ends)]
        for cs in hits:
            if cs.uid not in {x.uid for x in ops.peek(c.id).conditions}:
                continue  # already gone with a parent
            if _live_parents(ops, c.id, cs):
                ops.changing(c.id)
                cs.ends, cs.direct = None, False
                continue
            remove(ops, c.id, cs.uid, "ends")
            # `overdue`: TC since it ran out (the clock stops only where someone acts), for a timer to restart on time
            end = cs.ends
            late = max(ops.state.clock.tc - (end.tc or 0), 0) if end is not None and end.kind == "tc" else 0
            ops.apply_effects(c.id, ops.rs.condition(cs.id).on_end, {"overdue": late})


def end_by_action(ops: Ops, cid: str, action_id: str, tags: list[str], made_as: str | None = None) -> None:
    """Conditions the action ends (or keeps); `made_as`: the ruleset action an own attack is made as."""
    keys = {action_id} | {f"tag:{t}" for t in tags} | ({made_as} if made_as else set())
    for cs in list(ops.peek(cid).conditions):
        cd = ops.rs.condition(cs.id)
        ends = keys & set(cd.ended_by) or (cd.kept_by and not keys & set(cd.kept_by))
        if ends and cs.uid in {x.uid for x in ops.peek(cid).conditions} \
                and not _live_parents(ops, cid, cs):
            remove(ops, cid, cs.uid, f"ends ({action_id})")


def ignore(ops: Ops, cid: str, cond_id: str, ends: Expiry) -> None:
    """After an ability removed a condition something keeps applying: the condition given again before
    `ends` is ignored."""
    c = ops.changing(cid)
    c.ignoring = [w for w in c.ignoring if w.id != cond_id] + [Ward(id=cond_id, ends=ends)]
    ops.say(f"{c.name}: {ops.rs.condition(cond_id).name} ignored if given again, {describe(ends, ops.state)}")
