"""The clock moving: start, next, hold, delay, enter, and the bookkeeping at each moment."""

from __future__ import annotations

from ..ruleset import Refresh, TimeModel
from ..state.model import Combatant, Expiry, Slot
from . import conditions, persistent, recharge
from .ops import Ops
from .timekeeping import acting_order, cannot_act, current_actor, is_out, sort_key

# -- moments ------------------------------------------------------------------------------------


def turn_start(ops: Ops, cid: str, budgets: bool = True) -> None:
    clock = ops.state.clock
    tc_model = ops.rs.time.model is TimeModel.TIME_COUNT

    def due(e: Expiry) -> bool:
        if e.kind != "turn-start" or e.who != cid:
            return False
        return (e.tc or 0) < clock.tc if tc_model else (e.round or 0) <= clock.round

    conditions.expire(ops, due)
    if budgets:
        ops.refresh(cid, Refresh.TURN_START)
        ops.changing(cid).budget_round = clock.round
        recharge.at_turn_start(ops, cid)
    ops.changing(cid).turn_round = clock.tc if tc_model else clock.round
    ops.run_triggers("turn-start", cid)
    if _turn_of(ops, cid) is None:
        _queue_tables(ops, cid, "start_of_turn", "start of turn")
    for other in _led_by(ops, cid):
        _queue_tables(ops, other.id, "start_of_turn", f"start of {ops.peek(cid).name}'s turn")
    ops.hooks.turn_start(ops, cid)


def _led_by(ops: Ops, cid: str) -> list[Combatant]:
    """The creatures whose turn is this one's for their ongoing effects (`turn_with_source`), in roster order."""
    if not any(cd.turn_with_source for cd in ops.rs.conditions):
        return []
    led = [c for c in ops.state.combatants.values() if c.conditions and c.id != cid and _turn_of(ops, c.id) == cid]
    return sorted(led, key=lambda c: c.seq)


def _turn_of(ops: Ops, cid: str) -> str | None:
    """The creature whose turn start brings this one's start-of-turn effects, when not its own: the
    source of a `turn_with_source` condition (the last creature to Command a companion)."""
    for cs in ops.peek(cid).conditions:
        if cs.source and cs.source != cid and cs.source in ops.state.combatants \
                and ops.rs.condition(cs.id).turn_with_source:
            return cs.source
    return None


def turn_end(ops: Ops, cid: str) -> None:
    clock = ops.state.clock
    tc_model = ops.rs.time.model is TimeModel.TIME_COUNT

    def due(e: Expiry) -> bool:
        if e.kind != "turn-end" or e.who != cid:
            return False
        return (e.tc or 0) <= clock.tc if tc_model else (e.round or 0) <= clock.round

    conditions.expire(ops, due)
    if _turn_of(ops, cid) is None:
        ops.run_triggers("turn-end", cid)
        _queue_tables(ops, cid, "end_of_turn", "end of turn")
        persistent.turn_end(ops, cid)
    for other in _led_by(ops, cid):  # a companion's end-of-turn effects (a flier falls) with its commander's
        ops.run_triggers("turn-end", other.id)
        _queue_tables(ops, other.id, "end_of_turn", f"end of {ops.peek(cid).name}'s turn")
        persistent.turn_end(ops, other.id)


def round_start(ops: Ops) -> None:
    free = ops.rs.time.model is TimeModel.FREE_ROUNDS
    for c in ops.state.roster():
        if is_out(c, ops.rs):
            continue
        ops.refresh(c.id, Refresh.ROUND_START)
        ops.run_triggers("round-start", c.id)
        _queue_tables(ops, c.id, "round_start", f"round {ops.state.clock.round}")
        if free:
            _queue_tables(ops, c.id, "start_of_turn", f"round {ops.state.clock.round}")


def round_end(ops: Ops) -> None:
    rnd = ops.state.clock.round

    def due(e: Expiry) -> bool:
        if e.kind == "round-end":
            return (e.round or 0) <= rnd
        # measured by a creature that is gone or out: no turn of its will end it, so the round does
        return e.kind in ("turn-start", "turn-end") and (e.round or 0) <= rnd and _orphan(ops, e.who)

    conditions.expire(ops, due)
    for c in ops.state.roster():
        ops.run_triggers("round-end", c.id)
        if ops.rs.time.model is TimeModel.FREE_ROUNDS and c.id in ops.state.combatants \
                and not is_out(ops.peek(c.id), ops.rs):  # no turns: the round's end is its turn's
            _queue_tables(ops, c.id, "end_of_turn", f"end of round {ops.state.clock.round}")
            persistent.turn_end(ops, c.id)


