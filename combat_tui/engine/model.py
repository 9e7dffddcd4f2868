"""The encounter's state: plain pydantic data, no behaviour beyond small lookups.

Everything that changes goes through `ops.Ops`, which records each change for undo.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=False)


class Side(StrEnum):
    PC = "pc"
    NPC = "npc"
    ALLY = "ally"


class PoolState(Model):
    current: int
    max: int | None = None
    fixed_max: int | None = None  # set per creature (`add Orc hp=7`), wins over the ruleset's formula
    capped: int = 0  # taken off by a lowered max (Slowed); given back if the max rises before the next refresh


class Expiry(Model):
    """An absolute end, in the time model's units. What remains is computed, never stored.

    turn-order: `turn-start`/`turn-end` of `who` in `round` (or later), `round-end` of `round`.
    time-count: `tc` when the clock reaches `tc`; `turn-start` of `who` after `tc`; `turn-end` at or after `tc`.
    """

    kind: Literal["turn-start", "turn-end", "round-end", "tc", "short-rest", "long-rest"]
    round: int | None = None
    tc: int | None = None
    who: str | None = None


class ConditionState(Model):
    uid: int
    id: str
    value: int | None = None
    source: str | None = None  # combatant id: who caused it, or whom a subjective condition is relative to
    ends: Expiry | None = None
    parents: list[int] = Field(default_factory=list)  # uids of parent conditions on the same creature
    direct: bool = True  # applied in its own right, not only implied by a parent


class Combatant(Model):
    id: str
    seq: int
    name: str
    side: Side = Side.NPC
    initiative: int | None = None
    tiebreak: float = 0.0
    stats: dict[str, int] = Field(default_factory=dict)
    pools: dict[str, PoolState] = Field(default_factory=dict)
    conditions: list[ConditionState] = Field(default_factory=list)
    injuries: dict[str, int] = Field(default_factory=dict)  # body part instance ("arm.2") -> injuries
    parts: dict[str, int] = Field(default_factory=dict)  # body part id -> how many this creature has, where not typical
    notes: str = ""
    hidden: bool = False
    health_shown: bool = False  # the players' view shows its exact health, not only unhurt/hurt/bloodied/down
    surprised: bool = False
    next_tc: int | None = None
    acted: bool = False  # time count: has acted on the current TC
    turn_round: int = 0  # the last round whose start-of-turn bookkeeping it had
    budget_round: int = 0  # the last round its turn-start pools refreshed

    def has(self, cond_id: str) -> bool:
        return any(c.id == cond_id for c in self.conditions)


class Slot(Model):
    cid: str
    ghost: bool = False  # a delayed creature's old place: start-of-turn effects only


class Clock(Model):
    started: bool = False
    round: int = 0
    turn: int = -1  # index into `order` of the slot acting now (turn order)
    tc: int = 0


class Rolled(Model):
    total: int
    detail: str


class Prompt(Model):
    uid: int
    cid: str
    table: str
    reason: str
    rolled: Rolled | None = None  # rolled ahead (`preroll`), applied by `resolve`
    condition: str | None = None  # the condition that called for it; gone with its last instance


class Counters(Model):
    next_cid: int = 1
    next_uid: int = 1


class State(Model):
    ruleset: str
    clock: Clock = Field(default_factory=Clock)
    order: list[Slot] = Field(default_factory=list)
    waiting: list[str] = Field(default_factory=list)  # held or delayed, out of the order
    combatants: dict[str, Combatant] = Field(default_factory=dict)
    prompts: list[Prompt] = Field(default_factory=list)
    counters: Counters = Field(default_factory=Counters)
    options: dict[str, int] = Field(default_factory=dict)

    def roster(self) -> list[Combatant]:
        """Every combatant, in the order they were added."""
        return sorted(self.combatants.values(), key=lambda c: c.seq)
