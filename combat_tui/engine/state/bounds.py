"""How large a number may be: in a save or a ruleset (`Int`, `Real`), and as one step of play.

Python's ints have no end, and a 5,000-digit one in a file cannot even be printed. Stored numbers
allow far more than play can reach (a step is at most `MAX_STEP`), so a save the engine wrote is
always one it can read back.
"""

from __future__ import annotations

import re
from typing import Annotated

from pydantic import Field

MAX_STORED = 10**15  # exact as a float too
MAX_STEP = 10**9  # one roll, one formula's result

Int = Annotated[int, Field(ge=-MAX_STORED, le=MAX_STORED)]
Real = Annotated[float, Field(ge=-MAX_STORED, le=MAX_STORED, allow_inf_nan=False)]

_INTEGER = re.compile(r"[+-]?[0-9]{1,18}")  # ASCII only: int() also takes '٣', and str.isdigit '²'


def parse_int(text: str) -> int | None:
    """A whole number written in ASCII digits, of a sane length; None for anything else."""
    t = text.strip()
    return int(t) if _INTEGER.fullmatch(t) else None


def clamp(value: int) -> int:
    return max(-MAX_STORED, min(MAX_STORED, value))
