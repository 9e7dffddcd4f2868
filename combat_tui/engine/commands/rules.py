"""The ruleset's readings and rests: set, rest."""

from __future__ import annotations

from ..rules import conditions
from ..rules.amounts import amount
from ..rules.injuries import care_prompts
from ..rules.ops import Ops
from ..rules.rest_words import pools_of, report
from ..ruleset import Refresh
from ..state.targets import creatures, pick
from ..words import humane
from .common import need, no_extra
from .keeping import SIDES, rest_party
from .spec import arg, command


@command("set", "change one of the ruleset's readings for this encounter (set OPTION=VALUE too)",
         args=(arg("option"), arg("amount", "VALUE", "a value")), raw=True)
def _set(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    if len(args) == 1 and "=" in args[0]:  # `set OPTION=VALUE` reads as `set OPTION VALUE`
        args = args[0].split("=", 1)
    need(args, 2, "set")
    no_extra(args[2:], "set")
    opt = pick("option", args[0], ((o.id, o.id, o) for o in ops.rs.options))
    value = amount(ops, args[1], "value")
    ops.options()[opt.id] = value
    ops.say(f"Option {opt.name or humane(opt.id)} = {value} ({opt.description})")


@command("rest", "refresh what a short or long rest refreshes; @PARTY: a party "
         "of your library between fights, as the last fight left it",
         args=(arg("rest"), arg("names", "NAMES|@PARTY", optional=True)))
def _rest(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    need(args, 1, "rest")
    kind = {"short": Refresh.SHORT_REST, "long": Refresh.LONG_REST}.get(args[0].lower())
    ops.require(kind is not None, "rest short or rest long")
    assert kind is not None
    if len(args) == 2 and args[1].startswith("@") and args[1].lower() not in SIDES:
        rest_party(ops, args[0].lower(), args[1])
        return
    # time passes for everyone: what ends at a rest ends on the dead too, so a rest reaches them
    ids = creatures(ops.state, " ".join(args[1:])) if len(args) > 1 else [c.id for c in ops.state.roster()]
    ends = ("short-rest",) if kind is Refresh.SHORT_REST else ("short-rest", "long-rest")
    chosen = set(ids)
    start, before = len(ops.lines), pools_of(ops, ids)
    for cid in ids:
        if kind is Refresh.LONG_REST:  # a day has passed: untreated injuries may worsen
            care_prompts(ops, cid, "untreated")
        ops.refresh(cid, kind)
    conditions.expire(ops, lambda e: e.kind in ends, only=chosen)
    for cid in ids:  # what the rules say happens after a rest (a check to heal, a pool refilled)
        ops.run_triggers(f"{args[0].lower()}-rest", cid)
    said = report(ops, ids, kind, before)
    ops.lines[start:start] = said[:1]  # the headline first, what ended after it
    ops.lines += said[1:]
