"""A creature's own action that calls for a save (a breath weapon): paid for as its other actions are,
then each target saves as `save` has them (`saves.py`), the damage rolled once; all one change."""

from __future__ import annotations

from ..ruleset import TimeModel
from ..state.model import OwnAction
from . import actions, attacks, recharge
from .ops import Ops
from .saves import SaveCall, save


def use(ops: Ops, cid: str, own: OwnAction, ids: list[str], typed: dict[str, int], sf: str | None = None,
        cls: str | None = None, mod: str | None = None) -> None:
    """Pay for the action, spend it if it recharges, and have every target in `ids` save against it;
    `typed`: the players' totals rolled at the table (creature id -> total)."""
    assert own.save is not None
    c = ops.peek(cid)
    recharge.refuse_spent(c, own)
    ops.require(bool(ids), f"who saves against {own.name}? act {c.name} {own.id} on=NAMES")
    action = attacks.as_action(ops.rs, own)
    actions.pay(ops, cid, action, ids[0] if len(ids) == 1 else None)
    if ops.rs.time.model is TimeModel.TIME_COUNT:
        actions.schedule(ops, cid, action, sf, cls, mod)
    recharge.spend(ops, cid, own)
    names = ", ".join(ops.peek(t).name for t in ids)
    ops.say(f"{c.name}: {own.name} on {names}")
    spec = own.save
    on_pass = spec.on_save if own.damage is not None else None
    save(ops, ids, SaveCall(word=spec.stat, dc=spec.dc, typed=typed, on_pass=on_pass, damage=own.damage,
                            dtype=own.type, more=[(p.damage, p.type) for p in own.plus]))
