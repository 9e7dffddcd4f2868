"""How a typed filter ranks a list's labels: a match at the start of the label first, then at the
start of one of its words, then anywhere inside a word. Only what the GM reads is matched (labels, never
ids: `c` is in every creature's id)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import TypeVar

T = TypeVar("T")

_WORD = re.compile(r"(?<![^\W_])\w")  # a letter or digit after a non-word character or the start


def rank(typed: str, label: str) -> int | None:
    """0 for `Cor` in Corwin, 1 for `wolf` in Grey wolf, 2 for `ric` in Aldric, None for no match."""
    low, text = typed.strip().casefold(), label.casefold()
    if not low or text.startswith(low):
        return 0
    if any(text.startswith(low, m.start()) for m in _WORD.finditer(text)):
        return 1
    return 2 if low in text else None


def ranked(typed: str, items: Iterable[T], label: Callable[[T], str]) -> list[T]:
    """The items that match, best first; in their own order within a rank."""
    scored = [(r, i, item) for i, item in enumerate(items) if (r := rank(typed, label(item))) is not None]
    return [item for _, _, item in sorted(scored, key=lambda s: (s[0], s[1]))]