def _orphan(ops: Ops, who: str | None) -> bool:
    c = ops.state.combatants.get(who or "")
    return c is None or is_out(c, ops.rs)


def _queue_tables(ops: Ops, cid: str, field: str, reason: str) -> None:
    standing = {cs.id for cs in ops.peek(cid).conditions}
    for cd in ops.rs.conditions:  # file order: Bleeding before other continuous effects
        table = getattr(cd, field)
        if cd.id in standing and table:
            ops.queue_prompt(cid, table, f"{cd.name}, {reason}", condition=cd.id)


# -- start ----------------------------------------------------------------------------------------


def _group_lead(ops: Ops, cid: str) -> str | None:
    """Another member of this creature's group that has its initiative already: the group's roll."""
    c = ops.peek(cid)
    if c.group is None:
        return None
    return next((o.id for o in ops.state.roster() if o.group == c.group and o.id != cid and o.initiative is not None),
                None)


def _with_group(ops: Ops, cid: str) -> None:
    """A group member on its group's initiative (given, not rolled: `add Ghoul x4 init=12`) takes its
    tiebreak too, so no other creature on that count comes between them."""
    c = ops.peek(cid)
    lead = next((o for o in ops.state.roster() if c.group is not None and o.group == c.group), None)
    if lead is not None and lead.id != cid and lead.initiative == c.initiative and lead.tiebreak != c.tiebreak:
        ops.changing(cid).tiebreak = lead.tiebreak


def roll_initiative(ops: Ops, cid: str) -> None:
    c = ops.peek(cid)
    t = ops.rs.time
    lead = _group_lead(ops, cid) if c.initiative is None else None
    if lead is not None:  # one roll for the group, and one tiebreak, so its members stay together
        other = ops.peek(lead)
        ops.changing(cid).initiative, ops.changing(cid).tiebreak = other.initiative, other.tiebreak
        return
    formula = t.npc_initiative if (c.side == "npc" and t.npc_initiative) else t.initiative
    if c.initiative is None and c.surprised and t.surprise.initiative is not None:  # instead of the roll
        value = ops.amount(t.surprise.initiative, c)
        ops.changing(cid).initiative = value
        ops.say(f"{c.name} is surprised: initiative {value}")
    elif c.initiative is None and formula:
        value = ops.roll(formula, c).total
        ops.changing(cid).initiative = value
        ops.say(f"{c.name} rolls initiative: {value}")
    if c.surprised and t.surprise.initiative_penalty:
        penalty = ops.roll(t.surprise.initiative_penalty, c).total
        ops.changing(cid).initiative = (c.initiative or 0) + penalty
        ops.say(f"{c.name} is surprised: initiative +{penalty} = {c.initiative}")


def start(ops: Ops) -> None:
    ops.require(not ops.state.clock.started, "the encounter has already started")
    ops.require(bool(ops.state.combatants), "add some creatures first")
    rs = ops.rs
    for c in ops.state.roster():
        if not c.surprised and rs.time.surprise.condition and c.has(rs.time.surprise.condition):
            ops.changing(c.id).surprised = True  # given with `cond` before the start: the same as `add ... surprised`
        grouped = _group_lead(ops, c.id) is not None and c.initiative is None
        roll_initiative(ops, c.id)
        if not grouped:
            ops.changing(c.id).tiebreak = ops.rng.random()
        _with_group(ops, c.id)
    clock = ops.clock()
    clock.started = True
    if rs.time.model is TimeModel.TURN_ORDER:  # the order first: durations are measured against it
        ordered = sorted(ops.state.roster(), key=lambda c: sort_key(c, rs))
        ops.order()[:] = [Slot(cid=c.id) for c in ordered]
    for c in ops.state.roster():
        if rs.time.start_condition:
            conditions.add(ops, c.id, rs.time.start_condition, anchor=c.id)
        if c.surprised and rs.time.surprise.condition and not c.has(rs.time.surprise.condition):
            conditions.add(ops, c.id, rs.time.surprise.condition, anchor=c.id)
    if rs.time.model is TimeModel.TIME_COUNT:
        clock.round = 0
        for c in ops.state.roster():
            ops.changing(c.id).next_tc = c.initiative or 0
        ops.say("Combat starts.")
        _advance_tc(ops)
        return
    clock.round = 1
    if rs.time.model is TimeModel.TURN_ORDER:
        ordered = [ops.peek(s.cid) for s in ops.state.order]
        ops.say("Combat starts. Order: " + ", ".join(f"{c.name} ({c.initiative})" for c in ordered))
    else:
        ops.say("Combat starts: round 1.")
    round_start(ops)
    if rs.time.model is TimeModel.TURN_ORDER:
        clock.turn = -1
        _next_turn(ops)


