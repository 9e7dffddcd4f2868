"""Turns and time: the time model, initiative, surprise, and the time count's speed classes."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from ..state.bounds import Int, Real
from ..state.clean import Line
from ..state.kinds import TimeModel
from .base import Strict


class SurpriseDef(Strict):
    """What being surprised (or unaware) at the start of combat does."""

    skip_round_1: bool = Field(False, description="Surprised creatures take no turn in round 1.")
    initiative_penalty: Line | None = Field(None, description="Dice added to a surprised creature's initiative roll.")
    initiative: Line | None = Field(None, description="Dice or formula a surprised creature's initiative is, instead "
                                                      "of the roll (`0`, `1d20 - 10`).")
    condition: Line | None = Field(None, description="A condition surprised creatures get at `start`; one given it "
                                                     "before `start` counts as surprised.")


class TimeDef(Strict):
    """How time passes: the time model and initiative."""

    model: TimeModel = Field(description="`turn-order` (rounds of turns), `free-rounds` (no order; the GM ends each "
                                         "round) or `time-count` (a clock of TC; lowest acts first).")
    round_seconds: Real | None = Field(None, description="In-game seconds of a round.")
    tc_seconds: Real | None = Field(None, description="In-game seconds of a TC.")
    order: Literal["descending", "ascending"] = Field("descending", description="Highest initiative first, or lowest.")
    initiative: Line | None = Field(None, description="Dice `start` rolls for creatures with no initiative yet.")
    npc_initiative: Line | None = Field(None, description="Dice for NPCs instead of `initiative`.")
    ties: Literal["random", "npc-first", "pc-first"] = Field(
        "random", description="Who goes first on equal initiative: a random draw kept with the encounter, NPCs "
                              "(enemies first), or PCs and allies. A fixed entry (`add Lair init=20 fixed`) loses "
                              "every tie.")
    reroll: bool = Field(False, description="Every creature rolls initiative again at the start of each round "
                                            "after the first (a fixed entry keeps its count).")
    hold: bool = Field(False, description="`hold` is allowed: leave the order, `enter` later at a new place.")
    hold_after: bool = Field(False, description="Holding names at once after whom the creature will act.")
    delay: bool = Field(False, description="`delay` is allowed: as hold, but turn-start bookkeeping goes on.")
    start_condition: Line | None = Field(None, description="A condition every creature gets at `start` "
                                                           "(off-guard until its first turn).")
    surprise: SurpriseDef = Field(SurpriseDef(), description="What being surprised does.")


class TimeCountDef(Strict):
    """Time count only: how a speed shifts (paralysis, petrification...). Written in `[time]` before,
    and read from there still."""

    sf_mod: Line | None = Field(None, description="Formula added to every SF above 0; `tag_X` is 1 when the action "
                                                  "has the tag X.")
    class_shift: Line | None = Field(None, description="Formula, speed classes slower every action of the creature "
                                                       "is (paralysis).")
    fastest_shift: Line | None = Field(None, description="The fastest speed class a shift may reach.")
    past_slowest: Int = Field(0, description="SF added for each step a shift goes past the slowest class.")
    sf_step: Line | None = Field(None, description="Formula; a shift moves an SF given as a number too (0: by the "
                                                   "classes' static SFs, N: by N a class). Unset: it does not.")


def time_count_from_time(data: Any) -> Any:
    """A file written before `[time_count]`: its keys moved there from `[time]`."""
    if not isinstance(data, dict) or not isinstance(data.get("time"), dict):
        return data
    old = {k: v for k, v in data["time"].items() if k in TimeCountDef.model_fields}
    if not old:
        return data
    table = data.get("time_count", {})
    if not isinstance(table, dict):
        return data  # its own error follows
    both = sorted(set(old) & set(table))
    if both:
        raise ValueError(f"time.{both[0]} and time_count.{both[0]} both given: keep the second")
    time = {k: v for k, v in data["time"].items() if k not in old}
    return {**data, "time": time, "time_count": {**table, **old}}


class SpeedClassDef(Strict):
    """Time count: a speed an action is done at, rolled for PCs and fixed for others."""

    id: Line = Field(description="The name commands use (`class=fast`).")
    name: Line = Field(description="What the GM reads.")
    random: Line = Field(description="Dice rolled for PCs.")
    static: Int = Field(description="The SF of NPCs.")
    step: Int | None = Field(None, description="Its place on the ladder a shift moves along (0 the fastest).")
