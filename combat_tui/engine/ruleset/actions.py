"""Actions: what a creature does, what it costs, how often it may."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from ..state.bounds import Int
from ..state.clean import Line, Text
from .base import MAX_ITEMS, Number, Strict
from .effects import EffectDef


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
