"""Keys in the order they were typed: a key is routed only when the one before it has been handled.

Textual routes each key as it is read: to the focused widget, from which it bubbles back up to the app,
where the bindings are. A key read while the one before is still on its way overtakes it. Typed fast,
pasted, or typed while a frame of 1,000 creatures was drawn, `d` `4` lost the 4 (it reached the order
pane before `d` had opened the question), and `1` `2` Enter `n` typed the `n` into the answer.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any

from textual import events
from textual.app import App
from textual.timer import Timer

STUCK = 0.5  # seconds: a key neither handled nor stopped by then (its widget went away) lets the next go


class RoutedKey(events.Key):
    """A key on its way: says so when a widget stops it (it then never reaches the app)."""

    __slots__ = ["line"]

    def __init__(self, key: events.Key, line: KeyLine) -> None:
        super().__init__(key.key, key.character)
        # No sender: Textual stops a key at the child of its sender (the screen, for the app's keys) and
        # still passes it up; that stop would let the next key go before this one reached the app.
        self.time, self._sender, self.line = key.time, None, line

    def stop(self, stop: bool = True) -> RoutedKey:
        super().stop(stop)
        if stop:
            self.line.app.call_later(self.line.done, self)  # after whatever the app has read meanwhile
        return self


RoutedKey.handler_name = "on_key"  # handled as any key is


class KeyLine:
    """Give it every key the app reads (`arrived`), and every key that reaches the app again (`done`).

    A waiting key goes once the app has also read what the key before it left to do (a focus moved
    with `focus()`, a dialog's answer), so it lands where that key meant it to."""

    def __init__(self, app: App[Any], route: Callable[[events.Key], Awaitable[None]]) -> None:
        self.app, self._route = app, route
        self._busy = False  # a key is on its way, or the next waits for the app to catch up
        self._current: RoutedKey | None = None
        self._since = 0.0
        self._waiting: deque[events.Key] = deque()
        self._watchdog: Timer | None = None

    async def arrived(self, key: events.Key) -> None:
        if self._busy:
            self._waiting.append(key)
            if self._watchdog is None:
                self._watchdog = self.app.set_timer(STUCK, self._unstick)
            return
        await self._send(key)

    def done(self, key: events.Key) -> None:
        """The key was handled (it reached the app, or a widget stopped it): the next one may go."""
        if key is self._current:
            self._finished()

    async def _send(self, key: events.Key) -> None:
        routed = RoutedKey(key, self)
        self._busy, self._current, self._since = True, routed, time.monotonic()
        await self._route(routed)  # a priority binding runs now; otherwise it is sent on its way
        if not routed.is_forwarded and self._current is routed:
            self._finished()

    def _finished(self) -> None:
        self._current = None
        if self._waiting:
            self.app.call_later(self._resume)  # behind what the app was given meanwhile
        else:
            self._busy = False

    async def _resume(self) -> None:
        if self._current is None and self._waiting:
            await self._send(self._waiting.popleft())
        elif self._current is None:
            self._busy = False

    def _unstick(self) -> None:
        self._watchdog = None
        if self._current is not None and time.monotonic() - self._since >= STUCK:
            self._finished()
        if self._waiting and self._watchdog is None:
            self._watchdog = self.app.set_timer(STUCK, self._unstick)
