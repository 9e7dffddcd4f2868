"""A Static that redraws only when its content changed, and asks for a layout only when its height did.

Textual lays out the whole screen after every `Static.update` unless told the size stays; a layout
costs a full repaint and then a second frame for the scrollbars it moved. Most updates at the table
change a number, not the number of lines, and many change nothing this widget shows at all.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text
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
            measured = (width, len(console.render_lines(content, console.options.update_width(width), pad=False)))
        same = measured is not None and measured == self._measured
        self._measured, self._shown = measured, signature
        self.update(content, layout=not same)
