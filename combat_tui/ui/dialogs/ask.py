"""A one-line question in the command bar's row: a number, dice, a name. Enter answers, Escape cancels.

An overlay (see `ui/overlay.py`) with a clear background, so the sheet and the order stay in view while
the GM types, and the main screen keeps its focus and its drawn lines: asking and answering redraw the
question's row, where moving the focus back and forth restyled and redrew the order pane.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import Input, Label

from ..overlay import Overlay

KEYS = Text("Enter applies · Esc cancels", style="dim")
EMPTY = Text("Type a value · Esc cancels", style="bold yellow")  # Enter on nothing: why nothing happened


class AskScreen(Overlay[str | None]):
    # Priority: answered the moment Enter is read, so a key typed right after it goes to the screen
    # beneath (by way of the input's message, it was typed into the answer).
    BINDINGS = [
        Binding("enter", "submit", "Apply", priority=True, id="ask.submit"),
        Binding("escape", "cancel", "Cancel", priority=True, id="ask.cancel"),
    ]
    BOX = "#ask"

    question = ""
    placeholder = ""
    initial = ""
    allow_empty = False

    def compose(self) -> ComposeResult:
        with Horizontal(id="ask"):
            yield Label(id="ask-question")
            yield Input(id="ask-input")
            yield Label(KEYS, id="ask-keys")

    def setup(self, question: str, placeholder: str = "", value: str = "", allow_empty: bool = False) -> None:
        """What to ask this time (the screen is shown again and again)."""
        self.question, self.placeholder, self.initial = f"{question} › ", placeholder, value
        self.allow_empty = allow_empty
        if self.is_mounted:
            self._show()

    def on_mount(self) -> None:
        self._show()

    def _show(self) -> None:
        self.query_one("#ask-question", Label).update(Text(self.question))  # Text: a name is never markup
        box = self.query_one("#ask-input", Input)
        box.placeholder, box.value = self.placeholder, self.initial
        self.query_one("#ask-keys", Label).update(KEYS)
        self.set_focus(box)  # now: a key typed right after the question's key lands here
        box.select_all()  # as a new question did on focus: typing replaces what was offered
        box._restart_blink()  # and its cursor shows at once (it keeps the focus, so no focus restarts it)

    def action_submit(self) -> None:
        value = self.query_one("#ask-input", Input).value.strip()
        if not value and not self.allow_empty:  # the question stays, and says why nothing happened
            self.query_one("#ask-keys", Label).update(EMPTY)
            return
        self.dismiss(value)

    def action_cancel(self) -> None:
        self.dismiss(None)
