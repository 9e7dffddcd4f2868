"""Every key of the main screen, made from its bindings so it can never fall out of date; `e` changes
one (its id, then its new key), used at once and kept in the settings file."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from ... import settings
from .. import styles
from ..host import host
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
    BINDINGS = [Binding("escape,q,question_mark", "close", "Close", id="help.close"),
                Binding("e", "edit", "Change a key", id="help.edit")]

    def __init__(self, bindings: list[BindingType], unsaved: str | None = None,
                 keymap: dict[str, str] | None = None) -> None:
        """`unsaved`: why the last save failed, while changes are only in memory; `keymap`: keys remapped."""
        super().__init__()
        self.bindings = bindings
        self.unsaved = unsaved
        self.keymap = keymap or {}
        self.editing: str | None = None  # the binding id whose new key is asked; "" while its id is

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog wide", id="help"):
            yield Static(Text("Keys", style="bold"), classes="dialog-title")
            if self.unsaved is not None:
                yield Static(Text(f"Not saved: {self.unsaved}. q asks where to write them.", style=styles.ERROR),
                             id="help-unsaved")
            yield Static(key_table(self.bindings, self.unsaved, self.keymap), id="help-keys")
            saved = "Every change is saved at once; " if self.unsaved is None else ""
            yield Static(Text("Actions apply to the marked creatures (space marks), else the highlighted one. "
                              f"{saved}u undoes, U redoes. Escape closes. e changes a key (its id, then the key), "
                              'kept in the settings file (combat-tui paths) as "main.damage" = "f5".', style="dim"))
            with Horizontal(id="help-edit"):
                yield Label(id="help-question")
                yield Input(id="help-answer")
            yield Static(id="help-said")

    def on_mount(self) -> None:
        self.query_one("#help-edit").display = False

    def _ids(self) -> dict[str, str]:
        """What a GM may type for a key (`damage`, `main.damage`) -> its binding id."""
        out: dict[str, str] = {}
        for b in self.bindings:
            if isinstance(b, Binding) and b.id:
                out[b.id] = out[b.id.removeprefix("main.")] = b.id
        return out

    def _ask(self, question: str) -> None:
        self.query_one("#help-question", Label).update(Text(question + " ", style="bold"))
        entry = self.query_one("#help-answer", Input)
        entry.value = ""
        self.query_one("#help-edit").display = True
        self.set_focus(entry)

    def _say(self, line: str, alarm: bool = False) -> None:
        self.query_one("#help-said", Static).update(Text(line, style=styles.ALARM if alarm else "italic"))

    def action_edit(self) -> None:
        self.editing = ""
        self._ask("Change which key? its id (e.g. damage):")

    @on(Input.Submitted, "#help-answer")
    def _answered(self, event: Input.Submitted) -> None:
        typed = event.value.strip()
        if self.editing == "":
            bid = self._ids().get(typed.lower())
            if bid is None:
                self._say(f"no key with the id {typed[:30]!r}: the ids are in the last column", alarm=True)
                return
            self.editing = bid
            self._ask(f"New key for {bid.removeprefix('main.')} (a letter, or f5, ctrl+x):")
            return
        bid, self.editing = self.editing or "", None
        self.query_one("#help-edit").display = False
        self.set_focus(None)
        app = host(self.app)
        problem = app.preferences.remap(bid, typed) if app is not None else "keys cannot be changed here"
        if problem or app is None:
            self._say(f"{bid.removeprefix('main.')} keeps its key: {problem}", alarm=True)
            return
        self.keymap = app.preferences.keymap
        self.query_one("#help-keys", Static).update(key_table(self.bindings, self.unsaved, self.keymap))
        self._say(f"{bid.removeprefix('main.')} is now {shown(settings.key_list(typed))}, kept in the settings file")

    def action_close(self) -> None:
        if self.editing is not None:  # Escape while asked: nothing changed
            self.editing = None
            self.query_one("#help-edit").display = False
            self.set_focus(None)
            return
        self.dismiss(None)
