"""Leaving the order and coming back: hold, delay, enter."""

from __future__ import annotations

from .. import turns
from ..ops import Ops
from .common import need, one_creature
from .spec import command


@command("hold", "hold NAME [after=NAME]", "leave the order; re-enter with enter, or at once after someone",
         args=("name",), words={"after": "re-enter at once after that creature"})
def _hold(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    need(args, 1, "hold NAME [after=NAME]")
    after = one_creature(ops, kw["after"]) if "after" in kw else None
    turns.hold(ops, one_creature(ops, " ".join(args)), delay=False, after=after)


@command("delay", "delay NAME", "like hold, but start-of-turn effects still happen at the old place", args=("name",))
def _delay(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    need(args, 1, "delay NAME")
    turns.hold(ops, one_creature(ops, " ".join(args)), delay=True)


@command("enter", "enter NAME [after=NAME]", "a holding creature acts when this turn ends, or after someone",
         args=("name",), words={"after": "act after that creature instead"})
def _enter(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    need(args, 1, "enter NAME [after=NAME]")
    after = one_creature(ops, kw["after"]) if "after" in kw else None
    turns.enter(ops, one_creature(ops, " ".join(args)), after)
