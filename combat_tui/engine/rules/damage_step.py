"""The damage step: a creature's resistance, weakness and immunity to a damage type change each part of
a hit before it reaches the pools, as the ruleset's `[damage] steps` say (multiply, divide, subtract,
add, or ignore it), in their order. The log names what changed the amount: `5 fire, weak to fire ×2 = 10`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ..ruleset.formula_names import ident

if TYPE_CHECKING:
    from ..ruleset import DamageStepDef, RulesetDef
    from ..state.model import Combatant
    from .ops import Ops


def degrees(c: Combatant, of: str) -> dict[str, int]:
    """A creature's list, by type: `resist` and `weak` with their degrees, `immune` at 1."""
    if of == "immune":
        return dict.fromkeys(c.immune, 1)
    return dict(c.resist if of == "resist" else c.weak)


def list_words(rs: RulesetDef, c: Combatant, of: str) -> str:
    """One of a creature's lists in the ruleset's words, `weak to fire, acid 2` (a degree only where the
    step reads it), or "" when it is empty or no step reads it."""
    step = next((s for s in rs.damage.steps if s.of == of), None)
    have = degrees(c, of)
    if step is None or not have:
        return ""
    own = step.by is None and step.how != "ignore"
    return f"{step.name} " + ", ".join(f"{t} {n}" if own else t for t, n in have.items())


def sheet_words(rs: RulesetDef, c: Combatant) -> str:
    """Every list the ruleset reads, for the creature's sheet: `resists cold · weak to fire`."""
    return " · ".join(w for w in (list_words(rs, c, of) for of in ("resist", "weak", "immune")) if w)


def _one(step: DamageStepDef, n: int, degree: int) -> tuple[int, str]:
    """The amount after one step, and its sign for the log."""
    by = step.by if step.by is not None else degree
    if step.how == "multiply":
        return n * by, f"×{by}"
    if step.how == "divide":
        return (n // by if by else n), f"÷{by}"
    if step.how == "subtract":
        return n - by, f"−{by}"
    if step.how == "add":
        return n + by, f"+{by}"
    return 0, ""


def _steps(ops: Ops, c: Combatant, dtype: str | None) -> list[tuple[DamageStepDef, int]]:
    """The steps that change this part, in the file's order, each with its number: a list's where the type
    is on the creature's list, a `when` step's while its formula holds (once a list of that kind has not)."""
    listed = {s.of for s in ops.rs.damage.steps if s.when is None and dtype is not None and dtype in degrees(c, s.of)}
    out = []
    for s in ops.rs.damage.steps:
        if s.when is None and s.of in listed and dtype is not None:
            out.append((s, degrees(c, s.of)[dtype]))
        elif s.when is not None and s.of not in listed and ops.eval(s.when, c):
            out.append((s, s.by or 0))
    return out


def through(ops: Ops, cid: str, amount: int, dtype: str | None) -> int:
    """A part of a hit through the ruleset's steps: what is left of it, never below 0."""
    steps = ops.rs.damage.steps
    if not steps:
        return amount
    c = ops.peek(cid)
    found = _steps(ops, c, dtype)
    if not found:
        return amount
    shown: list[str] = []
    kinds = {s.of for s, _ in found}
    if ops.rs.damage.cancel and {"resist", "weak"} <= kinds:
        named = " and ".join(s.name for s, _ in found if s.of in ("resist", "weak"))
        shown.append(f"{named} {dtype} cancel out")
        found = [(s, d) for s, d in found if s.of not in ("resist", "weak")]
    n = amount
    kind = dtype or "damage"
    for step, degree in found:
        n, sign = _one(step, n, degree)
        n = max(n, 0)
        shown.append(f"{step.name} {'all damage' if step.when is not None else kind}" + (f" {sign}" if sign else ""))
    ops.say(f"{c.name}: {amount} {kind}, {', '.join(shown)} = {n}")
    return n


def deal(ops: Ops, cid: str, parts: Sequence[tuple[int, str | None]], step: Callable[[int, str | None], int],
         damage: Callable[[int, str | None], None], critical: bool = False) -> None:
    """One hit: each part through `step`, then the sum to the pools by `damage` as one hit of its largest
    part's type (a time-count impairment, an energy-stamina non-lethal hit read it), then the triggers,
    once, with every part's type and `critical` (1 on a critical hit)."""
    c = ops.peek(cid)
    before = ops.names(c)
    done = [(step(n, t), t) for n, t in parts]
    amount, dtype = sum(n for n, _ in done), max(done, key=lambda p: p[0])[1]
    if len(done) > 1:
        each = " + ".join(f"{n} {t}" if t else str(n) for n, t in done)
        ops.say(f"{c.name}: {each} = {amount} in one hit")
    extra = {"amount": amount, **{f"before_{ident(p)}": s.current for p, s in c.pools.items()}}
    extra |= {f"type_{ident(t)}": 1 for _, t in done if t} | {"critical": int(critical)}
    damage(amount, dtype)
    if critical:
        ops.say(f"{c.name}: a critical hit")
    ops.run_triggers("damage", cid, extra, before)
