"""The ruleset data schema: what a `rulesets/*.toml` file may say.

A ruleset is data first. Everything here is validated by pydantic with unknown keys
refused, so a typo in a GM's own ruleset is reported (file and key) instead of ignored.
Formulas are strings evaluated by `formula.py` (never `eval`); dice strings go to `dice.py`.
"""

from __future__ import annotations

import re
from collections import Counter
from enum import StrEnum
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from .bounds import Int, Real
from .clean import Line, Text
from .views.kinds import PoolKind as PoolKind  # plain enums, defined where a view can import them
from .views.kinds import TimeModel as TimeModel

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
    NEVER = "never"
    TURN_START = "turn-start"
    ROUND_START = "round-start"
    SHORT_REST = "short-rest"
    LONG_REST = "long-rest"


class SurpriseDef(Strict):
    """What being surprised (or unaware) at the start of combat does."""

    skip_round_1: bool = False
    initiative_penalty: Line | None = None  # dice added to the initiative roll
    condition: Line | None = None  # condition applied to surprised creatures at start


class TimeDef(Strict):
    model: TimeModel
    round_seconds: Real | None = None
    tc_seconds: Real | None = None
    order: Literal["descending", "ascending"] = "descending"
    initiative: Line | None = None  # dice formula for PCs (and NPCs unless npc_initiative)
    npc_initiative: Line | None = None
    hold: bool = False
    hold_after: bool = False  # holding names at once after whom the creature will act (the app asks)
    delay: bool = False
    start_condition: Line | None = None  # applied to all at start; e.g. off-guard until first turn
    surprise: SurpriseDef = SurpriseDef()
    # time count: added to every action's SF above 0 (names: the actor's, and `tag_X` for the action's tags)
    sf_mod: Line | None = None
    class_shift: Line | None = None  # time count: speed classes slower (formula over the actor's names)
    fastest_shift: Line | None = None  # the fastest class a shift may reach (a slower start stays put)
    past_slowest: Int = 0  # SF added for each step a shift goes past the slowest class
    # formula: a shift applies to an SF given as a number too; 0 moves it by the static SFs of the class
    # it falls in and the class it lands in, N > 0 by N a class. None: a number is never shifted
    sf_step: Line | None = None


class StatDef(Strict):
    id: Line
    name: Line
    default: Int = 0
    description: Text = ""


class PoolDef(Strict):
    id: Line
    name: Line
    kind: PoolKind = PoolKind.TRACK
    max: Number | None = None  # None: unbounded (counters)
    floor: Number = 0
    start: Number | None = None  # initial value; default: max (or 0 with no max)
    refresh: Refresh = Refresh.NEVER
    refresh_to: Number | None = None  # default: max (counters: 0)
    overflow: bool = False  # may current exceed max (bonus pools)
    critical: Line | None = None  # formula: true when the pool is in a critical state
    summary: bool = False  # shown at a glance in the acting order, not only on the sheet
    short: Line | None = None  # a label of a few letters for the acting order
    against: Line | None = None  # drawn against another pool's current value (fatigue against HP)
    description: Text = ""


class EffectDef(Strict):
    """One bookkeeping step, used by tables, triggers and actions. Exactly one verb."""

    when: Line | None = None  # formula; the step applies only when it is true
    add: Line | None = None  # condition id
    value: Number | None = None
    duration: Line | None = None  # duration spec, see `timekeeping.parse_duration`
    remove: Line | None = None  # condition id
    damage: Line | None = None  # dice/formula; "roll" means the table's roll total
    heal: Line | None = None
    type: Line | None = None  # damage type
    pool: Line | None = None  # with delta or set
    delta: Number | None = None
    set: Number | None = None
    prompt: Line | None = None  # queue another table prompt
    note: Line | None = None  # a line in the log
    injure: Number | None = None  # in a prompt about a body part: add this many injuries to it
    treat: Number | None = None  # in a prompt about a body part: this many of its injuries are treated
    heal_injury: Number | None = None  # in a prompt about a body part: this many of its injuries heal
    part: Line | None = None  # with prompt: the prompt is about this creature's part of that kind (most injured)
    next_turn: Number | None = None  # time count: the creature's next turn comes this many TC from now
    to: Literal["self", "target"] = "self"  # in an action: on the actor, or on `act ... on=NAME`'s target
    source: Literal["none", "other"] = "none"  # an added condition comes from (is relative to) the other party

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

    pool: Line
    max: Int = 0  # added to the pool's maximum
    refresh: Int = 0  # added to what the pool refreshes to
    set_max: Int | None = None  # the maximum becomes this (Stunned: 0 actions)


