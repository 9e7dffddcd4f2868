"""The encounter's state: plain pydantic data, no behaviour beyond small lookups.

Everything that changes goes through `ops.Ops`, which records each change for undo.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from .bounds import Int, Real
from .clean import Line, Text


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=False)


class Side(StrEnum):
    PC = "pc"
    NPC = "npc"
    ALLY = "ally"


class PoolState(Model):
    current: Int
    max: Int | None = None
    fixed_max: Int | None = None  # set per creature (`add Orc hp=7`), wins over the ruleset's formula
    capped: Int = 0  # taken off by a lowered max (Slowed); given back if the max rises before the next refresh


class Expiry(Model):
    """An absolute end, in the time model's units. What remains is computed, never stored.

    turn-order: `turn-start`/`turn-end` of `who` in `round` (or later), `round-end` of `round`.
    time-count: `tc` when the clock reaches `tc`; `turn-start` of `who` after `tc`; `turn-end` at or after `tc`.
    """

    kind: Literal["turn-start", "turn-end", "round-end", "tc", "short-rest", "long-rest"]
    round: Int | None = None
    tc: Int | None = None
    who: Line | None = None


class ConditionState(Model):
    uid: Int
    id: Line
    value: Int | None = None
    source: Line | None = None  # combatant id: who caused it, or whom a subjective condition is relative to
    ends: Expiry | None = None
    parents: list[Int] = Field(default_factory=list)  # uids of parent conditions (here or on its source)
    direct: bool = True  # applied in its own right, not only implied by a parent
    dice: Line | None = None  # the damage it carries (persistent 1d6 fire), dealt at the end of each turn
    dtype: Line | None = None


class Ward(Model):
    """A condition removed by an ability while something keeps applying it: given again before `ends`,
    it is ignored."""

    id: Line
    ends: Expiry


class DamagePart(Model):
    """A further part of an attack's damage, of its own type (a bite's 2d6 necrotic beside its piercing)."""

    damage: Line  # dice
    type: Line | None = None


class SaveSpec(Model):
    """A save an action calls for instead of a to-hit: each target rolls `stat` (the ruleset's save, or a
    stat) against `dc`; a pass takes half the damage or none."""

    stat: Line
    dc: Int
    on_save: Literal["half", "none"] = "none"


class HitPart(Model):
    """A further part of damage left ready, rolled: dealt with the hit, each part through the damage step."""

    amount: Int
    type: Line | None = None


class OwnAction(Model):
    """An attack or other action a creature has of its own (from a template), copied into its state so
    the save stands alone. Its cost is a ruleset action's (`uses`), its own `cost`, or in time count a
    speed class or SF."""

    id: Line
    name: Line
    uses: Line | None = None  # a ruleset action whose cost, tags and effects it takes
    cost: dict[Line, Int | Line] = Field(default_factory=dict)  # pool id -> amount, over `uses`' cost
    hit: Line | None = None  # the to-hit roll or test: dice ("1d20+4") or a bonus ("+4")
    damage: Line | None = None  # dice
    type: Line | None = None  # damage type
    speed: Line | None = None  # time count: a speed class id
    sf: Int | None = None  # time count: a fixed speed factor
    notes: Text = ""
    plus: list[DamagePart] = Field(default_factory=list)  # further damage of other types, dealt with `damage`
    save: SaveSpec | None = None  # its targets save against it (damage rolled once), instead of a to-hit
    recharge: Int | None = None  # spent when used; back when a d6 at the start of its turn rolls this or more


class LastingCondition(Model):
    """A condition a party member carries between fights (see library.model.ConditionEntry)."""

    id: Line
    value: Int | None = None
    until: Line | None = None  # "short-rest", "long-rest" or None: until removed


class Lasting(Model):
    """A party member's lasting values, as it came into the fight or as the last write-back sent them:
    `end` sends the party's state only what differs from this (see lasting.py)."""

    current: dict[Line, Int] = Field(default_factory=dict)  # pools
    injuries: dict[Line, Int] = Field(default_factory=dict)
    treated: dict[Line, Int] = Field(default_factory=dict)
    tallies: dict[Line, Int] = Field(default_factory=dict)
    conditions: list[LastingCondition] = Field(default_factory=list)


