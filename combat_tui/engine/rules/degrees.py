"""Degrees of success: a total against a number to reach, judged as a critical failure, a failure, a
success or a critical success, as the ruleset's checks say; a natural 20 or 1 on the die moving the
degree a step up or down where the rules have it. Saves and judged attacks both read it."""

from __future__ import annotations

from dataclasses import dataclass

CRIT_FAIL, FAIL, SUCCESS, CRIT = 0, 1, 2, 3


@dataclass(frozen=True)
class Ladder:
    """How a ruleset grades a total: ties pass or fail, the margins of its criticals (None: that degree
    does not exist), and whether the natural 20 and 1 step the degree."""

    ties_pass: bool = True
    crit_margin: int | None = None
    fail_margin: int | None = None
    natural_steps: bool = False

    def grade(self, total: int, dc: int, natural: int | None = None) -> tuple[int, str]:
        """The degree of `total` against `dc`, and why a natural moved it (" (natural 20)") or ""."""
        ok = total >= dc if self.ties_pass else total > dc
        degree = SUCCESS if ok else FAIL
        if ok and self.crit_margin is not None and total >= dc + self.crit_margin:
            degree = CRIT
        if not ok and self.fail_margin is not None and dc - total >= self.fail_margin:
            degree = CRIT_FAIL
        if not self.natural_steps or natural not in (1, 20):
            return degree, ""
        low = CRIT_FAIL if self.fail_margin is not None else FAIL
        high = CRIT if self.crit_margin is not None else SUCCESS
        moved = min(degree + 1, high) if natural == 20 else max(degree - 1, low)
        return moved, f" (natural {natural})" if moved != degree else ""
