"""Every key of the main screen, made from its bindings so it can never fall out of date."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from .. import styles
from ..preferences import remapped, shown

EXTRA = [
    ("↑ ↓", "move between creatures (the sheet and sidebar follow)"),
    ("Tab", "in the command bar: complete the word; elsewhere: next pane"),
    ("Enter", "in the conditions list: add the highlighted condition"),
    ("ctrl+p", "command palette: creatures, conditions, rules, actions"),
    ("hidden", "after a name in the order: the players' view leaves the creature out (reveal shows it)"),
]


def key_table(bindings: list[BindingType], unsaved: str | None = None, keymap: dict[str, str] | None = None) -> Table:
    """`keymap`: the settings file's keys by binding id; those it changed say so."""
    changed = remapped(bindings, keymap or {})
    table = Table(show_header=True, header_style="bold", box=None, padding=(0, 1), expand=True)
    table.add_column("key", style=styles.HEADING, no_wrap=True)
    table.add_column("what it does", ratio=1)
    table.add_column("id", style="dim", no_wrap=True)  # what the settings file remaps it by, less "main."
    for b in bindings:
        if isinstance(b, Binding):
            what = Text(b.tooltip or b.description)
            if b.action == "quit":  # said only while true
                what = (Text("quit (everything is already saved)") if unsaved is None else
                        Text("quit: first asks where to write the changes not saved", style="bold"))
            key = b.key_display or b.key
            if b.id in changed:
                now = shown(changed[b.id])
                what.append(f" (remapped from {key})" if now else f" (no key: {key} is remapped to another)",
                            style="italic")
                key = now or "—"
            table.add_row(Text(key), what, Text((b.id or "").removeprefix("main.")))
    for key, text in EXTRA:
        table.add_row(Text(key), Text(text), Text(""))
    return table


class HelpScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,q,question_mark", "close", "Close", id="help.close")]

    def __init__(self, bindings: list[BindingType], unsaved: str | None = None,
                 keymap: dict[str, str] | None = None) -> None:
        """`unsaved`: why the last save failed, while changes are only in memory; `keymap`: keys remapped."""
        super().__init__()
        self.bindings = bindings
        self.unsaved = unsaved
        self.keymap = keymap or {}

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog wide", id="help"):
            yield Static(Text("Keys", style="bold"), classes="dialog-title")
            if self.unsaved is not None:
                yield Static(Text(f"Not saved: {self.unsaved}. q asks where to write them.", style=styles.ERROR),
                             id="help-unsaved")
            yield Static(key_table(self.bindings, self.unsaved, self.keymap))
            saved = "Every change is saved at once; " if self.unsaved is None else ""
            yield Static(Text("Actions apply to the marked creatures (space marks), else the highlighted one. "
                              f"{saved}u undoes, U redoes. Escape closes. A key is remapped in the settings file "
                              '(combat-tui paths) by its id: "main.damage" = "f5".', style="dim"))

    def action_close(self) -> None:
        self.dismiss(None)
