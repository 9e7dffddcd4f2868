"""The main screen's questions: one asked in the command bar's row, or a list to pick from, and where the
focus goes while it is up and after it is answered."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.widget import Widget

from .._textual_compat import draw_in_this_frame
from ..widgets.footer import QuietFooter
from ..widgets.order_pane import OrderPane
from ..widgets.pick_list import Choice, PickList
from ..widgets.question_bar import QuestionBar
from .gm_screen import GMScreen


class Questions:
    def __init__(self, screen: GMScreen) -> None:
        self.screen = screen
        self._asking: tuple[QuestionBar | PickList, Widget | None] | None = None  # what is up, and the focus before
        self._answered: tuple[Widget | None] | None = None  # put away, the focus not yet given back

    @property
    def up(self) -> bool:
        """A question or a list is up: its keys only."""
        return self._asking is not None

    def ask(self, title: str, placeholder: str, then: Callable[[str], object], value: str = "",
            allow_empty: bool = False) -> None:
        """Ask in the command bar's row; `then` gets the answer (empty only when allowed), never a cancel."""
        def done(answer: str | None) -> None:
            back = self._put_away()
            try:
                if answer is not None:
                    then(answer)
            finally:
                self._give_back(back)

        bar = self.screen.part(QuestionBar)
        bar.ask(title, placeholder, value, allow_empty, done)
        self._bring_up(bar)

    def choose(self, title: str, choices: list[Choice], then: Callable[[str], object]) -> None:
        if not choices:
            self.screen.notify(f"{title}: nothing to choose from", severity="warning", markup=False)
            return

        def done(answer: str | None) -> None:
            back = self._put_away()
            try:
                if answer:
                    then(answer)
            finally:
                self._give_back(back)

        picker = self.screen.part(PickList)
        picker.pick(Text(title), choices, done)
        self._bring_up(picker)

    def _bring_up(self, asker: QuestionBar | PickList) -> None:
        """Show the question or the list, its input focused now (a key typed right after the key that
        asked lands there); the screen's own keys wait, and the footer keeps its keys, until it is put
        away. An answer may ask the next question at once."""
        screen = self.screen
        back = screen.focused if self._answered is None else self._answered[0]
        self._answered = None
        if self._asking is not None:  # another was up (a click asked): it goes, unanswered
            other, back = self._asking
            if other is not asker:
                other.display = False
        self._asking = asker, back
        self.screen.part(QuietFooter).held = True
        if back is not None:  # keeps its focused look (app.tcss): not drawn again
            back.add_class("-behind-question", update=back is not screen.focused)  # else restyled once, as it blurs
            if isinstance(back, OrderPane):  # the order looks the same focused or not: neither restyled
                back.keep_look()
        asker.display = True
        # Never scrolled into view: it floats over the screen, and the scroll costs a message a question.
        screen.set_focus(asker.input, scroll_visible=False)
        draw_in_this_frame(asker, *asker.walk_children(Widget))  # shown and laid out once, in one frame

    def _put_away(self) -> tuple[Widget | None] | None:
        """The question or the list hidden; the focus stays in it until _give_back, as the answer may
        ask the next question at once: the focus then goes from one input to the other, and the pane
        behind is not restyled and drawn again in between."""
        if self._asking is None:
            return None
        asker, back = self._asking
        self._asking = None
        self._answered = (back,)
        asker.display = False
        return self._answered

    def _give_back(self, answered: tuple[Widget | None] | None) -> None:
        """The focus back where it was before the question, unless the answer asked another."""
        if answered is None or self._answered is not answered:
            return
        self._answered = None
        (back,) = answered
        screen = self.screen
        self.screen.part(QuietFooter).held = False
        target = back if back is not None and back.is_attached and back.display else self.screen.part(OrderPane)
        if back is not None:  # restyled once, as the focus comes back to it (not for the class and again for that)
            back.remove_class("-behind-question", update=back is not target)
            if isinstance(back, OrderPane) and back is not target:
                back.keep_look(False)
        screen.set_focus(target, scroll_visible=False)  # back where it was: in view already
