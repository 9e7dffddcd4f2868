"""The log: what each command did, every die rolled, and what undo took back.

Drawn with Textual's line API: an entry is wrapped and rendered to strips once, when it is written (and
again only when the width changes). RichLog did the same, but imports `rich.pretty` (and with it
`attrs`) for renderables the log never holds, which slows start-up.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console
from rich.style import Style
from rich.text import Text
from textual.binding import Binding
from textual.events import Resize
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from .. import styles
from .._textual_compat import FixedBox, SteadyScrollView
from ..strips import text_strip

Entry = tuple[str, str, list[str]]  # a log entry: its stamp, its command, what it said (as `store.face` keeps it)
KEEP = 2000  # entries; the oldest go in batches, so trimming is rare
BATCH = 200
DRAWN_KEPT = 256  # rows kept as drawn: a few screens of them


def hang(text: Text, width: int, console: Console) -> list[Text]:
    """Wrap to `width`, the lines after the first indented two more than the first, so a long line
    stays under its entry rather than reaching back to the margin."""
    if text.cell_len <= width and "\n" not in text.plain:
        return [text]  # most lines fit: Rich's wrapping costs more than the rest of writing them
    lines = list(text.wrap(console, width))
    indent = len(text.plain) - len(text.plain.lstrip(" ")) + 2
    if len(lines) < 2 or width - indent < 20 or "\n" in text.plain:  # several lines already: as they are
        return lines
    rest = text[len(lines[0].plain):]
    return [lines[0]] + [Text(" " * indent).append_text(line) for line in rest.wrap(console, width - indent)]


class LogPane(FixedBox, SteadyScrollView, ScrollView, can_focus=True):
    """Follows the newest line; `reading` (the screen's key for it) makes it taller and lets the GM scroll
    back with the arrows, PageUp/PageDown, Home/End until Escape, when it follows again."""

    BINDINGS = [Binding("escape", "done", "Back to the order", show=False, id="log.done")]
    READING = "Reading the log: ↑ ↓ PgUp PgDn Home End · Escape: back"

    reading: reactive[bool] = reactive(False, init=False)

    class Done(Message):
        """The GM has read enough (Escape)."""

    # A growing log would make Textual lay out the whole screen after every line (its scrollbar might
    # appear); the pane always shows its scrollbar (app.tcss), so the scrollbar is told directly.
    tells_its_scroll_bars = True

    def watch_virtual_size(self, size: Size) -> None:
        self.vertical_scrollbar.window_virtual_size = size.height

    def __init__(self, history: Sequence[Entry] = (), **kw: object) -> None:
        super().__init__(**kw)  # type: ignore[arg-type]
        self._history = history  # the last entries of the encounter's log, written once mounted
        self._entries: list[tuple[Text, int]] = []  # what was written, and how many lines it wrapped to
        self.lines: list[Strip] = []  # every entry's lines at the current width
        self._width = 0
        self._follow = True  # showing the newest line; False while the GM has scrolled back
        self._look: tuple[int, Style] | None = None  # while drawing: the width and style of every row
        # Each line's row as last drawn, by its place in `lines`: (the line, its look, the row).
        self._drawn: dict[int, tuple[Strip, tuple[int, Style], Strip]] = {}

    def watch_reading(self, reading: bool) -> None:
        self.set_class(reading, "-reading")
        self.border_title = self.READING if reading else None
        if not reading:  # back at the newest line, following again
            self._follow = True
            self.scroll_end(animate=False, immediate=True, x_axis=False)

    def action_done(self) -> None:
        self.post_message(self.Done())

    def on_mount(self) -> None:
        self.app.theme_changed_signal.subscribe(self, lambda _theme: self._rewrap())  # drawn in its colours
        for stamp, command, lines in self._history:
            self.write_event(stamp, command, lines)
        self._history = ()

    def write_again(self, history: Sequence[Entry]) -> None:
        """These entries in place of what the pane shows (the save changed since its face was read)."""
        self._entries, self.lines = [], []
        for stamp, command, lines in history:
            self.write_event(stamp, command, lines)
        self._lines_changed()

    def write_event(self, stamp: str, command: str, lines: list[str]) -> None:
        head = Text(f"[{stamp}] ", style="dim")
        head.append(command, style="bold")
        texts = [head] + [Text("  " + line, style=styles.ATTENTION if line.startswith("Prompt:") else "")
                          for line in lines]
        self._add(texts)

    def note(self, line: str, style: str = "") -> None:
        self._add([Text(line, style=style)])

    def _add(self, texts: list[Text]) -> None:
        for text in texts:
            strips = self._wrap(text) if self._width else []
            self._entries.append((text, len(strips)))
            self.lines.extend(strips)
        if len(self._entries) > KEEP + BATCH:
            dropped = self._entries[:BATCH]
            del self._entries[:BATCH]
            del self.lines[:sum(n for _text, n in dropped)]
        self._lines_changed()

    def _wrap(self, text: Text) -> list[Strip]:
        console = self.app.console
        return [text_strip(line, console) for line in hang(text, self._width, console)]

    def on_resize(self, event: Resize) -> None:
        width = self.scrollable_content_region.width
        if width and width != self._width:
            self._width = width
            self._rewrap()
        elif self._follow:  # shorter now (done reading, a smaller terminal): the newest line stays in view
            self.scroll_end(animate=False, immediate=True, x_axis=False)

    def _rewrap(self) -> None:
        """Every entry drawn again: at a new width, or in a new theme's colours."""
        if not self._width:
            return
        wrapped = [(text, self._wrap(text)) for text, _n in self._entries]
        self._entries = [(text, len(strips)) for text, strips in wrapped]
        self.lines = [strip for _text, strips in wrapped for strip in strips]
        self._lines_changed()

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self._follow = new_value >= self.max_scroll_y  # scrolled back to read: stay there

    def _lines_changed(self) -> None:
        """Follow the end, now (not after the next frame: that would cost the GM a second frame)."""
        self.virtual_size = Size(self._width, len(self.lines))
        if self._follow:
            self.scroll_end(animate=False, immediate=True, x_axis=False)
        self.refresh()

    def render_lines(self, crop: Region) -> list[Strip]:
        # Each command scrolls the log, so each draws all of its rows: their look is worked out once for all.
        self._look = (self.scrollable_content_region.width, self.rich_style)
        try:
            return super().render_lines(crop)
        finally:
            self._look = None

    def render_line(self, y: int) -> Strip:
        index = self.scroll_offset.y + y
        width, style = self._look or (self.scrollable_content_region.width, self.rich_style)
        if index >= len(self.lines):
            return Strip.blank(width, style)
        line = self.lines[index]
        drawn = self._drawn.get(index)  # a row scrolled up is a line drawn a frame ago
        if drawn is None or drawn[0] is not line or drawn[1] != (width, style):
            if len(self._drawn) > DRAWN_KEPT:
                self._drawn.clear()
            drawn = line, (width, style), line.crop_extend(0, width, style).apply_style(style)
            self._drawn[index] = drawn
        return drawn[2]
