"""Hooks for the `body-injury` ruleset: what its data cannot say.

- Bleed damage (`dmg NAME N bleed`) is not taken off Stamina: it adds to the creature's standing
  Bleed total, which is part of the DC of an unconscious creature's CON save. Damage triggers still
  run afterwards, so an unconscious creature is prompted for that save.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from combat_tui.engine.rules import hooks

if TYPE_CHECKING:
    from combat_tui.engine.rules.ops import Ops


class Hooks(hooks.Hooks):
    needs = hooks.Needs(pools=frozenset({"bleed"}))

    def damage(self, ops: Ops, cid: str, amount: int, dtype: str | None) -> None:
        if dtype != "bleed":
            super().damage(ops, cid, amount, dtype)
            return
        c = ops.peek(cid)
        if "bleed" not in c.pools:
            super().damage(ops, cid, amount, dtype)
            return
        old = c.pools["bleed"].current
        new = ops.set_pool(cid, "bleed", old + max(amount, 0), quiet=True)
        ops.say(f"{c.name} takes {amount} bleed damage: Bleed {old} → {new}")
