"""Speed classes shifted slower or faster (time count): one rule, for actions and for any weapon's class.

The ladder is the ruleset's classes that have a `step`. A shift moves along it; it never goes faster
than `time_count.fastest_shift` (a class already faster stays where it is), and each step past the slowest
class adds `time_count.past_slowest` to the SF instead. An SF given as a number is shifted from the class
it falls in (`shift_sf`).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..ruleset import RulesetDef, SpeedClassDef


@dataclass(frozen=True)
class Shifted:
    """Where a shift lands: a class, and SF added for steps past the slowest one."""

    speed: SpeedClassDef
    extra_sf: int = 0


def ladder(rs: RulesetDef) -> list[SpeedClassDef]:
    """The classes a shift moves along, fastest first."""
    return sorted((s for s in rs.speed_classes if s.step is not None), key=lambda s: s.step or 0)


def shift_class(rs: RulesetDef, speed: SpeedClassDef | str, steps: int) -> Shifted:
    """`speed` moved `steps` classes slower (negative: faster). A class off the ladder, or no steps,
    stays as it is."""
    sc = speed if isinstance(speed, SpeedClassDef) else next(s for s in rs.speed_classes if s.id == speed)
    rungs = ladder(rs)
    if steps == 0 or sc not in rungs:
        return Shifted(sc)
    at = rungs.index(sc)
    floor = next((i for i, s in enumerate(rungs) if s.id == rs.time_count.fastest_shift), 0)
    to = at + steps
    if steps < 0:
        to = max(to, min(floor, at))  # never faster than the floor; a class already faster keeps its place
    if to >= len(rungs):
        return Shifted(rungs[-1], (to - len(rungs) + 1) * rs.time_count.past_slowest)
    return Shifted(rungs[max(to, 0)])


def class_of(rs: RulesetDef, sf: int) -> SpeedClassDef | None:
    """The ladder class a number SF falls in: the slowest whose static SF it reaches, and any SF above 0
    at least the fastest class that takes time. None without a ladder."""
    rungs = [s for s in ladder(rs) if s.static > 0]
    if not rungs:
        return None
    return next((s for s in reversed(rungs) if s.static <= sf), rungs[0])


def shift_sf(rs: RulesetDef, sf: int, steps: int, per_step: int = 0) -> int:
    """A number SF shifted `steps` classes: by the difference of the static SFs of the class it falls in
    and the class it lands in (past the slowest: `past_slowest` a step), or with `per_step` by that much
    for each class actually moved. An SF of 0 (free) stays 0."""
    sc = class_of(rs, sf)
    if sf <= 0 or steps == 0 or sc is None:
        return sf
    to = shift_class(rs, sc, steps)
    if per_step > 0:
        rungs = ladder(rs)
        moved = rungs.index(to.speed) - rungs.index(sc)
        return sf + per_step * moved + to.extra_sf
    return sf + to.speed.static - sc.static + to.extra_sf
