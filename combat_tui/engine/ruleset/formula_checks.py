"""Every formula and dice string of a ruleset checked when it is read: it parses, it is a formula where
the key is worked out rather than rolled, and it uses only names the engine gives it there (`amount` in a
`damage` trigger, `roll` in a table's effects: `formula_names.MOMENTS`). A slip is one line naming the key,
found when the file is read rather than in the middle of a fight."""

from __future__ import annotations

from collections.abc import Iterable

from ..state.errors import FormulaError
from .actions import ActionDef
from .base import Number, is_dice
from .dice_text import dice_names, dice_problem
from .effects import AddEffect, EffectDef, PromptEffect
from .file import RulesetFile
from .formula import names_in
from .formula_names import MOMENTS, expand, known_names

# The keys of each kind of effect that take dice or a formula (rolled when dice, worked out when not).
_AMOUNTS = {"shift": ("by",), "pool": ("delta", "set"), "var": ("delta", "set"), "damage": ("damage",),
            "heal": ("heal",), "next_turn": ("next_turn",), "injure": ("injure",), "treat": ("treat",),
            "heal_injury": ("heal_injury",)}
_TRIGGER_MOMENTS = frozenset(MOMENTS)


def trigger_name(index: int, label: str | None) -> str:
    """How a message names a trigger: by its label, else by its place in the file."""
    return label or str(index)


class _Checker:
    def __init__(self, rs: RulesetFile) -> None:
        items = rs.formula_items()
        self.known = {at: known_names(items, at=at) for at in (None, *MOMENTS)}
        # a name of the moment used elsewhere: where it is given, for the message
        self.given = {name: entry.given for entry, name, _ in expand(items) if entry.at and not entry.local}

    def _unknown(self, used: Iterable[str], where: str, expr: str, kind: str, at: str | None,
                 extra: set[str]) -> None:
        unknown = sorted(set(used) - self.known[at] - extra)
        if not unknown:
            return
        name = unknown[0]
        if name in self.given:
            raise ValueError(f"{where}: {name!r} in {kind} {expr!r} is given only in {self.given[name]}")
        raise ValueError(f"{where}: unknown name {name!r} in {kind} {expr!r}")

    def formula(self, expr: Number | None, where: str, extra: set[str] | None = None, at: str | None = None) -> None:
        """A key that is worked out, never rolled: dice in it are refused."""
        if not isinstance(expr, str):
            return
        if is_dice(expr):
            raise ValueError(f"{where}: {expr!r} has dice in it, and this key is a formula (worked out, not "
                             f"rolled): roll them in a table, or in an amount (`damage`, `delta`)")
        try:
            used = names_in(expr)
        except FormulaError as exc:
            raise ValueError(f"{where}: {exc}") from None
        self._unknown(used, where, expr, "formula", at, extra or set())

    def dice(self, expr: str | None, where: str, extra: set[str] | None = None, at: str | None = None) -> None:
        """A key that is rolled (a plain number is dice too): the names it reads."""
        if expr is not None:
            problem = dice_problem(expr)
            if problem:
                shown = expr if len(expr) <= 40 else expr[:37] + "..."
                raise ValueError(f"{where}: dice {shown!r}: {problem}")
            self._unknown(dice_names(expr), where, expr, "dice", at, extra or set())

    def amount(self, expr: Number | None, where: str, extra: set[str] | None = None, at: str | None = None) -> None:
        """A key that takes either: rolled when it is dice, worked out when not."""
        if isinstance(expr, str) and is_dice(expr):
            self.dice(expr, where, extra, at)
        else:
            self.formula(expr, where, extra, at)

    def effects(self, effects: Iterable[EffectDef], key: str, extra: set[str], at: str | None) -> None:
        """A list of effects, each named by its place in the list under `key`."""
        for i, e in enumerate(effects):
            where = f"{key}[{i}]"
            self.formula(e.when, f"{where}.when", extra, at)
            for key in _AMOUNTS.get(e.verb, ()):
                self.amount(getattr(e, key), f"{where}.{key}", extra, at)
            if isinstance(e, AddEffect):
                self.formula(e.value, f"{where}.value", extra, at)
                if e.duration and ":" in e.duration and not e.duration.split(":", 1)[1].strip().isdigit():
                    self.formula(e.duration.split(":", 1)[1], f"{where}.duration", extra, at)
            for key, number in (e.numbers.items() if isinstance(e, PromptEffect) else ()):
                self.amount(number, f"{where}.numbers.{key}", extra, at)