class LimitDef(Strict):
    """How often an action may be used: once a turn or a round, for each actor, each target (the creature
    `on=` names, whoever acts on it) or each name the GM gives (`what=`: one spell of several); or once
    for each trigger (another creature's latest action). `shared`: actions giving the same name count
    as one (one reaction of any kind)."""

    per: Literal["turn", "round", "trigger"]
    each: Literal["actor", "target", "name"] = "actor"
    shared: Line | None = None
    # actions whose use (by the same actor, on the same target or name) uses this one up too
    also: list[Line] = Field(default_factory=list, max_length=MAX_ITEMS)


class ConditionDef(Strict):
    id: Line
    name: Line
    description: Text
    valued: bool = False  # has a number (Poisoned 2, Shaken 3)
    stacking: Literal["max", "add", "extend", "separate", "replace"] = "max"
    subjective: bool = False  # relative to another creature: records whom
    implies: list[Line] = Field(default_factory=list, max_length=MAX_ITEMS)  # daughters added with it
    # daughters put on its source, relative to the bearer (Hidden from B: B is Flat Footed against it)
    source_implies: list[Line] = Field(default_factory=list, max_length=MAX_ITEMS)
    default_duration: Line | None = None
    start_of_turn: Line | None = None  # table id prompted at the start of the bearer's turn
    round_start: Line | None = None  # table id prompted at each round start (free rounds)
    skip_turn: bool = False
    # its start-of-turn tables come at the start of its source's turn, not its own (a commanded companion)
    turn_with_source: bool = False
    ended_by: list[Line] = Field(default_factory=list, max_length=MAX_ITEMS)  # actions that end it
    # Actions that keep it: any other action of the bearer ends it ("its last action was a move")
    kept_by: list[Line] = Field(default_factory=list, max_length=MAX_ITEMS)
    effects: list[ConditionEffectDef] = Field(default_factory=list, max_length=MAX_ITEMS)
    tags: list[Line] = Field(default_factory=list, max_length=MAX_ITEMS)
    on_end: list[EffectDef] = Field(default_factory=list, max_length=MAX_ITEMS)  # when it runs out (not removed)
    ends_with_fight: bool = False  # runs out (its on_end too) when `end` closes the encounter


class ActionDef(Strict):
    id: Line
    name: Line
    cost: dict[Line, Number] = Field(default_factory=dict, max_length=MAX_ITEMS)  # pool id -> amount spent
    gain: dict[Line, Number] = Field(default_factory=dict, max_length=MAX_ITEMS)  # pool id -> amount gained
    speed: Line | None = None  # speed class id (time-count)
    sf: Number | None = None  # fixed speed factor (time-count)
    tags: list[Line] = Field(default_factory=list, max_length=MAX_ITEMS)
    effects: list[EffectDef] = Field(default_factory=list, max_length=MAX_ITEMS)
    limit: LimitDef | None = None  # once a turn or round, for each actor, target or name
    requires: Line | None = None  # formula over the actor; the action is refused when it is false
    refusal: Line | None = None  # why, as the GM reads it, when `requires` is false ("now" if unset)
    description: Text = ""
    # The cost and gain in words, for a lookup, when a formula's number depends on the creature
    # ("1 Stamina, or 1 Exhaustion when out of Stamina"). On the act list the number is worked out.
    cost_words: Line | None = None
    # time count
    sf_add: Number | None = None  # dice or formula added to the SF however it is given (a fumble's 1d6)
    class_shift: Int = 0  # speed classes slower (+) or faster (-) than the class given (quick strike: -1)
    sf_then: Line | None = None  # formula over `sf`, the SF worked out, giving the SF taken (a feint's half)
    two_speeds: bool = False  # two speeds given (class=A,B, sf=A,B): both worked out, the worse (higher) taken
    anytime: Line | None = None  # formula: may be used while waiting for its TC (abandoning a spell)
    alongside: bool = False  # takes no turn of its own: its SF goes onto the action it comes with
    # A number the GM must give with `value=N` (these words say what it is); `value` in its effects.
    value: Line | None = None
    # A count kept on the actor for each name given with `what=` (remembered for the next action with
    # the same tally); `tally` in its requires and effects is the count so far; `tally_count` adds one.
    tally: Line | None = None
    tally_count: bool = False


