"""What the question bar and the pick list share: an input whose typing lays nothing out, and a box
that answers once, through a callback, on Enter, Escape or a click elsewhere (as Escape)."""

from __future__ import annotations

from collections.abc import Callable

from textual import events
from textual.binding import Binding
from textual.containers import Vertical
from textual.widget import Widget
from textual.widgets import Input

from .._textual_compat import FixedBox

Reply = Callable[[str | None], None]


class AnswerInput(FixedBox, Input):
    """An input whose typing lays nothing out. Input sets its virtual size (the text's width) at every
    character, and Widget's virtual size asks for a layout, which is of the whole screen: the input's
    own box is fixed (app.tcss), and its scrolling reads the value, not the layout."""

    def watch_has_focus(self, has_focus: bool) -> None:
        """Not restyled as it loses the focus once its question is put away: nothing shows its look, and
        it is shown again only with the focus (restyled then). A restyle is most of a millisecond of an
        answer's key, before its frame."""
        if has_focus or all(node.display for node in self.ancestors_with_self if isinstance(node, Widget)):
            super().watch_has_focus(has_focus)

    # Heard by nobody above (the box reads the value, and its blur by DescendantBlur): stopped here, where
    # each parent they bubbled to was a message more for a letter typed and for a question put away.
    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()

    def on_input_blurred(self, event: Input.Blurred) -> None:
        event.stop()


class Answering(FixedBox, Vertical):
    """Shown to ask one thing; `_reply` hears the answer, or None for a cancel, once. A callback, not a
    message: keys typed right after Enter would overtake a message."""

    BINDINGS = [  # Tab keeps the focus in the box
        Binding("tab", "stay", show=False, priority=True),
        Binding("shift+tab", "stay", show=False, priority=True),
    ]

    _reply: Reply | None = None

    def _answer(self, value: str | None) -> None:
        reply, self._reply = self._reply, None
        if reply is not None and self.display:
            reply(value)

    def action_cancel(self) -> None:
        self._answer(None)

    def action_stay(self) -> None:
        """Tab: the input keeps the focus."""

    def on_descendant_blur(self, event: events.DescendantBlur) -> None:
        focused = self.screen.focused
        if not self.app.app_focus:
            return  # the terminal lost the focus: Textual gives it back here when it is back
        if self.display and (focused is None or self not in focused.ancestors_with_self):
            self._answer(None)  # a click took the GM elsewhere: as Escape
