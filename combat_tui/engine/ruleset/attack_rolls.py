"""What changes an attack roll the tracker makes from a creature's own stat block, and what its die
does after: `[[checks.attack.modifiers]]` (advantage, disadvantage, boons and banes from the attacker's
or the target's conditions, or from a count such as earlier attacks this turn) and
`[[checks.attack.outcomes]]` (what a natural face does to the attacker: a fumble, an exposure)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from ..state.bounds import Int
from ..state.clean import Line, Text
from .base import MAX_ITEMS, Number
from .effects import EffectDef


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class RollModifier(_Strict):
    """One rule that changes a creature's own to-hit roll, named in the roll's line."""

    reason: Line = Field(description="What the roll's line names as its cause (Shaken, Target prone).")
    roll: Literal["adv", "dis", "boon", "bane", "mod", "crit"] = Field(
        description="What it gives the roll: advantage, disadvantage, a boon, a bane, `mod`: `count` added to "
                    "the total (a penalty below 0), or `crit`: a hit is a critical hit.")
    attacker: Line | None = Field(None, description="A condition on the attacker it needs (from anyone).")
    attacker_from: Literal["anyone", "target", "others"] = Field(
        "anyone", description="Whose the attacker's condition must be: `target`, given by the target; `others`, "
                              "by anyone but the target (Grappled: disadvantage against all but the grappler).")
    target: Line | None = Field(None, description="A condition on the target it needs (one relative to a creature "
                                                  "counts when held against the attacker or against all).")
    uses: list[Line] = Field(default_factory=list, max_length=MAX_ITEMS,
                             description="Only attacks made as these actions (`melee`); empty: every attack.")
    count: Line = Field("1", description="Formula over the attacker, before the attack is paid for: how many "
                                         "(earlier attacks this turn); 0 or less gives none. With `mod`: "
                                         "the number added, 0 none.")


class RollOutcome(_Strict):
    """What the kept d20 of a creature's own to-hit does to the attacker when it lands in this range."""

    min: Int | None = Field(None, description="The lowest natural face it covers; unset: no lower bound.")
    max: Int | None = Field(None, description="The highest natural face it covers; unset: no upper bound.")
    label: Line = Field(description="Its name, said in the roll's line (Critical fumble, Exposed).")
    text: Text = Field("", description="What else it means, in your own words: shown after the roll.")
    effects: list[EffectDef] = Field(default_factory=list, max_length=MAX_ITEMS,
                                     description="What it does to the attacker.")
    on_target: list[EffectDef] = Field(default_factory=list, max_length=MAX_ITEMS,
                                       description="What it does to the target, when the attack names one.")
    sf_add: Number | None = Field(None, description="Time count: dice or formula added to the attacker's next "
                                                    "turn (a fumble's 1d6).")
