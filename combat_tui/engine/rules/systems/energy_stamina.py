"""Hooks for the `energy-stamina` ruleset: what its data cannot say.

- A Death roll is called for only by damage that reaches the body: a hit on a creature whose Aura
  is already 0, or the part of a hit that goes past what Aura was left. A hit that only just empties
  Aura calls for none. Non-lethal damage (`dmg NAME N non-lethal`) that reaches the body queues the
  non-lethal table instead of the Death roll.
- Conditions tagged `no-stamina` (Shaken, Exhausted) forbid spending Stamina: an action with a
  Stamina cost is refused while one stands. (The GM's own `spend` is not checked.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from combat_tui.engine.rules import hooks
from combat_tui.engine.state.errors import CommandError

if TYPE_CHECKING:
    from combat_tui.engine.rules.ops import Ops
    from combat_tui.engine.ruleset import ActionDef

AURA = "aura"
STAMINA = "stamina"
NON_LETHAL = "non-lethal"
DEATH_ROLL = "death-roll"
NON_LETHAL_TABLE = "non-lethal-at-zero"
NO_STAMINA_TAG = "no-stamina"


class Hooks(hooks.Hooks):
    needs = hooks.Needs(pools=frozenset({AURA, STAMINA}), tables=frozenset({DEATH_ROLL, NON_LETHAL_TABLE}))

    def damage(self, ops: Ops, cid: str, amount: int, dtype: str | None) -> None:
        aura_before = ops.peek(cid).pools[AURA].current
        super().damage(ops, cid, amount, dtype)
        if cid not in ops.state.combatants or amount <= max(aura_before, 0):
            return
        if dtype == NON_LETHAL:
            ops.queue_prompt(cid, NON_LETHAL_TABLE, "non-lethal damage with no Aura left")
        else:
            ops.queue_prompt(cid, DEATH_ROLL, "damage with no Aura left")

    def act(self, ops: Ops, cid: str, action: ActionDef) -> None:
        if STAMINA not in action.cost:
            return
        c = ops.peek(cid)
        if ops.eval(action.cost[STAMINA], c) <= 0:
            return
        for cs in c.conditions:
            cd = ops.rs.condition(cs.id)
            if NO_STAMINA_TAG in cd.tags:
                # raised after payment: the command is rolled back whole
                raise CommandError(f"{c.name} cannot spend Stamina while {cd.name}")
