"""Tables: rolls with outcomes, prompted at a moment and resolved by the GM."""

from __future__ import annotations

from pydantic import Field

from ..state.bounds import Int
from ..state.clean import Line, Text
from .base import MAX_ITEMS, Strict
from .effects import EffectDef


class TableRowDef(Strict):
    """One outcome of a table: the totals it covers and what it does."""

    min: Int | None = Field(None, description="The lowest total it covers; unset: no lower bound.")
    max: Int | None = Field(None, description="The highest total it covers; unset: no upper bound.")
    label: Line = Field(description="The outcome's name, as the GM reads it.")
    text: Text = Field("", description="What happens, in your own words.")
    effects: list[EffectDef] = Field(default_factory=list, max_length=MAX_ITEMS, description="What it does.")


class TableDef(Strict):
    """A roll with outcomes, prompted at a moment and resolved by the GM."""

    id: Line = Field(description="The name prompts use.")
    name: Line = Field(description="What the GM reads.")
    roll: Line = Field(description="Dice over the creature's names.")
    description: Text = Field("", description="What it is, in your own words.")
    rows: list[TableRowDef] = Field(default_factory=list, max_length=MAX_ITEMS,
                                    description="Its outcomes; none: the roll is the result.")
    after: list[EffectDef] = Field(default_factory=list, max_length=MAX_ITEMS,
                                   description="Effects after whichever row came up.")
    choice: bool = Field(False, description="The GM picks the outcome; no die.")
    repeat: bool = Field(False, description="Several may wait for one creature at once.")
    carries: dict[Line, Line] = Field(default_factory=dict, max_length=MAX_ITEMS,
                                      description="Numbers each of its prompts keeps, by name, with the GM's word "
                                                  "(`{ dc = \"DC\" }`): given by the effect that queues it, read by "
                                                  "its `against`, roll and effects, shown with the prompt.")
    against: Line | None = Field(None, description="Formula (a carried number, `dc`): the rows' `min` and `max` count "
                                                   "from it (`min = 0`: reached it), a typed total too.")

    def row(self, total: int) -> TableRowDef | None:
        """The outcome a total (less `against`, if any) lands on."""
        return next((r for r in self.rows if (r.min is None or total >= r.min) and (r.max is None or total <= r.max)),
                    None)

    def against_words(self, value: int) -> str:
        """What a total is measured against, as the GM reads it (`DC 15`; a formula's number alone)."""
        return f"{self.carries[self.against]} {value}" if self.against in self.carries else str(value)

    def words(self, numbers: dict[str, int]) -> str:
        """A prompt's numbers as the GM reads them (`DC 12`), or nothing."""
        return ", ".join(f"{self.carries.get(k, k)} {v}" for k, v in numbers.items())
