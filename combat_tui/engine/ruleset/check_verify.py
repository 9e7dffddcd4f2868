"""A ruleset's `[checks]` checked when the file is read: what would otherwise fail mid-fight."""

from __future__ import annotations

import random
import re

from ..state.errors import CombatError, FormulaError, RulesetError
from .formula import names_in
from .formula_names import known_names
from .model import RulesetDef

# Dice of this shape always roll (`1d20`, `2d6+3`): no need to load the dice roller to know it.
_PLAIN = re.compile(r"\s*([1-9][0-9]?)?d[1-9][0-9]{0,3}\s*([+-]\s*[0-9]{1,4}\s*)?")


def verify(rs: RulesetDef) -> None:
    """Refuse at load what would fail mid-fight: a save's bonus or the defence naming what the ruleset
    does not have, a save's dice that cannot be rolled. Raises RulesetError naming the key."""
    known = known_names(rs.formula_items())
    checks = rs.checks

    def formula(expr: str | None, where: str) -> None:
        if expr is None:
            return
        try:
            unknown = sorted(names_in(expr) - known)
        except FormulaError as exc:
            raise RulesetError(f"{where}: {exc}") from None
        if unknown:
            raise RulesetError(f"{where}: unknown name {unknown[0]!r} in formula {expr!r}")

    def rollable(expr: str | None, where: str) -> None:
        if expr is None or _PLAIN.fullmatch(expr):
            return
        from .. import dice  # d20 builds its grammar on import: only for dice of another shape

        try:
            dice.roll(expr, random.Random(0))
        except CombatError as exc:
            raise RulesetError(f"{where}: {exc}") from None

    rollable(checks.save_roll, "checks.save_roll")
    for s in checks.saves:
        formula(s.bonus, f"checks.saves[{s.id}].bonus")
        formula(s.fails, f"checks.saves[{s.id}].fails")
        rollable(s.roll, f"checks.saves[{s.id}].roll")
    formula(checks.attack.defence, "checks.attack.defence")
