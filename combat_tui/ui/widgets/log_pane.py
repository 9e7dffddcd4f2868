"""The log: what each command did, every die rolled, and what undo took back."""

from __future__ import annotations

from rich.text import Text
from textual.geometry import Size
from textual.reactive import Reactive
from textual.widgets import RichLog

from ...session import Session


class LogPane(RichLog):
    # A growing log would make Textual lay out the whole screen after every line (its scrollbar might
    # appear); the pane always shows its scrollbar (app.tcss), so the scrollbar is told directly.
    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)

    def watch_virtual_size(self, size: Size) -> None:
        self.vertical_scrollbar.window_virtual_size = size.height

    def __init__(self, session: Session, **kw: object) -> None:
        super().__init__(markup=False, wrap=True, min_width=1, max_lines=2000, **kw)  # type: ignore[arg-type]
        self.session = session

    def on_mount(self) -> None:
        for event in self.session.encounter.history()[-30:]:
            self.write_event(event.stamp, event.command, event.lines)

    def write_event(self, stamp: str, command: str, lines: list[str]) -> None:
        head = Text(f"[{stamp}] ", style="dim")
        head.append(command, style="bold")
        self._write(head)
        for line in lines:
            style = "bold yellow" if line.startswith("Prompt:") else ""
            self._write(Text("  " + line, style=style))
        self._to_end()

    def note(self, line: str, style: str = "") -> None:
        self._write(Text(line, style=style))
        self._to_end()

    def _write(self, text: Text) -> None:
        # Before the pane has a size RichLog keeps lines back, and must scroll by itself once it shows them.
        self.write(text, scroll_end=None if not self._size_known else False)

    def _to_end(self) -> None:
        # Now, not after the next frame as RichLog does by itself: that would cost the GM a second frame.
        if self._size_known:
            self.scroll_end(animate=False, immediate=True, x_axis=False)
