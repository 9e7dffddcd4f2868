"""Code a ruleset may need where its data cannot say it.

`Hooks` does what the data says (damage comes off the `absorb` pools in order, healing refills the
`heal` pools). A ruleset names a module of `combat_tui.engine.systems` in its `hooks` key; that
module's `Hooks` subclass overrides what differs. Only modules shipped in that package can be named,
so a GM's ruleset file stays data and is never a way to run code.
"""

from __future__ import annotations

import importlib
import re
from typing import TYPE_CHECKING

from .errors import RulesetError

if TYPE_CHECKING:
    from .ops import Ops
    from .ruleset import ActionDef, RulesetDef


class Hooks:
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

    def heal(self, ops: Ops, cid: str, amount: int) -> None:
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

    def turn_start(self, ops: Ops, cid: str) -> None:
        """Extra start-of-turn bookkeeping, after the data-driven part."""

    def act(self, ops: Ops, cid: str, action: ActionDef) -> None:
        """Extra bookkeeping after an action is paid for."""


_cache: dict[str, Hooks] = {}


def hooks_for(rs: RulesetDef) -> Hooks:
    name = rs.hooks
    if not name:
        return _cache.setdefault("", Hooks())
    if name in _cache:
        return _cache[name]
    if not re.fullmatch(r"[a-z_][a-z0-9_]*", name):
        raise RulesetError(f"{rs.id}: hooks {name!r} is not a built-in hooks module")
    try:
        module = importlib.import_module(f"combat_tui.engine.systems.{name}")
    except ImportError:
        raise RulesetError(f"{rs.id}: no built-in hooks module named {name!r}") from None
    cls = getattr(module, "Hooks", None)
    if not (isinstance(cls, type) and issubclass(cls, Hooks)):
        raise RulesetError(f"{rs.id}: hooks module {name!r} defines no Hooks class")
    _cache[name] = cls()
    return _cache[name]
