"""The rules that change a to-hit the tracker rolls from a creature's own stat block, and what its kept
d20 does to the attacker afterwards, as the ruleset's `[[checks.attack.modifiers]]` and
`[[checks.attack.outcomes]]` say. Each modifier is named in the roll's line; what the tracker cannot know
(cover by position, range) stays the GM's words on `act` (`adv`, `dis`, `boon`, `bane`)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..ruleset.attack_rolls import RollOutcome
from ..state.bounds import parse_int
from ..state.errors import CommandError
from ..state.model import Combatant, OwnAction
from .ops import Ops

_WORD = re.compile(r"(adv|dis|boon|bane)([0-9]*)", re.IGNORECASE)
_SAID = {"adv": "advantage", "dis": "disadvantage", "boon": "boon", "bane": "bane"}


@dataclass(frozen=True)
class Modifiers:
    words: str  # for the dice, the GM's own words on `act` among them: "adv dis dis2 boon"
    bonus: int  # added to the total: the `mod` modifiers
    reasons: str  # for the GM: "Shaken: disadvantage; 2 earlier attacks: 2 disadvantages"
    crit: str = ""  # a `crit` modifier's reason: a hit is a critical hit ("target Paralyzed, in melee")


def _holds(ops: Ops, c: Combatant, cond: str, against: str) -> bool:
    """`c` has the condition; one relative to a creature counts only against that creature (or all)."""
    subjective = ops.rs.condition(cond).subjective
    return any(cs.id == cond and (not subjective or cs.source in (None, against)) for cs in c.conditions)


def _from(c: Combatant, cond: str, whose: str, target: str | None) -> bool:
    """`c` has the condition, given by the target or by anyone but the target as `whose` asks."""
    sources = [cs.source for cs in c.conditions if cs.id == cond]
    if whose == "target":
        return target is not None and target in sources
    if whose == "others":
        return any(src != target for src in sources)
    return bool(sources)


def modifiers(ops: Ops, cid: str, target: str | None, own: OwnAction, typed: list[str],
              tohit: str | None = None) -> Modifiers:
    """What the ruleset's modifiers give this attack now (before it is paid for), with the GM's `typed`
    words and number (`tohit`); where advantage does not stack, each side counts once and they cancel."""
    c = ops.peek(cid)
    t = ops.peek(target) if target is not None else None
    words: list[str] = []
    reasons: list[str] = []
    bonus, crit = 0, ""
    for m in ops.rs.checks.attack.modifiers:
        if m.uses and own.uses not in m.uses:
            continue
        if m.attacker is not None and not _from(c, m.attacker, m.attacker_from, target):
            continue
        if m.target is not None and (t is None or not _holds(ops, t, m.target, cid)):
            continue
        n = ops.eval(m.count, c)
        if m.roll == "mod" and n:
            bonus += n
            reasons.append(f"{m.reason}: {n:+d}")
        if m.roll == "crit" and n > 0:
            crit = crit or m.reason
        if m.roll in ("mod", "crit") or n <= 0:
            continue
        words.append(m.roll if n == 1 else f"{m.roll}{n}")
        said = _SAID[m.roll] if n == 1 else f"{n} {_SAID[m.roll]}s"
        reasons.append(f"{m.reason}: {said}")
    if tohit is not None:
        given = parse_int(tohit.strip())
        if given is None:
            raise CommandError(f"tohit={tohit}: a number added to the to-hit (tohit=-4)")
        bonus += given
        reasons.append(f"the GM's {given:+d}")
    words = [*typed, *words]
    if not ops.eval(ops.rs.checks.attack.stacks, c):
        words = _once(words)
    return Modifiers(" ".join(words), bonus, "; ".join(reasons), crit)


def _once(words: list[str]) -> list[str]:
    """Advantage and disadvantage at most once each, cancelling; boons and banes as they are."""
    kinds = {w.lower() for m in map(_WORD.fullmatch, words) if m is not None for w in (m.group(1),)}
    rest = [w for w in words if (m := _WORD.fullmatch(w)) is None or m.group(1).lower() not in ("adv", "dis")]
    net = ("adv" in kinds) - ("dis" in kinds)
    return rest + (["adv"] if net > 0 else ["dis"] if net < 0 else [])


def outcome(ops: Ops, natural: int | None) -> RollOutcome | None:
    """The first outcome the kept d20 lands in, if the ruleset names any."""
    if natural is None:
        return None
    return next((o for o in ops.rs.checks.attack.outcomes
                 if (o.min is None or natural >= o.min) and (o.max is None or natural <= o.max)), None)


def follow(ops: Ops, cid: str, target: str | None, o: RollOutcome) -> None:
    """What an outcome does: its effects on the attacker (and the target), and in time count the
    attacker's next turn put back."""
    if o.text:
        ops.say(o.text)
    ops.apply_effects(cid, o.effects)
    if target is not None and o.on_target:
        ops.apply_effects(target, o.on_target)
    c = ops.peek(cid)
    if o.sf_add is not None and ops.state.clock.started and c.next_tc is not None:
        extra = max(ops.amount(o.sf_add, c), 0)
        mc = ops.changing(cid)
        mc.next_tc = (c.next_tc or 0) + extra
        ops.say(f"{c.name}: {o.label} adds {extra} to its SF, next acts at TC {mc.next_tc}")
