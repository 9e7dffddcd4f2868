"""Numbers a creature has: stats, pools (budgets with a current value), vars (bookkeeping the GM never
reads), and where damage goes."""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from pydantic import Field, model_validator

from ..state.bounds import Int
from ..state.clean import Line, Text
from ..state.kinds import PoolKind
from .base import MAX_ITEMS, Number, Strict


class Refresh(StrEnum):
    """When a pool refills."""

    NEVER = "never"
    TURN_START = "turn-start"
    ROUND_START = "round-start"
    SHORT_REST = "short-rest"
    LONG_REST = "long-rest"


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
    gain: Literal["add", "max"] = Field("add", description="What a gain does: `add` to it, or `max`: the higher of "
                                                          "what it has and what is given is kept (temporary hit "
                                                          "points that do not stack).")
    critical: Line | None = Field(None, description="Formula: true when the pool is shown as critical.")
    summary: bool = Field(False, description="Shown in the acting order's rows, not only on the sheet.")
    short: Line | None = Field(None, description="Its label of a few letters in those rows.")
    against: Line | None = Field(None, description="Another pool it is drawn against (fatigue against HP).")
    only_given: bool = Field(False, description="Only a creature given a maximum for it (`add Dragon legendary=3`, a "
                                                "template's pools) has it; formulas read 0 on the others.")
    description: Text = Field("", description="What it is, in your own words.")


class VarDef(Strict):
    """A register the rules keep for a creature and the GM never reads: not on any screen or sheet, not in
    the log, not in a party's file. Formulas read it; effects set it (`{ var = "casting_dc", set = 0 }`)."""

    id: Line = Field(description="The name formulas and effects use.")
    name: Line | None = Field(None, description="Its words where a roll shows its number; unset: the id as words.")
    start: Int = Field(0, description="Its value until an effect sets it, and after a reset.")
    floor: Int = Field(0, description="The lowest value it takes.")
    max: Int | None = Field(None, description="The highest value it takes; unset: no maximum.")
    reset: Refresh = Field(Refresh.NEVER, description="When it goes back to `start`.")
    description: Text = Field("", description="What it keeps, in your own words.")


class DamageStepDef(Strict):
    """How one of a creature's lists (`resist`, `weak`, `immune`: which damage types, and a degree each)
    changes damage of those types before it reaches the pools."""

    of: Literal["resist", "weak", "immune"] = Field(description="The creature's list it reads: `resist`, `weak` or "
                                                                "`immune`.")
    name: Line = Field(description="The GM's words before the type in the log (`weak to`, `resists`).")
    how: Literal["multiply", "divide", "subtract", "add", "ignore"] = Field(
        description="`multiply` or `divide` (rounded down) the damage, `subtract` or `add` a number, or `ignore` "
                    "it (no damage).")
    by: Int | None = Field(None, ge=0, description="The number; unset: the creature's own degree for that type "
                                                   "(`weak = { fire = 5 }`: 5).")
    when: Line | None = Field(None, description="Formula over the creature: while it holds, the step changes "
                                                "damage of every type as if the type were on its list (Petrified: "
                                                "resistance to all damage); needs `by`. A type already on the list "
                                                "is changed once.")

    @model_validator(mode="after")
    def _no_division_by_zero(self) -> DamageStepDef:
        if self.how == "divide" and self.by == 0:
            raise ValueError("by: divide by 1 or more")
        if self.when is not None and self.by is None and self.how != "ignore":
            raise ValueError("when: give the step its own number, by")
        return self


class DamageDef(Strict):
    """Where damage and healing go."""

    health: Line | None = Field(None, description="The pool `hp=` means; unset: the last of `absorb`.")
    absorb: list[Line] = Field(default_factory=list, max_length=MAX_ITEMS,
                               description="The pools damage comes off, in order.")
    heal: list[Line] = Field(default_factory=list, max_length=MAX_ITEMS,
                             description="The pools healing refills, in order.")
    types: list[Line] = Field(default_factory=list, max_length=MAX_ITEMS, description="The damage types known.")
    steps: list[DamageStepDef] = Field(default_factory=list, max_length=MAX_ITEMS,
                                       description="Resistance, weakness and immunity, applied in this order to "
                                                   "each part of a hit before it reaches the pools.")
    cancel: bool = Field(False, description="Resistance and weakness to one type cancel each other out.")