class SpeedClassDef(Strict):
    id: Line
    name: Line
    random: Line  # dice for PCs
    static: Int  # fixed for NPCs
    step: Int | None = None  # place on the ladder of classes a shift moves along (0 the fastest); None: off it


class TableRowDef(Strict):
    min: Int | None = None  # inclusive; None: no lower bound
    max: Int | None = None  # inclusive; None: no upper bound
    label: Line
    text: Text = ""
    effects: list[EffectDef] = Field(default_factory=list, max_length=MAX_ITEMS)


class TableDef(Strict):
    id: Line
    name: Line
    roll: Line  # dice formula over the creature's names
    description: Text = ""
    rows: list[TableRowDef] = Field(default_factory=list, max_length=MAX_ITEMS)  # empty: the roll is the result
    after: list[EffectDef] = Field(default_factory=list, max_length=MAX_ITEMS)  # applied after whichever row
    choice: bool = False  # the GM picks the outcome: `resolve` needs value=N
    repeat: bool = False  # several may wait for one creature at once (one Death roll per hit)


class TriggerDef(Strict):
    on: Literal["damage", "heal", "change", "injury", "turn-start", "turn-end", "round-start", "round-end",
                "short-rest", "long-rest"]
    when: Line | None = None
    edge: bool = True  # fire only when `when` turns true, not while it stays true
    effects: list[EffectDef] = Field(max_length=MAX_ITEMS)


class DamageDef(Strict):
    health: Line | None = None  # the pool a GM means by hit points: what `hp=` sets (default: absorb's last)
    absorb: list[Line] = Field(default_factory=list, max_length=MAX_ITEMS)  # pools damage comes off, in order
    heal: list[Line] = Field(default_factory=list, max_length=MAX_ITEMS)  # pools healing goes to, in order
    types: list[Line] = Field(default_factory=list, max_length=MAX_ITEMS)


class CareDef(Strict):
    """Looking after injuries between fights: tables prompted once for each untreated injury (of a part
    not destroyed), the prompt naming the part; `treat` and `injure` effects act on that part."""

    treat: Line | None = None  # prompted when the fight ends (`end`): the check that treats one injury
    treat_dc: Line | None = None  # formula over `part_value`: the DC the treat prompt shows
    untreated: Line | None = None  # prompted at each long rest (a day) while an injury stays untreated
    untreated_by_part: Line | None = None  # formula: true for one untreated prompt per part, not per injury


class RuleDef(Strict):
    id: Line
    name: Line
    text: Text


class OptionDef(Strict):
    """A reading the GM may change per encounter (contradictions in the text)."""

    id: Line
    default: Int
    description: Text
    name: Line | None = None  # the words a GM reads for it (in a roll, a cost); default: the id as words


class BodyEffectDef(Strict):
    count: Int  # at this many injuries to one part
    text: Text
    effects: list[EffectDef] = Field(default_factory=list, max_length=MAX_ITEMS)
    healed: list[EffectDef] = Field(default_factory=list, max_length=MAX_ITEMS)  # when healed below the count


