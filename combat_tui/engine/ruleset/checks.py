"""What a ruleset is checked for across its keys when it is read: every id a key names exists, no two
items of a kind share an id, every formula parses and uses only names the ruleset defines. A slip is
one line naming the key, found when the file is read rather than in the middle of a fight."""

from __future__ import annotations

from collections import Counter

from ..state.errors import FormulaError
from .actions import ActionDef
from .base import Number, is_dice, is_plain_dice
from .effects import (
    AddEffect,
    EffectDef,
    PoolEffect,
    PromptEffect,
    RemoveEffect,
    ShiftEffect,
    TriggerDef,
    VarEffect,
)
from .file import RulesetFile
from .formula import names_in
from .formula_names import known_names

# The keys of each kind of effect that hold a number or formula (or dice, for the amounts rolled).
_AMOUNTS = {"add": ("value",), "shift": ("by",), "pool": ("delta", "set"), "var": ("delta", "set"),
            "damage": ("damage",), "heal": ("heal",), "next_turn": ("next_turn",), "injure": ("injure",),
            "treat": ("treat",), "heal_injury": ("heal_injury",)}


def trigger_name(index: int, trigger: TriggerDef) -> str:
    """How a message names a trigger: by its label, else by its place in the file."""
    return trigger.label or str(index)


