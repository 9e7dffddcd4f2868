"""Who acts now, in what order, and when a duration ends: the three time models' read-only side."""

from __future__ import annotations

from ..ruleset import RulesetDef, TimeModel
from ..state.model import Combatant, Expiry, State

OUT_TAG = "out"  # a condition with this tag (or the id "dead") takes a creature out of the acting order


DEAD_IDS = ("dead", "destroyed")  # out for good, not only out of the fight (unconscious)


def is_dead(c: Combatant) -> bool:
    return any(cond.id in DEAD_IDS for cond in c.conditions)


def is_out(c: Combatant, rs: RulesetDef) -> bool:
    for cond in c.conditions:
        if cond.id == "dead":
            return True
        try:
            if OUT_TAG in rs.condition(cond.id).tags:
                return True
        except KeyError:
            continue
    return False


_SKIPPING: dict[int, tuple[RulesetDef, frozenset[str]]] = {}


def cannot_act(c: Combatant, rs: RulesetDef) -> bool:
    """A condition skips its turns (paralyzed, turned to stone)."""
    hit = _SKIPPING.get(id(rs))
    if hit is None or hit[0] is not rs:  # the ids worked out once a ruleset: the order asks for every creature
        hit = _SKIPPING[id(rs)] = (rs, frozenset(cd.id for cd in rs.conditions if cd.skip_turn))
    return any(cond.id in hit[1] for cond in c.conditions)


def current_actor(state: State) -> str | None:
    """The creature whose turn it is (turn order), or None."""
    clock = state.clock
    if not clock.started or not (0 <= clock.turn < len(state.order)):
        return None
    slot = state.order[clock.turn]
    return None if slot.ghost else slot.cid


def current_actor_in(state: State, rs: RulesetDef) -> str | None:
    """The creature whose turn it is, unless it has since gone out of the fight."""
    cid = current_actor(state)
    if cid is None or cid not in state.combatants or is_out(state.combatants[cid], rs):
        return None
    return cid


def slot_index(state: State, cid: str) -> int | None:
    for i, slot in enumerate(state.order):
        if slot.cid == cid and not slot.ghost:
            return i
    return None


def sort_key(c: Combatant, rs: RulesetDef) -> tuple[float, int, float, int]:
    """A group shares its initiative and tiebreak, so the last part keeps its members in the order made.
    On a tie: a fixed entry last, then the side the ruleset's `ties` puts first, then the random draw."""
    init = float(c.initiative if c.initiative is not None else 0)
    ties = rs.time.ties
    rank = 2 * c.fixed + (ties != "random" and (c.side == "npc") != (ties == "npc-first"))
    if rs.time.order == "descending":
        return (-init, rank, -c.tiebreak, c.seq)
    return (init, rank, -c.tiebreak, c.seq)


def acting_order(state: State, rs: RulesetDef) -> list[Combatant]:
    model = rs.time.model
    if model is TimeModel.TIME_COUNT:
        # one that cannot act has no turns to come; it acts at once when it can again (`catch_up`)
        living = [c for c in state.roster() if not is_out(c, rs) and not cannot_act(c, rs)]
        return sorted(living, key=lambda c: (c.next_tc if c.next_tc is not None else 1 << 30, *sort_key(c, rs)))
    if model is TimeModel.FREE_ROUNDS:
        return [c for c in state.roster() if not is_out(c, rs)]
    if not state.clock.started:
        return sorted(state.roster(), key=lambda c: sort_key(c, rs))
    slots = (state.combatants[s.cid] for s in state.order if not s.ghost and s.cid in state.combatants)
    return [c for c in slots if not is_out(c, rs)]


def active(state: State, rs: RulesetDef) -> list[Combatant]:
    """Who is acting now: one creature, several on a shared TC, or everyone in a free round."""
    if not state.clock.started:
        return []
    model = rs.time.model
    if model is TimeModel.TIME_COUNT:
        return [c for c in acting_order(state, rs) if c.next_tc == state.clock.tc]
    if model is TimeModel.FREE_ROUNDS:
        return acting_order(state, rs)
    cid = current_actor_in(state, rs)
    return [state.combatants[cid]] if cid else []


def remaining(exp: Expiry | None, state: State) -> int | None:
    """Rounds (or TC) left: 0 means it ends this round (or on this TC)."""
    if exp is None or exp.kind in ("short-rest", "long-rest"):
        return None
    if exp.kind == "tc":
        return max((exp.tc or 0) - state.clock.tc, 0)
    if exp.round is None:  # a time-count turn boundary: until that creature's next TC
        who = state.combatants.get(exp.who or "")
        if who is None or who.next_tc is None:
            return None
        return max(who.next_tc - state.clock.tc, 0)
    return max(exp.round - max(state.clock.round, 1), 0)


def left_words(left: int, unit: str) -> str:
    """What a condition has left, as a GM says it: `ends this round`, `1 rd left`, `4 TC left`."""
    if left <= 0:
        return "ends this TC" if unit == "TC" else "ends this round"
    return f"{left} {unit} left"


def describe(exp: Expiry | None, state: State) -> str:
    if exp is None:
        return "until removed"
    who = state.combatants.get(exp.who or "")
    name = who.name if who else "?"
    if exp.kind == "tc":
        return f"until TC {exp.tc}"
    if exp.kind in ("short-rest", "long-rest"):
        return f"until a {exp.kind.replace('-', ' ')}"
    if exp.kind == "round-end":
        return f"to end of round {exp.round}"
    edge = "start" if exp.kind == "turn-start" else "end"
    if exp.round is None:
        return f"to {edge} of {name}'s next turn"
    return f"to {edge} of {name}'s turn, round {exp.round}"


def stamp(state: State, rs: RulesetDef) -> str:
    if not state.clock.started:
        return "setup"
    if rs.time.model is TimeModel.TIME_COUNT:
        return f"TC {state.clock.tc}"
    cid = current_actor(state)
    who = f" {state.combatants[cid].name}" if cid and cid in state.combatants else ""
    return f"R{state.clock.round}{who}"


def elapsed_seconds(state: State, rs: RulesetDef) -> float:
    if not state.clock.started:
        return 0.0
    if rs.time.model is TimeModel.TIME_COUNT:
        return state.clock.tc * (rs.time.tc_seconds or 0.5)
    return (state.clock.round - 1) * (rs.time.round_seconds or 6.0)
