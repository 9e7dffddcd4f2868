"""Links between creatures: a condition that ends when its source (`from=`) loses a condition or gains
one (`ends_when_source_loses`, `ends_when_source_gains`): Hold Person's paralysis ends with the caster's
Concentration, a grab when the grabber is Incapacitated. Found here; `conditions` removes them."""

from __future__ import annotations

from ..ruleset import RulesetDef
from ..state.model import Combatant, ConditionState
from .ops import Ops

_WATCHED: dict[int, tuple[RulesetDef, frozenset[str], frozenset[str]]] = {}


def _watched(rs: RulesetDef) -> tuple[frozenset[str], frozenset[str]]:
    """The conditions whose loss, and whose gain, ends some other: worked out once a ruleset, so that a
    ruleset without links looks at no creature when a condition comes or goes."""
    hit = _WATCHED.get(id(rs))
    if hit is None or hit[0] is not rs:
        hit = _WATCHED[id(rs)] = (rs, frozenset(x for cd in rs.conditions for x in cd.ends_when_source_loses),
                                  frozenset(x for cd in rs.conditions for x in cd.ends_when_source_gains))
    return hit[1], hit[2]


def linked(ops: Ops, source: str, cond_id: str, gained: bool) -> list[tuple[Combatant, ConditionState]]:
    """The conditions given from `source` that end now that it lost (or gained) `cond_id`."""
    if cond_id not in _watched(ops.rs)[1 if gained else 0]:
        return []
    found = []
    for c in ops.state.combatants.values():
        for cs in c.conditions:
            if cs.source != source:
                continue
            cd = ops.rs.condition(cs.id)
            if cond_id in (cd.ends_when_source_gains if gained else cd.ends_when_source_loses):
                found.append((c, cs))
    return found


def cut_at_birth(ops: Ops, cs: ConditionState) -> str | None:
    """The source's condition that ends a condition as soon as it is given (a grab by an Incapacitated
    grabber), or None."""
    if cs.source is None or cs.source not in ops.state.combatants:
        return None
    ends_on = ops.rs.condition(cs.id).ends_when_source_gains
    return next((x.id for x in ops.peek(cs.source).conditions if x.id in ends_on), None)


def why(ops: Ops, source: str, cond_id: str, gained: bool) -> str:
    """The log's words for the end: "ends with Mage's Concentration", "ends: Ogre is Incapacitated"."""
    name, cond = ops.peek(source).name, ops.rs.condition(cond_id).name
    return f"ends: {name} is {cond}" if gained else f"ends with {name}'s {cond}"
