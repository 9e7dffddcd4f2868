"""A creature as the GM reads it, for the selected creature's sheet and each row of the order: its pools,
conditions, body, stats and attacks, as the plain values of `gm.py`. `gm_view.py` builds the whole view."""

from __future__ import annotations

from ..lookup import action_cost, entries
from ..rules.attacks import as_action
from ..rules.conditions import carried
from ..rules.damage_step import sheet_words
from ..rules.injuries import instances, part_count
from ..rules.ops import names_for
from ..rules.recharge import spent
from ..rules.timekeeping import describe, is_dead, left_words, remaining
from ..ruleset import PoolDef, PoolKind, RulesetDef, TimeModel, formula
from ..state.errors import CombatError
from ..state.model import Combatant, ConditionState, OwnAction, PoolState, State
from .gm import (
    DEAD,
    DEAD_MARK,
    DOWN,
    DOWN_MARK,
    KIND_ORDER,
    AttackView,
    BodyView,
    ConditionEntry,
    ConditionsView,
    ConditionView,
    InjuryView,
    PoolView,
    SheetView,
    StatView,
)
from .player_view import Health, coarse_health


# -- pools ---------------------------------------------------------------------------------------------
def is_critical(state: State, rs: RulesetDef, c: Combatant, pd: PoolDef) -> bool:
    ps = c.pools.get(pd.id)
    if ps is None:
        return False
    if pd.critical:
        try:
            return bool(formula.evaluate(pd.critical, names_for(state, rs, c)))
        except CombatError:
            return False
    if pd.id == rs.health_pool() and ps.max:
        return ps.current * 4 <= ps.max  # a quarter or less left
    return False


def is_depleted(pd: PoolDef, ps: PoolState) -> bool:
    if pd.kind is PoolKind.COUNTER:
        return False
    return ps.current <= 0 and (ps.max is None or ps.max > 0)


def short_label(name: str) -> str:
    """A pool's label in a narrow row when its ruleset gives none: a short name whole, else its start."""
    return name if len(name) <= 3 else name[:2]


def pool_view(state: State, rs: RulesetDef, c: Combatant, pd: PoolDef) -> PoolView:
    ps = c.pools[pd.id]
    against = pd.against if pd.against and pd.against in c.pools else None
    return PoolView(pd.id, pd.name, pd.short or short_label(pd.name), pd.kind, ps.current, ps.max,
                    is_critical(state, rs, c, pd),
                    is_depleted(pd, ps), rs.pool(against).name if against else "",
                    c.pools[against].current if against else 0)


def summary_pools(rs: RulesetDef) -> list[PoolDef]:
    """The few pools worth a glance in the order pane: those the ruleset marks `summary`, else health
    and the first small budgets; health first, the rest in their order."""
    health = rs.health_pool()
    picked = [p for p in rs.pools if p.summary]
    if not picked:
        picked = [p for p in rs.pools if p.id == health]
        picked += [p for p in rs.pools if p.kind is PoolKind.PIPS and p.id != health][:2]
        if not picked:
            picked = [p for p in rs.pools if p.kind in (PoolKind.BAR, PoolKind.TRACK)][:2]
    return sorted(picked, key=lambda pd: pd.id != health)


def sheet_pools(rs: RulesetDef) -> list[PoolDef]:
    """The health pool first, then the others by kind (what drains, then budgets, then counters)."""
    health = rs.health_pool()
    rest = sorted((p for p in rs.pools if p.id != health), key=lambda p: KIND_ORDER.index(p.kind))
    return [p for p in rs.pools if p.id == health] + rest


def reached(rs: RulesetDef, c: Combatant) -> list[PoolDef]:
    """The pools damage takes from once health is gone (body injury's Exhaustion after Stamina), while
    damage has reached them: the row shows them beside health, so an exhausted creature at Stamina 0
    does not read as dead."""
    health, absorb = rs.health_pool(), rs.damage.absorb
    if health not in absorb or health not in c.pools:
        return []
    out: list[PoolDef] = []
    before = c.pools[health]
    for pid in absorb[absorb.index(health) + 1:]:
        ps = c.pools.get(pid)
        if ps is None or not ps.max:
            continue
        if before.current <= 0 or ps.current < ps.max:
            out.append(rs.pool(pid))
        before = ps
    return out


