"""Which of the main screen's keys work now: what the encounter allows, worked out once a change (the
footer dims or hides the rest; Textual asks about every key, several times a command), and what the
focus allows, read as the key comes."""

from __future__ import annotations

from typing import Any

from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Input

from ...engine.encounter import Encounter
from ...engine.views.gm_view import ENCOUNTER_KEYS, key_state
from ..widgets.command_bar import CommandBar
from ..widgets.footer import QuietFooter
from ..widgets.log_pane import LogPane


def by_focus(action: str, focused: Widget | None) -> bool | None:
    """False or None where the focused widget has the key; True where it leaves it to the screen."""
    if action == "run_command":
        return isinstance(focused, CommandBar)  # elsewhere Enter is the focused widget's
    if action == "add_creature" and isinstance(focused, Input):
        return False  # a typed "+" (Textual names it no character, so the input does not claim it)
    if action == "unmark" and isinstance(focused, Input | LogPane):
        return None  # Escape leaves the command bar (Textual gives it its letters itself), or the log
    return True


class Availability:
    def __init__(self, actions: list[str]) -> None:
        self.actions = actions  # the screen's, in the order of its bindings
        self._encounter: dict[str, bool | None] = {}
        self._at: tuple[object, ...] = ()  # the encounter and its change the states above are of
        self._told: tuple[bool | None, ...] = ()  # each key's state when the footer last heard

    def _of(self, enc: Encounter) -> dict[str, bool | None]:
        """What the encounter's keys allow, worked out again when it changed (undo and redo move the
        log's cursor)."""
        at = (enc, enc.revision, enc.doc.cursor, len(enc.doc.log))
        if at != self._at:
            self._at = at
            self._encounter = {action: key_state(enc, action) for action in ENCOUNTER_KEYS}
        return self._encounter

    def check(self, action: str, enc: Encounter, focused: Widget | None) -> bool | None:
        by = by_focus(action, focused)
        return self._of(enc).get(action, True) if by is True else by

    def tell(self, screen: Screen[Any], enc: Encounter, footer: QuietFooter) -> None:
        """The footer told, when a key's state moved since it last heard. Asking it is not free; and not
        while a question holds it (the focus given back asks it then, for the screen's keys)."""
        if footer.held:
            return
        keys = tuple(self.check(action, enc, screen.focused) for action in self.actions)
        if keys == self._told:
            return
        self._told = keys
        if not footer.relight(screen):  # keys dimmed or lit now, in this frame
            screen.refresh_bindings()  # the keys shown changed: the footer rebuilds
