"""The header, retitled in place: its title ("… — Round 3") changes every round.

Textual's header sets a new title with a layout of the whole screen (about 4 ms and a repaint of it
all), but the title's size is the header's, whatever it says.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.visual import VisualType
from textual.widgets import Header
from textual.widgets._header import HeaderTitle


class QuietTitle(HeaderTitle):
    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        super().update(content, layout=False)


class QuietHeader(Header):
    def compose(self) -> ComposeResult:
        for widget in super().compose():
            yield QuietTitle() if type(widget) is HeaderTitle else widget
