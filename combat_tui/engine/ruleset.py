"""The ruleset data schema: what a `rulesets/*.toml` file may say.

A ruleset is data first. Everything here is validated by pydantic with unknown keys
refused, so a typo in a GM's own ruleset is reported (file and key) instead of ignored.
Formulas are strings evaluated by `formula.py` (never `eval`) over the names `formula_names.py`
lists; dice strings go to `dice.py`. Each field's description is what docs/ruleset-format.md and
docs/ruleset.schema.json say of it (`make docs` writes both).
"""

from __future__ import annotations

import re
from collections import Counter
from enum import StrEnum
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from .check_rules import ChecksDef
from .state.bounds import Int, Real
from .state.clean import Line, Text
from .state.kinds import PoolKind as PoolKind  # plain enums, defined where a view can import them
from .state.kinds import TimeModel as TimeModel

RULESET_SCHEMA_VERSION = 1
MAX_ITEMS = 1000  # of any one list: the shipped rulesets have at most 61
MAX_PARTS = 20  # of one body part on a creature, as `add` allows

Number = Int | Line
"""An int, or a formula string over the creature's names (see `formula.py`)."""


def _dice(expr: Number | None) -> bool:
    """A dice string (`1d6`, `2d10+1`): rolled, not a formula to check."""
    return isinstance(expr, str) and re.search(r"(?<![A-Za-z_])[0-9]*d[0-9]", expr) is not None


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Refresh(StrEnum):
    """When a pool refills."""

    NEVER = "never"
    TURN_START = "turn-start"
    ROUND_START = "round-start"
    SHORT_REST = "short-rest"
    LONG_REST = "long-rest"


class SurpriseDef(Strict):
    """What being surprised (or unaware) at the start of combat does."""

    skip_round_1: bool = Field(False, description="Surprised creatures take no turn in round 1.")
    initiative_penalty: Line | None = Field(None, description="Dice added to a surprised creature's initiative roll.")
    condition: Line | None = Field(None, description="A condition surprised creatures get at `start`; one given it "
                                                     "before `start` counts as surprised.")


class TimeDef(Strict):
    """How time passes: the time model, initiative, and (time count) how speeds shift."""

    model: TimeModel = Field(description="`turn-order` (rounds of turns), `free-rounds` (no order; the GM ends each "
                                         "round) or `time-count` (a clock of TC; lowest acts first).")
    round_seconds: Real | None = Field(None, description="In-game seconds of a round.")
    tc_seconds: Real | None = Field(None, description="In-game seconds of a TC.")
    order: Literal["descending", "ascending"] = Field("descending", description="Highest initiative first, or lowest.")
    initiative: Line | None = Field(None, description="Dice `start` rolls for creatures with no initiative yet.")
    npc_initiative: Line | None = Field(None, description="Dice for NPCs instead of `initiative`.")
    hold: bool = Field(False, description="`hold` is allowed: leave the order, `enter` later at a new place.")
    hold_after: bool = Field(False, description="Holding names at once after whom the creature will act.")
    delay: bool = Field(False, description="`delay` is allowed: as hold, but turn-start bookkeeping goes on.")
    start_condition: Line | None = Field(None, description="A condition every creature gets at `start` "
                                                           "(off-guard until its first turn).")
    surprise: SurpriseDef = Field(SurpriseDef(), description="What being surprised does.")
    sf_mod: Line | None = Field(None, description="Time count: formula added to every SF above 0; `tag_X` is 1 when "
                                                  "the action has the tag X.")
    class_shift: Line | None = Field(None, description="Time count: formula, speed classes slower every action of "
                                                       "the creature is (paralysis).")
    fastest_shift: Line | None = Field(None, description="Time count: the fastest speed class a shift may reach.")
    past_slowest: Int = Field(0, description="Time count: SF added for each step a shift goes past the slowest class.")
    sf_step: Line | None = Field(None, description="Time count: formula; a shift moves an SF given as a number too "
                                                   "(0: by the classes' static SFs, N: by N a class). Unset: it "
                                                   "does not.")


class StatDef(Strict):
    """A number each creature has (`add Orc str=3`)."""

    id: Line = Field(description="The name formulas and commands use.")
    name: Line = Field(description="What the GM reads.")
    default: Int = Field(0, description="The value of a creature given none.")
    description: Text = Field("", description="What it is, in your own words.")


