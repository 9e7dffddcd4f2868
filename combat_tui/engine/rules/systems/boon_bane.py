"""Hooks for the `boon-bane` ruleset: what its data cannot say.

- Typed damage (`dmg NAME N TYPE`) is reduced before it comes off Health:
  * crushing, piercing and slashing lose the Armor Rating (`ar`); fire, frost and shock lose the
    magical armor rating (`ar_magic`) that some rare materials give;
  * a creature marked Blocked (it passed a Block against this attack) also stops its shield's Block
    Rating against physical damage and half of it, rounded up, against magical damage; the mark is
    used up by that damage;
  * resistance lowers and vulnerability raises the damage; of a type's own rating and its group's
    (physical or magic) only the larger counts, for resistance and for vulnerability alike.
  All adjustments are summed and the result is never below 0; with several types in one hit, each part
  on its own (the damage step, `step`). Untyped damage is taken as given.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from combat_tui.engine.rules import conditions, hooks

if TYPE_CHECKING:
    from combat_tui.engine.rules.ops import Ops
    from combat_tui.engine.state.model import ReadyHit

PHYSICAL = ("crushing", "piercing", "slashing")
MAGICAL = ("fire", "frost", "shock")


def _group(dtype: str) -> str | None:
    if dtype in PHYSICAL:
        return "physical"
    if dtype in MAGICAL:
        return "magic"
    return None


def reduction(stats: dict[str, int], dtype: str, blocked: bool) -> tuple[int, list[str]]:
    """How much a hit of `dtype` is lowered (negative: raised), with the parts for the log."""
    group = _group(dtype)
    parts: list[str] = []
    total = 0

    def part(label: str, n: int) -> None:
        nonlocal total
        if n:
            total += n
            parts.append(f"{label} {'-' if n > 0 else '+'}{abs(n)}")

    br = stats.get("br", 0)
    if group == "physical":
        part("AR", stats.get("ar", 0))
        if blocked:
            part("BR", br)
    elif group == "magic":
        part("magic AR", stats.get("ar_magic", 0))
        if blocked:
            part("half BR", -(-br // 2))
    res = max(stats.get(f"res_{dtype}", 0), stats.get(f"res_{group}", 0) if group else 0)
    vuln = max(stats.get(f"vuln_{dtype}", 0), stats.get(f"vuln_{group}", 0) if group else 0)
    part("resistance", res)
    part("vulnerability", -vuln)
    return total, parts


class Hooks(hooks.Hooks):
    needs = hooks.Needs(conditions=frozenset({"blocked"}))

    def step(self, ops: Ops, cid: str, amount: int, dtype: str | None) -> int:
        """Each typed part of a hit is reduced on its own (a Block stops each part of the attack it blocked)."""
        amount = super().step(ops, cid, amount, dtype)
        if dtype is None:
            return amount
        c = ops.peek(cid)
        cut, parts = reduction(ops.names(c), dtype, c.has("blocked"))
        final = max(amount - cut, 0)
        if parts:
            ops.say(f"{c.name}: {amount} {dtype} damage, {', '.join(parts)} = {final}")
        return final

    def dropped(self, ops: Ops, hit: ReadyHit) -> None:
        """A Block marks the defender for the damage of the attack it blocked: dropped, the mark goes too,
        or it would cut another attack's damage that round."""
        if hit.target in ops.state.combatants and ops.peek(hit.target).has("blocked"):
            conditions.remove_all(ops, hit.target, "blocked", held_ok=True)

    def damage(self, ops: Ops, cid: str, amount: int, dtype: str | None) -> None:
        blocked = dtype is not None and ops.peek(cid).has("blocked")
        if blocked:  # used up by the damage of the attack it blocked
            conditions.remove_all(ops, cid, "blocked", held_ok=True)
        super().damage(ops, cid, amount, dtype)
