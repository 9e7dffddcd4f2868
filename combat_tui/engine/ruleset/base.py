"""What every part of the ruleset language shares: strict models, numbers that may be formulas, limits."""

from __future__ import annotations

import re

from pydantic import BaseModel, ConfigDict

from ..state.bounds import Int
from ..state.clean import Line

RULESET_SCHEMA_VERSION = 1
MAX_ITEMS = 1000  # of any one list: the shipped rulesets have at most 61
MAX_PARTS = 20  # of one body part on a creature, as `add` allows

Number = Int | Line
"""An int, or a formula string over the creature's names (see `formula.py`)."""


_PLAIN_DICE = re.compile(r"^[0-9]{0,2}d[0-9]{1,3}([+-][0-9]{1,3}d[0-9]{1,3}|[+-][0-9]{1,3})*$|^[0-9]{1,4}$")


def is_plain_dice(text: str) -> bool:
    """Dice a condition may carry: `1d6`, `2d6+3`, `10`, nothing a later turn could fail to roll."""
    return _PLAIN_DICE.match(text.strip().lower()) is not None


def is_dice(expr: Number | None) -> bool:
    """A dice string (`1d6`, `2d10+1`, `1d{hit_die}`): rolled, not a formula."""
    return isinstance(expr, str) and re.search(r"(?<![A-Za-z_])[0-9]*d[0-9{]", expr) is not None


class Strict(BaseModel):
    # built when first used: the file's model then builds its parts once, not each part on its own too
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)
