"""The public JSON view of an encounter (`combat-tui show --json`); documented in docs/json-view.md."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .rules.timekeeping import acting_order, active, elapsed_seconds, remaining
from .ruleset import TimeModel

if TYPE_CHECKING:
    from .ruleset import RulesetDef
    from .state.document import EncounterDoc
    from .state.model import Combatant, State

VIEW_VERSION = 1


def combatant_view(state: State, rs: RulesetDef, c: Combatant) -> dict[str, Any]:
    out: dict[str, Any] = {
        "name": c.name,
        "side": c.side.value,
        "initiative": c.initiative,
    }
    if rs.time.model is TimeModel.TIME_COUNT:
        out["next_tc"] = c.next_tc
    out["pools"] = {pid: {"current": p.current, "max": p.max} for pid, p in c.pools.items()}
    conds = []
    for cs in c.conditions:
        try:
            cname = rs.condition(cs.id).name
        except KeyError:
            cname = cs.id
        src = state.combatants.get(cs.source or "")
        conds.append({
            "name": cname,
            "id": cs.id,
            "value": cs.value,
            "remaining": remaining(cs.ends, state),
            "source": src.name if src else None,
            "implied": not cs.direct,
        } | ({"damage": {"dice": cs.dice, "type": cs.dtype}} if cs.dice else {}))
    out["conditions"] = conds
    out["stats"] = dict(c.stats)
    if c.injuries:
        out["injuries"] = dict(c.injuries)
    if c.treated:
        out["treated"] = dict(c.treated)
    for key, have in (("resist", c.resist), ("weak", c.weak), ("immune", c.immune)):
        if have:  # only where the ruleset's damage step reads them and the creature has some
            out[key] = dict(have) if isinstance(have, dict) else list(have)
    out["hidden"] = c.hidden
    out["health_shown"] = c.health_shown
    out["notes"] = c.notes
    return out


def encounter_view(doc: EncounterDoc, rs: RulesetDef) -> dict[str, Any]:
    state = doc.state
    started = state.clock.started
    tc_model = rs.time.model is TimeModel.TIME_COUNT
    return {
        "view_version": VIEW_VERSION,
        "ruleset": rs.id,
        "name": doc.name,
        "started": started,
        "round": state.clock.round if started and not tc_model else None,
        "tc": state.clock.tc if started and tc_model else None,
        "elapsed_seconds": elapsed_seconds(state, rs),
        "active": [c.name for c in active(state, rs)],
        "order": [c.name for c in acting_order(state, rs)],
        "waiting": [state.combatants[cid].name for cid in state.waiting if cid in state.combatants],
        "combatants": [combatant_view(state, rs, c) for c in state.roster()],
        "prompts": [
            {"id": p.uid, "creature": state.combatants[p.cid].name, "table": rs.table(p.table).name,
             "reason": p.reason}
            for p in state.prompts if p.cid in state.combatants
        ],
        "options": {o.id: state.options.get(o.id, o.default) for o in rs.options},
        "log": {"events": doc.cursor, "undone": len(doc.log) - doc.cursor},
    }
