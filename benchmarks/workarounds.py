"""Each speed workaround of the GM screen, and how to turn it off, to measure what it buys.

`bench.py --without NAME` patches the app before it starts: the workaround's class falls back to what
plain Textual (or Python) does. Nothing here is used by the app itself.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.console import RenderableType
from textual.widgets import Static


def _view_static_lines() -> None:
    """The sheet, prompt bar and conditions drawn again by Textual, not handed the lines `show` drew."""
    from combat_tui.ui.widgets.view_static import ViewStatic

    ViewStatic.render_line = Static.render_line  # type: ignore[method-assign]


def _view_static_layout() -> None:
    """The sheet, prompt bar and conditions updated as a plain Static: a layout on every update."""
    from combat_tui.ui.widgets.view_static import ViewStatic

    def show(self: ViewStatic, content: RenderableType) -> None:
        Static.update(self, content)

    ViewStatic.show = show  # type: ignore[method-assign]


def _view_static_rows() -> None:
    """The sheet, prompt bar and conditions redrawn whole at each change, not the lines that changed."""
    from textual.widget import Widget

    from combat_tui.ui.widgets.view_static import ViewStatic

    ViewStatic.refresh = Widget.refresh  # type: ignore[method-assign]


def _focus_look() -> None:
    """The order restyled and redrawn whole as the focus leaves it for a question and comes back, and
    the question's input restyled as it is put away."""
    from textual.widgets import Input

    from combat_tui.ui.widgets.answering import AnswerInput
    from combat_tui.ui.widgets.row_list import RowList

    RowList.keep_look = lambda self, keep=True: None  # type: ignore[method-assign]
    AnswerInput.watch_has_focus = Input.watch_has_focus  # type: ignore[method-assign,assignment]


def _quiet_gc() -> None:
    """Python's collector left as it is."""
    from combat_tui.ui.quiet_gc import QuietCollector

    QuietCollector.start = lambda self: None  # type: ignore[method-assign]
    QuietCollector.key = lambda self: None  # type: ignore[method-assign]


def _key_line() -> None:
    """Each key routed the moment Textual reads it, as plain Textual does: not held until the one before
    it has been handled (the key line's order is lost; its settling rounds are not paid)."""
    from textual import events

    from combat_tui.ui.key_line import KeyLine

    async def arrived(self: KeyLine, key: events.Key) -> None:
        await self._route(key)

    KeyLine.arrived = arrived  # type: ignore[method-assign]


def _footer() -> None:
    """Textual's footer rebuilt whenever the keys' availability changes."""
    from combat_tui.ui.widgets.footer import QuietFooter

    QuietFooter.relight = lambda self, screen: False  # type: ignore[method-assign]


def _header() -> None:
    """The header's title set with a layout, as Textual's does."""
    from combat_tui.ui.widgets.header import QuietTitle

    QuietTitle.update = Static.update  # type: ignore[method-assign]


def _pick_lines() -> None:
    """A pick list filled while hidden not told its lines: it finds them as it is first drawn again."""
    from combat_tui.ui.widgets.pick_list import ChoiceList

    ChoiceList.tell_lines = lambda self, options, width: None  # type: ignore[method-assign]


OFF: dict[str, Callable[[], None]] = {
    "view-static-lines": _view_static_lines,
    "view-static-layout": _view_static_layout,
    "view-static-rows": _view_static_rows,
    "focus-look": _focus_look,
    "quiet-gc": _quiet_gc,
    "key-line": _key_line,
    "footer": _footer,
    "header": _header,
    "pick-lines": _pick_lines,
}
