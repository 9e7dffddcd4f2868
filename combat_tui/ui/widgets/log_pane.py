"""The log: what each command did, every die rolled, and what undo took back."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import RichLog

from ...session import Session


class LogPane(RichLog):
    def __init__(self, session: Session, **kw: object) -> None:
        super().__init__(markup=False, wrap=True, min_width=1, max_lines=2000, **kw)  # type: ignore[arg-type]
        self.session = session

    def on_mount(self) -> None:
        for event in self.session.encounter.history()[-30:]:
            self.write_event(event.stamp, event.command, event.lines)

    def write_event(self, stamp: str, command: str, lines: list[str]) -> None:
        head = Text(f"[{stamp}] ", style="dim")
        head.append(command, style="bold")
        self.write(head)
        for line in lines:
            style = "bold yellow" if line.startswith("Prompt:") else ""
            self.write(Text("  " + line, style=style))

    def note(self, line: str, style: str = "") -> None:
        self.write(Text(line, style=style))
