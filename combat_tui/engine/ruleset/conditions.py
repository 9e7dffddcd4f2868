"""Conditions: states a creature is in, what they do while they stand and how they end."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from ..state.bounds import Int
from ..state.clean import Line, Text
from .base import MAX_ITEMS, Number, Strict
from .effects import EffectDef


class ConditionEffectDef(Strict):
    """How a condition changes a budget while it stands."""

    pool: Line = Field(description="The pool it changes.")
    max: Number = Field(0, description="Added to the pool's maximum: a number or a formula, where `base_max` is the "
                                       "maximum before conditions change it (`-drained * level`, "
                                       "`-floor(base_max / 2)`), on top of a typed `hp=` too.")
    refresh: Int = Field(0, description="Added to what the pool refreshes to.")
    set_max: Int | None = Field(None, description="The maximum becomes this (Stunned: 0 actions).")
    held: bool = Field(False, description="With `set_max`: what a refresh gives above it while it stands is held "
                                          "back, and comes back when it lifts (Grappled: the turn's movement, once "
                                          "free).")


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
    end_of_turn: Line | None = Field(None, description="A table prompted at the end of the bearer's turn.")
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
    on_remove: list[EffectDef] = Field(default_factory=list, max_length=MAX_ITEMS,
                                       description="Effects when it goes, however it goes: removed, run out, "
                                                   "saved against, lowered to 0.")
    carries_damage: bool = Field(False, description="It carries dice and a damage type (`cond NAME persistent 1d6 "
                                                    "fire`), dealt to the bearer at the end of each of its turns; one "
                                                    "instance a damage type, the higher keeps.")
    end_check: Int | None = Field(None, description="The DC of a flat check (1d20) at the end of the bearer's turn, "
                                                    "after any damage it carries: at or above it, it ends.")
    ends_with_fight: bool = Field(False, description="It runs out (its `on_end` too) when `end` closes the fight.")
    ends_when_source_loses: list[Line] = Field(default_factory=list, max_length=MAX_ITEMS, description="It ends when "
                                               "its source (`from=`) loses one of these (a spell held by "
                                               "Concentration).")
    ends_when_source_gains: list[Line] = Field(default_factory=list, max_length=MAX_ITEMS, description="It ends when "
                                               "its source gains one of these, or is given it while it has one (a grab "
                                               "ends when the grabber is Incapacitated).")
