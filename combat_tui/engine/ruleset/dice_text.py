"""What a dice string names, read without the dice roller (which builds its grammar on import): the
loader checks these names, and `dice.py` reads the same shapes when it rolls.

A name in braces is a number written into the dice before they are read: `1d{hit_die}` is a d8 for a
creature whose hit die is 8, `{level}d6` as many d6 as its level.
"""

from __future__ import annotations

import re

__all__ = ["BRACED", "DICE_WORD", "MAX_DEPTH", "MAX_LENGTH", "SHORTHAND", "WORD", "dice_names", "dice_problem"]

MAX_LENGTH = 200  # characters of one dice string
MAX_DEPTH = 20  # brackets nested

SHORTHAND = re.compile(r"(?:^|\s)(adv|dis|boon|bane)([0-9]*)\s*$", re.IGNORECASE)
# A bracketed annotation (left alone), or a word not glued to a number or a closing parenthesis.
WORD = re.compile(r"\[[^\]]*\]|(?<![A-Za-z0-9_.)])[A-Za-z_][A-Za-z0-9_]*")
DICE_WORD = re.compile(r"d(?:[0-9]+|%)?(?:(?:rr|ro|ra|mi|ma|e|k|p)[lh<>]?[0-9]*)*")
BRACED = re.compile(r"\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}")


def dice_names(text: str) -> frozenset[str]:
    """The names a dice string refers to: its words that are not dice notation, and its braced names."""
    base = text
    while (match := SHORTHAND.search(base)) is not None and base[: match.start()].strip():
        base = base[: match.start()]
    braced = set(BRACED.findall(base))
    words = {w for w in WORD.findall(BRACED.sub("1", base)) if not w.startswith("[") and not DICE_WORD.fullmatch(w)}
    return frozenset(words | braced)


def dice_problem(text: str) -> str | None:
    """What makes a dice string too big to roll, said before any roll: its length, its nesting."""
    if len(text) > MAX_LENGTH:
        return f"longer than {MAX_LENGTH} characters ({len(text)})"
    depth = deepest = 0
    for char in text:
        depth += (char == "(") - (char == ")")
        deepest = max(deepest, depth)
    return f"parentheses nested deeper than {MAX_DEPTH}" if deepest > MAX_DEPTH else None
