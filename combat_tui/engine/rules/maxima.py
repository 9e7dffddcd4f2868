"""What standing conditions do to pool maxima: numbers or formulas added to a maximum (Drained: `-drained *
level`, over `base_max`, the maximum before them; a typed `hp=` is that base too), caps (Grappled: no
movement), and caps that hold back what a refresh would give until they lift (`held`). Plain functions
over the data, so `ops.py` uses them without importing the rules above it."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..ruleset import PoolDef, RulesetDef, formula
from ..state.model import Combatant


@dataclass
class Changes:
    """A creature's standing conditions' changes to its pools' maxima, by pool id."""

    adds: dict[str, list[int | str]] = field(default_factory=dict)
    caps: dict[str, int] = field(default_factory=dict)
    held: set[str] = field(default_factory=set)  # capped pools whose refresh comes back when the cap lifts


def changes(rs: RulesetDef, c: Combatant) -> Changes:
    out = Changes()
    for cond_id in {cs.id for cs in c.conditions}:
        try:
            cd = rs.condition(cond_id)
        except KeyError:
            continue
        for eff in cd.effects:
            out.adds.setdefault(eff.pool, []).append(eff.max)
            if eff.set_max is not None:
                out.caps[eff.pool] = min(out.caps.get(eff.pool, eff.set_max), eff.set_max)
                if eff.held:
                    out.held.add(eff.pool)
    return out


def uncapped(base: int, adds: list[int | str], names: dict[str, int]) -> int:
    """A maximum with the conditions' additions (a formula reads `base_max`), before any cap."""
    return base + sum(m if isinstance(m, int) else formula.evaluate(m, {**names, "base_max": base}) for m in adds)


def base_max(pd: PoolDef, fixed: int | None, names: dict[str, int]) -> int | None:
    """The maximum before conditions: the creature's own (`hp=`), else the ruleset's formula."""
    if fixed is not None:
        return fixed
    return formula.evaluate(pd.max, names) if isinstance(pd.max, str) else pd.max
