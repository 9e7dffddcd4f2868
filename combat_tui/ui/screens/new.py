"""A new encounter: pick the ruleset, name it, list the creatures one line each (`Goblin x4 hp=7`), or
pick them from the library (templates and parties of that ruleset)."""

from __future__ import annotations

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Header, Input, Label, OptionList, Static, TextArea
from textual.widgets.option_list import Option

from ...engine.commands import COMMANDS, STAT_PREFIX, command_line, quote
from ...engine.encounter import Encounter
from ...engine.library import Library
from ...engine.ruleset import RulesetDef
from ...engine.state.bounds import parse_int
from ...engine.state.errors import CombatError
from ...session import Session, catalogue, list_saves, load_library
from ...store import saves
from .. import styles
from ..host import host
from ..matching import rank, ranked

EXAMPLE = "Kara pc hp=24 init=17\nGoblin x4 hp=7 init=d20+2"
# keys `add` reads itself (its spec's): a stat of that id is `stat-ID=`
RESERVED = {key for key in COMMANDS["add"].words if key.islower()}


def creature_keys(rs: RulesetDef) -> Text:
    """The KEY=N words a creature line takes in this ruleset, each with the ruleset's own name for it."""
    health = rs.health_pool()
    keys: list[tuple[str, str]] = [("init", "initiative, a number or dice")]
    if health is not None:
        keys.insert(0, ("hp", rs.pool(health).name))
    keys += [(p.id, p.name) for p in rs.pools if p.short and p.id not in (health, "hp")]
    keys += [(f"{STAT_PREFIX}{s.id}" if s.id in RESERVED else s.id, s.name) for s in rs.stats]
    if rs.body_plans:  # the word each plan is typed as: `Wolf body=quadruped`
        keys.append(("body", "body plan: " + ", ".join(p.id for p in rs.body_plans)))
    out = Text("Keys: ", style="bold")
    for i, (key, name) in enumerate(keys):
        out.append(" · " if i else "").append(f"{key}=", style="bold").append(name)
    return out


def library_options(lib: Library, ruleset: str, typed: str) -> list[Option]:
    """The ruleset's templates, then its parties, that match what was typed: those whose name (or a word
    of it) starts with it first (matching.py)."""
    templates = sorted(lib.templates_for(ruleset), key=lambda t: t.name.lower())
    found: list[tuple[str, Option]] = [(t.name, Option(Text(t.name), id=f"t:{t.name}")) for t in templates]
    for p in sorted(lib.parties_for(ruleset), key=lambda p: p.name.lower()):
        found.append((f"@{p.name}", Option(Text(f"@{p.name}").append(f"  party of {len(p.members)}", style="dim"),
                                           id=f"p:{p.name}")))
    return [option for _, option in ranked(typed, found, lambda f: f[0])]


FILTER_HINT = "type to filter, Enter adds"
LIBRARY_LABEL = "Library (ctrl+l)"


