"""What a ruleset says about checks: its saving throws (`save`) and how a creature's attack is judged
against its target's defence. The `checks` key of a ruleset file; every key has a default, so a file
that says nothing keeps rolls unjudged and saves on any stat."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from ..state.bounds import Int
from ..state.clean import Line, Text
from .attack_rolls import RollModifier, RollOutcome
from .base import MAX_ITEMS

MAX_SAVES = 50


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class SaveDef(_Strict):
    """One kind of save the ruleset names (Fortitude, CON save): what `save NAMES ID` rolls."""

    id: Line = Field(description="The word `save` takes (`save @npc fort dc=15`).")
    name: Line = Field(description="What the GM reads.")
    bonus: Line = Field(description="Formula over the creature: added to the roll (`con`, `fortitude`).")
    roll: Line | None = Field(None, description="Dice of this save, when not the ruleset's `save_roll` "
                                                "(an exploding `1d10!`).")
    fails: Line | None = Field(None, description="Formula over the creature: while true it fails this save "
                                                 "without a roll (`paralyzed or stunned`: no Dexterity save).")
    fails_words: Line = Field("", description="Why, in the GM's words, said after the failure (`paralyzed, "
                                              "stunned or unconscious`).")


class AttackJudging(_Strict):
    """How a creature's own attack (`act NAME ATTACK on=TARGET`) is judged against the target."""

    defence: Line | None = Field(None, description="Formula over the target: the number its attack roll must "
                                                   "reach; unset: attacks are not judged, the GM says.")
    defence_name: Line = Field("defence", description="What the GM reads for it (Physical Defense).")
    ties: Literal["hit", "miss"] = Field("hit", description="A roll equal to the defence hits, or misses.")
    natural_hit: Int | None = Field(None, description="A natural d20 at or above this always hits.")
    natural_miss: Int | None = Field(None, description="A natural d20 at or below this always misses.")
    crit_natural: Int | None = Field(None, description="A natural d20 at or above this is a critical.")
    crit_margin: Int | None = Field(None, description="Beating the defence by at least this is a critical.")
    crit_both: bool = Field(False, description="A critical needs both the natural and the margin, not either.")
    natural_steps: bool = Field(False, description="Degrees of success instead of `natural_hit`, `crit_natural`: "
                                                   "a natural 20 moves the verdict one step up (miss to hit, "
                                                   "hit to critical), a natural 1 one step down; missing by "
                                                   "`crit_margin` is a critical miss.")
    crit_damage: Literal["double", "dice", "max", "same"] = Field(
        "double", description="Damage on a critical: doubled (its bonus too), its dice rolled twice (the bonus "
                              "once), the dice at their highest, or as rolled.")
    crit_note: Text = Field("", description="What else a critical does, in your own words: shown after it.")
    unjudged: Text = Field("", description="Without `defence`: how the GM judges an attack instead, shown after "
                                           "the roll.")
    stacks: Line = Field("1", description="Formula over the attacker (an option's id): nonzero, every source of "
                                          "advantage or disadvantage counts; 0, each side counts once and they "
                                          "cancel.")
    modifiers: list[RollModifier] = Field(default_factory=list, max_length=MAX_ITEMS,
                                          description="What changes a to-hit the tracker rolls: each is "
                                                      "applied and named in the roll's line.")
    outcomes: list[RollOutcome] = Field(default_factory=list, max_length=MAX_ITEMS,
                                        description="What the kept d20 of a to-hit the tracker rolls does "
                                                    "to the attacker (the first that covers it).")


class ChecksDef(_Strict):
    """Saving throws and judged attacks."""

    save_name: Line = Field("save", description="The ruleset's word for a save, as the log shows it.")
    save_roll: Line = Field("1d20", description="The dice of a save; the save's bonus is added.")
    save_ties: Literal["pass", "fail"] = Field("pass", description="A total equal to the DC passes, or fails.")
    save_crit_margin: Int | None = Field(None, description="Beating the DC by at least this is a critical "
                                                           "success, as the log says.")
    save_crit_fail_margin: Int | None = Field(None, description="Failing the DC by at least this is a critical "
                                                                "failure, as the log says (four degrees).")
    save_natural_steps: bool = Field(False, description="A natural 20 on the save's die moves its degree one "
                                                        "step up, a natural 1 one step down.")
    saves: list[SaveDef] = Field(default_factory=list, max_length=MAX_SAVES,
                                 description="The saves it names; empty: any stat, its value added.")
    attack: AttackJudging = Field(AttackJudging(), description="How an attack is judged.")

