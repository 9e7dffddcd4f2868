"""The GM's door to the players' view: the command for another terminal, a new tmux window, or
`combat-tui serve` started as a child (stopped when combat-tui quits) with the address to share."""

from __future__ import annotations

import os
from pathlib import Path

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.timer import Timer
from textual.widgets import Button, Label, Static

from ...players.serving import LOOPBACK, ServeChild, open_in_tmux, player_view_command, serving
from .. import styles

READY_CHECKS = 50  # every 0.2 s: gives a starting server 10 s


class ShareDialog(ModalScreen[None]):
    CSS_PATH = "share.tcss"
    BINDINGS = [
        Binding("escape", "close", "Close", id="share.close"),
        Binding("s", "serve('local')", "Serve here", id="share.serve_local"),
        Binding("l", "serve('lan')", "Serve on the network", id="share.serve_lan"),
        Binding("x", "stop", "Stop serving", id="share.stop"),
        Binding("t", "tmux", "tmux window", id="share.tmux"),
    ]

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path = path
        self._checks = 0
        self._timer: Timer | None = None

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide", id="share"):
            yield Label(Text("The players' view", style="bold"), classes="dialog-title")
            yield Label(Text("In another terminal, run:"))
            yield Static(Text(player_view_command(self.path), style="bold"), id="share-command")
            with Vertical(id="share-buttons"):
                if os.environ.get("TMUX"):
                    yield Button("t  open it in a new tmux window", id="share-tmux", compact=True)
                yield Button("s  serve it to a browser on this machine", id="share-local", compact=True)
                yield Button("l  serve it to the local network (phones, the TV)", id="share-lan", compact=True)
                yield Button("x  stop serving", id="share-stop", compact=True)
            yield Static(id="share-status")
            yield Label(Text("Browsers only watch. Servers stop when combat-tui quits. Escape closes.", style="dim"))

    def on_mount(self) -> None:
        self._show()

    def _status(self, text: Text) -> None:
        self.query_one("#share-status", Static).update(text)

    def _show(self) -> None:
        child = serving(self.path)
        self.query_one("#share-stop").disabled = child is None
        if child is None:
            self._status(Text("Not served to browsers.", style="dim"))
        elif child.ready():
            where = "this machine only" if child.host == LOOPBACK else "anyone on the network can watch"
            self._status(Text.assemble("Open ", (child.url, "bold underline"), f" in a browser ({where})."))
        else:
            self._status(Text(f"Starting the server for {child.url} …", style="italic"))

    def action_serve(self, where: str) -> None:
        if serving(self.path) is not None:
            self._show()
            return
        try:
            ServeChild(self.path, host=LOOPBACK if where == "local" else "0.0.0.0")
        except OSError as exc:
            why = exc.strerror or "the system refused"
            self._status(Text(f"Could not start the server: {why}", style=styles.ERROR))
            return
        self._checks = 0
        self._show()
        if self._timer is None:
            self._timer = self.set_interval(0.2, self._check)

    def _check(self) -> None:
        child = serving(self.path)
        self._checks += 1
        if child is None or child.ready() or self._checks >= READY_CHECKS:
            if self._timer is not None:
                self._timer.stop()
                self._timer = None
            if child is None:
                self._status(Text("The server stopped at once (run combat-tui serve to see why).", style=styles.ERROR))
                return
        self._show()

    def action_stop(self) -> None:
        child = serving(self.path)
        if child is not None:
            child.stop()
        self._show()

    def action_tmux(self) -> None:
        if not os.environ.get("TMUX"):
            return
        problem = open_in_tmux(self.path)
        done = Text("Opened in the tmux window 'players' (next to this one).")
        self._status(Text(problem, style=styles.ERROR) if problem else done)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        actions = {"share-tmux": self.action_tmux, "share-local": lambda: self.action_serve("local"),
                   "share-lan": lambda: self.action_serve("lan"), "share-stop": self.action_stop}
        action = actions.get(event.button.id or "")
        if action is not None:
            action()

    def action_close(self) -> None:
        self.dismiss(None)