# -- next ----------------------------------------------------------------------------------------


def next_(ops: Ops) -> None:
    ops.require(ops.state.clock.started, "the encounter has not started: `start` first")
    for p in ops.state.prompts:  # passed with a prompt waiting: the log says it was left undone
        who = ops.state.combatants.get(p.cid)
        if who is not None:
            ops.say(f"Left waiting: {who.name} — {ops.rs.table(p.table).name}")
    model = ops.rs.time.model
    if model is TimeModel.TIME_COUNT:
        for c in acting_order(ops.state, ops.rs):
            due = c.next_tc == ops.state.clock.tc
            if due and not c.acted:
                ops.changing(c.id).next_tc = ops.state.clock.tc + 1
                ops.say(f"{c.name} waits a TC")
            if due or c.acted:  # this TC's actors, whether they acted (and moved on) or wait
                turn_end(ops, c.id)
                ops.changing(c.id).acted = False
        _advance_tc(ops)
    elif model is TimeModel.FREE_ROUNDS:
        _new_round(ops)
    else:
        cid = current_actor(ops.state)
        if cid is not None:
            turn_end(ops, cid)
        _next_turn(ops)


def _new_round(ops: Ops) -> None:
    round_end(ops)
    clock = ops.clock()
    clock.round += 1
    ops.say(f"Round {clock.round}.")
    if ops.rs.time.reroll and ops.rs.time.model is TimeModel.TURN_ORDER:
        _reroll(ops)
    round_start(ops)


def _reroll(ops: Ops) -> None:
    """Initiative rolled again by every creature but a fixed entry (a group once), and the order made again."""
    t = ops.rs.time
    again = [c for c in ops.state.roster() if not c.fixed and (t.initiative or t.npc_initiative)]
    for c in again:
        ops.changing(c.id).initiative = None
    for c in again:
        lead = _group_lead(ops, c.id)
        mc = ops.changing(c.id)
        if lead is not None:  # the group's one roll and tiebreak
            mc.initiative, mc.tiebreak = ops.peek(lead).initiative, ops.peek(lead).tiebreak
            continue
        formula = t.npc_initiative if (c.side == "npc" and t.npc_initiative) else t.initiative
        mc.initiative, mc.tiebreak = ops.roll(formula or "0", c).total, ops.rng.random()
    ops.order().sort(key=lambda s: sort_key(ops.peek(s.cid), ops.rs))
    ops.say("Initiative again: " + ", ".join(f"{ops.peek(s.cid).name} ({ops.peek(s.cid).initiative})"
                                             for s in ops.state.order if not s.ghost))


def _skips(ops: Ops, cid: str) -> str | None:
    c = ops.peek(cid)
    if is_out(c, ops.rs):
        return "out"
    if c.surprised and ops.rs.time.surprise.skip_round_1 and ops.state.clock.round == 1:
        return "surprised"
    return None


def _can_act_some_round(ops: Ops) -> bool:
    return any(not s.ghost and s.cid in ops.state.combatants and not is_out(ops.peek(s.cid), ops.rs)
               for s in ops.state.order)


def _next_turn(ops: Ops) -> None:
    """Move to the next slot that acts, running the bookkeeping of each slot passed."""
    if not _can_act_some_round(ops):
        ops.say("Nobody in the order can act: add or enter someone, then `next`.")
        return
    clock = ops.clock()
    for _ in range(2 * len(ops.state.order) + 2):
        clock.turn += 1
        if clock.turn >= len(ops.state.order):
            _new_round(ops)
            clock.turn = 0
        if not ops.state.order:
            return
        slot = ops.state.order[clock.turn]
        reason = _skips(ops, slot.cid)
        if reason == "out":
            _pass_place(ops, slot.cid)
            continue
        name = ops.peek(slot.cid).name
        if reason == "surprised":
            ops.say(f"{name} is surprised and does not act in round 1")
            continue
        if slot.ghost:
            ops.say(f"{name} (delaying): start-of-turn effects")
            turn_start(ops, slot.cid, budgets=False)
            continue
        ops.say(f"Round {clock.round}: {name}'s turn")
        _begin_entered(ops, slot.cid)
        skipping = [cs for cs in ops.peek(slot.cid).conditions if ops.rs.condition(cs.id).skip_turn]
        if skipping:
            ops.say(f"{name} cannot act ({ops.rs.condition(skipping[0].id).name}): `next` to go on")
        return
    ops.say("Nobody can act.")


