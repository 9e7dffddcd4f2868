"""A new encounter: pick the ruleset, name it, list the creatures one line each (`Goblin x4 hp=7`)."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Header, Input, Label, OptionList, Static, TextArea
from textual.widgets.option_list import Option

from ... import paths
from ...engine.commands import STAT_PREFIX
from ...engine.encounter import Encounter
from ...engine.errors import CombatError
from ...engine.ruleset import RulesetDef
from ...session import Session, catalogue, load_library
from .. import styles

EXAMPLE = "Kara pc hp=24 init=17\nGoblin x4 hp=7 init=d20+2"
RESERVED = {"init", "notes", "side", "hp"}  # keys `add` reads itself: a stat of that id is `stat-ID=`


def creature_keys(rs: RulesetDef) -> Text:
    """The KEY=N words a creature line takes in this ruleset, each with the ruleset's own name for it."""
    health = rs.health_pool()
    keys: list[tuple[str, str]] = [("init", "initiative, a number or dice")]
    if health is not None:
        keys.insert(0, ("hp", rs.pool(health).name))
    keys += [(p.id, p.name) for p in rs.pools if p.short and p.id not in (health, "hp")]
    keys += [(f"{STAT_PREFIX}{s.id}" if s.id in RESERVED else s.id, s.name) for s in rs.stats]
    out = Text("Keys: ", style="bold")
    for i, (key, name) in enumerate(keys):
        out.append(" · " if i else "").append(f"{key}=", style="bold").append(name)
    return out


class NewScreen(Screen[None]):
    BINDINGS = [
        Binding("ctrl+s", "create", "Create and start", id="new.create"),
        Binding("escape", "back", "Back", id="new.back"),
    ]

    def __init__(self, data_dir: str | None = None) -> None:
        super().__init__()
        self.data_dir = data_dir
        self.cat = catalogue()

    def compose(self) -> ComposeResult:
        yield Header(icon="⚔")
        with Horizontal(id="new-box"):
            with Vertical(id="new-left"):
                yield Label(Text("Ruleset", style="bold"))
                yield OptionList(*[Option(Text(rs.name), id=rid)
                                   for rid, rs in sorted(self.cat.rulesets.items())], id="ruleset", markup=False)
                yield Label(Text("Name", style="bold"))
                yield Input(placeholder="ford ambush", id="name")
            with Vertical(id="new-right"):
                yield Static(Text("Creatures, one a line: NAME [xN] [hp=N] [init=N|dice] [pc|npc|ally]",
                                  style="bold"), id="new-format")
                yield TextArea(id="creatures", placeholder=EXAMPLE)
                with VerticalScroll(id="new-keys-box"):
                    yield Static(id="new-keys")
                yield Static(id="new-error")
                yield Button("Create and start (ctrl+s)", id="create", variant="primary")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "combat-tui"
        self.sub_title = "new encounter"
        ol = self.query_one("#ruleset", OptionList)
        ol.highlighted = 0
        ol.focus()

    @on(OptionList.OptionHighlighted, "#ruleset")
    def _ruleset_keys(self, event: OptionList.OptionHighlighted) -> None:
        rs = self.cat.rulesets.get(event.option.id or "")
        self.query_one("#new-keys", Static).update(creature_keys(rs) if rs is not None else "")

    @on(Button.Pressed, "#create")
    def _pressed(self) -> None:
        self.action_create()

    def action_create(self) -> None:
        ol = self.query_one("#ruleset", OptionList)
        error = self.query_one("#new-error", Static)
        if ol.highlighted is None:
            error.update(Text("Pick a ruleset", style=styles.ALARM))
            return
        rid = ol.get_option_at_index(ol.highlighted).id or ""
        name = self.query_one("#name", Input).value.strip() or "encounter"
        clean = "".join(ch for ch in name if ch.isalnum() or ch in " -_").strip() or "encounter"
        path = paths.saves_dir(self.data_dir) / f"{clean}.json"
        n = 2
        while path.exists():
            path = paths.saves_dir(self.data_dir) / f"{clean} {n}.json"
            n += 1
        enc = Encounter.new(self.cat.get(rid), name=clean)
        enc.library = load_library(self.cat, self.data_dir)
        lines = [ln.strip() for ln in self.query_one(TextArea).text.splitlines() if ln.strip()]
        for i, line in enumerate(lines, 1):
            try:
                enc.run(f"add {line}")
            except CombatError as exc:
                error.update(Text(f"line {i}: {exc}", style=styles.ALARM))
                return
        try:
            session = Session.start(enc, path)
        except CombatError as exc:
            error.update(Text(str(exc), style=styles.ALARM))
            return
        from ..app import CombatApp

        app = self.app
        assert isinstance(app, CombatApp)
        app.show_session(session)

    def action_back(self) -> None:
        self.app.pop_screen()
