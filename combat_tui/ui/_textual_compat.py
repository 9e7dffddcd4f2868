"""Every use of Textual's private parts, in one place, each with why the public API does not do.

The rest of `combat_tui/ui` uses Textual's public API only (a test counts the private names used
outside this module, and keeps it at zero). What is here was checked against the Textual versions in
`CHECKED_WITH`; a test fails on any other, to have this module read again against the new one.
"""

from __future__ import annotations

from typing import Any, TypeVar

from textual import events
from textual.app import App
from textual.geometry import Region, Size
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Input
from textual.widgets._footer import FooterKey as FooterKey  # not exported by textual.widgets
from textual.widgets._header import HeaderTitle as HeaderTitle  # not exported by textual.widgets

CHECKED_WITH = ("8.2.8",)

ResultType = TypeVar("ResultType")


# -- Screens: drawing an overlay's box alone (see ui/overlay.py) ------------------------------------

def compositor_strips(screen: Screen[Any], size: Size) -> list[Strip]:
    """The screen as its compositor last drew it: no public call gives a screen's lines as strips."""
    return screen._compositor.render_strips(size)


def add_to_next_frame(screen: Screen[Any], widget: Widget | None, regions: tuple[Region, ...]) -> None:
    """Put a widget and regions into the screen's next frame now: `refresh()` reaches the screen by
    way of messages, a frame later."""
    if widget is not None:
        screen._dirty_widgets.add(widget)
    if regions:
        screen._set_dirty(*regions)
        screen._dirty_widgets.add(screen)


def repaint_pending(screen: Screen[Any]) -> bool:
    """Textual owes the screen a repaint (no public flag says so). Beneath an overlay it is set when what
    the screen shows changed, and the screen's next frame then draws those regions and drops every
    widget due in it."""
    return screen._repaint_required


def mount_unshown(app: App[Any], screen: Screen[Any]) -> None:
    """Register and mount an installed screen without showing it, as a push would."""
    app._get_screen(screen)


def forget_background(screen: Screen[Any], keep: Region) -> None:
    """Drop a screen's drawn background (its styles' cache) and redraw `keep` of it."""
    screen._styles_cache.clear()
    screen._dirty_regions.add(keep)


def resumed_in_place(screen: Screen[Any], focus: bool) -> None:
    """What Textual's resume handler does besides repainting the whole screen: the footer's keys and
    the notifications follow the screen (and, with `focus`, its auto focus)."""
    screen.stack_updates += 1
    screen.app._refresh_notifications()
    if focus:
        screen._update_auto_focus()


class ResumeHook(Screen[ResultType]):
    """A screen that runs `before_resume` ahead of Textual's resume handler (a repaint of it all);
    `event.prevent_default()` there skips it. There is no public hook ahead of it. (Textual calls
    each class's handler down the MRO itself, so this one does not call super.)"""

    def before_resume(self, event: events.ScreenResume) -> None:
        pass

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        self.before_resume(event)


# -- Inputs ---------------------------------------------------------------------------------------

def restart_blink(box: Input) -> None:
    """Show an input's cursor now: it kept the focus, so no focus event restarts its blink."""
    box._restart_blink()

