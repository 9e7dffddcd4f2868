"""What the players may see of an encounter: a plain structure for the players' view, no Textual.

The GM's encounter holds secrets: creatures the GM hides (`hide NAME`), the exact health of NPCs,
GM notes, prompts and the log. `player_view` keeps only what the table may see, so whatever draws
it (a terminal, a browser) cannot show a secret it was never given:

- a hidden creature is left out everywhere: order, waiting list, the current actor, and as the
  source of a condition on someone else;
- a PC shows its pools and its conditions with the time they have left;
- any other creature (NPC or ally) shows a coarse health state (`coarse_health`) and the names of
  its conditions, unless the GM showed its health (`show-hp NAME`): then its health pools too;
- notes, prompts, the log, stats and the durations of NPCs' conditions never appear.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from ..rules.timekeeping import acting_order, active, is_dead, is_out, remaining
from ..ruleset import PoolKind, RulesetDef, TimeModel
from ..state.model import Combatant, Side, State

if TYPE_CHECKING:  # the encounter imports the commands, which read these views: a name only here
    from ..encounter import Encounter


class Health(StrEnum):
    UNHURT = "unhurt"
    HURT = "hurt"
    BLOODIED = "bloodied"
    DOWN = "down"
    DEAD = "dead"


@dataclass(frozen=True)
class PoolLine:
    name: str
    kind: PoolKind
    current: int
    max: int | None
    short: str = ""  # the ruleset's few letters for it, for the acting order


@dataclass(frozen=True)
class ConditionLine:
    name: str
    value: int | None = None
    source: str | None = None  # a visible creature it came from (or is relative to)
    left: int | None = None  # rounds (TC in time count) left, PCs only; None: no end to show
    unit: str = ""


@dataclass(frozen=True)
class Row:
    """One creature as the players see it."""

    name: str
    side: Side
    acting: bool
    health: Health
    initiative: int | None = None
    next_tc: int | None = None
    pools: tuple[PoolLine, ...] = ()  # PCs: every pool worth showing; others: health pools if shown
    conditions: tuple[ConditionLine, ...] = ()

    @property
    def is_pc(self) -> bool:
        return self.side is Side.PC


@dataclass(frozen=True)
class PlayerView:
    name: str
    ruleset: str  # the ruleset's name, for the title
    time_model: TimeModel
    started: bool
    round: int | None  # None before the start and in time count
    tc: int | None  # None unless time count has started
    now: tuple[str, ...]  # visible creatures acting now (several on a shared TC; everyone in free rounds)
    order: tuple[Row, ...]  # acting order, hidden creatures left out
    waiting: tuple[Row, ...]  # holding or delaying
    out: tuple[Row, ...]  # out of the fight

    @property
    def party(self) -> tuple[Row, ...]:
        """The PCs, in acting order, then those waiting, then those out."""
        return tuple(r for r in self.order + self.waiting + self.out if r.is_pc)

    def rows(self) -> tuple[Row, ...]:
        return self.order + self.waiting + self.out


def health_pools(rs: RulesetDef) -> list[str]:
    """The pools damage takes from (the ruleset's `damage.absorb`), that have a maximum: stamina then
    exhaustion, or HP. Bonus pools with no maximum (temporary HP) say nothing about how hurt one is."""
    return [p.id for p in rs.pools if p.id in rs.damage.absorb and p.max is not None]


def coarse_health(c: Combatant, rs: RulesetDef) -> Health:
    """Unhurt, hurt, bloodied, down or dead, from the ruleset's main health pool.

    The main health pool is the last pool damage reaches (`damage.absorb[-1]`, as the GM's sheet
    decides it), or the last one before it that this creature has a maximum for (a creature
    without CON has no stamina or exhaustion). Dead: a dead (or destroyed) condition. Down, still
    alive: that pool at 0 or below, or the creature is out of the fight (unconscious), or a pool drawn
    against its health (fatigue) has caught up with it. Bloodied: at or below half of its maximum.
    Hurt: any damage pool below its maximum, a pool drawn against health above 0, or an injury.
    Unhurt otherwise.
    """
    if is_dead(c):
        return Health.DEAD
    if is_out(c, rs):
        return Health.DOWN
    absorb = [pid for pid in rs.damage.absorb if pid in c.pools]
    sized = [pid for pid in absorb if (c.pools[pid].max or 0) > 0]
    main = sized[-1] if sized else None
    against = [p.id for p in rs.pools if p.against is not None and p.against == main and p.id in c.pools]
    if main is not None:
        ps = c.pools[main]
        if ps.current <= 0 or any(c.pools[a].current >= ps.current for a in against):
            return Health.DOWN
        if ps.max is not None and ps.current * 2 <= ps.max:
            return Health.BLOODIED
    hurt = any(c.pools[pid].max is not None and c.pools[pid].current < (c.pools[pid].max or 0) for pid in sized)
    if hurt or any(c.pools[a].current > 0 for a in against) or any(c.injuries.values()):
        return Health.HURT
    return Health.UNHURT


def _pools(c: Combatant, rs: RulesetDef, only: list[str] | None = None) -> tuple[PoolLine, ...]:
    """Pools in the ruleset's order; a counter only when it counts something; a pool with a max of 0
    (a creature without it) left out."""
    out = []
    for pd in rs.pools:
        ps = c.pools.get(pd.id)
        if ps is None or (only is not None and pd.id not in only):
            continue
        if pd.kind is PoolKind.COUNTER and ps.current == 0:
            continue
        if ps.max == 0 and pd.kind is not PoolKind.COUNTER:
            continue
        out.append(PoolLine(pd.name, pd.kind, ps.current, ps.max, pd.short or pd.name))
    return tuple(out)


def _conditions(c: Combatant, state: State, rs: RulesetDef, visible: set[str], timed: bool) -> tuple[
        ConditionLine, ...]:
    out = []
    unit = "TC" if rs.time.model is TimeModel.TIME_COUNT else "rd"
    for cs in c.conditions:
        if not cs.direct:
            continue  # implied conditions come with their parent, as on the GM's badges
        try:
            name = rs.condition(cs.id).name
        except KeyError:
            name = cs.id
        src = state.combatants.get(cs.source or "")
        source = src.name if src is not None and src.id in visible else None
        left = remaining(cs.ends, state) if timed else None
        out.append(ConditionLine(name, cs.value, source, left, unit if left is not None else ""))
    return tuple(out)


def player_view(enc: Encounter) -> PlayerView:
    state, rs = enc.state, enc.rs
    clock = state.clock
    tc_model = rs.time.model is TimeModel.TIME_COUNT
    visible = {c.id for c in state.roster() if not c.hidden}
    acting = {c.id for c in active(state, rs) if c.id in visible}
    health = health_pools(rs)

    def row(c: Combatant) -> Row:
        pc = c.side is Side.PC
        if pc:
            pools = _pools(c, rs)
        elif c.health_shown:
            against = [p.id for p in rs.pools if p.against in health]
            pools = _pools(c, rs, health + against)
        else:
            pools = ()
        return Row(
            name=c.name, side=c.side, acting=c.id in acting, health=coarse_health(c, rs),
            initiative=c.initiative if not tc_model else None,
            next_tc=c.next_tc if tc_model else None,
            pools=pools, conditions=_conditions(c, state, rs, visible, timed=pc),
        )

    order = [c for c in acting_order(state, rs) if c.id in visible]
    listed = {c.id for c in order}
    waiting = [state.combatants[w] for w in state.waiting if w in state.combatants and w in visible]
    gone = [c for c in state.roster() if c.id in visible and c.id not in listed and c.id not in state.waiting]
    return PlayerView(
        name=enc.doc.name,
        ruleset=rs.name,
        time_model=rs.time.model,
        started=clock.started,
        round=clock.round if clock.started and not tc_model else None,
        tc=clock.tc if clock.started and tc_model else None,
        now=tuple(c.name for c in active(state, rs) if c.id in visible),
        order=tuple(row(c) for c in order),
        waiting=tuple(row(c) for c in waiting),
        out=tuple(row(c) for c in gone),
    )
