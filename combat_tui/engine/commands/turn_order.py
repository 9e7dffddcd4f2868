"""Leaving the order and coming back: hold, delay, enter."""

from __future__ import annotations

from ..rules import joining
from ..rules.ops import Ops
from .common import need, one_creature
from .spec import arg, command


@command("hold", "leave the order; re-enter with enter, or at once after someone",
         args=(arg("name"),), words={"after=NAME": "re-enter at once after that creature"})
def _hold(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    need(args, 1, "hold")
    after = one_creature(ops, kw["after"]) if "after" in kw else None
    joining.hold(ops, one_creature(ops, " ".join(args)), delay=False, after=after)


@command("delay", "like hold, but start-of-turn effects still happen at the old place", args=(arg("name"),))
def _delay(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    need(args, 1, "delay")
    joining.hold(ops, one_creature(ops, " ".join(args)), delay=True)


@command("enter", "a holding creature acts when this turn ends, or after someone",
         args=(arg("name"),), words={"after=NAME": "act after that creature instead"})
def _enter(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    need(args, 1, "enter")
    after = one_creature(ops, kw["after"]) if "after" in kw else None
    joining.enter(ops, one_creature(ops, " ".join(args)), after)