class PoolDef(Strict):
    """A budget with a current value: hit points, actions, energy, a counter."""

    id: Line = Field(description="The name formulas and commands use.")
    name: Line = Field(description="What the GM reads.")
    kind: PoolKind = Field(PoolKind.TRACK, description="How it is drawn: `track`, `bar`, `pips`, `counter` (counts "
                                                       "up) or `marker` (once a round: 1 unused, 0 used).")
    max: Number | None = Field(None, description="Number or formula; unset: no maximum (a counter).")
    floor: Number = Field(0, description="The lowest value (formula allowed); spending below it is refused.")
    start: Number | None = Field(None, description="The first value; unset: the max, or 0 without one.")
    refresh: Refresh = Field(Refresh.NEVER, description="When it refills.")
    refresh_to: Number | None = Field(None, description="What it refills to; unset: the max (a counter: 0).")
    overflow: bool = Field(False, description="It may go above its max (bonus pools).")
    critical: Line | None = Field(None, description="Formula: true when the pool is shown as critical.")
    summary: bool = Field(False, description="Shown in the acting order's rows, not only on the sheet.")
    short: Line | None = Field(None, description="Its label of a few letters in those rows.")
    against: Line | None = Field(None, description="Another pool it is drawn against (fatigue against HP).")
    description: Text = Field("", description="What it is, in your own words.")


class EffectDef(Strict):
    """One bookkeeping step, used by tables, triggers and actions. Exactly one verb."""

    when: Line | None = Field(None, description="Formula: the step happens only when it is true.")
    add: Line | None = Field(None, description="Verb: add this condition.")
    value: Number | None = Field(None, description="With `add`: the condition's value.")
    duration: Line | None = Field(None, description="With `add`: how long it lasts (`rounds:1`, `tc:10`...).")
    remove: Line | None = Field(None, description="Verb: remove this condition.")
    damage: Line | None = Field(None, description="Verb: deal this much damage (dice or formula; `roll`: the table's "
                                                  "total).")
    heal: Line | None = Field(None, description="Verb: heal this much (dice or formula).")
    type: Line | None = Field(None, description="With `damage`: its damage type.")
    pool: Line | None = Field(None, description="Verb: change this pool, with `delta` or `set`.")
    delta: Number | None = Field(None, description="With `pool`: added to it.")
    set: Number | None = Field(None, description="With `pool`: its new value.")
    prompt: Line | None = Field(None, description="Verb: queue this table as a prompt.")
    note: Line | None = Field(None, description="Verb: write this line in the log.")
    injure: Number | None = Field(None, description="Verb, in a prompt about a body part: add this many injuries to "
                                                    "it.")
    treat: Number | None = Field(None, description="Verb, in a prompt about a body part: treat this many injuries.")
    heal_injury: Number | None = Field(None, description="Verb, in a prompt about a body part: heal this many "
                                                         "injuries.")
    part: Line | None = Field(None, description="With `prompt`: it is about the creature's (most injured) part of "
                                                "this kind.")
    next_turn: Number | None = Field(None, description="Verb, time count: the next turn comes this many TC from now.")
    to: Literal["self", "target"] = Field("self", description="In an action: on the actor, or on the creature `on=` "
                                                              "names.")
    source: Literal["none", "other"] = Field("none", description="`other`: an added condition is relative to the "
                                                                 "other party (Grappled by the actor).")

    @model_validator(mode="after")
    def _one_verb(self) -> EffectDef:
        verbs = [v for v in ("add", "remove", "damage", "heal", "pool", "prompt", "note") if getattr(self, v)]
        verbs += [v for v in ("next_turn", "injure", "treat", "heal_injury") if getattr(self, v) is not None]
        if len(verbs) != 1:
            got = ", ".join(verbs) or "none"
            raise ValueError("an effect needs exactly one of add/remove/damage/heal/pool/prompt/note/next_turn/"
                             f"injure/treat/heal_injury, got {got}")
        if self.part and not self.prompt:
            raise ValueError("part goes with prompt")
        if self.pool and (self.delta is None) == (self.set is None):
            raise ValueError("a pool effect needs exactly one of delta or set")
        return self


