"""The app: holds the session and swaps screens; the screens do the work."""

from __future__ import annotations

from pathlib import Path

from textual import events
from textual.app import App
from textual.binding import Binding

from ..engine.errors import CombatError
from ..session import Session, catalogue, demo_copy
from .key_line import KeyLine, RoutedKey
from .palette import EncounterCommands
from .player.serving import stop_all
from .quiet_gc import QuietCollector
from .screens.main import MainScreen
from .screens.open import OpenScreen


class CombatApp(App[None]):
    CSS_PATH = "app.tcss"
    TITLE = "combat-tui"
    COMMANDS = App.COMMANDS | {EncounterCommands}
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", show=False, id="app.quit")]

    def __init__(self, session: Session | None = None, data_dir: str | None = None) -> None:
        super().__init__()
        self.session = session
        self.data_dir = data_dir
        self.collector = QuietCollector(self)
        self.keys = KeyLine(self, super().on_event)

    def on_mount(self) -> None:
        if self.session is not None:
            self.push_screen(MainScreen(self.session))
        else:
            self.push_screen(OpenScreen(self.data_dir))
        self.call_after_refresh(self.collector.start)

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key) and not event.is_forwarded:
            self.collector.key()
            await self.keys.arrived(event)  # routed in the order typed (see key_line.py)
            return
        await super().on_event(event)
        if isinstance(event, RoutedKey):
            self.keys.done(event)  # it came back up from the focused widget: handled

    def show_session(self, session: Session) -> None:
        """Leave whatever is open and play this encounter."""
        if self.session is not None and self.session is not session:
            self.session.close()
        self.session = session
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.collector.thaw()  # the screens just dropped go back to the collector
        self.push_screen(MainScreen(session))

    def on_unmount(self) -> None:
        self.collector.stop()
        stop_all()  # players' view servers started from this app
        if self.session is not None:
            self.session.close()  # the lock goes; everything was saved with each change

    def open_path(self, path: str | Path) -> None:
        try:
            session = Session.open(Path(path), catalogue())
        except CombatError as exc:
            self.notify(str(exc), severity="error", markup=False)
            return
        self.show_session(session)

    def open_demo(self, ruleset: str) -> None:
        try:
            self.open_path(demo_copy(ruleset, self.data_dir))
        except CombatError as exc:
            self.notify(str(exc), severity="error", markup=False)
