"""The condition sidebar: what the selected creature has and for how long, then the ruleset's whole
list to pick from, with the highlighted one's description."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ...engine.lookup import search
from ...session import Session
from ..render import condition_text
from .view_static import ViewStatic


class ConditionsPane(Vertical):
    # Bound to the screen's; the box of conditions redraws itself, not the whole pane.
    revision: reactive[int] = reactive(0, init=False, repaint=False)
    selected: reactive[str | None] = reactive(None, init=False, repaint=False)

    class Chosen(Message):
        """The GM picked a condition from the list to add."""

        def __init__(self, cond_id: str) -> None:
            super().__init__()
            self.cond_id = cond_id

    def __init__(self, session: Session, **kw: object) -> None:
        super().__init__(**kw)  # type: ignore[arg-type]
        self.session = session

    def compose(self) -> ComposeResult:
        yield ViewStatic(id="on-creature")
        yield OptionList(*self._all(), id="all-conditions", markup=False)
        yield Static(id="cond-description")

    def _all(self) -> list[Option]:
        rs = self.session.encounter.rs
        return [Option(Text(c.name), id=c.id) for c in sorted(rs.conditions, key=lambda c: c.name.lower())]

    def on_mount(self) -> None:
        self.refresh_creature()

    def watch_revision(self) -> None:
        self.refresh_creature()

    def watch_selected(self) -> None:
        self.refresh_creature()

    _drawn: tuple[object, ...] | None = None

    def refresh_creature(self) -> None:
        enc = self.session.encounter
        drawn = (enc.revision, self.selected)  # a command moves both bound values: draw once
        if drawn == self._drawn:
            return
        self._drawn = drawn
        c = enc.state.combatants.get(self.selected or "")
        box = self.query_one("#on-creature", ViewStatic)
        if c is None:
            box.show(Text(""))
            return
        lines = [Text(f"On {c.name}:", style="bold")]
        if not c.conditions:
            lines.append(Text("nothing", style="dim"))
        lines += [condition_text(enc.state, enc.rs, cs) for cs in c.conditions]
        box.show(Group(*lines))

    @on(OptionList.OptionHighlighted, "#all-conditions")
    def _describe(self, event: OptionList.OptionHighlighted) -> None:
        rs = self.session.encounter.rs
        hits = [e for e in search(rs, event.option.id or "") if e.kind == "condition" and e.id == event.option.id]
        text = Text()
        if hits:
            for i, line in enumerate(hits[0].lines):
                text.append(("\n" if i else "") + line, style="" if i == 0 else "dim")
        self.query_one("#cond-description", Static).update(text)

    @on(OptionList.OptionSelected, "#all-conditions")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id:
            self.post_message(self.Chosen(event.option.id))
