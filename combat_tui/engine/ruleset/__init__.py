"""The ruleset language: what a `rulesets/*.toml` file may say, one module a mechanic.

A ruleset is data first. Everything here is validated by pydantic with unknown keys refused, so a
typo in a GM's own ruleset is reported (file and key) instead of ignored. Formulas are strings
evaluated by `formula.py` (never `eval`) over the names `formula_names.py` lists; dice strings go to
`dice.py`. Each field's description is what docs/ruleset-format.md and docs/ruleset.schema.json say
of it (`make docs` writes both).

- `base`: what every part shares (strict models, numbers that may be formulas, limits);
- `timing`: the time model, initiative, surprise, speed classes;
- `pools`: stats, pools, vars and where damage goes;
- `effects`: the bookkeeping steps, and triggers;
- `conditions`, `actions`, `tables`, `body`, `reference` (rules and options);
- `file`: the top of the file; `checks`: what is checked across keys; `model`: the two together.
"""

from __future__ import annotations

from ..state.kinds import PoolKind as PoolKind  # plain enums, defined where a view can import them
from ..state.kinds import TimeModel as TimeModel
from . import formula as formula
from . import formula_names as formula_names
from .actions import ActionDef, LimitDef
from .base import MAX_ITEMS, MAX_PARTS, RULESET_SCHEMA_VERSION, Number, Strict
from .body import BodyEffectDef, BodyPartDef, BodyPlanDef, CareDef, SoundLeftDef
from .conditions import ConditionDef, ConditionEffectDef
from .effects import (
    AddEffect,
    DamageEffect,
    Effect,
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
    TriggerDef,
    VarEffect,
)
from .model import RulesetDef
from .pools import DamageDef, DamageStepDef, PoolDef, Refresh, StatDef, VarDef
from .reference import OptionDef, RuleDef
from .tables import TableDef, TableRowDef
from .timing import SpeedClassDef, SurpriseDef, TimeCountDef, TimeDef

__all__ = ["MAX_ITEMS", "MAX_PARTS", "RULESET_SCHEMA_VERSION", "ActionDef", "AddEffect", "BodyEffectDef",
           "BodyPartDef", "BodyPlanDef", "CareDef", "ConditionDef", "ConditionEffectDef", "DamageDef",
           "DamageEffect", "DamageStepDef", "Effect", "EffectDef", "HealEffect", "HealInjuryEffect", "InjureEffect",
           "LimitDef", "NextTurnEffect", "NoteEffect", "Number", "OptionDef", "PoolDef", "PoolEffect", "PoolKind",
           "PromptEffect", "Refresh", "RemoveEffect", "RuleDef", "RulesetDef", "ShiftEffect", "SoundLeftDef",
           "SpeedClassDef", "StatDef", "Strict", "SurpriseDef", "TableDef", "TableRowDef", "TimeCountDef", "TimeDef",
           "TimeModel", "TreatEffect", "TriggerDef", "VarDef", "VarEffect", "formula", "formula_names"]