class NewScreen(Screen[None]):
    BINDINGS = [
        Binding("ctrl+s", "create", "Create and start", id="new.create"),
        Binding("ctrl+l", "library", "Library", id="new.library"),
        Binding("escape", "back", "Back", id="new.back"),
        # Priority, so it is done with before the next key is routed: typed in one burst, the keys
        # after Enter land in the field Enter went on to (a message handler would run too late).
        Binding("enter", "enter", "Next", show=False, priority=True, id="new.enter"),
    ]

    def __init__(self, data_dir: str | None = None) -> None:
        super().__init__()
        self.data_dir = data_dir
        self.cat = catalogue()
        self.lib = load_library(self.cat, data_dir)
        self.ruleset = ""
        self.how_many: str | None = None  # the template picked, its count asked in the filter's line
        self._typed = ""  # letters typed on the rulesets so far (type to select)

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
            with Vertical(id="new-lib"):  # after the creatures: Tab from the name still goes to them
                yield Label(Text(LIBRARY_LABEL, style="bold"), id="lib-label")
                yield Input(placeholder=FILTER_HINT, id="lib-filter")
                lib = OptionList(id="library", markup=False)
                lib.can_focus = False  # the filter line drives it: ↑↓ move, Enter adds
                yield lib
        yield Footer()

    def on_mount(self) -> None:
        self.title = "combat-tui"
        self.sub_title = "new encounter"
        ol = self.query_one("#ruleset", OptionList)
        ol.highlighted = self._ids().index(self._last_ruleset()) if self._last_ruleset() else 0
        ol.focus()

    def _ids(self) -> list[str]:
        ol = self.query_one("#ruleset", OptionList)
        return [ol.get_option_at_index(i).id or "" for i in range(ol.option_count)]

    def _last_ruleset(self) -> str:
        """The ruleset of the save played last: a GM's next encounter is most often of the same game."""
        return next((s.ruleset for s in list_saves(self.data_dir) if s.ruleset in self.cat.rulesets), "")

    def _type_to_select(self, char: str) -> None:
        """A letter typed on the rulesets: the highlight to the first whose name (or a word of it) starts
        with the letters typed so far; a letter that matches none with them starts again."""
        ol = self.query_one("#ruleset", OptionList)
        names = [(rid, self.cat.rulesets[rid].name.split(" (")[0]) for rid in self._ids()]  # not its summary
        for typed in (self._typed + char, char):
            found = [rid for rid, name in ranked(typed, names, lambda n: n[1]) if rank(typed, name) != 2]
            if found:
                self._typed = typed
                ol.highlighted = self._ids().index(found[0])
                return
        self._typed = ""

    @on(OptionList.OptionHighlighted, "#ruleset")
    def _ruleset_keys(self, event: OptionList.OptionHighlighted) -> None:
        rs = self.cat.rulesets.get(event.option.id or "")
        self.query_one("#new-keys", Static).update(creature_keys(rs) if rs is not None else "")
        self.ruleset = event.option.id or ""
        self._relist()

    def _relist(self) -> None:
        typed = "" if self.how_many is not None else self.query_one("#lib-filter", Input).value
        ol = self.query_one("#library", OptionList)
        ol.clear_options()
        ol.add_options(library_options(self.lib, self.ruleset, typed))
        ol.highlighted = 0 if ol.option_count else None

    def action_library(self) -> None:
        self.query_one("#lib-filter", Input).focus()

    @on(Input.Changed, "#lib-filter")
    def _filter(self) -> None:
        if self.how_many is None:
            self._relist()

    def on_key(self, event: events.Key) -> None:
        """↑↓ in the filter line move the library's highlight; letters on the rulesets pick one."""
        if self.focused is self.query_one("#ruleset", OptionList):
            if event.is_printable and event.character and not event.character.isspace():
                self._type_to_select(event.character)
                event.stop()
            else:
                self._typed = ""
            return
        if event.key in ("up", "down") and self.focused is self.query_one("#lib-filter", Input):
            ol = self.query_one("#library", OptionList)
            if event.key == "up":
                ol.action_cursor_up()
            else:
                ol.action_cursor_down()
            event.stop()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "enter":  # elsewhere Enter is the focused widget's (a new line, the button)
            return self.focused is not None and self.focused.id in ("ruleset", "name", "lib-filter")
        return True

    def action_enter(self) -> None:
        """On a ruleset: on to the name; on the name: on to the creatures, as a form does; in the
        library's filter: add the highlighted (a party), or ask how many (a template)."""
        focused = self.focused
        if focused is not None and focused.id == "ruleset":
            self.set_focus(self.query_one("#name", Input))
        elif focused is not None and focused.id == "name":
            self.set_focus(self.query_one("#creatures", TextArea))
        else:
            self._submitted()

    def _submitted(self) -> None:
        field, error = self.query_one("#lib-filter", Input), self.query_one("#new-error", Static)
        if self.how_many is not None:  # the count for the template picked
            count = parse_int(field.value.strip() or "1")  # '²' or 5,000 digits are no count
            if count is None or count < 1:
                error.update(Text(f"How many {self.how_many}: a number, 1 or more", style=styles.ALARM))
                return
            self._add_line(f"{self.how_many} x{count}")
            return
        self._relist()  # from the letters typed so far, though their own redraw may still be on its way
        ol = self.query_one("#library", OptionList)
        if ol.highlighted is None:
            error.update(Text("Nothing in the library by that name", style=styles.ALARM))
            return
        self._picked(ol.get_option_at_index(ol.highlighted).id or "")

    @on(OptionList.OptionSelected, "#library")
    def _clicked(self, event: OptionList.OptionSelected) -> None:
        self._picked(event.option.id or "")
        self.query_one("#lib-filter", Input).focus()

    def _picked(self, option: str) -> None:
        kind, name = option[:2], option[2:]
        if kind == "p:":
            self._add_line(quote(f"@{name}"))  # "@Ford Heroes": one word to `add`
            return
        self.how_many = name
        field = self.query_one("#lib-filter", Input)
        field.value = ""
        field.placeholder = "Enter: 1"
        self.query_one("#lib-label", Label).update(Text(f"How many {name}?", style="bold"))

    def _add_line(self, line: str) -> None:
        """A line added to the creatures typed so far; the filter line ready for the next."""
        area = self.query_one("#creatures", TextArea)
        text = area.text.rstrip("\n")
        area.text = f"{text}\n{line}" if text else line
        self._reset_filter()

    def _reset_filter(self) -> None:
        self.how_many = None
        field = self.query_one("#lib-filter", Input)
        field.placeholder = FILTER_HINT
        field.value = ""
        self.query_one("#lib-label", Label).update(Text(LIBRARY_LABEL, style="bold"))
        self.query_one("#new-error", Static).update("")
        self._relist()

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
        path = saves.named(clean, self.data_dir)
        n = 2
        while path.exists():
            path = saves.named(f"{clean} {n}", self.data_dir)
            n += 1
        enc = Encounter.new(self.cat.get(rid), name=path.stem)  # `encounter 2`, told apart from the first
        enc.library = self.lib
        lines = [ln.strip() for ln in self.query_one(TextArea).text.splitlines() if ln.strip()]
        for i, line in enumerate(lines, 1):
            try:
                enc.run(command_line("add", typed=line))
            except CombatError as exc:
                error.update(Text(f"line {i}: {exc}", style=styles.ALARM))
                return
        try:
            session = Session.start(enc, path)
        except CombatError as exc:
            error.update(Text(str(exc), style=styles.ALARM))
            return
        app = host(self.app)
        assert app is not None
        app.show_session(session)

    def action_back(self) -> None:
        if self.how_many is not None:  # Escape while asked how many: that template is not added
            self._reset_filter()
            return
        self.app.pop_screen()