class ConditionEffectDef(Strict):
    """How a condition changes a budget while it stands."""

    pool: Line = Field(description="The pool it changes.")
    max: Int = Field(0, description="Added to the pool's maximum.")
    refresh: Int = Field(0, description="Added to what the pool refreshes to.")
    set_max: Int | None = Field(None, description="The maximum becomes this (Stunned: 0 actions).")


class LimitDef(Strict):
    """How often an action may be used: once a turn or a round, for each actor, each target (the creature
    `on=` names, whoever acts on it) or each name the GM gives (`what=`: one spell of several); or once
    for each trigger (another creature's latest action). `shared`: actions giving the same name count
    as one (one reaction of any kind)."""

    per: Literal["turn", "round", "trigger"] = Field(description="Once a turn, a round, or for each trigger.")
    each: Literal["actor", "target", "name"] = Field("actor", description="Counted for each actor, each target "
                                                                          "(`on=`) or each name (`what=`).")
    shared: Line | None = Field(None, description="Actions giving the same word count as one (`reaction`).")
    also: list[Line] = Field(default_factory=list, max_length=MAX_ITEMS,
                             description="Actions whose use (same actor, same target or name) uses this one up too.")


class ConditionDef(Strict):
    """A state a creature is in (Prone, Poisoned 2), with what it does while it stands and when it ends."""

    id: Line = Field(description="The name formulas and commands use.")
    name: Line = Field(description="What the GM reads.")
    description: Text = Field(description="What it does, in your own words.")
    valued: bool = Field(False, description="It takes a number (Poisoned 2).")
    stacking: Literal["max", "add", "extend", "separate", "replace"] = Field(
        "max", description="A second instance: keeps the higher value, adds values, adds durations, stands apart, "
                           "or replaces it.")
    subjective: bool = Field(False, description="Relative to another creature (`from=NAME`).")
    implies: list[Line] = Field(default_factory=list, max_length=MAX_ITEMS,
                                description="Conditions added with it, held while it stands.")
    source_implies: list[Line] = Field(default_factory=list, max_length=MAX_ITEMS,
                                       description="Conditions put on its source, relative to the bearer.")
    default_duration: Line | None = Field(None, description="Its duration when the command gives none.")
    start_of_turn: Line | None = Field(None, description="A table prompted at the start of the bearer's turn.")
    round_start: Line | None = Field(None, description="A table prompted at each round start.")
    skip_turn: bool = Field(False, description="The bearer's turns are skipped.")
    turn_with_source: bool = Field(False, description="Its turn-start tables and turn-end triggers come with its "
                                                      "source's turn (a commanded companion).")
    ended_by: list[Line] = Field(default_factory=list, max_length=MAX_ITEMS,
                                 description="Actions (or `tag:X`) that end it.")
    kept_by: list[Line] = Field(default_factory=list, max_length=MAX_ITEMS,
                                description="Actions (or `tag:X`) that keep it: any other action of the bearer ends "
                                            "it.")
    effects: list[ConditionEffectDef] = Field(default_factory=list, max_length=MAX_ITEMS,
                                              description="Budget changes while it stands.")
    tags: list[Line] = Field(default_factory=list, max_length=MAX_ITEMS, description="Words for grouping it.")
    on_end: list[EffectDef] = Field(default_factory=list, max_length=MAX_ITEMS,
                                    description="Effects when it runs out (not when removed).")
    ends_with_fight: bool = Field(False, description="It runs out (its `on_end` too) when `end` closes the fight.")


