"""Resume an encounter: the saves, most recently played first, then the demos and a new encounter. A save
highlighted may be renamed (r) or deleted (d, asked first) in a line under the list."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Header, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from ...engine.state.errors import CombatError
from ...paths import demo_saves_dir
from ...session import SaveInfo, catalogue, demo_path, list_saves
from ...store import filing, saves
from ...store.rulesets import Catalogue
from .. import styles
from ..host import host


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
    # One line at 80 columns, however long the state ("over, round 12"): a wrapped date reads as a count.
    out = Text(f"{info.name if len(info.name) <= 16 else info.name[:15] + '…':<16} ", style="bold")
    rules = ruleset_label(info.ruleset, cat)
    out.append(f"{rules if len(rules) <= 14 else rules[:13] + '…':<14} ", style=styles.HINT)
    out.append(f"{info.when:<14} ")
    out.append(f"{info.creatures} creatures ", style="dim")
    out.append(played(info.updated), style="dim")
    out.no_wrap = True
    out.overflow = "ellipsis"
    return out


HINT = "Enter opens · n new encounter · r rename · d delete · Escape back"


class OpenScreen(Screen[None]):
    BINDINGS = [
        Binding("n", "new", "New encounter", id="open.new"),
        Binding("r", "rename", "Rename", id="open.rename"),
        Binding("d,delete", "delete", "Delete", id="open.delete"),
        Binding("escape", "back", "Back", id="open.back"),
        Binding("q", "quit", "Quit", id="open.quit"),
        # Priority, so it is done before the next key is routed: typed in one burst, the keys after
        # Enter land where Enter led (the list again, or the next save's question).
        Binding("enter", "answer", "Answer", show=False, priority=True, id="open.answer"),
    ]

    def __init__(self, data_dir: str | None = None) -> None:
        super().__init__()
        self.data_dir = data_dir
        self.saves = list_saves(data_dir)
        self.cat = catalogue()
        self.asked: tuple[str, Path] | None = None  # ("rename" or "delete", the save) while its line asks

    def compose(self) -> ComposeResult:
        yield Header(icon="⚔")
        with Vertical(id="open-box"):
            yield Static(Text("Resume an encounter", style="bold"), classes="dialog-title")
            yield OptionList(*self._options(), id="saves", markup=False)
            with Horizontal(id="open-ask"):
                yield Label(id="open-question")
                yield Input(id="open-answer")
            yield Static(Text(HINT, style="dim"), id="open-hint")
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
        self.query_one("#open-ask").display = False
        self.query_one(OptionList).focus()

    # -- rename and delete ----------------------------------------------------------------------------
    def _highlighted_save(self) -> Path | None:
        ol = self.query_one("#saves", OptionList)
        if ol.highlighted is None:
            return None
        pick = ol.get_option_at_index(ol.highlighted).id or ""
        return Path(pick[5:]) if pick.startswith("save:") else None

    def _ask(self, what: str, question: str, value: str) -> None:
        path = self._highlighted_save()
        if path is None:
            self.notify("Highlight a save first", severity="warning")
            return
        app = host(self.app)
        if app is not None and app.session is not None and app.session.path.resolve() == path.resolve():
            self.notify(f"{path.stem} is open: close it first", severity="warning", markup=False)
            return
        self.asked = what, path
        self.query_one("#open-question", Label).update(Text(question.format(name=path.stem) + " ", style="bold"))
        entry = self.query_one("#open-answer", Input)
        entry.value = value.format(name=path.stem)
        entry.cursor_position = len(entry.value)
        self.query_one("#open-ask").display = True
        entry.focus()

    def action_rename(self) -> None:
        self._ask("rename", "Rename {name} to:", "{name}")

    def action_delete(self) -> None:
        self._ask("delete", "Delete {name} for good? y and Enter deletes it:", "")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "answer":  # Enter: the question's, or the list's own
            return self.asked is not None
        return True

    def action_answer(self) -> None:
        if self.asked is None:
            return
        (what, path), answer = self.asked, self.query_one("#open-answer", Input).value
        self._put_away()
        try:
            if what == "rename":
                target = filing.rename(path, answer)
                if target != path:
                    self.notify(f"Renamed {path.stem} to {target.stem}", markup=False)
            elif answer.strip().lower() in ("y", "yes"):
                filing.remove(path)
                self.notify(f"Deleted {path.stem}", markup=False)
            else:
                self.notify(f"{path.stem} kept", markup=False)
        except CombatError as exc:
            self.notify(str(exc), severity="error", markup=False)
        self._relist()

    def _put_away(self) -> None:
        self.asked = None
        self.query_one("#open-ask").display = False
        self.query_one("#saves", OptionList).focus()

    def _relist(self) -> None:
        ol = self.query_one("#saves", OptionList)
        at = ol.highlighted
        self.saves = list_saves(self.data_dir)
        ol.set_options(self._options())
        if ol.option_count:
            ol.highlighted = min(at or 0, ol.option_count - 1)

    @on(OptionList.OptionSelected, "#saves")
    def _open(self, event: OptionList.OptionSelected) -> None:
        pick = event.option.id or ""
        app = host(self.app)
        assert app is not None
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
        if self.asked is not None:  # Escape while asked: nothing renamed or deleted
            self._put_away()
            return
        if len(self.app.screen_stack) > 2:
            self.app.pop_screen()

    async def action_quit(self) -> None:
        await self.app.action_quit()  # the app's: it asks first when a change is not saved
