"""What a rest did, as the GM reads it: who got what back, and what the rules leave as it is (a rest
that changed nothing must not read as a command that did not work)."""

from __future__ import annotations

from ..ruleset import PoolKind, Refresh
from .ops import Ops

Pools = dict[str, dict[str, int]]
_EVERY_TURN = (Refresh.TURN_START, Refresh.ROUND_START)  # refilled by the fight itself: nothing to say


def pools_of(ops: Ops, ids: list[str]) -> Pools:
    return {cid: {pid: p.current for pid, p in ops.peek(cid).pools.items()} for cid in ids}


def report(ops: Ops, ids: list[str], when: Refresh, before: Pools) -> list[str]:
    """A headline, a line for each creature that got something back, then what stays as it was."""
    rs = ops.rs
    rest = "short rest" if when is Refresh.SHORT_REST else "long rest"
    got: list[str] = []
    kept: list[str] = []
    for cid in ids:
        if cid not in ops.state.combatants:
            continue
        c = ops.peek(cid)
        ups = [f"{pd.name} {before[cid][pd.id]} → {c.pools[pd.id].current}" for pd in rs.pools
               if pd.id in c.pools and pd.id in before.get(cid, {}) and pd.refresh not in _EVERY_TURN
               and c.pools[pd.id].current != before[cid][pd.id]]
        if ups:
            got.append(f"{c.name}: {', '.join(ups)}")
        low = [f"{pd.name} {c.pools[pd.id].current}/{c.pools[pd.id].max}" for pd in rs.pools
               if pd.id in c.pools and pd.refresh not in (*_EVERY_TURN, when) and pd.kind is not PoolKind.COUNTER
               and c.pools[pd.id].max is not None and c.pools[pd.id].current < (c.pools[pd.id].max or 0)]
        if low:
            kept.append(f"{c.name} {', '.join(low)}")
    names = ", ".join(ops.peek(cid).name for cid in ids if cid in ops.state.combatants) or "nobody"
    head = f"{rest.capitalize()} for {names}" + ("" if got else f": nothing spent comes back at a {rest}")
    tail = [f"As they were (a {rest} does not restore them): {'; '.join(kept)}"] if kept else []
    return [head, *got, *tail]
