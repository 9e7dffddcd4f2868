"""Pools only some creatures have (`only_given`): Legendary actions on a dragon, not on every PC.

Such a pool exists on a creature only once its template, its `add` line or an `edit` gives it a maximum;
the others have no state for it at all, so no sheet, row, public view or party file carries it, and a
formula reads 0 for it there."""

from __future__ import annotations

from collections.abc import Mapping

from .file import RulesetFile as RulesetDef
from .formula_names import ident
from .pools import PoolDef


def every(rs: RulesetDef) -> tuple[str, ...]:
    """The pools every creature has."""
    return tuple(pd.id for pd in rs.pools if not pd.only_given)


def belongs(pd: PoolDef, given: Mapping[str, int] | None) -> bool:
    """Whether a creature given these maxima (its `add` line, template) gets the pool."""
    return not pd.only_given or pd.id in (given or {})


def absent_names(rs: RulesetDef) -> dict[str, int]:
    """What formulas read for a pool the creature lacks: itself and its maximum, 0."""
    out: dict[str, int] = {}
    for pd in rs.pools:
        if pd.only_given:
            key = ident(pd.id)
            out[key] = out[f"max_{key}"] = 0
    return out


def lacking(rs: RulesetDef, name: str, pid: str, pools: Mapping[str, object]) -> str | None:
    """The GM's words when a creature lacks a pool it is asked for, or None when it has it."""
    return None if pid in pools else f"{name} has no {rs.pool(pid).name}"
