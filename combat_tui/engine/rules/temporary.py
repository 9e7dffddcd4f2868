"""Temporary hit points that do not stack: a pool with `gain = "max"` keeps the higher of what it has and
what it is given (8 over 5 makes 8, 5 over 8 leaves 8). Damage spends them first where the pool comes
first in `[damage] absorb`."""

from __future__ import annotations

from ..ruleset import PoolDef


def gained(pd: PoolDef, current: int, n: int) -> int:
    """What the pool holds after gaining `n` (a loss, `n` below 0, is always taken off)."""
    return max(current, n) if pd.gain == "max" and n >= 0 else current + n


def kept_note(name: str, pd: PoolDef, current: int, n: int) -> str | None:
    """The log's words when a gain leaves the higher amount standing, so the GM sees why nothing rose."""
    if pd.gain == "max" and 0 < n <= current:
        return f"{name}: {pd.name} stays {current} (the higher is kept: {n} given)"
    return None
