"""A Static that redraws only when its content changed, asks for a layout only when its height did, and
draws its content once per change.

Textual lays out the whole screen after every `Static.update` unless told the size stays; a layout
costs a full repaint and then a second frame for the scrollbars it moved. Most updates at the table
change a number, not the number of lines, and many change nothing this widget shows at all.
To know its height it must draw the content; the lines it drew are the ones the screen then shows,
handed over by `render_line` (Textual would draw them a second time, about a millisecond for the sheet).
"""

from __future__ import annotations

from typing import Any, Self

from rich.console import Group, RenderableType
from rich.text import Text
from textual.css.scalar import Unit
from textual.geometry import Region
from textual.strip import Strip
from textual.style import Style as VisualStyle
from textual.visual import Visual
from textual.widgets import Static

from .._textual_compat import FixedBox
from ..strips import text_strip


def _signature(content: RenderableType) -> Any:
    """What a Text (or a group of them) shows, comparable; None for anything else (always redrawn)."""
    if isinstance(content, Text):
        return (content.plain, tuple(content.spans), str(content.style))
    if isinstance(content, Group):
        parts = [_signature(r) for r in content.renderables]
        return None if any(p is None for p in parts) else tuple(parts)
    return None


class ViewStatic(FixedBox, Static):
    """Give it a min-height, and what it shows can change by that many lines without a layout."""

    _measured: tuple[int, int] | None = None  # (width, height) of what is shown
    _shown: Any = None
    _strips_drawn: tuple[object, int, object, list[Strip]] | None = None  # (visual, width, style, its lines)
    _lines_now: list[Strip] | None = None  # while Textual asks for lines: those drawn, if still true
    _updating = False  # inside show's Static.update
    _line_strips: dict[tuple[Any, Any], Strip] = {}  # _as_is: the last lines, by what each shows

    def show(self, content: RenderableType) -> None:
        signature = _signature(content)
        if signature is not None and signature == self._shown:
            return
        self._shown = signature
        before = self._drawn_lines()
        self._updating = True  # Static.update redraws every line: those that changed are enough
        try:
            self.update(content, layout=False)
        finally:
            self._updating = False
        width = self.size.width
        measured = None
        strips: list[Strip] = []
        if width > 0:
            style = self.visual_style
            drawn = self._as_is(content, width, style)
            strips = Visual.to_strips(self, self.visual, width, None, style) if drawn is None else drawn
            self._strips_drawn = (self.visual, width, style, strips)
            measured = (width, self._height_for(len(strips)))
        if measured is None or measured != self._measured:
            self.refresh(layout=True)
        elif before is None:
            self.refresh()
        else:  # as tall as it was, in the same look: the lines that changed (rows past the text are blank)
            changed = [Region(0, y, width, 1) for y in range(min(max(len(before), len(strips)), self.size.height))
                       if y >= len(before) or y >= len(strips) or before[y] != strips[y]]
            if changed:
                self.refresh(*changed)
        self._measured = measured

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False) -> Self:
        if self._updating and not (regions or layout or recompose):
            return self  # show redraws what changed
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def _as_is(self, content: RenderableType, width: int, style: VisualStyle) -> list[Strip] | None:
        """A group of one-line texts that fit, drawn line by line: what Rich would draw for them, without
        its wrapping (most of the sheet's cost). None for anything else."""
        if not isinstance(content, Group) or self.text_selection is not None:
            return None
        texts = content.renderables
        if not all(isinstance(t, Text) and t.cell_len <= width and "\n" not in t.plain and "\t" not in t.plain
                   and t.justify in (None, "default", "left") for t in texts):
            return None
        console, base = self.app.console, style.rich_style
        kept, self._line_strips = self._line_strips, {}
        strips = []
        for t in texts:
            assert isinstance(t, Text)
            key = (_signature(t), base)  # most lines are as they were (a sheet's stats, its attacks)
            strip = kept.get(key)
            if strip is None:
                strip = text_strip(t, console).apply_style(base)
            self._line_strips[key] = strip
            strips.append(strip)
        return strips

    def render_lines(self, crop: Region) -> list[Strip]:
        self._lines_now = self._drawn_lines()  # decided once for the lines Textual asks for next
        try:
            return super().render_lines(crop)
        finally:
            self._lines_now = None

    def render_line(self, y: int) -> Strip:
        """A line `show` drew (rows past them blank), while they are still true; otherwise Textual's."""
        lines = self._lines_now
        if lines is None:
            return super().render_line(y)
        return lines[y] if y < len(lines) else Strip.blank(self.size.width, self.visual_style.rich_style)

    def _drawn_lines(self) -> list[Strip] | None:
        drawn = self._strips_drawn
        if (drawn is None or drawn[0] is not self.visual or drawn[1] != self.size.width
                or drawn[2] != self.visual_style or self.text_selection is not None
                or self.styles.content_align != ("left", "top")):
            return None
        return drawn[3]

    def _height_for(self, lines: int) -> int:
        """Its height showing this many lines: held between its min-height and max-height (in lines)."""
        low, high = self.styles.min_height, self.styles.max_height
        if low is not None and low.unit is Unit.CELLS:
            lines = max(lines, int(low.value))
        elif low is not None and low.unit in (Unit.PERCENT, Unit.HEIGHT):  # of its box: the sheet fills it
            lines = max(lines, int(low.value * self.container_size.height / 100))
        if high is not None and high.unit is Unit.CELLS:
            lines = min(lines, int(high.value))
        return lines
