"""What the main screen and its face share: the keys, the panes and how they are laid out.

Plain of the engine (the widgets draw the view types): `face.py` draws a save's face with it before the
engine is loaded, `main.py` plays the encounter on it. Both being built here keeps them the same text.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, TypeVar, cast

from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding
from textual.containers import Horizontal, VerticalScroll
from textual.reactive import reactive
from textual.screen import Screen
from textual.widget import Widget

from ...engine.views.gm import GMView
from .._textual_compat import RepaintsItsParts
from ..widgets.command_bar import CommandBar
from ..widgets.conditions_pane import ConditionsPane
from ..widgets.footer import QuietFooter, ReportsEveryKey
from ..widgets.header import QuietHeader
from ..widgets.log_pane import Entry, LogPane
from ..widgets.order_pane import OrderPane
from ..widgets.pick_list import PickList
from ..widgets.prompt_bar import PromptBar
from ..widgets.question_bar import QuestionBar
from ..widgets.sheet import Sheet
from .main_keys import KEYS

if TYPE_CHECKING:
    from ...session import Session

W = TypeVar("W", bound=Widget)


class GMScreen(RepaintsItsParts, ReportsEveryKey, Screen[None]):
    BINDINGS = KEYS  # in main_keys.py: the footer shows the first ones, in order of use
    AUTO_FOCUS = "#order"  # not the first focusable widget: the hidden question's input

    # What the panes show; bound down to them, each redrawn only when its part changed (the widgets bound
    # to these redraw themselves: repainting the whole screen as well cost a full frame).
    view: reactive[GMView] = reactive(cast(GMView, None), repaint=False, init=False)

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """In the order of BINDINGS, keys the settings file remapped too (Textual puts those last), so the
        footer keeps the order of use."""
        order = {b.id: i for i, b in enumerate(self.BINDINGS) if isinstance(b, Binding)}
        return dict(sorted(super().active_bindings.items(), key=lambda kv: order.get(kv[1].binding.id, len(order))))

    def part(self, kind: type[W]) -> W:
        """The screen's one widget of this kind, found once: a query walks the screen's widgets, several
        times a key. The panes are composed once and never replaced."""
        parts: dict[type[Widget], Widget] = self.__dict__.setdefault("_parts", {})
        found = parts.get(kind)
        if found is None:
            found = parts[kind] = self.query_one(kind)
        return cast(W, found)

    @staticmethod
    def askers() -> list[Widget]:
        """The question bar and the pick list, hidden until asked. First among the screen's widgets: shown
        or hidden, widgets placed after the others would renumber them all (a whole repaint)."""
        return [QuestionBar(id="ask"), PickList(id="choose")]

    def panes(self, log: Sequence[Entry], session: Session | None, askers: bool = True) -> ComposeResult:
        """The screen's widgets; `log`, the log's last entries; `session` completes commands (none: no
        completion); without `askers` (the face, which asks nothing), those are mounted later."""
        if askers:
            yield from self.askers()
        yield QuietHeader(icon="⚔")
        with Horizontal(id="panes"):
            yield OrderPane(id="order").data_bind(GMScreen.view)
            with VerticalScroll(id="sheet-box"):
                yield Sheet(id="sheet").data_bind(GMScreen.view)
            yield ConditionsPane(self.view.catalog, id="conditions").data_bind(GMScreen.view)
        yield PromptBar(id="prompt").data_bind(GMScreen.view)
        yield LogPane(log, id="log")
        yield CommandBar(session, id="command")
        yield QuietFooter()

    def sub_title_for(self, save_name: str) -> str:
        return f"{self.view.ruleset} · autosave: {save_name}"
