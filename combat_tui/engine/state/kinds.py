"""The plain enums a view needs and the ruleset's schema names (`ruleset/` uses these)."""

from __future__ import annotations

from enum import StrEnum


class TimeModel(StrEnum):
    """How time passes in a fight."""

    TURN_ORDER = "turn-order"
    FREE_ROUNDS = "free-rounds"
    TIME_COUNT = "time-count"


class PoolKind(StrEnum):
    """How a pool is drawn."""

    TRACK = "track"  # hit points and the like: a bar with a number
    BAR = "bar"  # a budget shown as a bar (Energy, Agility)
    PIPS = "pips"  # a small budget shown as pips (actions, reactions)
    COUNTER = "counter"  # counts up from zero (attacks this turn, strain)
    MARKER = "marker"  # once-per-round marker: 1 available, 0 used
