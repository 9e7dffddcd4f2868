"""What a ruleset is checked for across its keys when it is read: every id a key names exists, no two
items of a kind share an id, every duration and damage type is one the engine reads (its formulas:
`formula_checks.py`). A slip is one line naming the key, found when the file is read rather than in the
middle of a fight."""

from __future__ import annotations

from collections import Counter

from .base import is_plain_dice
from .duration_text import duration_problem
from .effects import (
    AddEffect,
    DamageEffect,
    EffectDef,
    PoolEffect,
    PromptEffect,
    RemoveEffect,
    ShiftEffect,
    VarEffect,
)
from .file import RulesetFile
from .formula_checks import trigger_name


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
                problem = duration_problem(e.duration, True) if isinstance(e, AddEffect) and e.duration else None
                if problem:
                    raise ValueError(f"{where}: {problem}")
                if isinstance(e, AddEffect) and e.dice is not None and not is_plain_dice(e.dice):
                    raise ValueError(f"{where}: dice {e.dice!r}: plain dice like 1d6 or 2d6+3")
                if isinstance(e, AddEffect) and e.type is not None and rs.damage.types \
                        and e.type not in rs.damage.types:
                    raise ValueError(f"{where}: unknown damage type {e.type!r}")
            elif isinstance(e, ShiftEffect):
                need(e.shift, valued, "valued condition", where)
            elif isinstance(e, DamageEffect) and e.type is not None and rs.damage.types \
                    and e.type not in rs.damage.types:
                raise ValueError(f"{where}: unknown damage type {e.type!r}")
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
        problem = duration_problem(c.default_duration, False) if c.default_duration else None
        if problem:
            raise ValueError(f"conditions.{c.id}.default_duration: {problem}")
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
        check_effects(trig.effects, f"triggers[{trigger_name(i, trig.label)}].effects")
    for p in rs.damage.absorb + rs.damage.heal:
        need(p, pools, "pool", "damage")
    need(rs.damage.health, pools, "pool", "damage.health")
    for pd in rs.pools:
        need(pd.against, pools, "pool", f"pools.{pd.id}.against")
    need(rs.time.start_condition, conds, "condition", "time.start_condition")
    need(rs.time.surprise.condition, conds, "condition", "time.surprise.condition")
    if rs.time.surprise.initiative is not None and rs.time.surprise.initiative_penalty is not None:
        raise ValueError("time.surprise: `initiative` replaces the roll, `initiative_penalty` adds to it: one of them")
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

