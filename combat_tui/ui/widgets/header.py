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

from .._textual_compat import HeaderTitle, draw_in_this_frame

SIDES = 18  # the header's icon and its clock's space, beside the title


class QuietTitle(HeaderTitle):
    _shown: tuple[str, tuple[object, ...]] | None = None

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        """Drawn again only for other words or looks: the header's own watcher sets the title a message
        after the screen did (QuietHeader.retitle)."""
        if isinstance(content, Content):
            shown = (content.plain, tuple(content.spans))
            if shown == self._shown:
                return
            self._shown = shown
        else:
            self._shown = None
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
        self.retitle()

    def retitle(self) -> None:
        """The screen's title shown now, in the frame of the key that changed it (a new round's title with
        the turn it begins). Textual's header is told by an awaited watcher, a message later: after the
        screen drew the turn."""
        for title in self.query(QuietTitle):
            title.update(self.format_title())
            draw_in_this_frame(title)