class ActionDef(Strict):
    """Something a creature does (`act Orc melee`): what it costs, what it does, when it may."""

    id: Line = Field(description="The name formulas and commands use.")
    name: Line = Field(description="What the GM reads.")
    cost: dict[Line, Number] = Field(default_factory=dict, max_length=MAX_ITEMS,
                                     description="Pool id to the amount spent (formula allowed).")
    gain: dict[Line, Number] = Field(default_factory=dict, max_length=MAX_ITEMS,
                                     description="Pool id to the amount gained (formula allowed).")
    speed: Line | None = Field(None, description="Time count: its speed class.")
    sf: Number | None = Field(None, description="Time count: its fixed speed factor.")
    tags: list[Line] = Field(default_factory=list, max_length=MAX_ITEMS,
                             description="Words for grouping it (`tag:X` in `ended_by`, `tag_X` in formulas).")
    effects: list[EffectDef] = Field(default_factory=list, max_length=MAX_ITEMS, description="What it does.")
    limit: LimitDef | None = Field(None, description="Once a turn or a round, for each actor, target or name.")
    requires: Line | None = Field(None, description="Formula over the actor: refused when it is false.")
    refusal: Line | None = Field(None, description="Why it is refused, as the GM reads it.")
    description: Text = Field("", description="What it does, in your own words.")
    cost_words: Line | None = Field(None, description="The cost in words, for a lookup, when it depends on the "
                                                      "creature.")
    sf_add: Number | None = Field(None, description="Time count: dice or formula added to the SF (a fumble's 1d6).")
    class_shift: Int = Field(0, description="Time count: speed classes slower (+) or faster (-) than the one given.")
    sf_then: Line | None = Field(None, description="Time count: formula over `sf` giving the SF taken (a feint's "
                                                   "half).")
    two_speeds: bool = Field(False, description="Time count: two speeds are given; the slower is taken.")
    anytime: Line | None = Field(None, description="Time count: formula, true when it may be used while waiting.")
    alongside: bool = Field(False, description="Time count: no turn of its own; its SF goes onto the action it "
                                               "comes with.")
    value: Line | None = Field(None, description="Words for a number the GM must give (`value=N`); `value` in its "
                                                 "formulas.")
    tally: Line | None = Field(None, description="A count kept for each name given with `what=`; `tally` in its "
                                                 "formulas.")
    tally_count: bool = Field(False, description="Adds one to the tally after its effects.")


class SpeedClassDef(Strict):
    """Time count: a speed an action is done at, rolled for PCs and fixed for others."""

    id: Line = Field(description="The name commands use (`class=fast`).")
    name: Line = Field(description="What the GM reads.")
    random: Line = Field(description="Dice rolled for PCs.")
    static: Int = Field(description="The SF of NPCs.")
    step: Int | None = Field(None, description="Its place on the ladder a shift moves along (0 the fastest).")


class TableRowDef(Strict):
    """One outcome of a table: the totals it covers and what it does."""

    min: Int | None = Field(None, description="The lowest total it covers; unset: no lower bound.")
    max: Int | None = Field(None, description="The highest total it covers; unset: no upper bound.")
    label: Line = Field(description="The outcome's name, as the GM reads it.")
    text: Text = Field("", description="What happens, in your own words.")
    effects: list[EffectDef] = Field(default_factory=list, max_length=MAX_ITEMS, description="What it does.")


class TableDef(Strict):
    """A roll with outcomes, prompted at a moment and resolved by the GM."""

    id: Line = Field(description="The name prompts use.")
    name: Line = Field(description="What the GM reads.")
    roll: Line = Field(description="Dice over the creature's names.")
    description: Text = Field("", description="What it is, in your own words.")
    rows: list[TableRowDef] = Field(default_factory=list, max_length=MAX_ITEMS,
                                    description="Its outcomes; none: the roll is the result.")
    after: list[EffectDef] = Field(default_factory=list, max_length=MAX_ITEMS,
                                   description="Effects after whichever row came up.")
    choice: bool = Field(False, description="The GM picks the outcome; no die.")
    repeat: bool = Field(False, description="Several may wait for one creature at once.")


class TriggerDef(Strict):
    """Effects that happen at a moment, when a formula holds."""

    on: Literal["damage", "heal", "change", "injury", "turn-start", "turn-end", "round-start", "round-end",
                "short-rest", "long-rest"] = Field(description="The moment it is looked at.")
    when: Line | None = Field(None, description="Formula: it fires only when true; unset: every time.")
    edge: bool = Field(True, description="Fires only when `when` turns true, not while it stays true.")
    effects: list[EffectDef] = Field(max_length=MAX_ITEMS, description="What it does.")


class DamageDef(Strict):
    """Where damage and healing go."""

    health: Line | None = Field(None, description="The pool `hp=` means; unset: the last of `absorb`.")
    absorb: list[Line] = Field(default_factory=list, max_length=MAX_ITEMS,
                               description="The pools damage comes off, in order.")
    heal: list[Line] = Field(default_factory=list, max_length=MAX_ITEMS,
                             description="The pools healing refills, in order.")
    types: list[Line] = Field(default_factory=list, max_length=MAX_ITEMS, description="The damage types known.")


