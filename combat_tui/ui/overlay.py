"""Overlays: screens that draw one box over a clear background, and the screen they cover.

Textual repaints the whole terminal whenever a screen comes or goes: the screen beneath repaints all of
itself when it is covered and again when it is back, and a screen shown again paints all of itself, the
screen beneath included. Under a clear overlay, the terminal already shows the screen beneath as it is
now (changes to it are drawn through the overlay), so only the box is out of date. At 100 creatures a
whole repaint was about 6 ms of a keystroke's 16, twice per question asked. Here the two agree to
redraw the box alone:

- `Covered`, the screen beneath: while an overlay is up, whole repaints of it are dropped; when it is
  back on top, it redraws the overlay's box.
- `Overlay`: installed once and shown again (no new widgets, nothing pruned, which laid out the whole
  screen again); shown over a screen with nothing else on the terminal, it draws its box alone.

Textual draws at most one frame each 1/60 s: what misses a keystroke's first frame waits for the next.
So what each side redraws is marked before the screen changes, to land in that first frame.

Both lean on Textual's screen-resume handling (by way of `_textual_compat`); `tests/ui/test_redraws.py`
replays every frame into a terminal emulator and compares it with a whole redraw, key by key.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Self, TypeVar

from rich.console import RenderableType
from textual import events
from textual.css.styles import RulesMap
from textual.geometry import Region, Size
from textual.screen import ModalScreen, Screen
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, Visual
from textual.widget import Widget

from ._textual_compat import (
    ResumeHook,
    add_to_next_frame,
    compositor_strips,
    forget_background,
    mount_unshown,
    repaint_pending,
    resumed_in_place,
)

ResultType = TypeVar("ResultType")
OverlayT = TypeVar("OverlayT", bound="Overlay[Any]")


class _Beneath(Visual):
    """The screen beneath as its compositor has it, strip for strip, less the mouse actions: Textual
    renders it to Rich segments, tints them and splits them into lines again (a few ms a frame)."""

    def __init__(self, screen: Screen[Any]) -> None:
        self.screen = screen

    def render_strips(self, width: int, height: int | None, style: Style, options: RenderOptions) -> list[Strip]:
        size = Size(width, self.screen.size.height if height is None else height)
        strips = compositor_strips(self.screen, size)
        return [strip.discard_meta() for strip in strips]

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return container_width

    def get_height(self, rules: RulesMap, width: int) -> int:
        return self.screen.size.height


def redraw_next(screen: Screen[Any], widget: Widget | None, *regions: Region) -> None:
    """Put a widget and regions of the screen into the work of the screen's next frame, now: refresh()
    alone goes by way of messages and reaches the screen a frame (up to 1/60 s) later, and a screen's
    own refresh() also drops the widgets already due from its frame."""
    if widget is not None:
        widget.refresh()
    add_to_next_frame(screen, widget, regions)
    screen.check_idle()


class Overlay(ResumeHook[ResultType], ModalScreen[ResultType]):
    """Give it `background: transparent` in the app's styles: what is not its box shows the screen beneath."""

    BOX = ""  # selector of the one widget drawn over the screen beneath

    _narrow = False  # draws its box alone when next shown (see prepare)
    _shown_at: Size | None = None  # the terminal's size when last shown

    @classmethod
    def shared(cls: type[OverlayT], covered: Screen[Any]) -> OverlayT:
        """The app's one instance of this overlay, installed on first use."""
        app, name = covered.app, f"overlay.{cls.__name__}"
        if not app.is_screen_installed(name):
            app.install_screen(cls(), name)
        screen = app.get_screen(name)
        assert isinstance(screen, cls)
        return screen

    @classmethod
    def warm(cls, covered: Screen[Any]) -> None:
        """Build the shared overlay now, off screen, so the GM's first question does not wait for it
        (composing took 50–120 ms; showing a built one takes a frame)."""
        overlay = cls.shared(covered)
        if not overlay.is_running:
            mount_unshown(covered.app, overlay)  # registers and mounts it, as a push would, without showing it

    def render(self) -> RenderableType | Visual:  # type: ignore[override]  # Textual takes a Visual too
        stack = self.app.screen_stack
        if self not in stack or stack.index(self) == 0 or self.styles.background.a:
            return super().render()
        return _Beneath(stack[stack.index(self) - 1])

    @property
    def box(self) -> Region:
        return self.query_one(self.BOX).region

    def prepare(self, narrow: bool, uncover: Region | None = None) -> None:
        """Before it is shown: with only the screen beneath on the terminal (`narrow`), and shown before at
        this size, it will draw its box alone, and `uncover` (where an overlay just left) from beneath."""
        self._narrow = narrow and self._shown_at == self.app.size
        if self._narrow:
            # Its background, the screen beneath, is stale: rendered again when next needed.
            forget_background(self, self.box)
            redraw_next(self, self.query_one(self.BOX), *([uncover] if uncover else []))

    def before_resume(self, event: events.ScreenResume) -> None:
        narrow, self._narrow, self._shown_at = self._narrow, False, self.app.size
        if not narrow:
            return  # Textual's own handler draws it all
        event.prevent_default()
        resumed_in_place(self, focus=True)


class Covered(ResumeHook[ResultType]):
    _overlay: Overlay[Any] | None = None

    def cover(self, overlay: Overlay[Any], callback: Callable[[Any], None]) -> None:
        """Show `overlay` over this screen; `callback` gets its result."""
        # Narrow when the terminal shows this screen (no other screen's repaint is due) and perhaps the
        # box of an overlay that just left (its answer asks the next question), not yet redrawn.
        leaving = self._overlay
        overlay.prepare(self.app.screen is self and not repaint_pending(self),
                        leaving.box if leaving is not None else None)
        self._overlay = overlay
        self.app.push_screen(overlay, callback)

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False,
                recompose: bool = False) -> Self:
        if self._overlay is not None and not (regions or layout or recompose):
            return self  # Textual's repaint for a screen coming or going: its lines are on the terminal
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def before_resume(self, event: events.ScreenResume) -> None:
        overlay = self._overlay
        # Textual still owes it the regions that changed beneath (the overlay left before its frame, as
        # when keys typed ahead answer at once): that repaint would draw them alone and drop the widgets
        # the answer changed. So the whole screen, once.
        if overlay is None or self.size != self.app.size or repaint_pending(self):
            self._overlay = None
            return  # Textual's own handler repaints it all
        event.prevent_default()
        resumed_in_place(self, focus=False)
        if self.app.screen is self:  # not when the overlay's answer already showed another over it
            redraw_next(self, None, overlay.box)
            self.call_after_refresh(self._uncovered, overlay)

    def on_screen_suspend(self) -> None:
        if not isinstance(self.app.screen, Overlay):
            self._overlay = None  # another screen covers it all: back on top, it repaints it all

    def _uncovered(self, overlay: Overlay[Any]) -> None:
        if self._overlay is overlay:
            self._overlay = None