def check_references(rs: RulesetFile) -> None:
    """Ids are unique within their kind and every id a key names is defined."""
    if (rs.time.round_seconds is not None and rs.time.round_seconds <= 0) or \
            (rs.time.tc_seconds is not None and rs.time.tc_seconds <= 0):
        raise ValueError("time.round_seconds and time.tc_seconds must be positive")
    conds = {c.id for c in rs.conditions}
    valued = {c.id for c in rs.conditions if c.valued}
    carriers = {c.id for c in rs.conditions if c.carries_damage}
    pools = {p.id for p in rs.pools}
    tables = {t.id for t in rs.tables}
    by_id = {t.id: t for t in rs.tables}
    actions = {a.id for a in rs.actions}
    classes = {s.id for s in rs.speed_classes}
    vars_ = {v.id for v in rs.vars}
    for kind, ids in (("condition", [c.id for c in rs.conditions]), ("pool", [p.id for p in rs.pools]),
                      ("stat", [s.id for s in rs.stats]), ("action", [a.id for a in rs.actions]),
                      ("table", [t.id for t in rs.tables]), ("body part", [b.id for b in rs.body]),
                      ("body plan", [b.id for b in rs.body_plans]),
                      ("speed class", [s.id for s in rs.speed_classes]), ("rule", [r.id for r in rs.rules]),
                      ("option", [o.id for o in rs.options]), ("var", [v.id for v in rs.vars]),
                      # a var is a name formulas read, as a pool or a stat is: one id, one of them
                      ("pool or var", [p.id for p in rs.pools] + [v.id for v in rs.vars]),
                      ("stat or var", [s.id for s in rs.stats] + [v.id for v in rs.vars])):
        # as the GM types them: `base_top`, `base-top` and `Base-Top` are one word to a command
        dupes = {i for i, n in Counter(i.lower().replace("_", "-") for i in ids).items() if n > 1}  # linear
        if dupes:
            raise ValueError(f"duplicate {kind} id(s): {', '.join(sorted(dupes))}")

    def need(ref: str | None, known: set[str], what: str, where: str) -> None:
        if ref is not None and ref not in known:
            raise ValueError(f"{where}: unknown {what} {ref!r}")

    def check_effects(effects: list[EffectDef], where: str) -> None:
        for e in effects:
            if isinstance(e, AddEffect | RemoveEffect):
                need(e.add if isinstance(e, AddEffect) else e.remove, conds, "condition", where)
                if isinstance(e, AddEffect) and (e.dice is None) == (e.add in carriers):
                    raise ValueError(f"{where}: {e.add!r} " + ("carries damage: give its `dice` (and `type`)"
                                                               if e.dice is None else "carries no damage: no `dice`"))
                if isinstance(e, AddEffect) and e.dice is not None and not is_plain_dice(e.dice):
                    raise ValueError(f"{where}: dice {e.dice!r}: plain dice like 1d6 or 2d6+3")
                if isinstance(e, AddEffect) and e.type is not None and rs.damage.types \
                        and e.type not in rs.damage.types:
                    raise ValueError(f"{where}: unknown damage type {e.type!r}")
            elif isinstance(e, ShiftEffect):
                need(e.shift, valued, "valued condition", where)
            elif isinstance(e, PoolEffect):
                need(e.pool, pools, "pool", where)
            elif isinstance(e, VarEffect):
                need(e.var, vars_, "var", where)
            elif isinstance(e, PromptEffect):
                need(e.prompt, tables, "table", where)
                need(e.part, {b.id for b in rs.body}, "body part", where)
                carries = set(by_id[e.prompt].carries) if e.prompt in by_id else set()
                if set(e.numbers) != carries:
                    given = ", ".join(sorted(e.numbers)) or "no numbers"
                    raise ValueError(f"{where}: the prompt {e.prompt!r} gives {given}; its table carries "
                                     f"{', '.join(sorted(carries)) or 'none'}")

    for c in rs.conditions:
        for d in c.implies:
            need(d, conds, "condition", f"conditions.{c.id}.implies")
        for key in ("source_implies", "ends_when_source_loses", "ends_when_source_gains"):
            for d in getattr(c, key):
                need(d, conds, "condition", f"conditions.{c.id}.{key}")
        need(c.start_of_turn, tables, "table", f"conditions.{c.id}.start_of_turn")
        need(c.round_start, tables, "table", f"conditions.{c.id}.round_start")
        need(c.end_of_turn, tables, "table", f"conditions.{c.id}.end_of_turn")
        for key in ("start_of_turn", "end_of_turn", "round_start"):
            if getattr(c, key) in by_id and by_id[getattr(c, key)].carries:
                raise ValueError(f"conditions.{c.id}.{key}: table {getattr(c, key)!r} carries numbers a condition "
                                 f"cannot give (queue it with a prompt effect)")
        for act_id in [*c.ended_by, *c.kept_by]:
            if not act_id.startswith("tag:"):  # `tag:attack`: any action with that tag
                need(act_id, actions, "action", f"conditions.{c.id}.ended_by")
        for eff in c.effects:
            need(eff.pool, pools, "pool", f"conditions.{c.id}.effects")
        check_effects(c.on_end, f"conditions.{c.id}.on_end")
        check_effects(c.on_remove, f"conditions.{c.id}.on_remove")
    for a in rs.actions:
        for p in [*a.cost, *a.gain]:
            need(p, pools, "pool", f"actions.{a.id}")
        need(a.speed, classes, "speed class", f"actions.{a.id}.speed")
        check_effects(a.effects, f"actions.{a.id}.effects")
        for other in a.limit.also if a.limit else []:
            need(other, actions, "action", f"actions.{a.id}.limit.also")
    for t in rs.tables:
        for r in t.rows:
            check_effects(r.effects, f"tables.{t.id}.rows.{r.label}")
        check_effects(t.after, f"tables.{t.id}.after")
    for i, trig in enumerate(rs.triggers):
        check_effects(trig.effects, f"triggers.{trigger_name(i, trig)}")
    for p in rs.damage.absorb + rs.damage.heal:
        need(p, pools, "pool", "damage")
    need(rs.damage.health, pools, "pool", "damage.health")
    for pd in rs.pools:
        need(pd.against, pools, "pool", f"pools.{pd.id}.against")
    need(rs.time.start_condition, conds, "condition", "time.start_condition")
    need(rs.time.surprise.condition, conds, "condition", "time.surprise.condition")
    for b in rs.body:
        for be in b.effects:
            check_effects(be.effects, f"body.{b.id}")
            check_effects(be.healed, f"body.{b.id}.healed")
        check_effects(b.all_effects, f"body.{b.id}.all_effects")
        check_effects(b.all_destroyed, f"body.{b.id}.all_destroyed")
        check_effects(b.sound_left.effects if b.sound_left else [], f"body.{b.id}.sound_left")
    need(rs.time_count.fastest_shift, classes, "speed class", "time_count.fastest_shift")
    need(rs.injury_care.treat, tables, "table", "injury_care.treat")
    need(rs.injury_care.untreated, tables, "table", "injury_care.untreated")
    for m in rs.checks.attack.modifiers:
        need(m.attacker, conds, "condition", f"checks.attack.modifiers.{m.reason}.attacker")
        need(m.target, conds, "condition", f"checks.attack.modifiers.{m.reason}.target")
        for act_id in m.uses:
            need(act_id, actions, "action", f"checks.attack.modifiers.{m.reason}.uses")
    for o in rs.checks.attack.outcomes:
        check_effects(o.effects + o.on_target, f"checks.attack.outcomes.{o.label}")
    parts = {b.id for b in rs.body}
    for plan in rs.body_plans:
        for part_id in plan.parts:
            need(part_id, parts, "body part", f"body_plans.{plan.id}.parts")


