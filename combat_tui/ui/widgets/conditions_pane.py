"""The condition sidebar: what the selected creature has and for how long, then the ruleset's whole
list to pick from. Below the list, what the creature's own conditions do; while the GM browses the
list, what the highlighted one would do instead."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual import events, on
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
        if not self._browsing:
            self._describe_own()
        if c is None:
            box.show(Text(""))
            return
        lines = [Text(f"On {c.name}:", style="bold")]
        if not c.conditions:
            lines.append(Text("nothing", style="dim"))
        lines += [condition_text(enc.state, enc.rs, cs) for cs in c.conditions]
        box.show(Group(*lines))

    _browsing = False  # the GM is in the list: it describes the highlighted entry, not the creature's own

    def _describe_own(self) -> None:
        """What each of the creature's own conditions does (their ends are in the box above)."""
        enc = self.session.encounter
        c = enc.state.combatants.get(self.selected or "")
        text = Text()
        seen: set[str] = set()
        for cs in c.conditions if c is not None else []:
            if cs.id in seen or not cs.direct:
                continue
            seen.add(cs.id)
            lines = self._lines(cs.id)
            if lines:
                text.append(("\n" if text else "") + enc.rs.condition(cs.id).name + ": ", style="bold")
                text.append(lines[0])
        self.query_one("#cond-description", Static).update(text)

    def _lines(self, cond_id: str) -> tuple[str, ...]:
        hits = [e for e in search(self.session.encounter.rs, cond_id) if e.kind == "condition" and e.id == cond_id]
        return hits[0].lines if hits else ()

    def _describe_entry(self, cond_id: str | None) -> None:
        text = Text()
        for i, line in enumerate(self._lines(cond_id or "")):
            text.append(("\n" if i else "") + line, style="" if i == 0 else "dim")
        self.query_one("#cond-description", Static).update(text)

    @on(events.DescendantFocus)
    def _browse(self, event: events.DescendantFocus) -> None:
        if isinstance(event.widget, OptionList):
            self._browsing = True
            option = event.widget.highlighted_option
            self._describe_entry(option.id if option is not None else None)

    @on(events.DescendantBlur)
    def _leave(self, event: events.DescendantBlur) -> None:
        if isinstance(event.widget, OptionList):
            self._browsing = False
            self._describe_own()

    @on(OptionList.OptionHighlighted, "#all-conditions")
    def _describe(self, event: OptionList.OptionHighlighted) -> None:
        if self._browsing:  # the list highlights its first entry by itself: that describes nothing here
            self._describe_entry(event.option.id)

    @on(OptionList.OptionSelected, "#all-conditions")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id:
            self.post_message(self.Chosen(event.option.id))