def _own(a: ActionDef) -> set[str]:
    """Names only an action's cost, gain, requires and effects have: its value and its tally."""
    return {n for n, have in (("value", a.value), ("tally", a.tally)) if have is not None}


def check_formulas(rs: RulesetFile) -> None:
    """Every formula and dice string parses and uses only names the ruleset gives it there."""
    ck = _Checker(rs)
    ck.dice(rs.time.initiative, "time.initiative")
    ck.dice(rs.time.npc_initiative, "time.npc_initiative")
    ck.dice(rs.time.surprise.initiative_penalty, "time.surprise.initiative_penalty")
    ck.amount(rs.time.surprise.initiative, "time.surprise.initiative")
    for s in rs.speed_classes:
        ck.dice(s.random, f"speed_classes[{s.id}].random")
    for p in rs.pools:
        for key in ("max", "floor", "start", "refresh_to", "critical"):
            ck.formula(getattr(p, key), f"pools[{p.id}].{key}")
    for a in rs.actions:
        for pid, v in [*a.cost.items(), *a.gain.items()]:
            ck.formula(v, f"actions[{a.id}].{pid}", _own(a))
        ck.formula(a.requires, f"actions[{a.id}].requires", _own(a))
        ck.formula(a.anytime, f"actions[{a.id}].anytime")
        ck.amount(a.sf, f"actions[{a.id}].sf")
        ck.amount(a.sf_add, f"actions[{a.id}].sf_add")
        ck.formula(a.sf_then, f"actions[{a.id}].sf_then", {"sf"})
        ck.effects(a.effects, f"actions[{a.id}].effects", _own(a), "action")
    for cd in rs.conditions:
        for i, eff in enumerate(cd.effects):
            ck.formula(eff.max, f"conditions[{cd.id}].effects[{i}].max", {"base_max"})
        ck.effects(cd.on_end, f"conditions[{cd.id}].on_end", set(), "on_end")
        ck.effects(cd.on_remove, f"conditions[{cd.id}].on_remove", set(), None)
    for i, step in enumerate(rs.damage.steps):
        ck.formula(step.when, f"damage.steps[{i}].when")
    ck.formula(rs.time_count.sf_mod, "time_count.sf_mod", at="tags")
    ck.formula(rs.time_count.class_shift, "time_count.class_shift", at="tags")
    ck.formula(rs.time_count.sf_step, "time_count.sf_step")
    for b in rs.body:
        ck.formula(b.majority_exact, f"body[{b.id}].majority_exact")
        for be in b.effects:
            ck.effects(be.effects, f"body[{b.id}].effects[{be.count}].effects", set(), None)
            ck.effects(be.healed, f"body[{b.id}].effects[{be.count}].healed", set(), None)
        ck.effects(b.all_effects, f"body[{b.id}].all_effects", set(), None)
        ck.effects(b.all_destroyed, f"body[{b.id}].all_destroyed", set(), None)
        ck.effects(b.sound_left.effects if b.sound_left else [], f"body[{b.id}].sound_left.effects", set(), None)
    ck.formula(rs.injury_care.treat_dc, "injury_care.treat_dc", at="treat_dc")
    ck.formula(rs.injury_care.untreated_by_part, "injury_care.untreated_by_part")
    for t in rs.tables:
        ck.dice(t.roll, f"tables[{t.id}].roll", set(t.carries), "table_roll")
        ck.formula(t.against, f"tables[{t.id}].against", set(t.carries))
        for r in t.rows:
            ck.effects(r.effects, f"tables[{t.id}].rows[{r.label}].effects", set(t.carries), "table")
        ck.effects(t.after, f"tables[{t.id}].after", set(t.carries), "table")
    for i, trig in enumerate(rs.triggers):
        at = trig.on if trig.on in _TRIGGER_MOMENTS else None
        ck.formula(trig.when, f"triggers[{trigger_name(i, trig.label)}].when", at=at)
        ck.effects(trig.effects, f"triggers[{trigger_name(i, trig.label)}].effects", set(), at)
    ck.formula(rs.checks.attack.stacks, "checks.attack.stacks")
    for m in rs.checks.attack.modifiers:
        ck.formula(m.count, f"checks.attack.modifiers[{m.reason}].count")
    for o in rs.checks.attack.outcomes:
        ck.amount(o.sf_add, f"checks.attack.outcomes[{o.label}].sf_add")
        ck.effects(o.effects, f"checks.attack.outcomes[{o.label}].effects", set(), None)
        ck.effects(o.on_target, f"checks.attack.outcomes[{o.label}].on_target", set(), None)
