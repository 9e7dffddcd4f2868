"""Quitting while changes are only in memory: the GM says where to write them, or says to lose them.

Every way out of the app comes here first (see `CombatApp.action_quit`). Enter writes a rescue file
beside the save, the safe choice; losing the changes takes two keys, x then y.
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static

from ...engine.state.errors import CombatError
from ...session import Session
from ...store.saves import SUFFIX
from .. import styles
from ..host import host


def typed_path(text: str, rescue_name: str) -> Path:
    """The file a GM typed: `~` expanded; a folder gets the rescue file's name; `.combat` added if
    missing (`.json` writes JSON)."""
    path = Path(text.strip()).expanduser()
    if path.is_dir():
        return path / rescue_name
    return path if path.suffix else path.with_name(path.name + SUFFIX)


class QuitDialog(ModalScreen[None]):
    BINDINGS = [
        Binding("r", "rescue", "Rescue file", id="quit.rescue"),
        Binding("a", "another", "Another path", id="quit.another"),
        Binding("x", "lose", "Lose them", id="quit.lose"),
        Binding("y", "lose_confirmed", "Yes, lose them", show=False, id="quit.lose_confirmed"),
        Binding("escape", "stay", "Stay", id="quit.stay"),
    ]

    def __init__(self, session: Session, data_dir: str | None = None) -> None:
        super().__init__()
        self.session = session
        self.data_dir = data_dir
        self.rescue = session.rescue_path(data_dir)
        self._losing = False  # x was pressed: y now quits without them

    def compose(self) -> ComposeResult:
        beside = self.rescue.parent == self.session.path.parent
        where = f"beside {self.session.path.name}" if beside else "in the saves folder"
        with Vertical(classes="dialog wide", id="quit"):
            yield Label(Text("Changes not saved", style="bold"), classes="dialog-title")
            yield Static(Text(f"{self.session.save_error or 'The last save failed.'}"), id="quit-why")
            yield Static(Text("What you did since the last good save is only in memory. Write it somewhere "
                              "before quitting:"), id="quit-what")
            yield Button(Text(f"r  write them to {self.rescue.name} {where}"), id="quit-rescue", compact=True)
            with Horizontal(id="quit-other"):
                yield Label("a  or save to: ")
                yield Input(placeholder="a path, e.g. ~/ford-rescue.combat", id="quit-path")
            yield Button("x  quit and lose the changes since the last save", id="quit-lose", compact=True)
            yield Button("Esc  stay in the encounter", id="quit-stay", compact=True)
            yield Static(id="quit-status")

    def on_mount(self) -> None:
        self.query_one("#quit-rescue", Button).focus()  # Enter: the safe choice

    def _say(self, text: str, error: bool = False) -> None:
        self.query_one("#quit-status", Static).update(Text(text, style=styles.ERROR if error else "bold"))

    def _write(self, path: Path) -> None:
        """Write the copy and quit, or say in one line why not and stay."""
        try:
            self.session.write_copy(path)
        except CombatError as exc:
            self._say(f"Not written: {exc}. Type another path, then Enter", error=True)
            self.query_one("#quit-path", Input).focus()
            return
        app = self.app
        if (there := host(app)) is not None:
            there.let_go(0, f"The changes not saved in {self.session.path.name} are in {path}")
        app.exit()

    def action_rescue(self) -> None:
        self._losing = False
        self._write(self.rescue)

    def action_another(self) -> None:
        self._losing = False
        self.query_one("#quit-path", Input).focus()

    @on(Input.Submitted, "#quit-path")
    def _typed(self, event: Input.Submitted) -> None:
        if not event.value.strip():
            self._say("Type a path for the copy, or press Escape to stay", error=True)
            return
        self._write(typed_path(event.value, self.rescue.name))

    def action_lose(self) -> None:
        self._losing = True
        self._say("Press y to quit and lose them; any other choice keeps them", error=True)

    def action_lose_confirmed(self) -> None:
        if not self._losing:
            return
        app = self.app
        if (there := host(app)) is not None:
            there.let_go(1, f"Quit without saving: the changes since the last save of {self.session.path.name} "
                          "were not kept")
        app.exit(return_code=1)

    def action_stay(self) -> None:
        self.dismiss(None)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        actions = {"quit-rescue": self.action_rescue, "quit-lose": self.action_lose, "quit-stay": self.action_stay}
        if event.button.id in actions:
            actions[event.button.id]()
