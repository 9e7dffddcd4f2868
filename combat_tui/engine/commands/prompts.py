"""Dice and prompted rolls: roll, resolve, preroll, dismiss, prompt."""

from __future__ import annotations

from .. import injuries
from ..amounts import amount
from ..bounds import parse_int
from ..errors import CommandError
from ..model import Prompt
from ..ops import Ops
from ..targets import creatures, pick
from .common import need, targets
from .spec import command


@command("roll", "roll EXPR", "roll dice into the log", args=("expr",), raw=True)
def _roll(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    expr = " ".join(args)
    if not expr.strip():
        raise CommandError("usage: roll EXPR (e.g. roll 1d20+5)")
    r = ops.roll(expr)
    ops.say(f"Roll {r.shown}")


def _prompt(ops: Ops, args: list[str]) -> Prompt:
    prompts = ops.state.prompts
    ops.require(bool(prompts), "no prompt is waiting")
    if not args:
        return prompts[0]
    word = " ".join(args)
    number = parse_int(word)
    if number is not None:
        hit = next((p for p in prompts if p.uid == number), None)
        if hit is None:
            raise CommandError(f"no prompt number {word}")
        return hit
    ids = creatures(ops.state, word)
    hit = next((p for p in prompts if p.cid in ids), None)
    if hit is None:
        raise CommandError(f"no prompt is waiting for {word}")
    return hit


@command("resolve", "resolve [PROMPT|NAME] [value=N]", "roll a waiting prompt's table and apply the outcome",
         args=("prompt",), words={"value": "the roll as made at the table, instead of rolling"})
def _resolve(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    prompt = _prompt(ops, args)
    value = amount(ops, kw["value"], "value") if "value" in kw else None
    ops.resolve(prompt, value)


@command("preroll", "preroll [PROMPT|NAME]", "roll a waiting prompt's table now; resolve applies it", args=("prompt",))
def _preroll(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    ops.preroll(_prompt(ops, args))


@command("dismiss", "dismiss [PROMPT|NAME]", "drop a waiting prompt", args=("prompt",))
def _dismiss(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    prompt = _prompt(ops, args)
    ops.prompts().remove(prompt)
    ops.say(f"Dismissed: {ops.rs.table(prompt.table).name}")


@command("prompt", "prompt NAME TABLE [part=PART]", "queue a roll table for a creature",
         words={"part": "the body part it is about (arm, arm.2): a Heal check on it"}, args=("names", "table"))
def _queue(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    ids, rest = targets(ops, args, 1)
    need(rest, 1, "prompt NAME TABLE [part=PART]")
    table = pick("table", " ".join(rest), ((t.id, t.name, t) for t in ops.rs.tables))
    for cid in ids:
        part = injuries.part_key(ops, cid, kw["part"]) if "part" in kw else None
        about = f", {injuries.part_label(ops.rs, part)}" if part else ""
        ops.queue_prompt(cid, table.id, "asked by the GM" + about, part=part)
