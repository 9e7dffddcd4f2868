"""Checks: save (several creatures against one DC, damage once, a save that ends a condition); hit and
miss, the GM overruling a judged attack."""

from __future__ import annotations

from typing import Literal

from ..rules import judging
from ..rules.amounts import amount
from ..rules.ops import Ops
from ..rules.saves import SaveCall, save
from ..state.bounds import parse_int
from ..state.errors import CommandError
from ..state.model import ReadyHit
from ..state.targets import creatures, pick
from .common import one_creature, pick_condition, targets
from .spec import COMMANDS, arg, command

_SAVE_WORDS = {"dc=N": "the number to reach",
               "dmg=EXPR": "damage rolled once: in full to those who fail (`dmg=\"8d6 fire\"` with its type; "
                           "`dmg=\"6d6 fire 2d6 cold\"` one hit of two)",
               "ends=CONDITION": "a condition a pass ends (save ends)"}
_PASS = ("half", "none", "basic")


@command("save", "each creature named rolls the save (the ruleset's, or a stat) with its own bonus against "
         "the DC; the log says who passed and who failed; with dmg= the damage is rolled once, dealt in full "
         "to the failures and halved (half) or not at all (none) to the rest; basic: a basic save, "
         "doubled on a critical failure, half on a success, none on a critical success",
         args=(arg("names"), arg("save")), flags=("|".join(_PASS),), words=_SAVE_WORDS,
         ruleset_usage="[NAME=N]", name_words="`NAME=N` a player's total, typed instead of rolled (that "
         "creature saves too)")
def _save(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    typed_words, words = name_totals(args, kw, "save")
    on_pass: list[str] = [w.lower() for w in words if w.lower() in _PASS]
    words = [w for w in words if w.lower() not in _PASS]
    ops.require(len(on_pass) <= 1, "half, none or basic: one of them")
    typed = typed_rolls(ops, typed_words, "save")
    ops.require("dc" in kw, f"save needs dc=N; usage: {COMMANDS['save'].usage}")
    dc = amount(ops, kw["dc"], "DC")
    parts = _damage(ops, kw.get("dmg"), words)
    if not words:
        raise CommandError(COMMANDS["save"].needs())
    ids: list[str] = []
    if len(words) == 1 and not typed:
        raise CommandError(COMMANDS["save"].needs())
    while len(words) > 1:  # several names (or lists) before the save: `save Kara Orc* dex`
        found, words = targets(ops, words, 1)
        ids += [cid for cid in found if cid not in ids]
    ids += [cid for cid in typed if cid not in ids]
    ends = pick_condition(ops, kw["ends"]).id if "ends" in kw else None
    when: Literal["half", "none", "basic"] | None = None
    if on_pass:
        when = "half" if on_pass == ["half"] else "basic" if on_pass == ["basic"] else "none"
    save(ops, ids, SaveCall(word=words[0], dc=dc, typed=typed, on_pass=when, damage=parts[0][0] if parts else None,
                            dtype=parts[0][1] if parts else None, ends=ends, more=parts[1:]))


def name_totals(args: list[str], kw: dict[str, str], command: str) -> tuple[dict[str, str], list[str]]:
    """The `NAME=N` words of a command (its own `key=` words aside; `"Orc 2=14"`, a name of several words,
    comes as one word), and the other words."""
    given = {k: v for k, v in kw.items() if k not in COMMANDS[command].words}
    given |= dict(w.rsplit("=", 1) for w in args if "=" in w)
    return given, [w for w in args if "=" not in w]


def typed_rolls(ops: Ops, given: dict[str, str], command: str) -> dict[str, int]:
    """`NAME=N` words: a creature's typed total. A key that names nobody is a word the command does not take."""
    out: dict[str, int] = {}
    spec = COMMANDS[command]
    for name, value in given.items():
        try:
            cid = one_creature(ops, name)
        except CommandError as exc:
            takes = ", ".join(f"{k}=" for k in spec.words)
            raise CommandError(f"{name}={value}: {exc}; {command} takes {takes} and NAME=N (a player's roll typed); "
                               f"usage: {spec.usage}") from None
        n = parse_int(value.strip())
        if n is None:
            raise CommandError(f"{name}={value}: a typed roll is a number (Kara=14)")
        out[cid] = n
    return out


def _damage(ops: Ops, typed: str | None, words: list[str]) -> list[tuple[str, str | None]]:
    """The damage's dice and type of each part: `dmg="8d6 fire"`, `dmg="6d6 fire 2d6 cold"` (one hit of
    two types), or `dmg=8d6` and the type as the last word."""
    if typed is None:
        return []
    parts: list[tuple[str, str | None]] = []
    expr: list[str] = []
    for word in typed.split():
        if expr and word.isalpha():  # a type closes the dice before it
            parts.append((" ".join(expr), word))
            expr = []
        else:
            expr.append(word)
    if expr or not parts:
        parts.append((" ".join(expr), None))
    types = ops.rs.damage.types
    if len(parts) == 1 and parts[0][1] is None and len(words) > 2 and types and \
            any(t.lower() == words[-1].lower() for t in types):
        parts = [(parts[0][0], words.pop())]
    return [(e, pick("damage type", t, ((x, x, x) for x in types)) if types and t else t.lower() if t else None)
            for e, t in parts]


def _one_result(ops: Ops, found: list[ReadyHit], args: list[str], what: str) -> ReadyHit:
    """The newest of `found`, or the one numbered N, or the newest by or on the creatures named."""
    if not args:
        return found[-1]
    number = parse_int(args[0]) if len(args) == 1 else None
    if number is not None:
        hits = [r for r in found if r.uid == number]
    else:
        ids = set(creatures(ops.state, " ".join(args)))
        hits = [r for r in found if r.target in ids] or [r for r in found if r.cid in ids]
    ops.require(bool(hits), f"no {what} by or on {' '.join(args)}")
    return hits[-1]


@command("hit", "overrule a judged miss: its damage, set aside until the next turn, is made ready (the newest, "
         "or the one by or on NAME, or number N); `apply double crit` then makes it a critical (doubled, and "
         "read by the damage triggers)",
         args=(arg("names", "NAME|N", optional=True),))
def _hit(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    aside = [r for r in ops.state.ready if r.missed]
    ops.require(bool(aside), "no judged miss to overrule (a miss waits for `hit` until the next turn)")
    r = _one_result(ops, aside, args, "judged miss")
    held = ops.ready()
    held[held.index(r)] = r.model_copy(update={"missed": False})
    on = f" for {ops.peek(r.target).name}" if r.target in ops.state.combatants else ""
    ops.say(f"{r.what}: a hit after all, the GM says; damage ready{on}: {r.damage_words()}; press A to deal it")


@command("miss", "overrule a judged hit: its ready damage is dropped (the newest, or the one by or on NAME, "
         "or number N)", args=(arg("names", "NAME|N", optional=True),))
def _miss(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    live = judging.ready(ops.state)
    ops.require(bool(live), "no damage is ready to call a miss")
    r = _one_result(ops, live, args, "damage ready")
    ops.ready().remove(r)
    ops.say(f"{r.what}: a miss after all, the GM says; its damage is dropped")
    ops.hooks.dropped(ops, r)
