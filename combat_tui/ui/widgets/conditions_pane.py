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
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from ...engine.views.gm import ConditionEntry, ConditionsView, GMView
from .._textual_compat import SteadyScrollView
from ..render import condition_text
from .view_static import ViewStatic


class ConditionList(SteadyScrollView, OptionList):
    """The ruleset's conditions: a layout that leaves it as it was does not redraw its scroll bar."""


class ConditionsPane(Vertical):
    view: reactive[GMView | None] = reactive(None, init=False, repaint=False)
    # The view's, told only when it changed: the box of conditions redraws itself, not the whole pane.
    conditions: reactive[ConditionsView | None] = reactive(None, init=False, repaint=False)

    class Chosen(Message):
        """The GM picked a condition from the list to add."""

        def __init__(self, cond_id: str) -> None:
            super().__init__()
            self.cond_id = cond_id

    def __init__(self, catalog: tuple[ConditionEntry, ...], **kw: object) -> None:
        super().__init__(**kw)  # type: ignore[arg-type]
        self._about = {e.id: e.lines for e in catalog}
        self._options = [Option(Text(e.name), id=e.id) for e in catalog]

    def compose(self) -> ComposeResult:
        yield ViewStatic(id="on-creature")
        yield ConditionList(*self._options, id="all-conditions", markup=False)
        with Vertical(id="cond-about"):  # a box of its own size: the text in it changes no layout
            yield ViewStatic(id="cond-description")

    def watch_view(self, view: GMView | None) -> None:
        self.conditions = view.conditions if view is not None else None

    def on_mount(self) -> None:
        self.refresh_creature()

    def watch_conditions(self) -> None:
        self.refresh_creature()

    def refresh_creature(self) -> None:
        cv = self.conditions
        box = self.query_one("#on-creature", ViewStatic)
        if not self._browsing:
            self._describe_own()
        if cv is None:
            box.show(Text(""))
            return
        lines = [Text(f"On {cv.name}:", style="bold")]
        if not cv.conditions:
            lines.append(Text("nothing", style="dim"))
        lines += [condition_text(c) for c in cv.conditions]
        box.show(Group(*lines))

    _browsing = False  # the GM is in the list: it describes the highlighted entry, not the creature's own

    def _describe_own(self) -> None:
        """What each of the creature's own conditions does (their ends are in the box above)."""
        text = Text()
        for name, line in self.conditions.about if self.conditions is not None else ():
            text.append(("\n" if text else "") + name + ": ", style="bold")
            text.append(line)
        self.query_one("#cond-description", ViewStatic).show(text)

    def _describe_entry(self, cond_id: str | None) -> None:
        text = Text()
        for i, line in enumerate(self._about.get(cond_id or "", ())):
            text.append(("\n" if i else "") + line, style="" if i == 0 else "dim")
        self.query_one("#cond-description", ViewStatic).show(text)

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
