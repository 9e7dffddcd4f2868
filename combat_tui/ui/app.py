"""The app: holds the session and swaps screens; the screens do the work."""

from __future__ import annotations

import asyncio
import contextlib
import signal
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from textual import events
from textual.app import App
from textual.binding import Binding
from textual.screen import Screen
from textual.widget import Widget

from ..engine.state.errors import CombatError
from . import styles
from .key_line import KeyLine, RoutedKey
from .palette import EncounterCommands
from .preferences import Preferences
from .quiet_gc import QuietCollector

# The session, the engine and the screens over them are imported when first needed: the app's first
# frame may be the save's face (screens/face.py), drawn before the engine is loaded.
if TYPE_CHECKING:
    from ..engine.library import Library
    from ..session import Session
    from ..store.face import Face

Load = Callable[[], "tuple[Session | None, str]"]  # the session and a note for the GM; CombatError: one line


@dataclass(frozen=True)
class FaceStart:
    """Start on the save's face (`screens/face.py`), and right after its first frame `load` the session."""

    shown: Face
    save_name: str  # as the header says it
    load: Load


class CombatApp(App[None]):
    CSS_PATH = "app.tcss"
    TITLE = "combat-tui"
    COMMANDS = App.COMMANDS | {EncounterCommands}
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", show=False, id="app.quit")]

    def __init__(self, session: Session | None = None, data_dir: str | None = None, note: str = "",
                 face: FaceStart | None = None, load_after_first_frame: bool = True) -> None:
        super().__init__()
        self.session = session
        self.face = face
        self._load_soon = load_after_first_frame  # a test loads it itself, once it has typed
        self.typed: list[events.Key] | None = [] if face is not None else None  # keys read while the face shows
        self.data_dir = data_dir
        self.note = note  # one line for the GM once the screen is up (a demo resumed, say)
        self.preferences = Preferences(self, remappable)
        self.collector = QuietCollector(self)
        self.keys = KeyLine(self, super().on_event)
        # What the GM decided for changes not saved (exit status, one line for the terminal): set, the
        # session may close with them; the command line prints the line after the app is gone.
        self.outcome: tuple[int, str] | None = None
        self._told: set[str] = set()  # library problems already shown: each once a run, not once an open
        styles.install(self)

    # A closed terminal (SIGHUP) or a polite kill (SIGTERM) quits as the app's own exit does, so a change
    # only in memory goes to a rescue file (on_unmount) instead of dying with the process.
    SIGNALS = (signal.SIGHUP, signal.SIGTERM) if hasattr(signal, "SIGHUP") else ()

    def on_mount(self) -> None:
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):  # not the main thread, Windows
            loop = asyncio.get_running_loop()
            for sig in self.SIGNALS:
                loop.add_signal_handler(sig, self.exit)
        self.preferences.apply()
        styles.follow(self)
        if self.face is not None:
            from .screens.face import FaceScreen

            self.push_screen(FaceScreen(self.face.shown, self.face.save_name))
            if self._load_soon:
                self.call_after_refresh(self.load_session)
        else:
            self._opened()
            self.call_after_refresh(self.collector.start)

    def _opened(self) -> None:
        """The session's screen (or the open screen), and what the GM is to be told on arriving."""
        if self.session is not None:
            from .screens.main import MainScreen

            self.push_screen(MainScreen(self.session))
            # after the first frame: checking the library's entries reads every ruleset
            self.call_after_refresh(self.tell_library, self.session.encounter.library)
        else:
            from .screens.open import OpenScreen

            self.push_screen(OpenScreen(self.data_dir))
        self._tell()

    def _tell(self) -> None:
        if self.note:
            self.notify(self.note, markup=False, timeout=15)
        if self.session is not None and self.session.converted_note:
            self.notify(self.session.converted_note, markup=False, timeout=15)

    async def load_session(self) -> None:
        """The face is up: load the session and put its main screen in the face's place, then the keys
        typed meanwhile go to it, in order. Loading fails: the app ends with the one line the command
        line gives without a face."""
        from ..engine.state.errors import CombatError as Failed

        assert self.face is not None
        try:
            self.session, note = self.face.load()
        except Failed as exc:
            self.outcome = (1, f"error: {exc}")
            self.typed = None
            self.exit(return_code=1)
            return
        self.note = note or self.note
        from .screens.face import FaceScreen

        assert self.session is not None
        face = next(s for s in self.screen_stack if isinstance(s, FaceScreen))  # under a dialog, may be
        await face.add_askers()
        face.become_main(self.session)
        self.call_later(self.ready)

    async def ready(self) -> None:
        """The face's screen is the main screen now: what the GM is told, then the keys typed meanwhile, in
        order (those read since wait in the app's queue behind this)."""
        assert self.session is not None
        self._tell()
        typed, self.typed = self.typed or [], None
        for key in typed:
            await self.keys.arrived(key)
        self.call_after_refresh(self._settled, self.session)

    def _settled(self, session: Session) -> None:
        """Once the keys typed ahead are handled (after the main screen's first frame, when there were
        none): what waits for them, checking the library's entries (it reads every ruleset) and the
        collector (launch.py: its passes over a heap that only grew while the engine loaded)."""
        if self.keys.busy:
            self.call_after_refresh(self._settled, session)
            return
        self.tell_library(session.encounter.library)
        self.collector.start()

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key) and not event.is_forwarded:
            self.collector.key()
            if self.typed is not None:  # the face is up: kept for the main screen
                self.typed.append(event)
                return
            await self.keys.arrived(event)  # routed in the order typed (see key_line.py)
            return
        await super().on_event(event)
        if isinstance(event, RoutedKey):
            self.keys.done(event)  # it came back up from the focused widget: handled

    async def action_quit(self) -> None:
        """Every way out (q, ctrl+q, the palette's Quit) comes here: with changes only in memory, the GM
        is asked where to write them first."""
        session = self.session
        if session is not None and self.outcome is None:
            if session.save_error is not None:
                session.save()  # once more first: the disk may have room again
            if session.unsaved:  # waits for a save under way
                from .dialogs.quit import QuitDialog

                if not isinstance(self.screen, QuitDialog):
                    self.push_screen(QuitDialog(session, self.data_dir))
                return
        self.exit()

    def let_go(self, status: int, line: str) -> None:
        """The GM has dealt with the changes not saved (written elsewhere, or chosen to lose them)."""
        self.outcome = (status, line)

    def _last_resort(self, session: Session) -> str | None:
        """Closing a session whose changes are only in memory, the GM not asked (a way out that missed
        action_quit, or another encounter opened): they go to a rescue file. Says where, or that they are lost."""
        if self.outcome is not None or not session.unsaved:
            return None
        try:
            path = session.rescue_path(self.data_dir)
            session.write_copy(path)
        except CombatError as exc:
            self.outcome = (1, f"The changes since the last save of {session.path.name} are lost: {exc}")
        else:
            self.outcome = (1, f"{session.path.name} could not be saved; the changes are in {path}")
        return self.outcome[1]

    def show_session(self, session: Session) -> None:
        """Leave whatever is open and play this encounter."""
        if self.session is not None and self.session is not session:
            rescued = self._last_resort(self.session)
            self.outcome = None  # that one is dealt with; the next is asked about again
            if rescued:
                self.notify(rescued, severity="warning", markup=False, timeout=30)
            self.session.keep_face()  # for the next start's first frame
            self.session.close()
        self.session = session
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.collector.thaw()  # the screens just dropped go back to the collector
        from .screens.main import MainScreen

        self.push_screen(MainScreen(session))
        self.tell_library(session.encounter.library)

    def library(self) -> Library:
        """The starter bestiary and the GM's library folder, read afresh (keep and party may have written to it)."""
        from ..session import catalogue, load_library

        return load_library(catalogue(), self.data_dir)

    def tell_library(self, lib: Library | None) -> None:
        """Bad library entries (skipped), once: one line each, or a count and the first few."""
        new = [p for p in (lib.problems if lib is not None else []) if p not in self._told]
        if not new:
            return
        self._told.update(new)
        head = "Library entries skipped:" if len(new) > 1 else "Library entry skipped:"
        lines = new if len(new) <= 3 else [*new[:3], f"… and {len(new) - 3} more (combat-tui library lists them)"]
        self.notify("\n".join([head, *lines]), severity="warning", markup=False, timeout=20)

    def on_unmount(self) -> None:
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop = asyncio.get_running_loop()
            for sig in self.SIGNALS:
                loop.remove_signal_handler(sig)
        self.collector.stop()
        from ..players.serving import stop_all  # here, not at start: the first frame has no use for it

        stop_all()  # players' view servers started from this app
        if self.session is not None:
            self._last_resort(self.session)
            self.session.keep_face()  # for the next start's first frame
            self.session.close()  # the save's file goes

    def open_path(self, path: str | Path) -> None:
        from ..session import Session, catalogue

        try:
            session = Session.open(Path(path), catalogue(), lib=self.library())
        except CombatError as exc:
            self.notify(str(exc), severity="error", markup=False)
            return
        self.show_session(session)
        if session.converted_note:
            self.notify(session.converted_note, markup=False, timeout=15)

    def open_demo(self, ruleset: str, fresh: bool = False) -> None:
        """A demo from the open screen: the played copy resumed, or (`fresh`) started again, the played one kept."""
        from ..session import open_demo

        if self.session is not None:
            self.session.flush()  # this demo may be the one open: the played copy kept has every change
        try:
            demo = open_demo(ruleset, self.data_dir, fresh=fresh)
        except CombatError as exc:
            self.notify(str(exc), severity="error", markup=False)
            return
        self.open_path(demo.path)
        note = demo.note("its “start again” entry in the open screen")
        if note and self.session is not None and self.session.path == demo.path:
            self.notify(note, markup=False, timeout=15)


def remappable() -> list[list[Binding]]:
    """The bindings of the app, each of its screens and dialogs, for the settings file's keys: a key is
    one binding's within each. Imported here, only when keys are remapped: the app is the one module
    that knows every screen."""
    from .dialogs.quit import QuitDialog
    from .screens.help import HelpScreen
    from .screens.main import MainScreen
    from .screens.new import NewScreen
    from .screens.open import OpenScreen
    from .widgets.command_bar import CommandBar
    from .widgets.pick_list import PickList
    from .widgets.question_bar import QuestionBar

    owners: list[type[App[None] | Screen[None] | Widget]] = [
        CombatApp, MainScreen, OpenScreen, NewScreen, HelpScreen, QuestionBar, PickList, QuitDialog, CommandBar]
    return [[b for b in owner.BINDINGS if isinstance(b, Binding) and b.id] for owner in owners]
