"""Every use of Textual's private parts, in one place, each with why the public API does not do.

The rest of `combat_tui/ui` uses Textual's public API only (a test counts the private names used
outside this module, and keeps it at zero). What is here was checked against the Textual versions in
`CHECKED_WITH`; a test fails on any other, to have this module read again against the new one.
"""

from __future__ import annotations

from typing import cast

from textual import events
from textual._styles_cache import StylesCache
from textual.geometry import Size
from textual.reactive import Reactive
from textual.scroll_view import ScrollView
from textual.widget import Widget
from textual.widgets import Input
from textual.widgets._footer import FooterKey as FooterKey  # not exported by textual.widgets
from textual.widgets._header import HeaderTitle as HeaderTitle  # not exported by textual.widgets

CHECKED_WITH = ("8.2.8",)


class SteadyScrollView:
    """Put before ScrollView (or a subclass) in the bases: a whole-screen layout that leaves the widget
    as it was tells it nothing.

    ScrollView's `_size_updated` compares the container size it is given (its parent's) with its own (its
    size less its gutter): they never match, so every layout of the screen, a question shown or put away,
    redrew its scroll bars and posted it a Resize (the order pane then rebuilt its rows), in a second
    frame. What it is told is the same as the last time, and its own virtual size, styles and scroll bars
    too: then nothing is done, as nothing changed. No public hook says a layout left a widget alone."""

    _steady: object = None  # what the last layout told it, and what it was then
    # True when the widget tells its scroll bars of a new virtual size itself (the log, which grows
    # at every command): a layout then has nothing to tell them of it.
    tells_its_scroll_bars = False

    def _size_updated(self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True) -> bool:
        if self._told(size, virtual_size, container_size) == self._steady:
            return False
        changed: bool = super()._size_updated(size, virtual_size, container_size, layout)  # type: ignore[misc]
        self._steady = self._told(size, virtual_size, container_size)
        return changed

    def _told(self, size: Size, virtual_size: Size, container_size: Size) -> tuple[object, ...]:
        widget = cast(ScrollView, self)
        styles = widget.styles
        own = None if self.tells_its_scroll_bars else widget.virtual_size
        return (size, virtual_size, container_size, own, widget.size, styles.gutter,
                styles.overflow_x, styles.overflow_y, widget.scrollbar_size_vertical,
                widget.scrollbar_size_horizontal, widget.show_vertical_scrollbar, widget.show_horizontal_scrollbar)


class SenderlessKey(events.Key):
    """A key that has no sender. Textual stops a message at the child of its sender (the screen, for a key
    the app sends on) and passes it up all the same; the key line waits for a key to come back to the app,
    and that stop would let the next key go first. The public `set_sender` takes a sender, never none."""

    __slots__ = ()

    def __init__(self, key: str, character: str | None) -> None:
        super().__init__(key, character)
        self._sender = None


class FixedBox:
    """Put first in a widget's bases: its virtual size changes without a layout of the screen.

    Textual lays out the whole screen whenever a widget's virtual size changes (an input's text at every
    letter, a list filtered, a label given new words, a box resized by the last layout): a few ms, and
    often a second frame. Where the stylesheet sizes the widget's box, so that it does not follow its
    content, that layout changes nothing. Textual's own reactive, declared again without its layout."""

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)


class RepaintsItsParts:
    """Put first in a screen's bases: focus moving and a new title repaint only the widgets concerned.

    The widgets gaining and losing focus restyle themselves, and the header watches the title and redraws
    it; Textual's screen repaints all of itself as well, a full frame at each. Textual's own reactives,
    declared again without the repaint."""

    focused: Reactive[Widget | None] = Reactive(None, repaint=False)
    title: Reactive[str | None] = Reactive(None, compute=False, repaint=False)
    sub_title: Reactive[str | None] = Reactive(None, compute=False, repaint=False)


def let_go_of_dropped_widgets() -> None:
    """What Textual keeps of widgets gone, dropped. A method of its styles cache is memoised on the cache
    itself (up to 1,024 of them), so each widget ever drawn keeps its cache, and every line it drew,
    alive after it is gone: hundreds of thousands of objects that each full collection walks. No
    public call empties it; it fills again with the widgets alive, one entry each."""
    StylesCache.get_inner_outer.cache_clear()


def draw_in_this_frame(*widgets: Widget) -> None:
    """What a handler asked of these widgets (a redraw, a layout), sent to their screen now, for the frame
    of the widget the key went to. Textual sends it once each widget is idle: the focused input's at
    once, as its key is handled, the rest after the screen has drawn a frame (a filter's letter shown a
    frame before the list filtered by it; a list shown, laid out, and laid out again). Taken off each
    widget's own idle, so nothing is drawn twice."""
    for widget in widgets:
        if widget.is_mounted:
            widget._check_refresh()


def suggest(entry: Input, completion: str) -> None:
    """Show `completion` after what is typed, greyed, as Input shows its suggester's (→ takes it). Its
    suggester answers from a worker, by a message: the completion is drawn a frame after each letter."""
    entry._suggestion = completion
