"""The save's face on screen: the main screen as the save last showed it, drawn from its plain data while
the engine loads (`store/face.py`). Nothing here runs a command: the app keeps the keys typed meanwhile
and hands them to the real main screen, which takes this one's place."""

from __future__ import annotations

from textual.app import ComposeResult

from ...store.face import Face
from .gm_screen import GMScreen


class FaceScreen(GMScreen):
    def __init__(self, shown: Face, save_name: str) -> None:
        super().__init__()
        self.shown = shown
        self.save_name = save_name  # cleaned: as the main screen's header says it
        self.set_reactive(GMScreen.view, shown.view)

    def compose(self) -> ComposeResult:
        yield from self.panes(self.shown.log, None)

    def on_mount(self) -> None:
        self.title = self.shown.view.title
        self.sub_title = self.sub_title_for(self.save_name)
        self.set_focus(self.query_one("#order"))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """As the main screen answers on opening (the order pane focused, nothing asked)."""
        if action == "run_command":
            return False
        return self.shown.key(action)
