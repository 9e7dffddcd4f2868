"""A creature's resistances, weaknesses and immunities typed on `add` and `edit`: `resist=fire,cold:5`
(a type, or a type and its degree), `weak=fire`, `immune=poison`; `none` clears a list. Only where the
ruleset's damage step reads that list (`[damage] steps`)."""

from __future__ import annotations

from ..rules.damage_step import list_words
from ..rules.ops import Ops
from ..state.bounds import parse_int
from ..state.errors import CommandError
from ..state.targets import pick

KEYS = ("resist", "weak", "immune")
DEFENCE_WORDS = {
    "resist=TYPES": "damage types it resists (fire,cold or fire:5 with a degree), where the ruleset has a rule for it; "
                    "none clears them",
    "weak=TYPES": "damage types it is weak to, the same way",
    "immune=TYPES": "damage types it is immune to, the same way"}


def take_defences(ops: Ops, kw: dict[str, str]) -> tuple[dict[str, dict[str, int]], dict[str, str]]:
    """The lists the line gives, each type checked against the ruleset, and the other words."""
    out: dict[str, dict[str, int]] = {}
    for key in KEYS:
        if key not in kw:
            continue
        step = next((s for s in ops.rs.damage.steps if s.of == key), None)
        if step is None:
            hint = " (its resistances are stats: res_TYPE=N, vuln_TYPE=N)" if any(
                s.id.startswith("res_") for s in ops.rs.stats) else ""
            raise CommandError(f"{key}=: {ops.rs.name} has no rule for it{hint}")
        out[key] = _types(ops, key, kw[key])
    return out, {k: v for k, v in kw.items() if k not in KEYS}


def _types(ops: Ops, key: str, text: str) -> dict[str, int]:
    if text.strip().lower() in ("none", "-", ""):
        return {}
    found: dict[str, int] = {}
    known = ops.rs.damage.types
    for word in (w.strip() for w in text.split(",") if w.strip()):
        name, _, degree = word.partition(":")
        dtype = pick("damage type", name, ((t, t, t) for t in known)) if known else name.lower()
        n = parse_int(degree) if degree else 1
        if n is None or n < 0:
            raise CommandError(f"{key}={text}: {degree!r} is not a degree (a whole number, 0 or more)")
        found[dtype] = n
    return found


def put_defences(ops: Ops, cid: str, lists: dict[str, dict[str, int]], quiet: bool = False) -> None:
    """Set the lists given on the creature, each one replaced whole, and say what it now has."""
    if not lists:
        return
    c = ops.changing(cid)
    for key, types in lists.items():
        if key == "immune":
            c.immune = list(types)
        else:
            setattr(c, key, dict(types))
    if not quiet:
        ops.say(f"{c.name}: " + "; ".join(defences_said(ops, cid, key) for key in lists))


def defences_said(ops: Ops, cid: str, key: str) -> str:
    """One list in the ruleset's words: `weak to fire, acid 2`, or `weak to nothing`."""
    step = next(s for s in ops.rs.damage.steps if s.of == key)
    return list_words(ops.rs, ops.peek(cid), key) or f"{step.name} nothing"
