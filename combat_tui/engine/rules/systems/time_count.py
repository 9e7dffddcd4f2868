"""Hooks for the `time-count` ruleset: what its data cannot say.

- Damage against the Threshold of Pain is not a plain subtraction. A hit larger than the current
  ToP puts ToP points into fatigue and the rest into HP; a smaller hit only adds fatigue. Every hit
  then lowers ToP by 1. Bonus HP, then Invigoration, soak what would come off HP (or, with the
  option `buffers_soak_fatigue`, the whole hit before the split). A hit past ToP gives one
  impairment of its type (bludgeoning, piercing, slashing) when `use_impairments` is on.
  Nonlethal damage only ever adds fatigue. Paralysis and petrification damage go to their own
  counters.
- Healing goes into Invigoration, never lifting HP plus Invigoration above the HP maximum; what is
  left takes fatigue off (never below 0).
- Poison damage "can only be healed through natural healing or certain spells that specifically heal
  poison damage": what a poison took off HP and put on fatigue is counted (`poison_hp`,
  `poison_fatigue`); magic healing leaves that part alone, healing aimed at poison (`heal NAME N
  poison`) heals only that part. Natural healing is the GM's own change to HP or fatigue (the ruleset's
  triggers keep the counts within what is still lost).
- A long rest (a night) takes one point off the worst impairment, a tie broken at random; a creature
  resting in bed (condition `bed-rest`) has a point taken off each of its two worst instead (option
  `bed_rest_same_twice`: off the worst, twice over, so one type may lose both).
- At the start of any turn: a creature out cold has its next turn moved to the TC its minimum
  time ends (no effect in the data can reschedule a creature).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from combat_tui.engine.rules.hooks import Hooks as BaseHooks
from combat_tui.engine.rules.hooks import Needs

if TYPE_CHECKING:
    from combat_tui.engine.rules.ops import Ops

IMPAIRMENTS = {
    "bludgeoning": "impair_bludgeoning",
    "piercing": "impair_piercing",
    "slashing": "impair_slashing",
}
OWN_COUNTERS = ("paralysis", "petrification")
BUFFERS = ("bonus_hp", "invigoration")
POISON = "poison"


class Hooks(BaseHooks):
    needs = Needs(pools=frozenset({"top", "hp", "fatigue", "poison_hp", "poison_fatigue", *IMPAIRMENTS.values(),
                                   *OWN_COUNTERS, *BUFFERS}),
                  conditions=frozenset({"out-cold", "dead", "stabilized", "bed-rest"}))

    def damage(self, ops: Ops, cid: str, amount: int, dtype: str | None) -> None:
        c = ops.peek(cid)
        names = ops.names(c)
        amount = max(amount, 0)
        kind = f" {dtype}" if dtype else ""

        if dtype in OWN_COUNTERS:
            old = c.pools[dtype].current
            new = ops.set_pool(cid, dtype, old + amount, quiet=True)
            ops.say(f"{c.name} takes {amount}{kind} damage: {ops.rs.pool(dtype).name} {old} → {new}")
            return

        parts: list[str] = []

        def soak(n: int) -> int:
            """Take up to n from bonus HP, then Invigoration; return what is left."""
            for pid in BUFFERS:
                have = ops.peek(cid).pools[pid].current
                take = min(n, max(have, 0))
                if take > 0:
                    ops.set_pool(cid, pid, have - take, quiet=True)
                    parts.append(f"{ops.rs.pool(pid).name} {have} → {have - take}")
                    n -= take
            return n

        top = c.pools["top"].current
        left = soak(amount) if names.get("buffers_soak_fatigue", 0) else amount
        passes = left > top or (left == top and left > 0 and bool(names.get("top_equal_passes", 0)))
        if dtype == "nonlethal":
            to_fatigue, to_hp = left, 0
        elif passes:
            to_fatigue, to_hp = top, left - top
        else:
            to_fatigue, to_hp = left, 0
        if to_hp and not names.get("buffers_soak_fatigue", 0):
            to_hp = soak(to_hp)

        poisoned = {"poison_hp": 0, "poison_fatigue": 0}
        if to_hp:
            old = ops.peek(cid).pools["hp"].current
            new = ops.set_pool(cid, "hp", old - to_hp, quiet=True)
            parts.append(f"Hit points {old} → {new}")
            poisoned["poison_hp"] = old - new
        if to_fatigue:
            old = ops.peek(cid).pools["fatigue"].current
            new = ops.set_pool(cid, "fatigue", old + to_fatigue, quiet=True)
            parts.append(f"Fatigue {old} → {new}")
            poisoned["poison_fatigue"] = new - old
        if dtype == POISON:
            for pid, n in poisoned.items():
                if n:
                    ops.set_pool(cid, pid, ops.peek(cid).pools[pid].current + n, quiet=True)
        if passes and dtype in IMPAIRMENTS and names.get("use_impairments", 1):
            pid = IMPAIRMENTS[dtype]
            old = ops.peek(cid).pools[pid].current
            ops.set_pool(cid, pid, old + 1, quiet=True)
            parts.append(f"{ops.rs.pool(pid).name} {old} → {old + 1}")
        new_top = ops.set_pool(cid, "top", top - 1, quiet=True)
        if new_top != top:
            parts.append(f"Threshold of Pain {top} → {new_top}")
        verdict = "past the Threshold of Pain" if passes and dtype != "nonlethal" else "within the Threshold of Pain"
        ops.say(f"{c.name} takes {amount}{kind} damage, {verdict}: " + (", ".join(parts) or "no effect"))

    def heal(self, ops: Ops, cid: str, amount: int, aimed: str | None = None) -> None:
        c = ops.peek(cid)
        amount = max(amount, 0)
        at_poison = aimed == POISON
        hp, inv = c.pools["hp"].current, c.pools["invigoration"].current
        poison_hp, poison_fatigue = c.pools["poison_hp"].current, c.pools["poison_fatigue"].current
        lost = max((c.pools["hp"].max or 0) - hp - inv, 0)  # what Invigoration may still cover
        room = min(lost, poison_hp) if at_poison else max(lost - poison_hp, 0)
        give = min(amount, room)
        parts = []
        if give:
            ops.set_pool(cid, "invigoration", inv + give, quiet=True)
            parts.append(f"Invigoration {inv} → {inv + give}")
        rest = amount - give
        fatigue = c.pools["fatigue"].current
        take = min(rest, poison_fatigue if at_poison else fatigue - poison_fatigue)
        if take > 0:
            new = ops.set_pool(cid, "fatigue", fatigue - take, quiet=True)
            parts.append(f"Fatigue {fatigue} → {new}")
        if at_poison:
            ops.set_pool(cid, "poison_hp", poison_hp - give, quiet=True)
            ops.set_pool(cid, "poison_fatigue", poison_fatigue - max(take, 0), quiet=True)
        held = 0 if at_poison else min(poison_hp, lost) + poison_fatigue
        aimed_words = " (aimed at poison)" if at_poison else ""
        ops.say(f"{c.name} heals {amount}{aimed_words}: " + (", ".join(parts) or "nothing to heal")
                + (f"; {held} poison damage heals only naturally or by healing aimed at poison" if held else ""))

    def rest(self, ops: Ops, cid: str, long: bool) -> None:
        if not long:
            return
        c = ops.peek(cid)
        bed = any(cs.id == "bed-rest" for cs in c.conditions)
        same = bool(ops.names(c).get("bed_rest_same_twice", 0))
        done: set[str] = set()
        for _ in range(2 if bed else 1):
            c = ops.peek(cid)
            left = [p for p in IMPAIRMENTS.values() if c.pools[p].current > 0 and (same or p not in done)]
            if not left:
                return
            worst = max(c.pools[p].current for p in left)
            pid = ops.rng.choice([p for p in left if c.pools[p].current == worst])
            ops.set_pool(cid, pid, worst - 1)
            done.add(pid)

    def tc_start(self, ops: Ops) -> None:
        # Out cold: a creature knocked out has its next turn (the wake-up check) exactly when its
        # minimum time ends, whether that is earlier or later than the turn it had planned.
        for other in ops.state.roster():
            if other.conditions:
                self._out_cold(ops, other.id, acting=False)

    def turn_start(self, ops: Ops, cid: str) -> None:
        self._out_cold(ops, cid, acting=True)  # knocked out since the TC began, by another's turn start

    def _out_cold(self, ops: Ops, cid: str, acting: bool) -> None:
        other = ops.peek(cid)
        ends = [cs.ends.tc for cs in other.conditions
                if cs.id == "out-cold" and cs.ends is not None and cs.ends.kind == "tc" and cs.ends.tc is not None]
        held = {cs.id for cs in other.conditions}
        if not ends or max(ends) <= ops.state.clock.tc or held & {"dead", "stabilized"}:  # stabilized: by minutes
            return
        target = max(ends)
        if other.next_tc == target:
            return
        mc = ops.changing(cid)
        mc.next_tc = target
        if acting:
            mc.acted = True
        ops.say(f"{other.name} is out cold: next turn (wake-up check) at TC {target}")