class Combatant(Model):
    id: Line
    seq: Int
    name: Line
    side: Side = Side.NPC
    initiative: Int | None = None
    tiebreak: Real = 0.0
    stats: dict[Line, Int] = Field(default_factory=dict)
    pools: dict[Line, PoolState] = Field(default_factory=dict)
    vars: dict[Line, Int] = Field(default_factory=dict)  # the ruleset's `[[vars]]` that have left their start
    conditions: list[ConditionState] = Field(default_factory=list)
    ignoring: list[Ward] = Field(default_factory=list)  # removed conditions ignored if given again before an end
    injuries: dict[Line, Int] = Field(default_factory=dict)  # body part instance ("arm.2") -> injuries
    treated: dict[Line, Int] = Field(default_factory=dict)  # body part instance -> how many of them are treated
    body: Line | None = None  # body plan id; None (and saves from before plans) is the ruleset's default
    parts: dict[Line, Int] = Field(default_factory=dict)  # body part id -> how many it has, where not its plan's
    notes: Text = ""
    hidden: bool = False
    health_shown: bool = False  # the players' view shows its exact health, not only unhurt/hurt/bloodied/down
    surprised: bool = False
    fixed: bool = False  # an entry on a set count (a lair on 20): never rolls, loses ties
    next_tc: Int | None = None
    acted: bool = False  # time count: has acted on the current TC
    sf_pending: Int = 0  # time count: SF of actions taken alongside (Concentrate), added to its next one
    turn_round: Int = 0  # the last round (time count: TC) whose start-of-turn bookkeeping it had
    budget_round: Int = 0  # the last round its turn-start pools refreshed
    uses: dict[Line, Int] = Field(default_factory=dict)  # a limited action (and its name or user) -> when last used
    tallies: dict[Line, Int] = Field(default_factory=dict)  # "tally:name" -> count since the last long rest
    named: dict[Line, Line] = Field(default_factory=dict)  # tally -> the name last given (the spell being cast)
    last_act: Int = 0  # stamp of its latest action with a cost: what a reaction per trigger answers
    group: Line | None = None  # made together (`add Ghoul x4`): one initiative, adjacent in the order
    template: Line | None = None  # the library template it was made from, by name
    party: Line | None = None  # the party it came from (`add @PARTY`): `end` writes its state back
    came_in: Lasting | None = None  # a party member's lasting values it came in with: its baseline
    actions: list[OwnAction] = Field(default_factory=list)
    # damage type -> degree, read by the ruleset's damage steps (`[damage] steps`)
    resist: dict[Line, Int] = Field(default_factory=dict)
    weak: dict[Line, Int] = Field(default_factory=dict)
    immune: list[Line] = Field(default_factory=list)

    def has(self, cond_id: str) -> bool:
        return any(c.id == cond_id for c in self.conditions)


class Slot(Model):
    cid: Line
    ghost: bool = False  # a delayed creature's old place: start-of-turn effects only


class Clock(Model):
    started: bool = False
    round: Int = 0
    turn: Int = -1  # index into `order` of the slot acting now (turn order)
    tc: Int = 0
    ended: bool = False  # `end`: the fight is over (still resumable; undo takes it back)


class Rolled(Model):
    total: Int
    detail: Line


class Prompt(Model):
    uid: Int
    cid: Line
    table: Line
    reason: Line
    rolled: Rolled | None = None  # rolled ahead (`preroll`), applied by `resolve`
    condition: Line | None = None  # the condition that called for it; gone with its last instance
    part: Line | None = None  # the body part instance it is about ("arm.2"): a Heal check, a daily check
    other: Line | None = None  # the other party of the action that called for it: its rows' `to = "target"`
    numbers: dict[Line, Int] = Field(default_factory=dict)  # its own DC or amount (its table's `carries`)


class ReadyHit(Model):
    """Damage rolled by an attack (`act NAME ATTACK`), one `apply` away from being dealt."""

    uid: Int
    cid: Line  # who attacked
    target: Line | None = None  # whom it is aimed at; None: `apply ... to=NAME` says
    amount: Int
    type: Line | None = None
    what: Line  # "Ghoul 1's Claw"
    missed: bool = False  # judged a miss: set aside, not ready; the GM's `hit` makes it ready
    critical: bool = False  # judged a critical hit: the `damage` triggers read it when it is dealt
    plus: list[HitPart] = Field(default_factory=list)  # further parts of other types, dealt with it

    def damage_words(self) -> str:
        """Its damage as the GM reads it: `5 piercing + 3 necrotic`."""
        return " + ".join(f"{n} {t}" if t else str(n) for n, t in self.parts())

    def parts(self) -> list[tuple[int, str | None]]:
        return [(self.amount, self.type), *((p.amount, p.type) for p in self.plus)]


class Counters(Model):
    next_cid: Int = 1
    next_uid: Int = 1


class State(Model):
    ruleset: Line
    clock: Clock = Field(default_factory=Clock)
    order: list[Slot] = Field(default_factory=list)
    waiting: list[Line] = Field(default_factory=list)  # held or delayed, out of the order
    combatants: dict[str, Combatant] = Field(default_factory=dict)
    prompts: list[Prompt] = Field(default_factory=list)
    ready: list[ReadyHit] = Field(default_factory=list)  # damage waiting for `apply`
    counters: Counters = Field(default_factory=Counters)
    options: dict[Line, Int] = Field(default_factory=dict)

    def roster(self) -> list[Combatant]:
        """Every combatant, in the order they were added."""
        return sorted(self.combatants.values(), key=lambda c: c.seq)
