"""A one-line question in the bottom row, in the command bar's place: a number, dice, a name.

Enter answers, Escape cancels. Unlike a dialog it leaves the sheet and the order in view while the GM
types, and closing it redraws one row rather than the whole screen.
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.message import Message
from textual.widgets import Input, Label


class AskBar(Horizontal):
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="ask.cancel")]

    class Answered(Message):
        """The GM answered (`value` is the text, perhaps empty when allowed) or cancelled (`None`)."""

        def __init__(self, value: str | None) -> None:
            super().__init__()
            self.value = value

    def __init__(self, **kw: object) -> None:
        super().__init__(**kw)  # type: ignore[arg-type]
        self.allow_empty = False

    def compose(self) -> ComposeResult:
        yield Label(id="ask-question")
        yield Input(id="ask-input")
        yield Label(Text("Enter applies · Esc cancels", style="dim"), id="ask-keys")

    @property
    def question(self) -> str:
        return str(self.query_one("#ask-question", Label).content)

    def ask(self, question: str, placeholder: str = "", value: str = "", allow_empty: bool = False) -> None:
        self.allow_empty = allow_empty
        self.query_one("#ask-question", Label).update(Text(f"{question} › "))  # Text: a name is never markup
        entry = self.query_one("#ask-input", Input)
        entry.placeholder = placeholder
        entry.value = value
        entry.cursor_position = len(value)
        self.display = True
        entry.focus()

    @on(Input.Submitted, "#ask-input")
    def _submit(self, event: Input.Submitted) -> None:
        event.stop()
        value = event.value.strip()
        self._close(value if value or self.allow_empty else None)

    def action_cancel(self) -> None:
        self._close(None)

    def _close(self, value: str | None) -> None:
        # The screen hides the bar when it acts on the answer: one frame for both, not two.
        self.post_message(self.Answered(value))
