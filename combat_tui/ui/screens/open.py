"""Resume an encounter: the saves, most recently played first, then the demos and a new encounter."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Header, OptionList, Static
from textual.widgets.option_list import Option

from ...engine.errors import CombatError
from ...engine.loader import Catalogue
from ...paths import demo_saves_dir
from ...session import SaveInfo, catalogue, demo_path, list_saves
from ...store import saves
from .. import styles


def played(iso: str) -> str:
    try:
        return datetime.fromisoformat(iso).strftime("%d %b %H:%M")
    except ValueError:
        return iso


def ruleset_label(ruleset_id: str, cat: Catalogue) -> str:
    """A ruleset as the GM knows it: its name without the bracketed summary, never its id."""
    try:
        return cat.get(ruleset_id).name.split(" (")[0]
    except CombatError:
        return ruleset_id  # not installed here: the id is all there is to say


def demo_label(path: Path, cat: Catalogue) -> str:
    """`Ambush at the ford · Three Actions and a Reaction` for a shipped demo file."""
    try:
        info = saves.summary(path)
    except CombatError:
        return path.stem
    return f"{info.name or path.stem} · {ruleset_label(info.ruleset, cat)}"


def save_line(info: SaveInfo, cat: Catalogue) -> Text:
    if info.problem:
        out = Text(f"{info.name[:18]:<18} ", style="dim").append(f"✗ {info.problem[:52]}", style=styles.ALARM)
        out.no_wrap = True
        out.overflow = "ellipsis"
        return out
    out = Text(f"{info.name[:18]:<18} ", style="bold")
    rules = ruleset_label(info.ruleset, cat)
    out.append(f"{rules if len(rules) <= 16 else rules[:15] + '…':<16} ", style=styles.HINT)
    out.append(f"{info.when:<11} ")
    out.append(f"{info.creatures} creatures ", style="dim")
    out.append(played(info.updated), style="dim")
    out.no_wrap = True
    out.overflow = "ellipsis"
    return out


class OpenScreen(Screen[None]):
    BINDINGS = [
        Binding("n", "new", "New encounter", id="open.new"),
        Binding("escape", "back", "Back", id="open.back"),
        Binding("q", "quit", "Quit", id="open.quit"),
    ]

    def __init__(self, data_dir: str | None = None) -> None:
        super().__init__()
        self.data_dir = data_dir
        self.saves = [s for s in list_saves(data_dir)]
        self.cat = catalogue()

    def compose(self) -> ComposeResult:
        yield Header(icon="⚔")
        with Vertical(id="open-box"):
            yield Static(Text("Resume an encounter", style="bold"), classes="dialog-title")
            yield OptionList(*self._options(), id="saves", markup=False)
            yield Static(Text("Enter opens · n new encounter · Escape back", style="dim"))
        yield Footer()

    def _options(self) -> list[Option]:
        opts = [Option(save_line(s, self.cat), id=f"save:{s.path}", disabled=s.problem is not None) for s in self.saves]
        if not self.saves:
            opts.append(Option(Text("No saves yet.", style="dim"), disabled=True))
        opts.append(Option(Text("＋ New encounter…", style=styles.FULL), id="new"))
        played = {s.path.name: s for s in self.saves}
        for demo in sorted(demo_saves_dir().glob("*.json")):
            copy = played.get(demo_path(demo.stem, self.data_dir).name)
            label = demo_label(demo, self.cat)
            if copy is None:
                opts.append(Option(Text(f"▷ Demo: {label}", style=styles.READY), id=f"demo:{demo.stem}"))
                continue
            where = f", {copy.when}" if copy.when else ""
            opts.append(Option(Text(f"▷ Demo: {label} — resume your copy{where}", style=styles.READY),
                               id=f"demo:{demo.stem}"))
            opts.append(Option(Text(f"▷ Demo: {label} — start again (your copy is kept)", style=styles.READY),
                               id=f"fresh:{demo.stem}"))
        return opts

    def on_mount(self) -> None:
        self.title = "combat-tui"
        self.sub_title = "open"
        self.query_one(OptionList).focus()

    @on(OptionList.OptionSelected, "#saves")
    def _open(self, event: OptionList.OptionSelected) -> None:
        pick = event.option.id or ""
        from ..app import CombatApp

        app = self.app
        assert isinstance(app, CombatApp)
        if pick == "new":
            self.action_new()
        elif pick.startswith("save:"):
            app.open_path(pick[5:])
        elif pick.startswith("demo:"):
            app.open_demo(pick[5:])
        elif pick.startswith("fresh:"):
            app.open_demo(pick[6:], fresh=True)

    def action_new(self) -> None:
        from .new import NewScreen

        self.app.push_screen(NewScreen(self.data_dir))

    def action_back(self) -> None:
        if len(self.app.screen_stack) > 2:
            self.app.pop_screen()

    async def action_quit(self) -> None:
        await self.app.action_quit()  # the app's: it asks first when a change is not saved
