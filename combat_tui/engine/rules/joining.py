"""The order changed in the middle of a fight: a creature holding or delaying its turn, entering the
order at a place, a new creature placed, one dropped. The clock's moving itself is `turns.py`."""

from __future__ import annotations

from ..ruleset import TimeModel
from ..state.model import Slot
from .ops import Ops
from .timekeeping import current_actor, current_actor_in, slot_index, sort_key
from .turns import _begin_entered, _group_lead, _next_turn, _with_group, roll_initiative, turn_end


def hold(ops: Ops, cid: str, delay: bool, after: str | None = None) -> None:
    t = ops.rs.time
    word = "delay" if delay else "hold"
    ops.require(t.model is TimeModel.TURN_ORDER, f"{word} needs a turn order")
    ops.require(t.delay if delay else t.hold, f"this ruleset has no {word}")
    ops.require(current_actor(ops.state) == cid,
                f"only the creature whose turn it is can {word} (now: {_now_name(ops)})")
    name = ops.peek(cid).name
    typed = f'"{name}"' if " " in name else name
    ops.require(delay or after is not None or not t.hold_after,
                f"saving a turn names after whom it acts: hold {typed} after=NAME")
    order = ops.order()
    idx = slot_index(ops.state, cid)
    assert idx is not None
    if delay:
        order[idx] = Slot(cid=cid, ghost=True)
    else:
        del order[idx]
        ops.clock().turn -= 1
    ops.waiting().append(cid)
    ops.say(f"{ops.peek(cid).name} {'delays' if delay else 'holds'} (press e when it acts)")
    if after is not None:
        ops.require(after != cid, "a creature cannot wait for itself")
        enter(ops, cid, after)
    _next_turn(ops)


def _now_name(ops: Ops) -> str:
    cid = current_actor(ops.state)
    return ops.peek(cid).name if cid else "nobody"


def enter(ops: Ops, cid: str, after: str | None) -> None:
    ops.require(cid in ops.state.waiting, f"{ops.peek(cid).name} is not holding or delaying")
    ops.waiting().remove(cid)
    order = ops.order()
    ghost = next((i for i, s in enumerate(order) if s.cid == cid and s.ghost), None)
    if ghost is not None:
        del order[ghost]
        if ghost <= ops.state.clock.turn:
            ops.clock().turn -= 1
    name = ops.peek(cid).name
    if after is not None:
        idx = slot_index(ops.state, after)
        ops.require(idx is not None, f"{ops.peek(after).name} is not in the order")
        assert idx is not None
        order.insert(idx + 1, Slot(cid=cid))
        if idx + 1 <= ops.state.clock.turn:
            ops.clock().turn += 1
        ops.say(f"{name} will act after {ops.peek(after).name}")
        return
    clock = ops.clock()
    order.insert(clock.turn + 1, Slot(cid=cid))
    acting = current_actor_in(ops.state, ops.rs)
    if acting is not None:  # the rules let a waiting creature in once the current turn ends: never in its place
        ops.say(f"{name} enters: acts when {ops.peek(acting).name}'s turn ends")
        return
    current = current_actor(ops.state)
    if current is not None:
        turn_end(ops, current)
    clock.turn += 1
    ops.say(f"{name} enters: {name}'s turn")
    _begin_entered(ops, cid)


def place_new(ops: Ops, cid: str) -> None:
    """A creature added after the start joins the order at its initiative."""
    model = ops.rs.time.model
    if model is TimeModel.TIME_COUNT:
        roll_initiative(ops, cid)
        c = ops.changing(cid)
        c.next_tc = ops.state.clock.tc + max(c.initiative or 0, 0)
        ops.say(f"{c.name} will act at TC {c.next_tc}")
        return
    if model is TimeModel.FREE_ROUNDS:
        return
    grouped = _group_lead(ops, cid) is not None and ops.peek(cid).initiative is None
    roll_initiative(ops, cid)
    c = ops.changing(cid)
    if not grouped:
        c.tiebreak = ops.rng.random()
    _with_group(ops, cid)
    key = sort_key(c, ops.rs)
    order = ops.order()
    pos = len(order)
    for i, slot in enumerate(order):
        if slot.cid in ops.state.combatants and sort_key(ops.peek(slot.cid), ops.rs) > key:
            pos = i
            break
    order.insert(pos, Slot(cid=cid))
    if pos <= ops.state.clock.turn:
        ops.clock().turn += 1
        c.turn_round = ops.state.clock.round  # its place this round has passed
        ops.say(f"{c.name} joins the order; first turn next round")


def drop(ops: Ops, cid: str) -> None:
    """Take a removed creature out of the order and the waiting list."""
    order = ops.order()
    for i in range(len(order) - 1, -1, -1):
        if order[i].cid == cid:
            del order[i]
            if i <= ops.state.clock.turn:
                ops.clock().turn -= 1
    if cid in ops.state.waiting:
        ops.waiting().remove(cid)
    for p in [p for p in ops.state.prompts if p.cid == cid]:
        ops.prompts().remove(p)
    for r in [r for r in ops.state.ready if cid in (r.cid, r.target)]:
        ops.ready().remove(r)
