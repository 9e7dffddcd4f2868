"""A number the GM types: a plain integer, or dice rolled once; never more than one step of play allows."""

from __future__ import annotations

import re

from ..state.bounds import parse_int
from ..state.errors import CommandError, DiceError
from ..state.model import Combatant
from .ops import Ops

MAX_AMOUNT = 1_000_000  # any one number typed: damage, a stat, a duration


def amount(ops: Ops, text: str, what: str, c: Combatant | None = None) -> int:
    """A number that may be dice (rolled once) or a plain integer."""
    t = text.strip()
    if re.fullmatch(r"[+-]?[0-9]+", t) and len(t) > 12:  # int() of thousands of digits is refused, or slow
        raise CommandError(f"{what} of {len(t.lstrip('+-')):,} digits is too large (at most {MAX_AMOUNT:,})")
    number = parse_int(t)
    if number is None:
        try:
            r = ops.roll(t, c)
        except DiceError:  # the dice parser's words ("unknown name") mean nothing to the GM here
            raise CommandError(f"{what} {t!r} is not a number or dice (like 3 or 2d6)") from None
        ops.say(f"{what.capitalize()} rolled: {r.shown}")  # the faces, once, before what they did
    value = number if number is not None else r.total
    if abs(value) > MAX_AMOUNT:
        raise CommandError(f"{what} {text!r} is too large")
    return value
