"""A one-line question in the command bar's row: a number, dice, a name. Enter answers, Escape cancels.

A screen of its own with a clear background, so the sheet and the order stay in view while the GM
types, and the main screen keeps its focus and its drawn lines: answering redraws from them, where
moving the focus back and forth restyled and redrew the order pane.
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import ModalScreen
from textual.widgets import Input, Label


class AskScreen(ModalScreen[str | None]):
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="ask.cancel")]

    def __init__(self, question: str, placeholder: str = "", value: str = "", allow_empty: bool = False) -> None:
        super().__init__()
        self.question = f"{question} › "
        self.placeholder = placeholder
        self.initial = value
        self.allow_empty = allow_empty

    def compose(self) -> ComposeResult:
        with Horizontal(id="ask"):
            yield Label(Text(self.question), id="ask-question")  # Text: a name is never markup
            yield Input(value=self.initial, placeholder=self.placeholder, id="ask-input")
            yield Label(Text("Enter applies · Esc cancels", style="dim"), id="ask-keys")

    @on(Input.Submitted, "#ask-input")
    def _submit(self, event: Input.Submitted) -> None:
        value = event.value.strip()
        self.dismiss(value if value or self.allow_empty else None)

    def action_cancel(self) -> None:
        self.dismiss(None)
