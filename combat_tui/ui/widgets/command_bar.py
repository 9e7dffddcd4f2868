"""The command bar: every command of the command line, with completion (Tab or →)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.binding import Binding
from textual.widgets import Input

from .._textual_compat import FixedBox, suggest

if TYPE_CHECKING:  # completion is the engine's: imported once there is a session (the face has none)
    from ...engine.commands.completion import TabCycle
    from ...session import Session


class CommandBar(FixedBox, Input):
    """One row whatever it holds (app.tcss): a letter typed lays nothing out. Its completion is shown with
    the letter: Textual's suggester runs in a worker and answers by a message, so the grey completion went
    at each letter and came back a frame later."""

    BINDINGS = [
        Binding("tab", "complete", "Complete", show=False, id="command.complete"),
        Binding("escape", "leave", "Leave the command bar", show=False, id="command.leave"),
    ]

    def __init__(self, session: Session | None, **kw: object) -> None:
        super().__init__(placeholder=": a command, e.g. dmg Goblin* 2d6 fire   (Tab completes)",
                         select_on_focus=False, **kw)  # type: ignore[arg-type]
        # not selected on focus: `r` opens the bar with "roll " and the GM types the dice after it
        self.session = session
        self._tab: TabCycle | None = None

    def complete_in(self, session: Session) -> None:
        """Complete commands of `session` from now on (the face's bar had none to complete in)."""
        self.session = session

    def watch_value(self, value: str) -> None:  # after Input's own watcher, which cleared the completion
        if self.session is None or not value:
            return
        from ...engine.commands.completion import complete

        completed = complete(self.session.encounter, value)
        if completed is not None:
            suggest(self, completed)

    # Heard by nobody above (the screen runs the line on Enter, a binding): stopped here, where each parent
    # they bubbled to was a message more for every letter typed.
    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()

    def on_input_blurred(self, event: Input.Blurred) -> None:
        event.stop()

    def insert_text_at_cursor(self, text: str) -> None:
        """A `:` typed into the empty bar is the key that opens it, typed again from habit: no text."""
        if not self.value:
            text = text.lstrip(":")
        if text:
            super().insert_text_at_cursor(text)

    def action_complete(self) -> None:
        """Complete the word (and the space after it); Tab again offers the next candidate."""
        if self.session is None:
            return
        if self._tab is None:
            from ...engine.commands.completion import TabCycle

            self._tab = TabCycle()
        completed = self._tab.press(self.session.encounter, self.value)
        if completed is not None:
            self.value = completed
            self.cursor_position = len(self.value)

    def action_leave(self) -> None:
        self.value = ""
        self.screen.query_one("#order").focus()
