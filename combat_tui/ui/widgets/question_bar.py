"""A one-line question in the command bar's row: a number, dice, a name. Enter answers, Escape cancels.

A widget of the main screen, hidden until asked, floating over the command bar's row: the sheet and the
order stay in view while the GM types, and asking or answering redraws this row alone.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import Input, Label

from .. import styles
from .._textual_compat import FixedBox
from .answering import Answering, AnswerInput, Reply

KEYS = Text("Enter applies · Esc cancels", style="dim")
EMPTY = Text("Type a value · Esc cancels", style=styles.ATTENTION)  # Enter on nothing: why nothing happened
MIN_INPUT = 12  # cells the answer needs to be seen as it is typed


class AskLabel(FixedBox, Label):
    """The question's words and keys: the row's room is set when it is asked."""


class QuestionBar(Answering):
    # Priority: answered the moment Enter is read, so a key typed right after it goes where the answer
    # leads (by way of the input's message, it was typed into the answer). Tab keeps the focus here.
    BINDINGS = [
        Binding("enter", "submit", "Apply", show=False, priority=True, id="ask.submit"),
        Binding("escape", "cancel", "Cancel", show=False, priority=True, id="ask.cancel"),
    ]

    question = ""
    placeholder = ""
    allow_empty = False
    _hint: Text | None = None  # what the hint row shows
    _asked = ""  # what the question label shows
    _warned = False  # the keys or the hint say "Type a value"

    def compose(self) -> ComposeResult:
        with Horizontal(id="ask-row"):
            yield AskLabel(id="ask-question")
            yield AnswerInput(id="ask-input")
            yield AskLabel(KEYS, id="ask-keys")
        yield AskLabel(id="ask-hint")  # the hints and keys, when the row has no room for them

    @property
    def input(self) -> Input:
        return self.query_one("#ask-input", Input)

    def ask(self, question: str, placeholder: str, value: str, allow_empty: bool, reply: Reply) -> None:
        """What to ask this time; `reply` gets the answer, or None for a cancel. A call back rather than a
        message: the keys typed after Enter must find the answer already acted on."""
        self.question, self.placeholder, self.allow_empty = f"{question} › ", placeholder, allow_empty
        self._reply = reply
        if self.question != self._asked:  # each update lays the screen out again
            self._asked = self.question
            self.query_one("#ask-question", Label).update(Text(self.question))  # Text: a name is never markup
        if self._warned:
            self._warned = False
            self.query_one("#ask-keys", Label).update(KEYS)
            self._hint = None  # drawn again by _fit
        box = self.input
        box.value = value
        box.select_all()  # typing replaces what was offered
        self._fit()

    def _fit(self) -> None:
        """One row while the question, the hints (the input's placeholder) and the keys fit; else the
        hints and keys go to a second row, and a question too long for half the row wraps."""
        room = (self.screen.size.width or self.app.size.width) - 2
        question, hints = cell_len(self.question), cell_len(self.placeholder)
        one_row = question + max(hints, MIN_INPUT) + 1 + KEYS.cell_len <= room
        self.set_class(not one_row, "-two-rows")
        self.set_class(question > room // 2 and not one_row, "-long-question")
        self.input.placeholder = self.placeholder if one_row else ""
        hint = Text(self.placeholder, style="italic")
        hint.append(" · " if self.placeholder else "").append_text(KEYS)  # a long hint wraps: the keys stay
        hint = Text("") if one_row else hint
        if hint != self._hint:  # the same again would lay the screen out again
            self._hint = hint
            self.query_one("#ask-hint", Label).update(hint)

    def on_resize(self) -> None:
        if self.display:
            self._fit()

    def action_submit(self) -> None:
        value = self.input.value.strip()
        if not value and not self.allow_empty:  # the question stays, and says why nothing happened
            self.query_one("#ask-hint" if self.has_class("-two-rows") else "#ask-keys", Label).update(EMPTY)
            self._warned = True
            return
        self._answer(value)