def check_formulas(rs: RulesetFile) -> None:
    """Every formula parses and uses only names the ruleset defines, so a typo fails at load."""

    known = known_names(rs.formula_items())

    def own(a: ActionDef) -> set[str]:
        """Names only an action's cost, gain, requires and effects have: its value and its tally."""
        return {n for n, have in (("value", a.value), ("tally", a.tally)) if have is not None}

    def check(expr: Number | None, where: str, extra: set[str] | None = None) -> None:
        if not isinstance(expr, str):
            return
        try:
            unknown = sorted(names_in(expr) - known - (extra or set()))
        except FormulaError as exc:
            raise ValueError(f"{where}: {exc}") from None
        if unknown:
            raise ValueError(f"{where}: unknown name {unknown[0]!r} in formula {expr!r}")

    for p in rs.pools:
        for key in ("max", "floor", "start", "refresh_to", "critical"):
            check(getattr(p, key), f"pools[{p.id}].{key}")
    for a in rs.actions:
        for pid, v in [*a.cost.items(), *a.gain.items()]:
            check(v, f"actions[{a.id}].{pid}", own(a))
        check(a.requires, f"actions[{a.id}].requires", own(a))
        check(a.anytime, f"actions[{a.id}].anytime")
        check(None if is_dice(a.sf_add) else a.sf_add, f"actions[{a.id}].sf_add")
        check(a.sf_then, f"actions[{a.id}].sf_then", {"sf"})
    for cd in rs.conditions:
        for i, eff in enumerate(cd.effects):
            check(eff.max, f"conditions[{cd.id}].effects[{i}].max", {"base_max"})
    check(rs.time_count.sf_mod, "time_count.sf_mod")
    check(rs.time_count.class_shift, "time_count.class_shift")
    check(rs.time_count.sf_step, "time_count.sf_step")
    for b in rs.body:
        check(b.majority_exact, f"body[{b.id}].majority_exact")
    check(rs.injury_care.treat_dc, "injury_care.treat_dc")
    check(rs.injury_care.untreated_by_part, "injury_care.untreated_by_part")
    effect_lists = [(f"actions[{a.id}]", a.effects, own(a)) for a in rs.actions]
    effect_lists += [(f"tables[{t.id}]", [e for r in t.rows for e in r.effects] + t.after, set(t.carries))
                     for t in rs.tables]
    for table in rs.tables:
        check(table.against, f"tables[{table.id}].against", set(table.carries))
    effect_lists += [(f"triggers[{trigger_name(i, t)}]", t.effects, set()) for i, t in enumerate(rs.triggers)]
    effect_lists += [(f"conditions[{c.id}].on_end", c.on_end, set()) for c in rs.conditions]
    effect_lists += [(f"conditions[{c.id}].on_remove", c.on_remove, set()) for c in rs.conditions]
    effect_lists += [(f"body[{b.id}]", [e for be in b.effects for e in [*be.effects, *be.healed]]
                      + b.all_effects + b.all_destroyed + (b.sound_left.effects if b.sound_left else []), set())
                     for b in rs.body]
    check(rs.checks.attack.stacks, "checks.attack.stacks")
    for m in rs.checks.attack.modifiers:
        check(m.count, f"checks.attack.modifiers[{m.reason}].count")
    for o in rs.checks.attack.outcomes:
        check(None if is_dice(o.sf_add) else o.sf_add, f"checks.attack.outcomes[{o.label}].sf_add")
    effect_lists += [(f"checks.attack.outcomes[{o.label}]", o.effects + o.on_target, set())
                     for o in rs.checks.attack.outcomes]
    for i, t in enumerate(rs.triggers):
        check(t.when, f"triggers[{trigger_name(i, t)}].when")
    for where, effects, names in effect_lists:
        for e in effects:
            check(e.when, f"{where}.when", names)
            for key in _AMOUNTS.get(e.verb, ()):  # dice are rolled, not formulas to check
                amount = getattr(e, key)
                check(None if is_dice(amount) else amount, f"{where}.{key}", names)
            if isinstance(e, AddEffect) and e.duration and ":" in e.duration \
                    and not e.duration.split(":", 1)[1].strip().isdigit():
                check(e.duration.split(":", 1)[1], f"{where}.duration", names)
            for key, number in (e.numbers.items() if isinstance(e, PromptEffect) else ()):
                check(None if is_dice(number) else number, f"{where}.numbers.{key}", names)
