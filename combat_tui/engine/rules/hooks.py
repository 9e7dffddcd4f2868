"""Code a ruleset may need where its data cannot say it.

`Hooks` does what the data says (damage comes off the `absorb` pools in order, healing refills the
`heal` pools, a ruleset's effects go to `effects.py`); it is what `Ops` calls the rules through (its
`Rules` protocol), so `ops.py` imports none of them. A ruleset names one of the built-in systems
(`systems.REGISTRY`) in its `hooks` key; that system's `Hooks` subclass overrides what differs and
declares in `needs` the ids its code reads, checked when the ruleset loads. Only the registry's names
can be given, so a GM's ruleset file stays data and is never a way to run code.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from ..state.model import ReadyHit
from . import damage_step, effects
from .ops import Ops

if TYPE_CHECKING:
    from ..ruleset import ActionDef, EffectDef, RulesetDef


@dataclass(frozen=True)
class Needs:
    """The ids a system's code reads by name: a ruleset using that system must declare them all."""

    pools: frozenset[str] = frozenset()
    conditions: frozenset[str] = frozenset()
    tables: frozenset[str] = frozenset()

    def missing(self, rs: RulesetDef) -> list[str]:
        have = {"pool": {p.id for p in rs.pools}, "condition": {c.id for c in rs.conditions},
                "table": {t.id for t in rs.tables}}
        wanted = {"pool": self.pools, "condition": self.conditions, "table": self.tables}
        return [f"{kind} {i!r}" for kind, ids in wanted.items() for i in sorted(ids - have[kind])]


class Hooks:
    needs: ClassVar[Needs] = Needs()

    def apply_effects(self, ops: Ops, cid: str, effs: Iterable[EffectDef], extra: Mapping[str, int] | None,
                      other: str | None, anchor: str | None, part: str | None) -> None:
        effects.apply(ops, cid, effs, extra, other, anchor, part)

    def hit(self, ops: Ops, cid: str, parts: Sequence[tuple[int, str | None]], critical: bool = False) -> None:
        """One hit of one or more parts, each of its type: each through `step`, then `damage`, then the triggers."""
        damage_step.deal(ops, cid, parts, lambda n, t: self.step(ops, cid, n, t),
                         lambda n, t: self.damage(ops, cid, n, t), critical)

    def step(self, ops: Ops, cid: str, amount: int, dtype: str | None) -> int:
        """A part of a hit before the pools: the ruleset's resistance, weakness and immunity
        (`damage_step.py`); what is left of it."""
        return damage_step.through(ops, cid, amount, dtype)

    def damage(self, ops: Ops, cid: str, amount: int, dtype: str | None) -> None:
        pools = ops.rs.damage.absorb
        c = ops.peek(cid)
        if not pools:
            ops.say(f"{c.name} takes {amount} damage (this ruleset tracks no damage pool)")
            return
        left = max(amount, 0)
        parts = []
        for i, pid in enumerate(pools):
            ps = c.pools.get(pid)
            if ps is None or left <= 0:
                continue
            last = i == len(pools) - 1
            take = left if last else min(left, max(ps.current, 0))
            if take <= 0:
                continue
            old = ps.current
            new = ops.set_pool(cid, pid, old - take, quiet=True)
            left -= old - new if not last else take
            parts.append(f"{ops.rs.pool(pid).name} {old} → {new}")
        kind = f" {dtype}" if dtype else ""
        ops.say(f"{c.name} takes {amount}{kind} damage" + (f": {', '.join(parts)}" if parts else ""))

    def dropped(self, ops: Ops, hit: ReadyHit) -> None:
        """Damage an attack left ready was dropped, a miss after all: a system undoes what it marked for it."""

    def heal(self, ops: Ops, cid: str, amount: int, aimed: str | None = None) -> None:
        """Healing; `aimed`: the damage type it is aimed at (`heal NAME 4 poison`), for a system that tells
        damage of that type apart."""
        c = ops.peek(cid)
        left = max(amount, 0)
        parts = []
        for pid in ops.rs.damage.heal:
            ps = c.pools.get(pid)
            if ps is None or left <= 0:
                continue
            room = left if ps.max is None else max(ps.max - ps.current, 0)
            give = min(left, room)
            if give <= 0:
                continue
            old = ps.current
            ops.set_pool(cid, pid, old + give, quiet=True)
            left -= give
            parts.append(f"{ops.rs.pool(pid).name} {old} → {old + give}")
        ops.say(f"{c.name} heals {amount}" + (f": {', '.join(parts)}" if parts else " (already full)"))

    def tc_start(self, ops: Ops) -> None:
        """Time count: bookkeeping once the clock reaches a TC, before the turns of those acting on it."""

    def turn_start(self, ops: Ops, cid: str) -> None:
        """Extra start-of-turn bookkeeping, after the data-driven part."""

    def act(self, ops: Ops, cid: str, action: ActionDef) -> None:
        """Extra bookkeeping after an action is paid for."""

    def rest(self, ops: Ops, cid: str, long: bool) -> None:
        """Extra bookkeeping at a short or long rest, before the pools refresh."""
