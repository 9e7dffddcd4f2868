"""The save's face on screen: the main screen as the save last showed it, drawn from its plain data while
the engine loads (`store/face.py`). Nothing here runs a command: the app keeps the keys typed meanwhile
and hands them on once the session is loaded, when this very screen becomes its main screen."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult

from ...store.face import Face
from ..widgets.command_bar import CommandBar
from ..widgets.log_pane import LogPane
from ..widgets.order_pane import OrderPane
from .gm_screen import GMScreen

if TYPE_CHECKING:
    from ...session import Session
    from .main import MainScreen


class FaceScreen(GMScreen):
    def __init__(self, shown: Face, save_name: str) -> None:
        super().__init__()
        self.shown = shown
        self.save_name = save_name  # cleaned: as the main screen's header says it
        self.set_reactive(GMScreen.view, shown.view)

    def compose(self) -> ComposeResult:
        yield from self.panes(self.shown.log, None, askers=False)  # the first frame shows neither

    async def add_askers(self) -> None:
        """Once the first frame is drawn, what the main screen asks with, in their place."""
        await self.mount_all(self.askers(), before=0)

    def on_mount(self) -> None:
        self.title = self.shown.view.title
        self.sub_title = self.sub_title_for(self.save_name)
        self.set_focus(self.query_one("#order"))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """As the main screen answers on opening (the order pane focused, nothing asked)."""
        if action == "run_command":
            return False
        return self.shown.key(action)

    def become_main(self, session: Session) -> MainScreen:
        """The session is loaded: this screen becomes its main screen, with the widgets it has drawn.
        Composing and styling the main screen's widgets a second time was most of the wait between the
        face and keys that work. Both are the same widgets over the same view (gm_screen.py), and the
        main screen adds no key or style of its own (a test holds it to that: both were set as this
        screen was made), so only what the loaded save shows otherwise is redrawn: nothing, unless the
        save changed since its face was read."""
        from ...engine.views.gm import LOG_SHOWN
        from .main import MainScreen

        face_view, face_log = self.view, list(self.shown.log)
        self.__class__ = MainScreen  # type: ignore[assignment]  # a GMScreen both, same widgets and styles
        main: MainScreen = self  # type: ignore[assignment]
        main.take(session)  # its own state
        main.set_reactive(GMScreen.view, face_view)  # as the panes show it
        order = main.query_one(OrderPane)
        picked = order.highlighted_id()
        if picked in session.encounter.state.combatants:
            main.set_reactive(MainScreen.selected, picked)
            main.post_message(OrderPane.Picked(picked))  # as the pane says it on mounting: the screen's pick
        main.refresh_view()  # the panes bound to the view redraw the parts that differ from the face's
        log = [(e.stamp, e.command, e.lines) for e in session.encounter.history(LOG_SHOWN)]
        if log != face_log:
            main.query_one(LogPane).write_again(log)
        main.query_one(CommandBar).complete_in(session)
        main.on_mount()
        main.refresh_bindings()  # the keys' states are the main screen's to say now
        return main
