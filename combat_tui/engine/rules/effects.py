"""Effects as a ruleset's data gives them (of actions, conditions, triggers, tables): each kind done by the
rule module of its concern, every change through `Ops`."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ..ruleset import (
    AddEffect,
    DamageEffect,
    EffectDef,
    HealEffect,
    HealInjuryEffect,
    InjureEffect,
    NextTurnEffect,
    NoteEffect,
    PoolEffect,
    PromptEffect,
    RemoveEffect,
    ShiftEffect,
    TreatEffect,
    VarEffect,
)
from ..ruleset.formula_names import ident
from ..state.errors import CommandError
from . import condition_values, conditions, injuries, persistent, temporary
from .ops import Ops


def apply(ops: Ops, cid: str, effects: Iterable[EffectDef], extra: Mapping[str, int] | None = None,
          other: str | None = None, anchor: str | None = None, part: str | None = None) -> None:
    """Apply effects to `cid`; in an action, effects marked `to = "target"` go to `other`, and
    `source = "other"` makes an added condition come from (be relative to) the other party, and a
    removed one only the instance from it. `part`: the body part instance a prompt is about, which
    `injure` and `treat` act on."""
    actor = cid
    untargeted = False
    effects = list(effects)
    if any(_mentions_target(e) for e in effects):  # `not target_exposed`, `damage = "2 * target_prone"`
        extra = {**target_names(ops, other), **(extra or {})}
    for e in effects:
        cid = actor
        if e.to == "target":
            if other is None:
                untargeted = True
                continue
            cid = other
        if cid not in ops.state.combatants:
            continue
        c = ops.peek(cid)
        if e.when is not None and not ops.eval(e.when, c, extra):
            continue
        if isinstance(e, AddEffect):
            value = ops.eval(e.value, c, extra) if e.value is not None else None
            partner = other if e.to == "self" else actor
            source = partner if e.source == "other" else None
            duration = e.duration
            if duration and ":" in duration and not duration.split(":", 1)[1].strip().isdigit():
                unit, expr = duration.split(":", 1)  # `tc:10 * -roll`: a length worked out now
                duration = f"{unit}:{max(ops.eval(expr.strip(), c, extra), 0)}"
            if e.dice is not None:  # persistent 1d6 fire, one instance a type
                persistent.carry(ops, cid, ops.rs.condition(e.add), e.dice, e.type, duration, source)
                continue
            conditions.add(ops, cid, e.add, value=value, duration=duration, source=source, anchor=anchor)
        elif isinstance(e, RemoveEffect):  # with `source = "other"`: only the instance relative to the other party
            partner = other if e.to == "self" else actor
            if e.source == "other" and partner is None:
                continue  # whose instance is not known: none goes, rather than every one
            conditions.remove_all(ops, cid, e.remove, source=partner if e.source == "other" else None,
                                  held_ok=True)
        elif isinstance(e, ShiftEffect):
            condition_values.shift(ops, cid, e.shift, ops.amount(e.by, c, extra))
        elif isinstance(e, DamageEffect):
            ops.damage(cid, ops.amount(e.damage, c, extra), e.type)
        elif isinstance(e, HealEffect):
            ops.heal(cid, ops.amount(e.heal, c, extra))
        elif isinstance(e, PoolEffect):
            if e.pool not in c.pools:  # a pool only some creatures are given: nothing to change here
                continue
            current = c.pools[e.pool].current
            if e.set is not None:
                target = ops.amount(e.set, c, extra)
            else:
                target = temporary.gained(ops.rs.pool(e.pool), current,
                                          ops.amount(e.delta if e.delta is not None else 0, c, extra))
            ops.set_pool(cid, e.pool, target)
        elif isinstance(e, VarEffect):
            now = c.vars.get(e.var, ops.rs.var(e.var).start)
            ops.set_var(cid, e.var, ops.amount(e.set, c, extra) if e.set is not None
                        else now + ops.amount(e.delta if e.delta is not None else 0, c, extra))
        elif isinstance(e, PromptEffect):
            numbers = {k: ops.amount(v, c, extra) for k, v in e.numbers.items()}  # now: the hit's own DC
            ops.queue_prompt(cid, e.prompt, "as the rules call for", part=part_of(ops, cid, e.part), numbers=numbers,
                             other=actor if cid != actor else other)
        elif isinstance(e, NoteEffect):
            ops.say(f"{c.name}: {e.note}")
        elif isinstance(e, InjureEffect | HealInjuryEffect | TreatEffect):
            if part is None:
                ops.say(f"({c.name}: no body part named, the injury is left to you)")
            elif isinstance(e, InjureEffect):
                injuries.injure(ops, cid, part, ops.amount(e.injure, c, extra))
            elif isinstance(e, HealInjuryEffect):
                injuries.heal_by_effect(ops, cid, part, ops.amount(e.heal_injury, c, extra))
            else:
                injuries.treat(ops, cid, part, ops.amount(e.treat, c, extra))
        elif isinstance(e, NextTurnEffect) and ops.state.clock.started and c.next_tc is not None:
            wait = max(ops.amount(e.next_turn, c, extra), 1)
            mc = ops.changing(cid)
            mc.next_tc = ops.state.clock.tc + wait
            mc.acted = True  # its turn on this TC, if it had one, is over
            ops.say(f"{c.name}: next turn in {wait} TC, at TC {mc.next_tc}")
    if untargeted:
        ops.say("(no target given, on=NAME: what it does to another creature is left to you)")


def _mentions_target(e: EffectDef) -> bool:
    """`target` or a `target_X` in one of its formulas: its `when`, its amounts, a prompt's numbers."""
    texts = [v for k, v in e if k != "to"] + (list(e.numbers.values()) if isinstance(e, PromptEffect) else [])
    return any(isinstance(v, str) and "target" in v for v in texts)


def target_names(ops: Ops, other: str | None) -> dict[str, int]:
    """`target` (1 when an action names one with on=) and `target_<condition>` for its conditions."""
    out = {"target": 0} | {f"target_{ident(cd.id)}": 0 for cd in ops.rs.conditions}
    if other is not None and other in ops.state.combatants:
        out["target"] = 1
        for cs in ops.peek(other).conditions:
            key = f"target_{ident(cs.id)}"
            out[key] = max(out[key], cs.value if cs.value is not None else 1)
    return out


def part_of(ops: Ops, cid: str, kind: str | None) -> str | None:
    """The creature's part of a kind a prompt is about (the most injured); none if it has none."""
    if kind is None:
        return None
    try:
        return injuries.part_key(ops, cid, kind)
    except CommandError:
        return None
