"""The top of a ruleset file: its keys, and what the engine asks of it (a condition by its id...)."""

from __future__ import annotations

from typing import Any

from pydantic import Field, model_validator

from ..state.bounds import Int
from ..state.clean import Line, Text
from .actions import ActionDef
from .base import MAX_ITEMS, RULESET_SCHEMA_VERSION, Strict
from .body import BodyPartDef, BodyPlanDef, CareDef
from .check_rules import ChecksDef
from .conditions import ConditionDef
from .effects import TriggerDef
from .formula_names import humane
from .pools import DamageDef, PoolDef, StatDef, VarDef
from .reference import OptionDef, RuleDef
from .tables import TableDef
from .timing import SpeedClassDef, TimeCountDef, TimeDef, time_count_from_time


class RulesetFile(Strict):
    """A rule system: the whole file, each key checked on its own (`RulesetDef` checks them together)."""

    schema_version: Int = Field(RULESET_SCHEMA_VERSION, description="The format the file is written in.")
    id: Line = Field(description="The name saves and `--ruleset` use; one file an id.")
    name: Line = Field(description="What the GM reads.")
    description: Text = Field("", description="What system it is, in your own words.")
    hooks: Line | None = Field(None, description="A built-in system, for what data cannot say.")
    time: TimeDef = Field(description="How time passes.")
    time_count: TimeCountDef = Field(TimeCountDef(), description="Time count only: how speeds shift.")
    stats: list[StatDef] = Field(default_factory=list, max_length=MAX_ITEMS, description="Numbers each creature has.")
    pools: list[PoolDef] = Field(default_factory=list, max_length=MAX_ITEMS, description="Budgets with a value.")
    vars: list[VarDef] = Field(default_factory=list, max_length=MAX_ITEMS,
                               description="Bookkeeping the GM never reads, for formulas and effects.")
    conditions: list[ConditionDef] = Field(default_factory=list, max_length=MAX_ITEMS,
                                           description="States a creature is in.")
    actions: list[ActionDef] = Field(default_factory=list, max_length=MAX_ITEMS, description="What creatures do.")
    speed_classes: list[SpeedClassDef] = Field(default_factory=list, max_length=MAX_ITEMS,
                                               description="Time count: the speeds actions are done at.")
    tables: list[TableDef] = Field(default_factory=list, max_length=MAX_ITEMS, description="Rolls with outcomes.")
    triggers: list[TriggerDef] = Field(default_factory=list, max_length=MAX_ITEMS,
                                       description="Effects at moments.")
    damage: DamageDef = Field(DamageDef(), description="Where damage and healing go.")
    rules: list[RuleDef] = Field(default_factory=list, max_length=MAX_ITEMS, description="Rule summaries for lookup.")
    options: list[OptionDef] = Field(default_factory=list, max_length=MAX_ITEMS,
                                     description="Readings the GM may change per encounter.")
    body: list[BodyPartDef] = Field(default_factory=list, max_length=MAX_ITEMS, description="Body parts.")
    body_plans: list[BodyPlanDef] = Field(default_factory=list, max_length=MAX_ITEMS,
                                          description="Kinds of body; the first is the default.")
    injury_care: CareDef = Field(CareDef(), description="Looking after injuries between fights.")
    checks: ChecksDef = Field(ChecksDef(), description="Saving throws, and how an attack is judged.")

    @model_validator(mode="before")
    @classmethod
    def _time_count_table(cls, data: Any) -> Any:
        return time_count_from_time(data)

    def formula_items(self) -> dict[str, list[tuple[str, str]]]:
        """The items formula names are made of, by kind (see `formula_names.NAMES`): (id, the GM's word)."""
        return {"stat": [(s.id, s.name) for s in self.stats], "pool": [(p.id, p.name) for p in self.pools],
                "var": [(v.id, v.name or humane(v.id)) for v in self.vars],
                "condition": [(c.id, c.name) for c in self.conditions],
                "option": [(o.id, o.name or humane(o.id)) for o in self.options],
                "type": [(t, humane(t)) for t in self.damage.types],
                "tag": [(t, humane(t)) for t in dict.fromkeys(t for a in self.actions for t in a.tags)],
                "body": [(b.id, b.name) for b in self.body],
                "carried": list({k: w for t in self.tables for k, w in t.carries.items()}.items())}

    def condition(self, cid: str) -> ConditionDef:
        for c in self.conditions:
            if c.id == cid:
                return c
        raise KeyError(cid)

    def health_pool(self) -> str | None:
        """The pool a GM means by hit points (`hp=`): `damage.health`, else the last pool damage reaches."""
        if self.damage.health is not None:
            return self.damage.health
        return self.damage.absorb[-1] if self.damage.absorb else None

    def pool_key(self, key: str) -> str:
        """The pool a pool's key names: `hp` is the ruleset's hit points whatever it calls them (unless it
        has a pool called hp); any other key is itself. The one reading of `hp=`: add, edit, templates."""
        if key == "hp" and all(p.id != "hp" for p in self.pools):
            return self.health_pool() or key
        return key

    def body_plan(self, plan_id: str | None) -> BodyPlanDef | None:
        """A creature's body plan: the one named, else the default (the first); None without plans."""
        return next((p for p in self.body_plans if p.id == plan_id), self.body_plans[0] if self.body_plans else None)

    def part_kind(self, key: str) -> BodyPartDef | None:
        """The body part a part instance is of (`arm.2` -> the arm); None when the ruleset has no such part."""
        kind = key.split(".", 1)[0]
        return next((b for b in self.body if b.id == kind), None)

    def var(self, vid: str) -> VarDef:
        for v in self.vars:
            if v.id == vid:
                return v
        raise KeyError(vid)

    def pool(self, pid: str) -> PoolDef:
        for p in self.pools:
            if p.id == pid:
                return p
        raise KeyError(pid)

    def table(self, tid: str) -> TableDef:
        for t in self.tables:
            if t.id == tid:
                return t
        raise KeyError(tid)
