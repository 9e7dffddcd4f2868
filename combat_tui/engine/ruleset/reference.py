"""What the GM looks up and sets: rule summaries and the readings an encounter may change."""

from __future__ import annotations

from pydantic import Field

from ..state.bounds import Int
from ..state.clean import Line, Text
from .base import Strict


class RuleDef(Strict):
    """A short rule summary, for `lookup`."""

    id: Line = Field(description="The name `lookup` takes.")
    name: Line = Field(description="What the GM reads.")
    text: Text = Field(description="The rule, in your own words.")


class OptionDef(Strict):
    """A reading the GM may change per encounter (contradictions in the text)."""

    id: Line = Field(description="The name formulas and `set` use.")
    default: Int = Field(description="Its setting until the GM changes it.")
    description: Text = Field(description="What each setting means.")
    name: Line | None = Field(None, description="What the GM reads for it; unset: the id as words.")
