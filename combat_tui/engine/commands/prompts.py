"""Dice and prompted rolls: roll, resolve, preroll, dismiss, prompt."""

from __future__ import annotations

from ..rules import injuries
from ..rules.amounts import amount
from ..rules.ops import Ops
from ..state.bounds import parse_int
from ..state.errors import CommandError
from ..state.model import Prompt
from ..state.targets import pick, take_creatures
from .common import need, targets
from .spec import arg, command, needs
from .which import one_of


@command("roll", "roll dice into the log", args=(arg("expr"),), raw=True)
def _roll(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    expr = " ".join(args)
    if not expr.strip():
        raise needs("roll")
    r = ops.roll(expr)
    ops.say(f"Roll {r.shown}")


def _prompt(ops: Ops, args: list[str], verb: str) -> Prompt:
    """The prompt named: the first waiting, number N, or a creature's (with its table's name when it has
    several); with several that fit, nothing is picked and the GM is asked which."""
    prompts = ops.state.prompts
    ops.require(bool(prompts), "no prompt is waiting")
    if not args:
        return prompts[0]
    word = " ".join(args)
    number = parse_int(word)
    if number is not None:
        hit = next((p for p in prompts if p.uid == number), None)
        if hit is None:
            raise CommandError(f"no prompt number {word} is waiting")
        words = _pick_words(ops, hit)
        if not words.isdigit():
            ops.read_as = (word, words)
        return hit
    ids, rest = take_creatures(ops.state, args, 0)
    found = [p for p in prompts if p.cid in ids]
    if rest and found:
        tables = {p.table: ops.rs.table(p.table) for p in found}
        table = pick("prompt", " ".join(rest), ((t.id, t.name, t) for t in tables.values()))
        found = [p for p in found if p.table == table.id]
    if not found:
        raise CommandError(f"no prompt is waiting for {word}")
    return one_of(found, "prompts", lambda p: _label(ops, p), lambda p: f"{verb} {_pick_words(ops, p)}")


def _label(ops: Ops, p: Prompt) -> str:
    c = ops.state.combatants.get(p.cid)
    return f"{c.name if c else '?'} — {ops.rs.table(p.table).name}" + (f", {p.reason}" if p.reason else "")


def _pick_words(ops: Ops, p: Prompt) -> str:
    """What picks this prompt alone: its creature's name, with its table's when needed, else its number."""
    c = ops.state.combatants.get(p.cid)
    mine = [q for q in ops.state.prompts if q.cid == p.cid]
    if c is None:
        return str(p.uid)
    if len(mine) == 1:
        return c.name
    if sum(q.table == p.table for q in mine) == 1:
        return f"{c.name} {ops.rs.table(p.table).name}"
    return str(p.uid)


@command("resolve", "roll a waiting prompt's table and apply the outcome",
         args=(arg("prompt", optional=True),), words={"value=N": "the roll as made at the table, instead of rolling"})
def _resolve(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    prompt = _prompt(ops, args, "resolve")
    value = amount(ops, kw["value"], "value") if "value" in kw else None
    ops.resolve(prompt, value)


@command("preroll", "roll a waiting prompt's table now; resolve applies it", args=(arg("prompt", optional=True),))
def _preroll(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    ops.preroll(_prompt(ops, args, "preroll"))


@command("dismiss", "drop a waiting prompt", args=(arg("prompt", optional=True),))
def _dismiss(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    prompt = _prompt(ops, args, "dismiss")
    ops.prompts().remove(prompt)
    ops.say(f"Dismissed: {ops.rs.table(prompt.table).name}")


@command("prompt", "queue a roll table for a creature", args=(arg("names", "NAME"), arg("table")),
         words={"part=PART": "the body part it is about (arm, arm.2): a Heal check on it"},
         ruleset_words="NUMBER=N: a number its table carries, kept with the prompt (dc=12)", ruleset_usage="[NUMBER=N]")
def _queue(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    carried = {k for t in ops.rs.tables for k in t.carries}
    unknown = [f"{k}=" for k in kw if k != "part" and k not in carried]
    ops.require(not unknown, f"prompt does not take {', '.join(unknown)} (it takes part="
                + "".join(f", {k}=" for k in sorted(carried)) + ")")
    ids, rest = targets(ops, args, 1)
    need(rest, 1, "prompt")
    table = pick("table", " ".join(rest), ((t.id, t.name, t) for t in ops.rs.tables))
    given = {k: v for k, v in kw.items() if k != "part"}
    missing = [k for k in table.carries if k not in given]
    stray = [k for k in given if k not in table.carries]
    ops.require(not stray, f"{table.name} carries no {', '.join(stray)}"
                + (f" (it carries {', '.join(table.carries)})" if table.carries else ""))
    ops.require(not missing, f"{table.name} needs its {', '.join(table.carries[k] for k in missing)}: "
                + " ".join(f"{k}=N" for k in missing))
    numbers = {k: amount(ops, v, table.carries[k]) for k, v in given.items()}
    for cid in ids:
        part = injuries.part_key(ops, cid, kw["part"]) if "part" in kw else None
        about = f", {injuries.part_label(ops.rs, part)}" if part else ""
        ops.queue_prompt(cid, table.id, "asked by the GM" + about, part=part, numbers=numbers)
