"""Saving throws: several creatures each roll (or are given) a save against one DC; damage rolled once
goes in full to those who fail and halved, or not at all, to those who pass (a basic save: doubled on a
critical failure, none on a critical success); a "save ends" condition ends on a pass. One command, so one
undo takes all of it back."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

from ..ruleset.check_rules import SaveDef
from ..ruleset.formula_names import ident
from ..state.errors import CommandError
from ..state.targets import pick
from . import conditions
from .amounts import amount
from .degrees import CRIT, CRIT_FAIL, FAIL, SUCCESS, Ladder
from .ops import Ops

_NAME = re.compile(r"[a-z_][a-z0-9_]*")


@dataclass
class SaveCall:
    """What `save` was asked: which save, against what DC, the players' typed totals (creature id ->
    total), what a pass still takes of the damage, the damage and its type, a condition a pass ends."""

    word: str
    dc: int
    typed: dict[str, int] = field(default_factory=dict)
    on_pass: Literal["half", "none", "basic"] | None = None
    damage: str | None = None
    dtype: str | None = None
    ends: str | None = None
    more: list[tuple[str, str | None]] = field(default_factory=list)  # further parts of the hit: dice, type


def kind(ops: Ops, word: str) -> SaveDef:
    """The save a word names: one of the ruleset's saves, or (when it names none) a stat, its value added."""
    checks = ops.rs.checks
    if checks.saves:
        return pick(checks.save_name, word, ((s.id, s.name, s) for s in checks.saves))
    stat = pick("stat", word, ((s.id, s.name, s) for s in ops.rs.stats))
    return SaveDef(id=stat.id, name=stat.name, bonus=ident(stat.id))


def ladder(ops: Ops) -> Ladder:
    """How the ruleset grades a save."""
    checks = ops.rs.checks
    return Ladder(ties_pass=checks.save_ties == "pass", crit_margin=checks.save_crit_margin,
                  fail_margin=checks.save_crit_fail_margin, natural_steps=checks.save_natural_steps)


_VERDICTS = {CRIT: "passes, a critical success", SUCCESS: "passes", FAIL: "fails",
             CRIT_FAIL: "fails, a critical failure"}


def called(ops: Ops, save: SaveDef) -> str:
    """A save as the log names it: `DEX save`, `Fortitude roll`, `Constitution check`."""
    word = ops.rs.checks.save_name
    return save.name if word.lower() in save.name.lower() else f"{save.name} {word}"


def roll_one(ops: Ops, cid: str, save: SaveDef, dc: int, typed: int | None) -> tuple[int, int]:
    """One creature's save: its total (typed by the GM, or rolled with its own bonus) and its degree of
    success (`degrees`); a line in the log with the numbers."""
    c = ops.peek(cid)
    checks = ops.rs.checks
    what = called(ops, save)
    natural: int | None = None  # a typed total brings no die: the GM typed what it came to
    if save.fails is not None and ops.eval(save.fails, c):  # no roll: it cannot make this save at all
        ops.say(f"{c.name}: {what} fails without a roll" + (f" ({save.fails_words})" if save.fails_words else ""))
        return 0, FAIL
    if typed is not None:
        total, shown = typed, f"{typed} (rolled at the table)"
    else:
        dice = save.roll or checks.save_roll
        if _NAME.fullmatch(save.bonus):  # a name: the roll shows it by its label
            r = ops.roll(f"{dice} + {save.bonus}", c)
        else:
            bonus = ops.eval(save.bonus, c)
            r = ops.roll(f"{dice} {'-' if bonus < 0 else '+'} {abs(bonus)}", c)
        total, shown, natural = r.total, r.shown, r.natural
    degree, why = ladder(ops).grade(total, dc, natural)
    ops.say(f"{c.name}: {what} {shown} against DC {dc}: {_VERDICTS[degree]}{why}")
    return total, degree


def save(ops: Ops, ids: list[str], call: SaveCall) -> None:
    """Every creature named saves; then the damage, once; then the condition a pass ends."""
    ops.require(bool(ids), "name who saves")
    unknown = [cid for cid in call.typed if cid not in ids]
    ops.require(not unknown, "a typed roll is for a creature that saves")
    if call.damage is not None and call.on_pass is None:
        raise CommandError("with dmg=, say what a pass takes: half or none (or basic)")
    if call.damage is None and call.on_pass is not None:
        raise CommandError(f"{call.on_pass}: of what? give the damage too (dmg=8d6)")
    sd = kind(ops, call.word)
    cond = ops.rs.condition(call.ends) if call.ends is not None else None
    results = [(cid, *roll_one(ops, cid, sd, call.dc, call.typed.get(cid))) for cid in ids]
    four = ops.rs.checks.save_crit_fail_margin is not None  # four degrees: the summary marks the criticals

    def listed(cid: str, total: int, degree: int) -> str:
        mark = " (critical)" if four and degree in (CRIT, CRIT_FAIL) else ""
        return f"{ops.peek(cid).name} {total}{mark}"

    passed = [listed(cid, total, d) for cid, total, d in results if d >= SUCCESS]
    failed = [listed(cid, total, d) for cid, total, d in results if d < SUCCESS]
    ops.say(f"{called(ops, sd)}, DC {call.dc}: passed {', '.join(passed) or 'nobody'}; "
            f"failed {', '.join(failed) or 'nobody'}")
    if call.damage is not None:
        _deal(ops, call, results)
    if cond is not None:
        for cid, _, degree in results:
            if degree >= SUCCESS and ops.peek(cid).has(cond.id):
                conditions.remove_all(ops, cid, cond.id)


def _deal(ops: Ops, call: SaveCall, results: list[tuple[str, int, int]]) -> None:
    """The damage rolled once: in full to each failure, halved (rounded down) or none to each pass; a basic
    save doubles it on a critical failure and gives none on a critical success."""
    assert call.damage is not None
    rolled = [(amount(ops, e, "damage"), t) for e, t in [(call.damage, call.dtype), *call.more]]
    ops.require(all(n >= 0 for n, _ in rolled), "damage cannot be negative")
    halves = [(n // 2 if call.on_pass in ("half", "basic") else 0, t) for n, t in rolled]
    by_degree = {CRIT_FAIL: rolled, FAIL: rolled, SUCCESS: halves, CRIT: halves}

    def words(parts: list[tuple[int, str | None]]) -> str:
        return " + ".join(f"{n} {t}" if t else str(n) for n, t in parts)

    if call.on_pass == "basic":
        doubled = [(n * 2, t) for n, t in rolled]
        by_degree |= {CRIT_FAIL: doubled, CRIT: [(0, t) for _, t in rolled]}
        ops.say(f"Critical failures take {words(doubled)}; failures {words(rolled)}; successes "
                f"{words(halves)} (half); critical successes none")
    else:
        passes = words(halves) if call.on_pass == "half" and len(halves) > 1 else str(halves[0][0])
        ops.say(f"Failures take {words(rolled)}; passes take {passes}"
                + (" (half)" if call.on_pass == "half" else ""))
    for cid, _, degree in results:
        dealt = by_degree[degree]
        if sum(n for n, _ in dealt) > 0 and cid in ops.state.combatants:
            start = len(ops.lines)
            ops.damage(cid, dealt[0][0], dealt[0][1], dealt[1:])
            name = ops.peek(cid).name
            said = ops.lines[start:]  # one line a creature, as `dmg` on an area writes them
            ops.lines[start:] = ["; ".join([said[0], *(line.removeprefix(f"{name}: ") for line in said[1:])])] \
                if said else []