def _pass_place(ops: Ops, cid: str) -> None:
    """The order passes the place of a creature out of the fight: what its turns measure ("1 round":
    until every other creature has had a turn) ends here, as it would have at its turn."""
    rnd = ops.state.clock.round
    conditions.expire(ops, lambda e: e.kind in ("turn-start", "turn-end") and e.who == cid and (e.round or 0) <= rnd)


def hand_over(ops: Ops, cid: str) -> None:
    """A creature leaving the encounter: what its turns measured is measured from its place, i.e. the
    start of the next creature's turn after it (in the next round when it was last)."""
    order = ops.state.order
    idx = next((i for i, s in enumerate(order) if s.cid == cid), None)
    others = [(i, s.cid) for i, s in enumerate(order) if s.cid != cid]
    if ops.rs.time.model is not TimeModel.TURN_ORDER or idx is None or not others:
        return  # the round's end settles it (round_end: orphans)
    after = next(((i, who) for i, who in others if i > idx), None)
    wrap = after is None
    heir = (after or others[0])[1]
    for c in ops.state.roster():
        for cs in c.conditions:
            e = cs.ends
            if e is not None and e.who == cid and e.kind in ("turn-start", "turn-end") and e.round is not None:
                ops.changing(c.id)
                cs.ends = Expiry(kind="turn-start", who=heir, round=e.round + (1 if wrap else 0))


def _advance_tc(ops: Ops) -> None:
    """Move the clock to the next TC with actors; if their start-of-turn bookkeeping moves them all
    on (knocked out cold), keep going."""
    for _ in range(1000):
        if _advance_tc_once(ops):
            return


def catch_up(ops: Ops) -> None:
    """A creature back in the fight (healed from dead, woken) whose TC went by while it was out acts
    now: the clock never runs back, and the order never shows a turn in the past."""
    state = ops.state
    if ops.rs.time.model is not TimeModel.TIME_COUNT or not state.clock.started:
        return
    can_act = {c.id for c in acting_order(state, ops.rs)}
    for cid in ops.tx.touched_combatants():
        c = state.combatants.get(cid)
        if c is not None and c.next_tc is not None and c.next_tc < state.clock.tc and cid in can_act:
            ops.changing(cid).next_tc = state.clock.tc
            ops.say(f"{c.name} is back in the fight: acts at TC {state.clock.tc}")


def _advance_tc_once(ops: Ops) -> bool:
    living = [c for c in acting_order(ops.state, ops.rs) if c.next_tc is not None]
    if not living:
        ops.say("Nobody can act.")
        return True
    now = ops.state.clock.tc
    for c in living:
        if (c.next_tc or 0) < now:  # back in the fight after its TC went by: due now, the clock never runs back
            ops.changing(c.id).next_tc = now
    clock = ops.clock()
    clock.tc = max(min(c.next_tc or 0 for c in acting_order(ops.state, ops.rs) if c.next_tc is not None), now)
    tc = clock.tc
    # one that cannot act (paralyzed) keeps pace with the clock: its turns pass by, ending what lasts to them
    stuck = {c.id for c in ops.state.roster()
             if c.next_tc is not None and not is_out(c, ops.rs) and cannot_act(c, ops.rs)}
    for cid in stuck:
        if (ops.peek(cid).next_tc or 0) < tc:
            ops.changing(cid).next_tc = tc

    def due(e: Expiry) -> bool:
        if e.kind == "tc":
            return (e.tc or 0) <= tc
        if e.kind == "turn-start" and (_orphan(ops, e.who) or e.who in stuck):
            who = ops.state.combatants.get(e.who or "")
            return who is None or who.next_tc is None or (e.tc or 0) < who.next_tc <= tc
        return False

    conditions.expire(ops, due)
    ops.hooks.tc_start(ops)
    actors = [c for c in acting_order(ops.state, ops.rs) if c.next_tc == tc]
    ops.say(f"TC {tc}: " + ", ".join(c.name for c in actors) + (" act together" if len(actors) > 1 else ""))
    for c in actors:
        ops.changing(c.id).acted = False
        turn_start(ops, c.id)
    return any(c.next_tc == tc for c in acting_order(ops.state, ops.rs))


def _begin_entered(ops: Ops, cid: str) -> None:
    """A re-entering creature's turn: the whole start if it has not had one this round; if a delay
    already ran its start-of-turn effects at the old place, only its budget refreshes."""
    rnd = ops.state.clock.round
    c = ops.peek(cid)
    if c.turn_round < rnd:
        turn_start(ops, cid)
    elif c.budget_round < rnd:
        ops.refresh(cid, Refresh.TURN_START)
        ops.changing(cid).budget_round = rnd
