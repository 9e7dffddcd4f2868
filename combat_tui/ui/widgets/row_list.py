"""A list of rows of Rich text, some of them headings, with a highlight: Textual's line API over rows
drawn once to strips and kept while their text and look stay the same.

Each row is cut to width by its owner, so it takes exactly the lines its text has; a heading is never
highlighted. Keys: up and down (stopping at the ends), home, end, page up and down; a click highlights a row.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import ClassVar, Self

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Region, Size
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.style import Style

from .._textual_compat import SteadyScrollView
from ..strips import text_strip

ROW, HEADING, HIGHLIGHTED, HOVER = "row-list--row", "row-list--heading", "row-list--highlighted", "row-list--hover"
KINDS = {"row": (ROW,), "heading": (ROW, HEADING), "highlighted": (ROW, HIGHLIGHTED), "hover": (ROW, HOVER)}


class RowList(SteadyScrollView, ScrollView, can_focus=True):
    """Rows set with `set_rows`; `highlight_moved` is called when the highlight lands on a row."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down", "cursor_down", "Down", show=False),
        Binding("end", "last", "Last", show=False),
        Binding("home", "first", "First", show=False),
        Binding("pagedown", "page_down", "Page Down", show=False),
        Binding("pageup", "page_up", "Page Up", show=False),
        Binding("up", "cursor_up", "Up", show=False),
    ]

    COMPONENT_CLASSES: ClassVar[set[str]] = {ROW, HEADING, HIGHLIGHTED, HOVER}

    # The look of Textual's OptionList, which the order pane was.
    DEFAULT_CSS = """
    RowList {
        height: auto;
        max-height: 100%;
        color: $foreground;
        overflow-x: hidden;
        border: tall $border-blurred;
        padding: 0 1;
        background: $surface;
        & > .row-list--highlighted {
            color: $block-cursor-blurred-foreground;
            background: $block-cursor-blurred-background;
            text-style: $block-cursor-blurred-text-style;
        }
        &:focus {
            border: tall $border;
            background-tint: $foreground 5%;
            & > .row-list--highlighted {
                color: $block-cursor-foreground;
                background: $block-cursor-background;
                text-style: $block-cursor-text-style;
            }
        }
        & > .row-list--highlighted {
            color: $foreground;
            background: $block-cursor-blurred-background;
        }
        & > .row-list--heading {
            color: $text-disabled;
        }
        & > .row-list--hover {
            background: $block-hover-background;
        }
    }
    """

    # The rows redraw themselves, line by line: a repaint of the whole pane as well costs a key time.
    highlighted: reactive[int | None] = reactive(None, repaint=False)

    def __init__(self, **kw: object) -> None:
        super().__init__(**kw)  # type: ignore[arg-type]
        self._ids: list[str | None] = []  # each row's id; None for a heading
        self._index: dict[str, int] = {}
        self._texts: list[Text] = []
        self._tops: list[int] = []  # each row's first line
        self._lines = 0
        self._strips: dict[tuple[int, str], tuple[Text, Style, list[Strip]]] = {}
        self._strips_width = 0
        self._hover: int | None = None
        self.rows_drawn = 0  # rows drawn to strips, ever: a frame that draws none only copies lines
        self._keeping_look = False  # see keep_look
        self._focus_redraw = True  # False while Textual's redraw for a focus change is to be left out

    def on_mount(self) -> None:
        self.app.theme_changed_signal.subscribe(self, lambda _theme: self._forget_strips())

    # -- the focus -----------------------------------------------------------------------------------
    def keep_look(self, keep: bool = True) -> None:
        """The owner styles the pane to look the same focused or not (a class) until the focus comes back
        to it: the focus going and coming back restyle and redraw nothing. Textual restyles a widget
        when its focus changes (and a restyle redraws its scroll bar, whatever changed), then redraws it
        whole: every row, for a pane that looks as it did. `keep_look(False)`: the focus will not come
        back by way of the owner, so it restyles as usual."""
        self._keeping_look = keep

    def watch_has_focus(self, has_focus: bool) -> None:
        if not self._keeping_look:
            super().watch_has_focus(has_focus)
        elif has_focus:  # back: the next change of focus restyles as usual
            self._keeping_look = False

    # These handlers run before Textual's own (a subclass's come first), which redraws the pane.
    def on_focus(self) -> None:
        self._focus_redraw = not self._keeping_look

    def on_blur(self) -> None:
        self._focus_redraw = not self._keeping_look

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False) -> Self:
        if not self._focus_redraw and repaint and not (regions or layout or recompose):
            self._focus_redraw = True
            return self  # the focus came or went, and the pane looks as it did
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def _forget_strips(self) -> None:
        """The rows' own colours come from the theme: drawn again in the new one."""
        self._strips.clear()
        self.refresh()

    # -- the rows ----------------------------------------------------------------------------------
    @property
    def row_count(self) -> int:
        return len(self._texts)

    def row_id(self, index: int) -> str | None:
        return self._ids[index]

    def row_text(self, index: int) -> Text:
        return self._texts[index]

    def row_texts(self) -> list[Text]:
        return list(self._texts)

    def index_of(self, rid: str) -> int | None:
        return self._index.get(rid)

    def row_span(self, index: int) -> tuple[int, int]:
        """A row's first line and how many lines it takes."""
        top = self._tops[index]
        end = self._tops[index + 1] if index + 1 < len(self._tops) else self._lines
        return top, end - top

    def set_rows(self, rows: list[tuple[str | None, Text]]) -> None:
        """Every row anew: the lines are laid out again, and the pane redrawn."""
        self._ids = [rid for rid, _text in rows]
        self._index = {rid: i for i, rid in enumerate(self._ids) if rid is not None}
        self._texts = [text for _rid, text in rows]
        self._strips.clear()
        self._hover = None
        self._lay_out()
        self.refresh()

    def replace_rows(self, rows: list[tuple[int, Text]]) -> None:
        """New texts for rows that keep their ids; only their lines are redrawn when each keeps its height."""
        moved = False
        for i, text in rows:
            moved = moved or _height(text) != _height(self._texts[i])
            self._texts[i] = text
        if moved or self.virtual_size.width != self.scrollable_content_region.width:
            self._lay_out()
            self.refresh()
            return
        for i, _text in rows:
            self.refresh_lines(*self.row_span(i))

    def _lay_out(self) -> None:
        tops, top = [], 0
        for text in self._texts:
            tops.append(top)
            top += _height(text)
        self._tops, self._lines = tops, top
        self.virtual_size = Size(self.scrollable_content_region.width, top)

    # -- drawing -----------------------------------------------------------------------------------
    def _kind(self, index: int) -> str:
        if self._ids[index] is None:
            return "heading"
        if index == self.highlighted:
            return "highlighted"
        return "hover" if index == self._hover else "row"

    def draw_row(self, index: int, kind: str) -> list[Strip]:
        """A row's strips in a look (`KINDS`), drawn now unless drawn already as it is."""
        width = self.scrollable_content_region.width
        if width != self._strips_width:
            self._strips.clear()
            self._strips_width = width
        text, style = self._texts[index], self.get_visual_style(*KINDS[kind])
        hit = self._strips.get((index, kind))
        if hit is not None and hit[0] is text and (hit[1] is style or hit[1] == style):
            return hit[2]
        console, rich_style = self.app.console, style.rich_style
        meta = {"row": index}
        strips = [text_strip(line, console).extend_cell_length(width).apply_style(rich_style).apply_meta(meta)
                  for line in text.split("\n", allow_blank=True)]
        self._strips[(index, kind)] = (text, style, strips)
        self.rows_drawn += 1
        return strips

    def render_line(self, y: int) -> Strip:
        line = self.scroll_offset.y + y
        if line >= self._lines:
            return Strip.blank(self.scrollable_content_region.width, self.get_visual_style(ROW).rich_style)
        index = bisect_right(self._tops, line) - 1
        return self.draw_row(index, self._kind(index))[line - self._tops[index]]

    def rows_between(self, first_line: int, last_line: int) -> range:
        """The rows holding the lines from `first_line` to `last_line`."""
        return range(bisect_right(self._tops, first_line) - 1, bisect_right(self._tops, last_line) - 1 + 1)

    # -- the highlight -----------------------------------------------------------------------------
    def watch_highlighted(self, old: int | None, new: int | None) -> None:
        for i in (old, new):
            if i is not None and i < len(self._texts):
                self.refresh_lines(*self.row_span(i))
        if new is not None and new < len(self._ids) and self._ids[new] is not None:
            self.scroll_to_highlight()
            self.highlight_moved(new)

    def highlight_moved(self, index: int) -> None:
        """The highlight landed on a row (not a heading)."""

    def scroll_to_highlight(self, top: bool = False) -> None:
        index = self.highlighted
        if index is None or index >= len(self._texts) or not self.is_mounted:
            return
        first, height = self.row_span(index)
        self.scroll_to_region(Region(0, first, self.scrollable_content_region.width, height), force=True,
                              animate=False, top=top, immediate=True)

    def _next(self, anchor: int | None, step: int) -> int | None:
        """The next row from `anchor` that is not a heading; at the end, the anchor (no wrapping round: a
        key pressed once too often must not take the highlight, and the next key's target, to the far end)."""
        n = len(self._ids)
        if anchor is None:
            rows = range(n) if step == 1 else range(n - 1, -1, -1)
            return next((i for i in rows if self._ids[i] is not None), None)
        rows = range(anchor + 1, n) if step == 1 else range(anchor - 1, -1, -1)
        return next((i for i in rows if self._ids[i] is not None), anchor)

    def action_cursor_down(self) -> None:
        self.highlighted = self._next(self.highlighted, 1)

    def action_cursor_up(self) -> None:
        self.highlighted = self._next(self.highlighted, -1)

    def action_first(self) -> None:
        self.highlighted = self._next(None, 1)

    def action_last(self) -> None:
        self.highlighted = self._next(None, -1)

    def _move_page(self, step: int) -> None:
        if not self._texts:
            return
        line = self._tops[self.highlighted or 0] + step * self.scrollable_content_region.height
        anchor = bisect_right(self._tops, max(0, min(line, self._lines - 1))) - 1
        rows = range(anchor, len(self._ids)) if step == 1 else range(anchor, -1, -1)
        found = next((i for i in rows if self._ids[i] is not None), None)
        if found is not None:
            self.highlighted = found

    def action_page_down(self) -> None:
        if self.highlighted is None:
            self.action_last()
        else:
            self._move_page(1)

    def action_page_up(self) -> None:
        if self.highlighted is None:
            self.action_first()
        else:
            self._move_page(-1)

    # -- the mouse ---------------------------------------------------------------------------------
    def on_click(self, event: events.Click) -> None:
        index = event.style.meta.get("row")
        if isinstance(index, int) and index < len(self._ids) and self._ids[index] is not None:
            self.highlighted = index

    def on_mouse_move(self, event: events.MouseMove) -> None:
        index = event.style.meta.get("row")
        self._hover_on(index if isinstance(index, int) and index < len(self._texts) else None)

    def on_leave(self, event: events.Leave) -> None:
        self._hover_on(None)

    def _hover_on(self, index: int | None) -> None:
        if index == self._hover:
            return
        for i in (self._hover, index):
            if i is not None and i < len(self._texts):
                self.refresh_lines(*self.row_span(i))
        self._hover = index


def _height(row: Text) -> int:
    return row.plain.count("\n") + 1