class SoundLeftDef(Strict):
    """Effects once at most `at_most` parts of a kind are uninjured (a flier with one sound wing)."""

    at_most: Int
    effects: list[EffectDef] = Field(default_factory=list, max_length=MAX_ITEMS)


class BodyPartDef(Strict):
    id: Line
    name: Line
    severity: Line
    value: Int = 1  # injury value (for save DCs)
    count: int = Field(default=1, ge=0, le=MAX_PARTS)  # how many a typical creature has
    effects: list[BodyEffectDef] = Field(default_factory=list, max_length=MAX_ITEMS)
    all_effects: list[EffectDef] = Field(default_factory=list, max_length=MAX_ITEMS)  # every part of the kind injured
    destroyed: Int | None = None  # the count at which one part is destroyed (no mundane healing)
    all_destroyed: list[EffectDef] = Field(default_factory=list, max_length=MAX_ITEMS)  # every one destroyed
    majority: bool = False  # count effects reach the whole creature only once more than half share them
    majority_exact: Line | None = None  # formula: true when "share" means exactly that many, not at least
    sound_left: SoundLeftDef | None = None


class BodyPlanDef(Strict):
    """A kind of body (humanoid, quadruped, winged...): how many of each part such a creature has."""

    id: Line
    name: Line
    description: Text = ""
    parts: dict[Line, Annotated[int, Field(ge=0, le=MAX_PARTS)]] = Field(default_factory=dict, max_length=MAX_ITEMS)


class RulesetDef(Strict):
    schema_version: Int = RULESET_SCHEMA_VERSION
    id: Line
    name: Line
    description: Text = ""
    hooks: Line | None = None  # name of a built-in hooks module, for what data cannot say
    time: TimeDef
    stats: list[StatDef] = Field(default_factory=list, max_length=MAX_ITEMS)
    pools: list[PoolDef] = Field(default_factory=list, max_length=MAX_ITEMS)
    conditions: list[ConditionDef] = Field(default_factory=list, max_length=MAX_ITEMS)
    actions: list[ActionDef] = Field(default_factory=list, max_length=MAX_ITEMS)
    speed_classes: list[SpeedClassDef] = Field(default_factory=list, max_length=MAX_ITEMS)
    tables: list[TableDef] = Field(default_factory=list, max_length=MAX_ITEMS)
    triggers: list[TriggerDef] = Field(default_factory=list, max_length=MAX_ITEMS)
    damage: DamageDef = DamageDef()
    rules: list[RuleDef] = Field(default_factory=list, max_length=MAX_ITEMS)
    options: list[OptionDef] = Field(default_factory=list, max_length=MAX_ITEMS)
    body: list[BodyPartDef] = Field(default_factory=list, max_length=MAX_ITEMS)
    body_plans: list[BodyPlanDef] = Field(default_factory=list, max_length=MAX_ITEMS)  # the first is the default
    injury_care: CareDef = CareDef()

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
        from .errors import FormulaError
        from .formula import names_in

        def norm(x: str) -> str:
            return x.replace("-", "_")

        known = {"round", "tc", "own_turn", "level", "roll", "amount", "injury_total", "injury_value", "injury_count",
                 "overdue", "part_value", "part_injuries"}
        known |= {f"tag_{norm(t)}" for a in self.actions for t in a.tags}
        known |= {f"before_{norm(p.id)}" for p in self.pools} | {f"type_{norm(t)}" for t in self.damage.types}
        known |= {norm(s.id) for s in self.stats} | {norm(o.id) for o in self.options}
        known |= {norm(p.id) for p in self.pools} | {f"max_{norm(p.id)}" for p in self.pools}
        known |= {norm(c.id) for c in self.conditions}
        known |= {"target"} | {f"target_{norm(c.id)}" for c in self.conditions}  # in an action's effects

        def own(a: ActionDef) -> set[str]:
            """Names only an action's requires and effects have: its value and its tally."""
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
                check(v, f"actions[{a.id}].{pid}")
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
