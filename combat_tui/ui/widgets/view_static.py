"""A Static that asks for a layout only when its height changes.

Textual lays out the whole screen after every `Static.update` unless told the size stays; a layout
costs a full repaint and then a second frame for the scrollbars it moved. Most updates at the table
change a number, not the number of lines, so this measures the new content first.
"""

from __future__ import annotations

from rich.console import RenderableType
from textual.widgets import Static


class ViewStatic(Static):
    _height: int | None = None

    def show(self, content: RenderableType) -> None:
        width = self.content_region.width
        height = None
        if width > 0:
            console = self.app.console
            height = len(console.render_lines(content, console.options.update_width(width), pad=False))
        same = height is not None and height == self._height
        self._height = height
        self.update(content, layout=not same)
