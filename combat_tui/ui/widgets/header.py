"""The header, retitled in place: its title ("… — Round 3") changes every round.

Textual's header sets a new title with a layout and a repaint of the whole screen, but the title's
size is the header's, whatever it says. A title too long for it loses its least useful part first
(the save's name, then the ruleset's detail), not its end.
"""

from __future__ import annotations

import re

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.content import Content
from textual.visual import VisualType
from textual.widgets import Header

from .._textual_compat import HeaderTitle

SIDES = 18  # the header's icon and its clock's space, beside the title


class QuietTitle(HeaderTitle):
    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        super().update(content, layout=False)


def _plain(part: str) -> str:
    return re.sub(r"\s*\([^)]*\)$", "", part)  # "Time Count (speed factors)" -> "Time Count"


def fit_title(title: str, sub: str, room: int) -> tuple[str, str]:
    """The title and as much of the subtitle as fits in `room` cells. The subtitle's parts (` · `) go
    from the last, each first losing a bracketed end; a title too long keeps its end (`— Round 3`)."""
    parts = sub.split(" · ") if sub else []
    tries: list[list[str]] = []
    for n in range(len(parts), 0, -1):
        tries.append(parts[:n])
        if _plain(parts[n - 1]) != parts[n - 1]:
            tries.append([*parts[:n - 1], _plain(parts[n - 1])])
    for shown in tries:
        text = " · ".join(shown)
        if cell_len(title) + 3 + cell_len(text) <= room:
            return title, text
    if cell_len(title) <= room or " — " not in title:
        return title, ""
    name, when = title.rsplit(" — ", 1)
    keep = room - cell_len(when) - 4
    while name and cell_len(name) > keep:
        name = name[:-1]
    return (f"{name}… — {when}" if name else when), ""


class QuietHeader(Header):
    def compose(self) -> ComposeResult:
        for widget in super().compose():
            yield QuietTitle() if type(widget) is HeaderTitle else widget

    def format_title(self) -> Content:
        room = self.size.width - SIDES if self.size.width else self.app.size.width - SIDES
        return self.app.format_title(*fit_title(self.screen_title, self.screen_sub_title, room))

    def on_resize(self) -> None:
        for title in self.query(QuietTitle):
            title.update(self.format_title())
