"""An attack judged: its roll against the defence the ruleset names for the target, with the natural 1
and 20 rules of its text; hit, miss or critical in the log with the numbers. Damage is left ready only
on a hit (a critical as the ruleset says); a miss's damage is set aside for the GM's `hit` until the
next turn."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ..ruleset.dice_text import BRACED
from ..state.bounds import parse_int
from ..state.errors import CommandError
from ..state.model import Combatant, DamagePart, HitPart, ReadyHit, State
from .degrees import CRIT, SUCCESS, Ladder
from .ops import Ops

if TYPE_CHECKING:  # d20 builds its grammar on import: not for opening a save, only when a die is rolled
    from ..dice import Roll

_SIZE = r"[0-9]+|\{\s*[A-Za-z_][A-Za-z0-9_]*\s*\}"  # a number, or a stat's name in braces
_ANY_DIE = re.compile(rf"(?<![A-Za-z_])({_SIZE})?d({_SIZE})((?:(?:rr|ro|ra|mi|ma|e|k|p)[lh<>]?[0-9]*)*)")
_D20 = re.compile(r"(?<![0-9])1?d20(?![0-9a-z])")


@dataclass(frozen=True)
class Verdict:
    hit: bool
    critical: bool
    words: str  # "against Physical Defense 12: hit"


def judge(ops: Ops, r: Roll, target: str | None) -> Verdict | None:
    """The verdict of a to-hit roll on `target`; None when the ruleset judges no attacks (or none is aimed)."""
    rule = ops.rs.checks.attack
    if rule.defence is None or target is None:
        return None
    t = ops.peek(target)
    defence = ops.eval(rule.defence, t)
    natural = r.natural
    if rule.natural_steps:  # degrees of success: the natural 20 and 1 step the verdict
        steps = Ladder(ties_pass=rule.ties == "hit", crit_margin=rule.crit_margin, fail_margin=rule.crit_margin,
                       natural_steps=True)
        degree, why = steps.grade(r.total, defence, natural)
        said = _said(degree)
        why = why if said != _said(steps.grade(r.total, defence)[0]) else ""  # a critical miss made a miss: no news
        return Verdict(degree >= SUCCESS, degree == CRIT, f" against {rule.defence_name} {defence}: {said}{why}")
    hit = r.total >= defence if rule.ties == "hit" else r.total > defence
    why = ""
    if natural is not None and rule.natural_hit is not None and natural >= rule.natural_hit and not hit:
        hit, why = True, f" (natural {natural})"
    if natural is not None and rule.natural_miss is not None and natural <= rule.natural_miss and hit:
        hit, why = False, f" (natural {natural})"
    by_natural = natural is not None and rule.crit_natural is not None and natural >= rule.crit_natural
    by_margin = rule.crit_margin is not None and r.total >= defence + rule.crit_margin
    critical = hit and ((by_natural and by_margin) if rule.crit_both else (by_natural or by_margin))
    said = "critical hit" if critical else "hit" if hit else "miss"
    return Verdict(hit, critical, f" against {rule.defence_name} {defence}: {said}{why}")


def made_critical(verdict: Verdict, why: str) -> Verdict:
    """A hit a rule makes critical (a melee hit on a paralyzed target), the rule named after it."""
    against = verdict.words.rsplit(": ", 1)[0]
    return Verdict(True, True, f"{against}: critical hit ({why})")


def _said(degree: int) -> str:
    return "critical hit" if degree == CRIT else "hit" if degree >= SUCCESS else "miss"


def at_the_table(ops: Ops, c: Combatant, expr: str, face: str, words: str) -> Roll:
    """A to-hit whose d20 was rolled at the table (`d20=N`): that face in place of the die, the attack's
    own bonus added, and the natural 1 and 20 rules read from it."""
    n = parse_int(face.strip())
    if n is None or not 1 <= n <= 20:
        raise CommandError(f"d20={face}: the d20 as it landed, 1 to 20")
    if words:
        raise CommandError(f"d20= is the die as rolled at the table: {words} was rolled there too")
    if not _D20.search(expr):
        raise CommandError(f"d20={face}: this to-hit ({expr}) rolls no d20")
    r = ops.roll(_D20.sub(str(n), expr, count=1), c)
    return replace(r, natural=n, shown=f"d20 {n} at the table, {r.shown}")


def highest(ops: Ops, dice: str, c: Combatant | None = None) -> int:
    """Dice at their highest faces (`2d6+3` is 15, `4d6kh3` 18, `1d{hit_die}` its stat): a critical that
    takes the damage dice at most."""
    names = ops.names(c) if c is not None else {}

    def number(text: str) -> int:
        braced = BRACED.fullmatch(text)
        return names.get(braced.group(1), 0) if braced else int(text)

    def most(m: re.Match[str]) -> str:
        count, size = number(m.group(1) or "1"), number(m.group(2))
        for kind, n in re.findall(r"([kp])[lh]?([0-9]+)", m.group(3)):
            count = min(count, int(n)) if kind == "k" else max(count - int(n), 0)
        return f"({count} * {size})"
    return ops.roll(_ANY_DIE.sub(most, dice)).total


def twice(dice: str) -> str:
    """The dice of a damage roll doubled, its bonus not (`2d6 + 3` is `4d6 + 3`; `{level}d6` and a die that
    keeps some, `4d6kh3`, are rolled twice over): a critical that rolls the damage dice twice."""
    def doubled(m: re.Match[str]) -> str:
        count = m.group(1)
        if (count is not None and count.startswith("{")) or re.search("[kp]", m.group(3)):  # no count to double
            return f"({m.group(0)} + {m.group(0)})"
        return f"{2 * int(count or 1)}d{m.group(2)}{m.group(3)}"
    return _ANY_DIE.sub(doubled, dice)


def _rolled(ops: Ops, cid: str, dice: str, verdict: Verdict | None) -> tuple[int, str]:
    """One part of the damage rolled (raised on a critical), and its roll as the log shows it."""
    rule = ops.rs.checks.attack
    critical = verdict is not None and verdict.critical
    if critical and rule.crit_damage == "dice":  # the dice rolled twice, so the log shows every face
        d = ops.roll(twice(dice), ops.peek(cid))
        amount, rolled = max(d.total, 0), d.shown.rsplit(" = ", 1)[0]  # the total after the words, its type next
        return amount, f"{rolled}, the dice doubled for the critical: {amount}"
    d = ops.roll(dice, ops.peek(cid))
    amount, shown = max(d.total, 0), d.shown
    if critical and rule.crit_damage != "same":
        amount = amount * 2 if rule.crit_damage == "double" else max(highest(ops, dice, ops.peek(cid)), 0)
        shown += f", {'doubled' if rule.crit_damage == 'double' else 'at its highest'} for the critical: {amount}"
    return amount, shown


def leave(ops: Ops, cid: str, dice: str, dtype: str | None, target: str | None, what: str,
          verdict: Verdict | None, plus: Sequence[DamagePart] = ()) -> None:
    """Roll the damage (and each further part of another type) and leave it: ready for `apply`, set aside
    on a miss, raised on a critical."""
    amount, shown = _rolled(ops, cid, dice, verdict)
    more = [(*_rolled(ops, cid, p.damage, verdict), p.type) for p in plus]
    rule = ops.rs.checks.attack
    shown = " + ".join(f"{s} {t}" if t else s for s, t in [(shown, dtype), *((s, t) for _, s, t in more)])
    for old in [h for h in ops.state.ready if h.missed and h.cid == cid]:
        ops.ready().remove(old)  # a newer attack: the earlier miss is no longer the pending result
    missed = verdict is not None and not verdict.hit
    ops.ready().append(ReadyHit(uid=ops.new_uid(), cid=cid, target=target, amount=amount, type=dtype, what=what,
                                missed=missed, plus=[HitPart(amount=n, type=t) for n, _, t in more],
                                critical=verdict is not None and verdict.critical))
    if missed:
        ops.say(f"Missed: its damage ({shown}) is set aside until the next turn; hit overrules")
        return
    on = f" for {ops.peek(target).name}" if target is not None else ", aimed at nobody yet"
    tail = "press A to deal it" if verdict is not None else "press A to deal it, or drop it if it missed"
    ops.say(f"Damage ready{on}: {shown}; {tail}")
    if verdict is not None and verdict.critical and rule.crit_note:
        ops.say(rule.crit_note)


def ready(state: State) -> list[ReadyHit]:
    """The damage ready to deal: not the misses set aside."""
    return [h for h in state.ready if not h.missed]


def drop_misses(ops: Ops) -> None:
    """A new turn: the misses set aside are no longer anyone's pending result."""
    if any(h.missed for h in ops.state.ready):
        ops.ready()[:] = ready(ops.state)
