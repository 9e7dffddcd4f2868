"""A number the GM types: a plain integer, or dice rolled once; never more than one step of play allows."""

from __future__ import annotations

import re

from .bounds import parse_int
from .errors import CommandError
from .model import Combatant
from .ops import Ops

MAX_AMOUNT = 1_000_000  # any one number typed: damage, a stat, a duration


def amount(ops: Ops, text: str, what: str, c: Combatant | None = None) -> int:
    """A number that may be dice (rolled once) or a plain integer."""
    t = text.strip()
    if re.fullmatch(r"[+-]?[0-9]+", t) and len(t) > 12:  # int() of thousands of digits is refused, or slow
        raise CommandError(f"{what} of {len(t.lstrip('+-')):,} digits is too large (at most {MAX_AMOUNT:,})")
    number = parse_int(t)
    value = number if number is not None else ops.roll(t, c).total
    if abs(value) > MAX_AMOUNT:
        raise CommandError(f"{what} {text!r} is too large")
    return value
