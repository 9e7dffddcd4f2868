"""Body parts, body plans and the care of injuries between fights."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from ..state.bounds import Int
from ..state.clean import Line, Text
from .base import MAX_ITEMS, MAX_PARTS, Strict
from .effects import EffectDef


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