class CareDef(Strict):
    """Looking after injuries between fights: tables prompted once for each untreated injury (of a part
    not destroyed), the prompt naming the part; `treat` and `injure` effects act on that part."""

    treat: Line | None = Field(None, description="A table prompted when `end` closes the fight: the check that "
                                                 "treats one injury.")
    treat_dc: Line | None = Field(None, description="Formula over `part_value`: the DC the treat prompt shows.")
    untreated: Line | None = Field(None, description="A table prompted at each long rest while an injury stays "
                                                     "untreated.")
    untreated_by_part: Line | None = Field(None, description="Formula: true for one untreated prompt a part, not an "
                                                             "injury.")


class RuleDef(Strict):
    """A short rule summary, for `lookup`."""

    id: Line = Field(description="The name `lookup` takes.")
    name: Line = Field(description="What the GM reads.")
    text: Text = Field(description="The rule, in your own words.")


class OptionDef(Strict):
    """A reading the GM may change per encounter (contradictions in the text)."""

    id: Line = Field(description="The name formulas and `set` use.")
    default: Int = Field(description="Its setting until the GM changes it.")
    description: Text = Field(description="What each setting means.")
    name: Line | None = Field(None, description="What the GM reads for it; unset: the id as words.")


class BodyEffectDef(Strict):
    """What a body part's injuries do at a count."""

    count: Int = Field(description="At this many injuries to one part.")
    text: Text = Field(description="What happens, in your own words.")
    effects: list[EffectDef] = Field(default_factory=list, max_length=MAX_ITEMS, description="What it does.")
    healed: list[EffectDef] = Field(default_factory=list, max_length=MAX_ITEMS,
                                    description="Effects when the part heals below the count.")


class SoundLeftDef(Strict):
    """Effects once at most `at_most` parts of a kind are uninjured (a flier with one sound wing)."""

    at_most: Int = Field(description="At most this many parts of the kind uninjured.")
    effects: list[EffectDef] = Field(default_factory=list, max_length=MAX_ITEMS, description="What it does.")


class BodyPartDef(Strict):
    """A kind of body part that takes injuries."""

    id: Line = Field(description="The name commands use.")
    name: Line = Field(description="What the GM reads.")
    severity: Line = Field(description="How bad an injury to it is, in words.")
    value: Int = Field(1, description="Its injury value (for save DCs).")
    count: int = Field(default=1, ge=0, le=MAX_PARTS, description="How many a typical creature has.")
    effects: list[BodyEffectDef] = Field(default_factory=list, max_length=MAX_ITEMS,
                                         description="What injuries do at each count.")
    all_effects: list[EffectDef] = Field(default_factory=list, max_length=MAX_ITEMS,
                                         description="Effects once every part of the kind is injured.")
    destroyed: Int | None = Field(None, description="The count at which one part is destroyed.")
    all_destroyed: list[EffectDef] = Field(default_factory=list, max_length=MAX_ITEMS,
                                           description="Effects once every part of the kind is destroyed.")
    majority: bool = Field(False, description="Count effects reach the creature only once more than half share "
                                              "them.")
    majority_exact: Line | None = Field(None, description="Formula: true when sharing means exactly that many.")
    sound_left: SoundLeftDef | None = Field(None, description="Effects once few parts of the kind are uninjured.")


class BodyPlanDef(Strict):
    """A kind of body (humanoid, quadruped, winged...): how many of each part such a creature has."""

    id: Line = Field(description="The name `add Wolf body=...` takes.")
    name: Line = Field(description="What the GM reads.")
    description: Text = Field("", description="What it is, in your own words.")
    parts: dict[Line, Annotated[int, Field(ge=0, le=MAX_PARTS)]] = Field(
        default_factory=dict, max_length=MAX_ITEMS, description="Body part id to how many (0 to 20).")


