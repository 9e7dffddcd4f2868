"""The words of a duration (`rounds:2`, `end-of-turn`...), for the engine that reads them into an end and
for the loader, which refuses a ruleset's duration the engine could not read."""

from __future__ import annotations

import re

__all__ = ["DURATIONS", "SPEC", "duration_problem"]

DURATIONS = ("rounds:N", "end-of-round", "end-of-next-round", "start-of-turn", "end-of-turn", "end-of-next-turn",
             "tc:N", "until-tc:N", "short-rest", "long-rest")
SPEC = re.compile(r"^(rounds|tc|until-tc):([0-9]{1,9})$"
                  r"|^(end-of-round|end-of-next-round|start-of-turn|end-of-turn|end-of-next-turn|short-rest|long-rest)$")
_UNIT = re.compile(r"^(rounds|tc|until-tc):")


def duration_problem(spec: str, worked_out: bool) -> str | None:
    """What is wrong with a ruleset's duration, or None; `worked_out`: an effect's, whose number may be a
    formula (`tc:10 * roll`, its names checked with the effect's)."""
    text = spec.strip().lower()
    if SPEC.match(text) or (worked_out and _UNIT.match(text)):
        return None
    return f"unknown duration {spec!r} (use {', '.join(DURATIONS)})"
