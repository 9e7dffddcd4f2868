"""The players' initiative, asked when a fight starts: each PC's roll typed in one pass (a number,
Enter, the next), and the ones the GM leaves empty rolled by `start`. It builds the command lines; the
main screen runs them."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from ...engine.commands import command_line
from ...engine.encounter import Encounter
from ...engine.ruleset import TimeModel
from ...engine.state.model import Combatant, Side


def players_to_ask(enc: Encounter) -> list[Combatant]:
    """The PCs with no initiative yet, where the ruleset has the players roll it to set the order (free
    rounds have no order: nothing to ask)."""
    if enc.state.clock.started or enc.rs.time.model is TimeModel.FREE_ROUNDS:
        return []
    return [c for c in enc.state.roster() if c.side is Side.PC and c.initiative is None]


def start_lines(rolls: list[tuple[str, str]]) -> list[str]:
    """`init NAME N` for each roll typed, then `start`, which rolls for the rest."""
    return [command_line("init", name, typed=value) for name, value in rolls if value.strip()] + ["start"]


class InitiativeDialog(ModalScreen[list[str] | None]):
    """Dismissed with the lines to run, or None (Escape: not started)."""

    BINDINGS = [
        # Priority, so it is done before the next key is routed: the digits typed right after Enter
        # land in the next player's line.
        Binding("enter", "next", "Next", show=False, priority=True, id="initiative.next"),
        Binding("escape", "cancel", "Not yet", id="initiative.cancel"),
    ]

    def __init__(self, players: list[Combatant]) -> None:
        super().__init__()
        self.names = [c.name for c in players]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="initiative"):
            yield Label(Text("The players' initiative", style="bold"), classes="dialog-title")
            for i, name in enumerate(self.names):
                with Horizontal(classes="initiative-row"):
                    yield Label(Text(name if len(name) <= 17 else name[:16] + "…"), classes="initiative-name")
                    yield Input(placeholder="their roll, or Enter: rolled for them", id=f"roll-{i}",
                                classes="initiative-roll", compact=True)
            yield Static(Text("A number, Enter, the next; an empty one is rolled. Escape: not started yet.",
                              style="dim"))

    def on_mount(self) -> None:
        self.set_focus(self.query_one("#roll-0", Input))

    def _inputs(self) -> list[Input]:
        return list(self.query(".initiative-roll").results(Input))

    def action_next(self) -> None:
        inputs = self._inputs()
        at = next((i for i, field in enumerate(inputs) if field is self.focused), len(inputs) - 1)
        if at + 1 < len(inputs):
            self.set_focus(inputs[at + 1])
            return
        self.dismiss(start_lines([(name, field.value) for name, field in zip(self.names, inputs, strict=True)]))

    def action_cancel(self) -> None:
        self.dismiss(None)