def row_pools(state: State, rs: RulesetDef, c: Combatant) -> tuple[PoolView, ...]:
    """The order row's pools; no pips at all (no reactions while off-guard) says nothing and is left out."""
    picked = summary_pools(rs)
    health = rs.health_pool()
    at = next((i + 1 for i, pd in enumerate(picked) if pd.id == health), 0)
    picked = picked[:at] + [pd for pd in reached(rs, c) if pd not in picked] + picked[at:]
    return tuple(pool_view(state, rs, c, pd) for pd in picked
                 if pd.id in c.pools and not (pd.kind is PoolKind.PIPS and c.pools[pd.id].max == 0))


# -- conditions ----------------------------------------------------------------------------------------
def _condition_name(rs: RulesetDef, cond_id: str) -> str:
    try:
        return rs.condition(cond_id).name
    except KeyError:
        return cond_id


def condition_view(state: State, rs: RulesetDef, cs: ConditionState) -> ConditionView:
    src = state.combatants.get(cs.source or "")
    try:
        relative = rs.condition(cs.id).subjective
    except KeyError:
        relative = False
    left = remaining(cs.ends, state)
    unit = "TC" if cs.ends is not None and (cs.ends.kind == "tc" or cs.ends.round is None) else "rd"
    name = _condition_name(rs, cs.id) + carried(cs)
    return ConditionView(cs.uid, cs.id, name, cs.value, src.name if src is not None else "",
                         relative, not cs.direct, left_words(left, unit) if left is not None else "",
                         describe(cs.ends, state), cs.ends is not None)


def condition_labels(rs: RulesetDef, c: Combatant) -> tuple[str, ...]:
    """The conditions the GM put on a creature (not those they imply), by name, with any value."""
    return tuple((_condition_name(rs, cs.id) if cs.value is None else f"{_condition_name(rs, cs.id)} {cs.value}")
                 + carried(cs) for cs in c.conditions if cs.direct)


def catalog(rs: RulesetDef) -> tuple[ConditionEntry, ...]:
    """The ruleset's conditions by name, each with its lookup lines."""
    about = {e.id: e.lines for e in entries(rs) if e.kind == "condition"}
    return tuple(ConditionEntry(cd.id, cd.name, tuple(about.get(cd.id, ())))
                 for cd in sorted(rs.conditions, key=lambda cd: cd.name.lower()))


def conditions_view(state: State, rs: RulesetDef, c: Combatant, known: tuple[ConditionEntry, ...]) -> ConditionsView:
    lines = {e.id: e.lines for e in known}
    about: dict[str, tuple[str, str]] = {}
    for cs in c.conditions:
        if cs.direct and cs.id not in about and lines.get(cs.id):
            about[cs.id] = (_condition_name(rs, cs.id), lines[cs.id][0])
    return ConditionsView(c.name, tuple(condition_view(state, rs, cs) for cs in c.conditions),
                          tuple(about.values()))


# -- the sheet -----------------------------------------------------------------------------------------
def out_lead(c: Combatant) -> str:
    """The lead of a row out of the fight: a † when dead, else down but alive (unconscious)."""
    return f"{DEAD_MARK} " if is_dead(c) else f"{DOWN_MARK} "


def standing(rs: RulesetDef, c: Combatant) -> str:
    """Dead, down (alive: at 0, unconscious, out of the fight for now) or on its feet (""), as the
    players' coarse health reads it, so the GM's rows, the sheet and the players' view agree."""
    if is_dead(c):
        return DEAD
    return DOWN if coarse_health(c, rs) is Health.DOWN else ""


