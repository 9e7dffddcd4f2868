"""Conditions: cond and uncond."""

from __future__ import annotations

from ..rules import condition_values, conditions, durations, persistent
from ..rules.amounts import amount
from ..rules.durations import resolve_duration
from ..rules.ops import Ops
from ..rules.timekeeping import current_actor
from ..ruleset.base import is_plain_dice
from ..state.errors import CommandError
from ..state.targets import take_creatures
from .common import need, no_extra, one_creature, pick_condition, targets
from .spec import arg, command


@command("cond", "add a condition; what it implies comes with it",
         args=(arg("names"), arg("condition"), arg("amount", "VALUE", "a value", optional=True)),
         words={"for=N": "lasts N rounds (N TC in time count)", "until=SPEC": "when it ends (end-of-turn, tc:N, ...)",
                "from=NAME|all": "the creature it is relative to, or all",
                "by=N": "changes the value it has by N (-1 lowers it; at 0 it ends)"})
def _cond(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    ids, rest = targets(ops, args, 1)
    need(rest, 1, "cond")
    cd = pick_condition(ops, rest[0])
    if cd.carries_damage:  # `cond Orc persistent 1d6 fire`: the damage it carries, not a value
        ops.require(len(rest) > 1 and is_plain_dice(rest[1]),
                    f"{cd.name} carries damage: give its dice and type (cond NAME {cd.id} 1d6 fire)")
        no_extra(rest[3:], "cond")
        duration = durations.typed(ops, kw.get("for"), kw.get("until"))
        source = one_creature(ops, kw["from"]) if "from" in kw else None
        for cid in ids:
            persistent.carry(ops, cid, cd, rest[1], rest[2] if len(rest) > 2 else None, duration, source)
        return
    value = amount(ops, rest[1], "value") if len(rest) > 1 else None
    no_extra(rest[2:], "cond")
    ops.require(value is None or cd.valued, f"{cd.name} takes no value (a duration is for=N)")
    everyone = kw.get("from", "").lower() in ("all", "@all")
    source = one_creature(ops, kw["from"]) if "from" in kw and not everyone else None
    if cd.subjective and source is None and not everyone:
        raise CommandError(f"{cd.name} is relative to another creature: add from=NAME (or from=all)")
    if "by" in kw:
        ops.require(value is None and "for" not in kw and "until" not in kw,
                    "by=N changes the value it has: no new value or duration with it")
        by = amount(ops, kw["by"], "by")
        changed = sum(condition_values.shift(ops, cid, cd.id, by, source) for cid in ids)
        ops.require(changed > 0, f"nobody named has {cd.name}")
        return
    duration = durations.typed(ops, kw.get("for"), kw.get("until"))
    for cid in ids:
        conditions.add(ops, cid, cd.id, value=value, duration=duration, source=source)


@command("uncond", "remove a condition and what it implied; with for= or until=, an ability removed "
         "it and it is ignored if given again until then",
         args=(arg("names"), arg("condition")),
         words={"from=NAME": "only the instance from that creature", "uid=N": "only that instance",
                "for=N": "ignored if given again for N rounds (N TC in time count)",
                "until=SPEC": "ignored if given again until then (end-of-round, ...)"})
def _uncond(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    ids, rest = take_creatures(ops.state, args, 1)  # the dead too: `uncond Bandit* dead` brings them back
    need(rest, 1, "uncond")
    no_extra(rest[1:], "uncond")
    cd = pick_condition(ops, rest[0])
    source = one_creature(ops, kw["from"], everyone=True) if "from" in kw else None
    total = 0
    for cid in ids:
        if "uid" in kw:
            total += conditions.remove_one(ops, cid, cd.id, amount(ops, kw["uid"], "uid"))
        else:
            total += conditions.remove_all(ops, cid, cd.id, source)
    spec = durations.typed(ops, kw.get("for"), kw.get("until"))
    if spec is None:
        ops.require(total > 0, f"nobody named has {cd.name}" + (" like that" if kw else ""))
        return
    for cid in ids:  # an ability lifted it: ignored while whatever applies it keeps on, till then
        anchor = current_actor(ops.state) or cid
        conditions.ignore(ops, cid, cd.id, resolve_duration(spec, ops.state, ops.rs, anchor))
