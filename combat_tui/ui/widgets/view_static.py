"""A Static that redraws only when its content changed, and asks for a layout only when its height did.

Textual lays out the whole screen after every `Static.update` unless told the size stays; a layout
costs a full repaint and then a second frame for the scrollbars it moved. Most updates at the table
change a number, not the number of lines, and many change nothing this widget shows at all.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text
from textual.css.scalar import Unit
from textual.widgets import Static


def _signature(content: RenderableType) -> Any:
    """What a Text (or a group of them) shows, comparable; None for anything else (always redrawn)."""
    if isinstance(content, Text):
        return (content.plain, tuple(content.spans), str(content.style))
    if isinstance(content, Group):
        parts = [_signature(r) for r in content.renderables]
        return None if any(p is None for p in parts) else tuple(parts)
    return None


class ViewStatic(Static):
    """Give it a min-height, and what it shows can change by that many lines without a layout."""

    _measured: tuple[int, int] | None = None  # (width, height) of what is shown
    _shown: Any = None

    def show(self, content: RenderableType) -> None:
        signature = _signature(content)
        if signature is not None and signature == self._shown:
            return
        width = self.content_region.width
        measured = None
        if width > 0:
            console = self.app.console
            lines = len(console.render_lines(content, console.options.update_width(width), pad=False))
            measured = (width, self._height_for(lines))
        same = measured is not None and measured == self._measured
        self._measured, self._shown = measured, signature
        self.update(content, layout=not same)

    def _height_for(self, lines: int) -> int:
        """Its height showing this many lines: held between its min-height and max-height (in lines)."""
        low, high = self.styles.min_height, self.styles.max_height
        if low is not None and low.unit is Unit.CELLS:
            lines = max(lines, int(low.value))
        if high is not None and high.unit is Unit.CELLS:
            lines = min(lines, int(high.value))
        return lines