def body_view(rs: RulesetDef, c: Combatant) -> BodyView:
    """Each injured part with its count; parts unhurt by name, a pair unhurt as one word (arm×2)."""
    injured: list[InjuryView] = []
    unhurt: list[str] = []
    for part in rs.body:
        keys = instances(part, part_count(rs, c, part))
        if len(keys) > 1 and not any(c.injuries.get(k, 0) for k in keys):
            unhurt.append(f"{part.name.lower()}×{len(keys)}")
            continue
        last = max((e.count for e in part.effects), default=0)
        for key in keys:
            n = c.injuries.get(key, 0)
            if n:
                injured.append(InjuryView(key.replace(".", " "), n, part.severity, bool(last) and n >= last))
            else:
                unhurt.append(key.replace(".", " "))
    plan = rs.body_plan(c.body)
    return BodyView(plan.name if plan is not None else "", tuple(injured), tuple(unhurt))


def stat_views(rs: RulesetDef, c: Combatant) -> tuple[StatView, ...]:
    """Stats by the ruleset's name; one at 0 that defaults to 0 (boon-bane's dozen resistances) says
    nothing and is left off, as untouched counters are."""
    return tuple(StatView(sd.name, c.stats[sd.id], c.stats[sd.id] != sd.default) for sd in rs.stats
                 if sd.id in c.stats and not (c.stats[sd.id] == 0 and sd.default == 0))


def sheet_view(state: State, rs: RulesetDef, c: Combatant) -> SheetView:
    pools = []
    for pd in sheet_pools(rs):
        ps = c.pools.get(pd.id)
        if ps is None or (pd.kind is PoolKind.COUNTER and ps.current == 0):
            continue  # a counter at 0 says nothing, with a top or without (no "death saves failed 0/3")
        pools.append(pool_view(state, rs, c, pd))
    return SheetView(c.id, c.name, c.side.value, c.initiative,
                     c.next_tc if rs.time.model is TimeModel.TIME_COUNT else None, c.hidden, tuple(pools),
                     body_view(rs, c) if rs.body else None, c.notes, stat_views(rs, c),
                     attack_views(state, rs, c), standing(rs, c), sheet_words(rs, c))


def hit_words(hit: str | None) -> str:
    """A to-hit as a GM says it: `1d20+4` and `+4` are "+4"; other dice stay dice."""
    if hit is None:
        return ""
    bare = hit.replace(" ", "")
    for start in ("1d20", "d20"):
        if bare.startswith(start) and bare[len(start):][:1] in ("+", "-"):
            bare = bare[len(start):]
    return bare if bare[:1] in "+-" or not bare.isdigit() else f"+{bare}"


def attack_cost(state: State, rs: RulesetDef, c: Combatant, own: OwnAction) -> str:
    """What an own attack costs the creature: the ruleset's action it uses, worked out; in time count its
    speed class or SF."""
    action = as_action(rs, own)
    cost = action_cost(rs, action, names_for(state, rs, c)) if action.cost or action.gain else ""
    classes = {s.id: s.name for s in rs.speed_classes}
    speed = classes.get(action.speed or "", "") or (f"SF {action.sf}" if isinstance(action.sf, int) else "")
    return " · ".join(x for x in (cost, speed) if x)


def save_words(rs: RulesetDef, own: OwnAction) -> str:
    """What a save an action calls for asks: "DC 13 DEX save, half"."""
    if own.save is None:
        return ""
    kinds = {s.id: s.name for s in rs.checks.saves} or {s.id: s.name for s in rs.stats}
    half = ", half" if own.save.on_save == "half" and own.damage is not None else ""
    return f"DC {own.save.dc} {kinds.get(own.save.stat, own.save.stat)} {rs.checks.save_name}{half}"


def _recharge_words(c: Combatant, own: OwnAction) -> str:
    if own.recharge is None:
        return ""
    needs = f"recharge {own.recharge}" + ("" if own.recharge == 6 else "–6")
    return f"{needs}, spent" if spent(c, own) else needs


def attack_views(state: State, rs: RulesetDef, c: Combatant) -> tuple[AttackView, ...]:
    return tuple(AttackView(a.name, hit_words(a.hit), " + ".join(
        " ".join(x for x in (d, t) if x) for d, t in [(a.damage, a.type), *((p.damage, p.type) for p in a.plus)]),
        " · ".join(x for x in (attack_cost(state, rs, c, a), _recharge_words(c, a)) if x), save_words(rs, a))
        for a in c.actions)


