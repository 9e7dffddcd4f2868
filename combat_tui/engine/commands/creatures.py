"""A creature's note, injuries and what the players see: injure, note, hide, reveal, show-hp."""

from __future__ import annotations

from ..rules.amounts import amount
from ..rules.injuries import heal_injury, injure
from ..rules.ops import Ops
from ..state.targets import clean_note, creatures, take_creatures
from .common import need, targets
from .spec import arg, command


@command("injure", "add injuries to a body part (arm, arm.2)",
         args=(arg("names", "NAME"), arg("part"), arg("amount", optional=True)))
def _injure(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    ids, rest = targets(ops, args, 1)
    need(rest, 1, "injure")
    n = amount(ops, rest[1], "injuries") if len(rest) > 1 else 1
    ops.require(0 < n <= 100, "injuries: 1 to 100")
    for cid in ids:
        injure(ops, cid, rest[0], n)


@command("heal-injury",
         "take injuries off a body part (the most injured unless numbered, arm.2); what they brought on is "
         "lifted below each count; regrow: a destroyed part too, by magic",
         args=(arg("names", "NAME"), arg("part"), arg("amount", optional=True)), flags=("regrow",))
def _heal_injury(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    regrow = bool(args) and args[-1].lower() == "regrow"
    ids, rest = targets(ops, args[:-1] if regrow else args, 1)
    need(rest, 1, "heal-injury")
    n = amount(ops, rest[1], "injuries") if len(rest) > 1 else 1
    ops.require(0 < n <= 100, "injuries: 1 to 100")
    for cid in ids:
        heal_injury(ops, cid, rest[0], n, regrow)


@command("note", "set a creature's GM note", args=(arg("names", "NAME"), arg("text", optional=True)),
         raw=True)
def _note(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    ids, rest = take_creatures(ops.state, args, 0)
    text = clean_note(" ".join(rest))
    for cid in ids:
        ops.changing(cid).notes = text
        ops.say(f"{ops.peek(cid).name}: note {'set' if text else 'cleared'}")


@command("hide", "hide creatures from the players' view", args=(arg("names"),))
def _hide(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    _set_hidden(ops, args, True)


@command("reveal", "show hidden creatures to the players", args=(arg("names"),))
def _reveal(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    _set_hidden(ops, args, False)


def _set_hidden(ops: Ops, args: list[str], hidden: bool) -> None:
    need(args, 1, "hide" if hidden else "reveal")
    for cid in creatures(ops.state, " ".join(args)):
        ops.changing(cid).hidden = hidden
        ops.say(f"{ops.peek(cid).name} is {'hidden' if hidden else 'visible'}")


@command("show-hp",
         "show creatures' exact health in the players' view (off: only unhurt / hurt / bloodied / down / dead)",
         args=(arg("names"),), flags=("off",))
def _show_hp(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    need(args, 1, "show-hp")
    shown = True
    if len(args) > 1 and args[-1].lower() in ("off", "on"):
        shown = args.pop().lower() == "on"
    for cid in creatures(ops.state, " ".join(args)):
        ops.changing(cid).health_shown = shown
        ops.say(f"{ops.peek(cid).name}: exact health {'shown to' if shown else 'hidden from'} the players")