class RulesetDef(Strict):
    """A rule system: the whole file."""

    schema_version: Int = Field(RULESET_SCHEMA_VERSION, description="The format the file is written in.")
    id: Line = Field(description="The name saves and `--ruleset` use; one file an id.")
    name: Line = Field(description="What the GM reads.")
    description: Text = Field("", description="What system it is, in your own words.")
    hooks: Line | None = Field(None, description="A built-in system, for what data cannot say.")
    time: TimeDef = Field(description="How time passes.")
    stats: list[StatDef] = Field(default_factory=list, max_length=MAX_ITEMS, description="Numbers each creature has.")
    pools: list[PoolDef] = Field(default_factory=list, max_length=MAX_ITEMS, description="Budgets with a value.")
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

    @field_validator("schema_version")
    @classmethod
    def _known_version(cls, version: int) -> int:
        if version > RULESET_SCHEMA_VERSION:
            raise ValueError(f"written for a newer combat-tui (ruleset format {version}; "
                             f"this version reads up to {RULESET_SCHEMA_VERSION})")
        return version

    @model_validator(mode="after")
    def _references(self) -> RulesetDef:
        if (self.time.round_seconds is not None and self.time.round_seconds <= 0) or \
                (self.time.tc_seconds is not None and self.time.tc_seconds <= 0):
            raise ValueError("time.round_seconds and time.tc_seconds must be positive")
        conds = {c.id for c in self.conditions}
        pools = {p.id for p in self.pools}
        tables = {t.id for t in self.tables}
        actions = {a.id for a in self.actions}
        classes = {s.id for s in self.speed_classes}
        for kind, ids in (("condition", [c.id for c in self.conditions]), ("pool", [p.id for p in self.pools]),
                          ("stat", [s.id for s in self.stats]), ("action", [a.id for a in self.actions]),
                          ("table", [t.id for t in self.tables]), ("body part", [b.id for b in self.body]),
                          ("body plan", [b.id for b in self.body_plans]),
                          ("speed class", [s.id for s in self.speed_classes]), ("rule", [r.id for r in self.rules]),
                          ("option", [o.id for o in self.options])):
            # as the GM types them: `base_top`, `base-top` and `Base-Top` are one word to a command
            dupes = {i for i, n in Counter(i.lower().replace("_", "-") for i in ids).items() if n > 1}  # linear
            if dupes:
                raise ValueError(f"duplicate {kind} id(s): {', '.join(sorted(dupes))}")

        def need(ref: str | None, known: set[str], what: str, where: str) -> None:
            if ref is not None and ref not in known:
                raise ValueError(f"{where}: unknown {what} {ref!r}")

        def check_effects(effects: list[EffectDef], where: str) -> None:
            for e in effects:
                need(e.add, conds, "condition", where)
                need(e.remove, conds, "condition", where)
                need(e.pool, pools, "pool", where)
                need(e.prompt, tables, "table", where)
                need(e.part, {b.id for b in self.body}, "body part", where)

        for c in self.conditions:
            for d in c.implies:
                need(d, conds, "condition", f"conditions.{c.id}.implies")
            for d in c.source_implies:
                need(d, conds, "condition", f"conditions.{c.id}.source_implies")
            need(c.start_of_turn, tables, "table", f"conditions.{c.id}.start_of_turn")
            need(c.round_start, tables, "table", f"conditions.{c.id}.round_start")
            for act_id in [*c.ended_by, *c.kept_by]:
                if not act_id.startswith("tag:"):  # `tag:attack`: any action with that tag
                    need(act_id, actions, "action", f"conditions.{c.id}.ended_by")
            for eff in c.effects:
                need(eff.pool, pools, "pool", f"conditions.{c.id}.effects")
            check_effects(c.on_end, f"conditions.{c.id}.on_end")
        for a in self.actions:
            for p in [*a.cost, *a.gain]:
                need(p, pools, "pool", f"actions.{a.id}")
            need(a.speed, classes, "speed class", f"actions.{a.id}.speed")
            check_effects(a.effects, f"actions.{a.id}.effects")
            for other in a.limit.also if a.limit else []:
                need(other, actions, "action", f"actions.{a.id}.limit.also")
        for t in self.tables:
            for r in t.rows:
                check_effects(r.effects, f"tables.{t.id}.rows.{r.label}")
            check_effects(t.after, f"tables.{t.id}.after")
        for i, trig in enumerate(self.triggers):
            check_effects(trig.effects, f"triggers.{i}")
        for p in self.damage.absorb + self.damage.heal:
            need(p, pools, "pool", "damage")
        need(self.damage.health, pools, "pool", "damage.health")
        for pd in self.pools:
            need(pd.against, pools, "pool", f"pools.{pd.id}.against")
        need(self.time.start_condition, conds, "condition", "time.start_condition")
        need(self.time.surprise.condition, conds, "condition", "time.surprise.condition")
        for b in self.body:
            for be in b.effects:
                check_effects(be.effects, f"body.{b.id}")
                check_effects(be.healed, f"body.{b.id}.healed")
            check_effects(b.all_effects, f"body.{b.id}.all_effects")
            check_effects(b.all_destroyed, f"body.{b.id}.all_destroyed")
            check_effects(b.sound_left.effects if b.sound_left else [], f"body.{b.id}.sound_left")
        need(self.time.fastest_shift, classes, "speed class", "time.fastest_shift")
        need(self.injury_care.treat, tables, "table", "injury_care.treat")
        need(self.injury_care.untreated, tables, "table", "injury_care.untreated")
        parts = {b.id for b in self.body}
        for plan in self.body_plans:
            for part_id in plan.parts:
                need(part_id, parts, "body part", f"body_plans.{plan.id}.parts")
        self._check_formulas()
        return self

    def _check_formulas(self) -> None:
        """Every formula parses and uses only names the ruleset defines, so a typo fails at load."""
        from .formula import names_in
        from .formula_names import known_names
        from .state.errors import FormulaError

        known = known_names(self.formula_items())

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

        for p in self.pools:
            for key in ("max", "floor", "start", "refresh_to", "critical"):
                check(getattr(p, key), f"pools[{p.id}].{key}")
        for a in self.actions:
            for pid, v in [*a.cost.items(), *a.gain.items()]:
                check(v, f"actions[{a.id}].{pid}", own(a))
            check(a.requires, f"actions[{a.id}].requires", own(a))
            check(a.anytime, f"actions[{a.id}].anytime")
            check(None if _dice(a.sf_add) else a.sf_add, f"actions[{a.id}].sf_add")
            check(a.sf_then, f"actions[{a.id}].sf_then", {"sf"})
        check(self.time.sf_mod, "time.sf_mod")
        check(self.time.class_shift, "time.class_shift")
        check(self.time.sf_step, "time.sf_step")
        for b in self.body:
            check(b.majority_exact, f"body[{b.id}].majority_exact")
        check(self.injury_care.treat_dc, "injury_care.treat_dc")
        check(self.injury_care.untreated_by_part, "injury_care.untreated_by_part")
        effect_lists = [(f"actions[{a.id}]", a.effects, own(a)) for a in self.actions]
        effect_lists += [(f"tables[{t.id}]", [e for r in t.rows for e in r.effects] + t.after, set())
                         for t in self.tables]
        effect_lists += [(f"triggers[{i}]", t.effects, set()) for i, t in enumerate(self.triggers)]
        effect_lists += [(f"conditions[{c.id}].on_end", c.on_end, set()) for c in self.conditions]
        effect_lists += [(f"body[{b.id}]", [e for be in b.effects for e in [*be.effects, *be.healed]]
                          + b.all_effects + b.all_destroyed + (b.sound_left.effects if b.sound_left else []), set())
                         for b in self.body]
        for i, t in enumerate(self.triggers):
            check(t.when, f"triggers[{i}].when")
        for where, effects, names in effect_lists:
            for e in effects:
                check(e.when, f"{where}.when", names)
                check(e.value, f"{where}.value", names)
                check(e.delta, f"{where}.delta", names)
                check(e.set, f"{where}.set", names)
                check(None if _dice(e.next_turn) else e.next_turn, f"{where}.next_turn", names)
                check(e.injure, f"{where}.injure", names)
                check(e.treat, f"{where}.treat", names)
                if e.duration and ":" in e.duration and not e.duration.split(":", 1)[1].strip().isdigit():
                    check(e.duration.split(":", 1)[1], f"{where}.duration", names)

    def formula_items(self) -> dict[str, list[tuple[str, str]]]:
        """The items formula names are made of, by kind (see `formula_names.NAMES`): (id, the GM's word)."""
        from .formula_names import humane

        return {"stat": [(s.id, s.name) for s in self.stats], "pool": [(p.id, p.name) for p in self.pools],
                "condition": [(c.id, c.name) for c in self.conditions],
                "option": [(o.id, o.name or humane(o.id)) for o in self.options],
                "type": [(t, humane(t)) for t in self.damage.types],
                "tag": [(t, humane(t)) for t in dict.fromkeys(t for a in self.actions for t in a.tags)],
                "body": [(b.id, b.name) for b in self.body]}

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
