"""The players' view app: read-only, follows the GM's save as it changes on disk.

The GM's app writes the save in SQLite transactions; the app watches the save's folder with
watchfiles (inotify on Linux: it sleeps until something happens, no polling) and reloads when an
event names the save or its journal. A save that cannot be read for a moment keeps the last good
state on screen with a one-line notice. It only reads.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from rich.text import Text
from textual import work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.events import Resize
from textual.reactive import reactive
from textual.widgets import Footer, Static
from watchfiles import Change, awatch

from ...engine.state.errors import CombatError
from ...engine.views.player_view import PlayerView
from ...session import catalogue
from ...store.rulesets import Catalogue
from ...store.saves import load_view
from .. import styles
from .now_panel import NowPanel
from .order_list import OrderList
from .party_panel import PartyPanel

NARROW = 80  # below this many columns the order and the party stack instead of sitting side by side


class PlayerApp(App[None]):
    CSS_PATH = "player.tcss"
    TITLE = "combat-tui · players' view"
    ENABLE_COMMAND_PALETTE = False  # nothing to run: the players' view changes nothing
    BINDINGS = [Binding("q", "quit", "Quit", id="player.quit")]

    view: reactive[PlayerView | None] = reactive(None)
    notice: reactive[str] = reactive("")

    def __init__(self, path: Path, cat: Catalogue | None = None, first: PlayerView | None = None,
                 follow: bool = True) -> None:
        super().__init__()
        self.path = path
        self.cat = cat if cat is not None else catalogue()
        self.set_reactive(PlayerApp.view, first)
        self.following = follow
        self._stop = asyncio.Event()
        styles.install(self)

    def compose(self) -> ComposeResult:
        yield NowPanel(id="now").data_bind(PlayerApp.view)
        with Horizontal(id="player-panes"):
            with VerticalScroll(id="order-box"):
                yield OrderList(id="order").data_bind(PlayerApp.view)
            with VerticalScroll(id="party-box"):
                yield PartyPanel(id="party").data_bind(PlayerApp.view)
        yield Static(id="notice", markup=False)
        yield Footer()

    async def on_mount(self) -> None:
        styles.follow(self)
        self.query_one("#order-box").border_title = "Acting order"
        self.query_one("#party-box").border_title = "The party"
        self.query_one("#notice").display = False
        if self.view is None:
            await self.reload()
        if self.following:
            self.follow()

    def on_resize(self, event: Resize) -> None:
        self.set_class(event.size.width < NARROW, "-narrow")

    @work(exclusive=True, group="follow")
    async def follow(self) -> None:
        """Reload on every change the file system reports for the save (the folder is watched, since an
        atomic save replaces the file); sleeps in between."""
        names = {self.path.name, f"{self.path.name}-journal"}  # the save, and SQLite's journal beside it

        def ours(change: Change, where: str) -> bool:
            return Path(where).name in names

        try:
            async for _ in awatch(self.path.parent, watch_filter=ours, stop_event=self._stop, debounce=300,
                                  step=30, recursive=False):
                await self.reload()
        except (OSError, RuntimeError):  # the folder vanished, or too many watches
            self.notice = "⚠ stopped following the save: its folder can no longer be watched"

    async def reload(self) -> None:
        try:
            view = await asyncio.to_thread(load_view, self.path, self.cat)
        except CombatError as exc:
            self.notice = f"⚠ {exc} — showing the last good state"
            return
        self.notice = ""
        self.view = view

    def watch_notice(self, text: str) -> None:
        for notice in self.query("#notice").results(Static):
            notice.update(Text(text))
            notice.display = bool(text)

    async def action_quit(self) -> None:
        self._stop.set()
        self.exit()

    def on_unmount(self) -> None:
        self._stop.set()
