"""The main screen's keys beside the fight: look up, read the log back, save as, open another, the
players' view, help and quit. None of them runs a command."""

from __future__ import annotations

from textual import events, on

from ...engine.lookup import entries
from ...engine.state.errors import CombatError
from ...session import Session
from .. import styles
from ..host import host
from ..widgets.log_pane import LogPane
from ..widgets.order_pane import OrderPane
from ..widgets.pick_list import Choice
from .asking import Questions
from .gm_screen import GMScreen


class Asides(GMScreen):
    session: Session
    questions: Questions

    def refresh_view(self) -> None:
        """The view built again (the main screen's)."""

    def retitle(self) -> None:
        """The header says the encounter and its save again (the main screen's)."""

    @on(LogPane.Done)
    def _done_reading(self) -> None:
        self.part(LogPane).reading = False
        self.set_focus(self.part(OrderPane))

    @on(events.DescendantFocus)
    def _focus_moved(self, event: events.DescendantFocus) -> None:
        log = self.part(LogPane)
        if log.reading and event.widget is not log:  # Tab or a click took the GM elsewhere: done reading
            log.reading = False

    def action_read_log(self) -> None:
        log = self.part(LogPane)
        if log.reading:
            self._done_reading()
            return
        log.reading = True
        self.set_focus(log)

    def action_lookup(self) -> None:
        rs = self.session.encounter.rs
        items = [Choice(f"{e.kind}:{e.id}", e.name, "\n".join(e.lines), e.kind) for e in entries(rs)]

        def show(pick: str) -> None:
            entry = next(e for e in entries(rs) if f"{e.kind}:{e.id}" == pick)
            log = self.part(LogPane)
            log.note(f"{entry.name} ({entry.kind})", style=styles.HEADING)
            for line in entry.lines:
                log.note("  " + line)

        self.questions.choose(f"Look up ({rs.name})", items, show)

    def action_save(self) -> None:
        def save(name: str) -> None:
            try:
                path = self.session.save_as(name, self._data_dir())
            except CombatError as exc:
                self.notify(str(exc), severity="error", markup=False)
                return
            self.notify(f"Saved as {path.name}", markup=False)
            self.refresh_view()  # the title has the save's new name
            self.retitle()

        self.questions.ask("Save as (a name in the saves folder)", "ford ambush", save,
                           value=self.session.encounter.doc.name)

    def action_open(self) -> None:
        from .open import OpenScreen

        self.app.push_screen(OpenScreen(self._data_dir()))

    def _data_dir(self) -> str | None:
        """The data folder the app was started with (`--data-dir`), where saves are listed and named."""
        app = host(self.app)
        return app.data_dir if app is not None else None

    def action_players(self) -> None:
        from ..player.share import ShareDialog  # the players' view and its server: when first asked for

        self.app.push_screen(ShareDialog(self.session.path))

    def action_help(self) -> None:
        from .help import HelpScreen

        unsaved = self.session.save_error if self.session.unsaved else None
        app = host(self.app)
        keymap = app.preferences.keymap if app is not None else None  # the settings file's keys
        self.app.push_screen(HelpScreen(self.BINDINGS, unsaved, keymap))

    async def action_quit(self) -> None:
        await self.app.action_quit()  # the app's: it asks first when a change is not saved
