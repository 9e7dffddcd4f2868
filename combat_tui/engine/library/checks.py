"""Whether a template or party member fits its ruleset: every stat, pool, damage type, speed class,
action, condition and body plan it names exists there, and its dice can be rolled."""

from __future__ import annotations

import random
import re

from ..ruleset import RulesetDef
from ..ruleset.formula_names import ident, known_names
from ..state.errors import CombatError
from .model import ActionEntry, Member, Template

_PLAIN = re.compile(r"\s*[+-]?\s*[0-9]{1,6}\s*|\s*[0-9]{0,3}d[0-9]{1,4}\s*([+-]\s*[0-9]{1,6}\s*)?")


def _dice_ok(expr: str | int, names: dict[str, int]) -> bool:
    if isinstance(expr, int) or (_PLAIN.fullmatch(expr) and "d0" not in expr):  # "+4", "2d8+2": no need to roll
        return True
    from .. import dice  # d20 builds its grammar on import: only for dice of another shape

    text = expr.strip()
    try:
        dice.roll(text, random.Random(0), names)
    except CombatError:
        return False
    return True


_NAMES: dict[int, tuple[RulesetDef, dict[str, int]]] = {}


def _names(rs: RulesetDef) -> dict[str, int]:
    """Every name a creature's formulas have (`own_turn`, `pc`, its pools and conditions...), its stats at
    their defaults: a template's dice roll with the names they will have in a fight (worked out once a
    ruleset, for a bestiary of hundreds)."""
    hit = _NAMES.get(id(rs))
    if hit is None or hit[0] is not rs:
        names = dict.fromkeys(known_names(rs.formula_items()), 0) | {ident(s.id): s.default for s in rs.stats}
        hit = _NAMES[id(rs)] = (rs, names | {"level": 1})
    return hit[1]


def check_action(rs: RulesetDef, a: ActionEntry, where: str) -> str | None:
    names = _names(rs)
    pools = {p.id for p in rs.pools}
    if a.uses is not None and a.uses not in {x.id for x in rs.actions}:
        return f"{where}.uses: {rs.id} has no action {a.uses!r}"
    for pid, v in a.cost.items():
        if pid not in pools:
            return f"{where}.cost.{pid}: {rs.id} has no pool {pid!r}"
        if not _dice_ok(v, names):
            return f"{where}.cost.{pid}: {v!r} is not a number or dice"
    if a.type is not None and rs.damage.types and a.type not in rs.damage.types:
        return f"{where}.type: {rs.id} has no damage type {a.type!r} (it has {', '.join(rs.damage.types)})"
    if a.speed is not None and a.speed not in {s.id for s in rs.speed_classes}:
        known = ", ".join(s.id for s in rs.speed_classes) or "none"
        return f"{where}.speed: {rs.id} has no speed class {a.speed!r} (it has {known})"
    if a.sf is not None and not rs.speed_classes:
        return f"{where}.sf: {rs.id} does not count time in speed factors"
    for key in ("hit", "damage"):
        expr = getattr(a, key)
        if expr is not None and not _dice_ok(expr, names):
            return f"{where}.{key}: {expr!r} is not dice this ruleset can roll"
    for i, part in enumerate(a.plus):
        if part.type is not None and rs.damage.types and part.type not in rs.damage.types:
            return f"{where}.plus[{i}].type: {rs.id} has no damage type {part.type!r}"
        if not _dice_ok(part.damage, names):
            return f"{where}.plus[{i}].damage: {part.damage!r} is not dice this ruleset can roll"
    if a.plus and a.damage is None:
        return f"{where}.plus: more damage, but no damage to go with"
    return _check_save(rs, a, where)


def _check_save(rs: RulesetDef, a: ActionEntry, where: str) -> str | None:
    """A save is one of the ruleset's saves (or, where it names none, a stat), and takes the place of a to-hit."""
    if a.save is None:
        return None
    known = [s.id for s in rs.checks.saves] or [s.id for s in rs.stats]
    if a.save.stat not in known:
        return f"{where}.save.stat: {rs.id} has no save {a.save.stat!r} (it has {', '.join(known)})"
    if a.hit is not None:
        return f"{where}.save: an action either rolls to hit or calls for a save, not both"
    return None


def _common(rs: RulesetDef, stats: dict[str, int | str], pools: dict[str, int | str], body: str | None,
            actions: list[ActionEntry], where: str) -> str | None:
    names = _names(rs)
    known_stats = {s.id for s in rs.stats}
    for key, v in stats.items():
        if key not in known_stats:
            return f"{where}.stats.{key}: {rs.id} has no stat {key!r} (it has {', '.join(sorted(known_stats))})"
        if not _dice_ok(v, names):
            return f"{where}.stats.{key}: {v!r} is not a number or dice"
    known_pools = {p.id for p in rs.pools} | ({"hp"} if rs.health_pool() else set())  # hp: its hit points
    for key, v in pools.items():
        if rs.pool_key(key) not in known_pools:
            return f"{where}.pools.{key}: {rs.id} has no pool {key!r} (it has {', '.join(sorted(known_pools))})"
        if not _dice_ok(v, names):
            return f"{where}.pools.{key}: {v!r} is not a number or dice"
    if body is not None and body not in {p.id for p in rs.body_plans}:
        return f"{where}.body: {rs.id} has no body plan {body!r}"
    for a in actions:
        problem = check_action(rs, a, f"{where}.action[{a.name}]")
        if problem:
            return problem
    return None


def check_template(rs: RulesetDef, t: Template, where: str) -> str | None:
    """What in a template its ruleset does not have, as `where.key: why`; None when it fits."""
    problem = _common(rs, dict(t.stats), dict(t.pools), t.body, t.actions, where)
    if problem:
        return problem
    for key in ("resist", "weak", "immune"):
        for dtype in getattr(t, key):
            if rs.damage.types and dtype not in rs.damage.types:
                return f"{where}.{key}.{dtype}: {rs.id} has no damage type {dtype!r}"
    return None


def check_member(rs: RulesetDef, m: Member, where: str) -> str | None:
    problem = _common(rs, dict(m.stats), dict(m.maxima), m.body, m.actions, where)
    if problem:
        return problem
    pools = {p.id for p in rs.pools}
    for key in m.current:
        if key not in pools:
            return f"{where}.current.{key}: {rs.id} has no pool {key!r}"
    parts = {b.id for b in rs.body}
    for key in m.injuries:
        if key.split(".")[0] not in parts:
            return f"{where}.injuries.{key}: {rs.id} has no body part {key.split('.')[0]!r}"
    for key in m.treated:
        if key not in m.injuries:
            return f"{where}.treated.{key}: no injury there to have treated"
    conds = {c.id for c in rs.conditions}
    for cs in m.conditions:
        if cs.id not in conds:
            return f"{where}.conditions: {rs.id} has no condition {cs.id!r}"
        if cs.until not in (None, "short-rest", "long-rest"):
            return f"{where}.conditions[{cs.id}].until: short-rest, long-rest, or left out"
    return None
