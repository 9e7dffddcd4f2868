"""A one-line question in the command bar's row: a number, dice, a name. Enter answers, Escape cancels.

An overlay (see `ui/overlay.py`) with a clear background, so the sheet and the order stay in view while
the GM types, and the main screen keeps its focus and its drawn lines: asking and answering redraw the
question's row, where moving the focus back and forth restyled and redrew the order pane.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, Label

from .. import styles
from .._textual_compat import restart_blink
from ..overlay import Overlay

KEYS = Text("Enter applies · Esc cancels", style="dim")
EMPTY = Text("Type a value · Esc cancels", style=styles.ATTENTION)  # Enter on nothing: why nothing happened
MIN_INPUT = 12  # cells the answer needs to be seen as it is typed


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
        with Vertical(id="ask"):
            with Horizontal(id="ask-row"):
                yield Label(id="ask-question")
                yield Input(id="ask-input")
                yield Label(KEYS, id="ask-keys")
            yield Label(id="ask-hint")  # the hints and keys, when the row has no room for them

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
        box.value = self.initial
        self.query_one("#ask-keys", Label).update(KEYS)
        self._fit()
        self.set_focus(box)  # now: a key typed right after the question's key lands here
        box.select_all()  # as a new question did on focus: typing replaces what was offered
        restart_blink(box)  # and its cursor shows at once (it keeps the focus, so no focus restarts it)

    def _fit(self) -> None:
        """One row while the question, the hints (the input's placeholder) and the keys fit; else the
        hints and keys go to a second row, and a question too long for half the row wraps."""
        room = self.size.width - 2 or self.app.size.width - 2
        question, hints = cell_len(self.question), cell_len(self.placeholder)
        one_row = question + max(hints, MIN_INPUT) + 1 + KEYS.cell_len <= room
        box = self.query_one("#ask", Vertical)
        box.set_class(not one_row, "-two-rows")
        box.set_class(question > room // 2 and not one_row, "-long-question")
        self.query_one("#ask-input", Input).placeholder = self.placeholder if one_row else ""
        hint = Text(self.placeholder, style="italic")
        hint.append(" · " if self.placeholder else "").append_text(KEYS)  # a long hint wraps: the keys stay
        self.query_one("#ask-hint", Label).update(Text("") if one_row else hint)

    def on_resize(self) -> None:
        if self.is_mounted:
            self._fit()

    def action_submit(self) -> None:
        value = self.query_one("#ask-input", Input).value.strip()
        if not value and not self.allow_empty:  # the question stays, and says why nothing happened
            two_rows = self.query_one("#ask", Vertical).has_class("-two-rows")
            self.query_one("#ask-hint" if two_rows else "#ask-keys", Label).update(EMPTY)
            return
        self.dismiss(value)

    def action_cancel(self) -> None:
        self.dismiss(None)
