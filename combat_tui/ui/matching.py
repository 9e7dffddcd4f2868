"""How a typed filter ranks a list's labels: a match at the start of the label first, then at the
start of one of its words, then anywhere inside a word. Only what the GM reads is matched (labels, never
ids: `c` is in every creature's id)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import TypeVar

T = TypeVar("T")

_WORD = re.compile(r"(?<![^\W_])\w")  # a letter or digit after a non-word character or the start
_GAP = re.compile(r"[\s_-]+")  # "agile-move", "agile_move" and "agile  move" are the GM's "Agile Move"


def _plain(text: str) -> str:
    return _GAP.sub(" ", text).strip().casefold()


def rank(typed: str, label: str) -> int | None:
    """0 for `Cor` in Corwin, 1 for `wolf` in Grey wolf, 2 for `ric` in Aldric, None for no match."""
    low, text = _plain(typed), _plain(label)
    if not low or text.startswith(low):
        return 0
    if any(text.startswith(low, m.start()) for m in _WORD.finditer(text)):
        return 1
    return 2 if low in text else None


def ranked(typed: str, items: Iterable[T], label: Callable[[T], str],
           word: Callable[[T], str] | None = None) -> list[T]:
    """The items that match, best first; in their own order within a rank. `word`: what the command
    language calls an item (`catch-breath`), matched last, from its start and from 3 letters typed."""
    def score(item: T) -> int | None:
        r = rank(typed, label(item))
        if r is None and word is not None and len(low := _plain(typed)) >= 3 and _plain(word(item)).startswith(low):
            return 3
        return r

    scored = [(r, i, item) for i, item in enumerate(items) if (r := score(item)) is not None]
    return [item for _, _, item in sorted(scored, key=lambda s: (s[0], s[1]))]
