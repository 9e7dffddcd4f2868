"""Garbage collection at quiet moments.

Python's full collection walks every object alive; with a long encounter's log that took tens of
milliseconds, and it landed on keystrokes (the benchmark's slowest frames were all one). So once
the app is up it freezes what exists (the collector then leaves it alone), and whenever the GM has
not touched a key for a while it collects and freezes again. In between, full collections are made
rare, so one seldom lands on a key at all.

Young collections too: drawing a frame allocates enough to set off a dozen of them.
So from a key until the frame after it the collector waits, then collects the young generations
while the GM reads the screen.
"""

from __future__ import annotations

import gc
import time
from typing import Any

from ._textual_compat import let_go_of_dropped_widgets

EVERY_SECONDS = 10.0
QUIET_SECONDS = 2.0
FULL_EVERY = 1000  # young collections between full ones (Python's default is 10)


class QuietCollector:
    def __init__(self, app: Any) -> None:
        self.app = app
        self.last_key = time.monotonic()
        self.tidied = 0
        self._thresholds: tuple[int, int, int] | None = None

    def start(self) -> None:
        self._thresholds = gc.get_threshold()
        young, middle, _full = self._thresholds
        gc.set_threshold(young, middle, FULL_EVERY)
        # The command ran with the collector off (launch.py), so all it made is young: a young collection
        # sees it all, and leaves alone a heap the process had before the app (a test run's, walked each
        # time at several hundred milliseconds).
        self.tidy(generation=1)
        gc.enable()  # the command starts with it off until the first frame (launch.py)
        self.app.set_interval(EVERY_SECONDS, self.tick)

    def stop(self) -> None:
        """The collector as it was before the app, everything it froze handed back."""
        if self._thresholds is not None:
            gc.set_threshold(*self._thresholds)
            self._thresholds = None
            gc.enable()  # a key's frame may never have come
        gc.unfreeze()

    def key(self) -> None:
        self.last_key = time.monotonic()
        if self._thresholds is not None and gc.isenabled():
            gc.disable()
            self.app.call_after_refresh(self._drawn)

    def _drawn(self) -> None:
        if self._thresholds is not None:  # not stopped meanwhile
            gc.enable()
            gc.collect(1)

    def tick(self) -> None:
        # Not while a screen is over the encounter's (a dialog, a list): it would be frozen, and never freed
        # once closed. The stack holds Textual's default screen under the encounter's.
        if time.monotonic() - self.last_key >= QUIET_SECONDS and len(self.app.screen_stack) <= 2:
            self.tidy()

    def tidy(self, generation: int = 2) -> None:
        let_go_of_dropped_widgets()  # what Textual keeps of widgets gone: most of what a collection walks
        gc.collect(generation)
        gc.freeze()
        self.tidied += 1

    @staticmethod
    def thaw() -> None:
        """Everything back to the collector, e.g. when a whole screen is dropped: the next tidy frees it."""
        gc.unfreeze()
