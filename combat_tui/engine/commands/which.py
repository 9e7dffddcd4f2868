"""Several things wait where a command was given one (damage ready, prompts): it changes nothing and
says which wait and the words that pick each, never the oldest silently."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from ..state.errors import CommandError

T = TypeVar("T")


def one_of(found: Sequence[T], what: str, label: Callable[[T], str], pick: Callable[[T], str]) -> T:
    """The only one found; with several, a CommandError naming each (`label`) and how to pick it (`pick`)."""
    if len(found) == 1:
        return found[0]
    listed = "; ".join(f"{label(x)} ({pick(x)})" for x in found)
    raise CommandError(f"{len(found)} {what} wait: {listed} — say which")
