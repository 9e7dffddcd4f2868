"""Acting: act, spend, gain, dmg, heal."""

from __future__ import annotations

from .. import actions
from ..amounts import amount
from ..errors import CommandError
from ..ops import Ops
from ..ruleset import PoolDef, TimeModel
from ..targets import pick
from .common import need, one_creature, pick_action, pick_pool, targets
from .spec import command

_ACT = "act NAMES ACTION [on=NAME] | sf=N | class=NAME [mod=N]"
_ACT_WORDS = {"on": "the creature the action is used on", "sf": "time count: the speed factor to the next TC",
              "class": "time count: a speed class, rolled for PCs", "mod": "time count: added to the speed factor"}


@command("act", _ACT, "spend an action's cost (and apply it on=NAME) or schedule the next TC", words=_ACT_WORDS,
         args=("names", "action"))
def _act(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    need_after = 0 if ("sf" in kw or "class" in kw) else 1
    ids, rest = targets(ops, args, need_after)
    action = pick_action(ops, " ".join(rest)) if rest else None
    if action is None and "sf" not in kw and "class" not in kw:
        raise CommandError(f"usage: {_ACT}")
    target = one_creature(ops, kw["on"]) if "on" in kw else None
    for cid in ids:
        before = ops.names(ops.peek(cid))  # its speed is read as it was when it set about the action
        if action is not None:
            actions.pay(ops, cid, action, target)
        if ops.rs.time.model is TimeModel.TIME_COUNT:
            actions.schedule(ops, cid, action, kw.get("sf"), kw.get("class"), kw.get("mod"), before)


def _pool_amount(ops: Ops, args: list[str], verb: str, other: str) -> tuple[list[str], PoolDef, int]:
    """NAMES POOL N, shared by spend and gain."""
    ids, rest = targets(ops, args, 2)
    need(rest, 2, f"{verb} NAMES POOL N")
    pd = pick_pool(ops, rest[0])
    n = amount(ops, rest[1], "amount")
    ops.require(n >= 0, f"{verb} a positive amount (use {other})")
    return ids, pd, n


@command("spend", "spend NAMES POOL N", "spend from a pool (refused below its floor)", args=("names", "pool"))
def _spend(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    ids, pd, n = _pool_amount(ops, args, "spend", "gain to add")
    for cid in ids:
        c = ops.peek(cid)
        cur = c.pools[pd.id].current
        ops.require(cur - n >= ops.eval(pd.floor, c), f"{c.name} has only {cur} {pd.name}")
        ops.set_pool(cid, pd.id, cur - n)


@command("gain", "gain NAMES POOL N", "add to a pool (up to its max)", args=("names", "pool"))
def _gain(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    ids, pd, n = _pool_amount(ops, args, "gain", "spend to take away")
    for cid in ids:
        ops.set_pool(cid, pd.id, ops.peek(cid).pools[pd.id].current + n)


@command("dmg", "dmg NAMES N [TYPE]", "deal damage through the ruleset's rules; dice are rolled once for all targets",
         args=("names", "amount", "damage-type"))
def _dmg(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    ids, rest = targets(ops, args, 1)
    need(rest, 1, "dmg NAMES N [TYPE]")
    n = amount(ops, rest[0], "damage")
    ops.require(n >= 0, "damage cannot be negative (use heal)")
    dtype = None
    if len(rest) > 1:
        types = ops.rs.damage.types
        dtype = pick("damage type", rest[1], ((t, t, t) for t in types)) if types else rest[1].lower()
    for cid in ids:
        ops.damage(cid, n, dtype)


@command("heal", "heal NAMES N", "heal through the ruleset's rules; dice are rolled once for all",
         args=("names", "amount"))
def _heal(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    ids, rest = targets(ops, args, 1)
    need(rest, 1, "heal NAMES N")
    n = amount(ops, rest[0], "healing")
    ops.require(n >= 0, "healing cannot be negative (use dmg)")
    for cid in ids:
        ops.heal(cid, n)
