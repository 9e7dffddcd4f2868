"""The built-in systems a ruleset's `hooks` key may name: code for what its data cannot say."""

from __future__ import annotations

from ...ruleset import RulesetDef
from ...state.errors import RulesetError
from ..hooks import Hooks
from . import body_injury, boon_bane, energy_stamina, time_count

REGISTRY: dict[str, type[Hooks]] = {
    "body_injury": body_injury.Hooks,
    "boon_bane": boon_bane.Hooks,
    "energy_stamina": energy_stamina.Hooks,
    "time_count": time_count.Hooks,
}

_cache: dict[str, Hooks] = {}


def system_for(rs: RulesetDef) -> type[Hooks]:
    """The built-in system a ruleset names, checked against what its code needs."""
    if not rs.hooks:
        return Hooks
    cls = REGISTRY.get(rs.hooks)
    if cls is None:
        known = ", ".join(sorted(REGISTRY))
        raise RulesetError(f"hooks {rs.hooks!r} is not a built-in system (built in: {known})")
    missing = cls.needs.missing(rs)
    if missing:
        raise RulesetError(f"hooks {rs.hooks!r} needs {', '.join(missing)}, which this ruleset does not declare")
    return cls


def hooks_for(rs: RulesetDef) -> Hooks:
    key = rs.hooks or ""
    if key not in _cache:
        _cache[key] = system_for(rs)()
    return _cache[key]
