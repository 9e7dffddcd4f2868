"""Recharge: an own action with `recharge = N` is spent when used, and comes back when a d6 rolled at the
start of its creature's turn shows N or more (or when the GM readies it by hand: `recharge NAME ACTION`).
A spent action is marked in the creature's `uses`, so a save keeps it and undo takes it back."""

from __future__ import annotations

from ..state.errors import CommandError
from ..state.model import Combatant, OwnAction
from .ops import Ops


def _key(own: OwnAction) -> str:
    return f"recharge:{own.id}"


def spent(c: Combatant, own: OwnAction) -> bool:
    return own.recharge is not None and c.uses.get(_key(own), 0) > 0


def _needs(own: OwnAction) -> str:
    return f"a {own.recharge}" if own.recharge == 6 else f"a {own.recharge} or more"


def refuse_spent(c: Combatant, own: OwnAction) -> None:
    if spent(c, own):
        raise CommandError(f"{c.name}'s {own.name} is spent: it comes back on {_needs(own)} on a d6 at the start "
                           f"of its turn (recharge {c.name} {own.name}: ready it now)")


def spend(ops: Ops, cid: str, own: OwnAction) -> None:
    if own.recharge is not None:
        ops.changing(cid).uses[_key(own)] = 1


def at_turn_start(ops: Ops, cid: str) -> None:
    """Each spent action of the creature rolls its d6; the roll goes into the log."""
    for own in ops.peek(cid).actions:
        c = ops.peek(cid)
        if not spent(c, own):
            continue
        assert own.recharge is not None
        r = ops.roll("1d6", c)
        back = r.total >= own.recharge
        if back:
            del ops.changing(cid).uses[_key(own)]
        ops.say(f"{c.name}: {own.name} recharge, d6 {r.total} (needs {own.recharge}"
                f"{'' if own.recharge == 6 else '+'}): " + ("ready again" if back else "still spent"))


def ready_by_hand(ops: Ops, cid: str, own: OwnAction) -> None:
    c = ops.peek(cid)
    if own.recharge is None:
        raise CommandError(f"{c.name}'s {own.name} does not recharge: it is never spent")
    if not spent(c, own):
        raise CommandError(f"{c.name}'s {own.name} is ready already")
    del ops.changing(cid).uses[_key(own)]
    ops.say(f"{c.name}: {own.name} is ready again, the GM says")
