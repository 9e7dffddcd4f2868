"""The autosave's outcome on the main screen: a failed save keeps the state in memory, says so once and is
tried again every few seconds until it works; the next success says so."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.message import Message
from textual.screen import Screen
from textual.timer import Timer

from ...session import Session


class SaveDone(Message):
    """The autosave thread finished a write (it may have failed)."""


class SaveWatch:
    def __init__(self, screen: Screen[Any], session: Session, retry_seconds: float,
                 retitle: Callable[[], None]) -> None:
        self.screen, self.session, self.retry_seconds, self.retitle = screen, session, retry_seconds, retitle
        self._retry: Timer | None = None

    def saved(self) -> None:
        """Called on the autosave thread: post_message is thread-safe."""
        self.screen.post_message(SaveDone())

    def done(self) -> None:
        error = self.session.save_error
        if error and self._retry is None:
            self.screen.notify(error, severity="warning", markup=False)
            self._retry = self.screen.set_interval(self.retry_seconds, self.session.save)
        elif not error and self._retry is not None:
            self._retry.stop()
            self._retry = None
            self.screen.notify("Saved again: nothing was lost", markup=False)
        self.retitle()
