"""A one-line question: a number, dice, a name. Enter answers, Escape cancels."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label


class EntryDialog(ModalScreen[str | None]):
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="entry.cancel")]

    def __init__(self, title: str | Text, placeholder: str = "", value: str = "", allow_empty: bool = False) -> None:
        super().__init__()
        self.allow_empty = allow_empty
        self.title_text = title if isinstance(title, Text) else Text(title)
        self.placeholder = placeholder
        self.initial = value

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.title_text, classes="dialog-title")
            yield Input(value=self.initial, placeholder=self.placeholder, id="entry")
            yield Label(Text("Enter to apply · Escape to cancel", style="dim"))

    @on(Input.Submitted)
    def _submit(self, event: Input.Submitted) -> None:
        value = event.value.strip()
        self.dismiss(value if value or self.allow_empty else None)

    def action_cancel(self) -> None:
        self.dismiss(None)
