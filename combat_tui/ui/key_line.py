"""Keys in the order they were typed: a key is routed only when the one before it has been handled.

Textual routes each key as it is read: to the focused widget, from which it bubbles back up to the app,
where the bindings are. A key read while the one before is still on its way overtakes it. Typed fast,
pasted, or typed while a frame of 1,000 creatures was drawn, `d` `4` lost the 4 (it reached the order
pane before `d` had opened the question), and `1` `2` Enter `n` typed the `n` into the answer.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any

from textual import events
from textual.app import App
from textual.dom import DOMNode, NoScreen
from textual.screen import Screen
from textual.timer import Timer
from textual.worker import Worker

from ._textual_compat import SenderlessKey

ROUNDS = 2  # of the whole screen after a key: a message a widget posts to another is read in the second
POLL = 0.1  # seconds between looks for a key or an answer lost with a widget that went away
LOST = 5.0  # seconds: a key a widget still there swallowed (never handled, never stopped) is given up


class RoutedKey(SenderlessKey):
    """A key on its way: says so when a widget stops it (it then never reaches the app). It has no sender,
    so that only a widget that handles it stops it (see `SenderlessKey`)."""

    __slots__ = ["line"]

    def __init__(self, key: events.Key, line: KeyLine) -> None:
        super().__init__(key.key, key.character)
        self.time, self.line = key.time, line

    def stop(self, stop: bool = True) -> RoutedKey:
        super().stop(stop)
        if stop:
            self.line.app.call_later(self.line.done, self)  # after whatever the app has read meanwhile
        return self


RoutedKey.handler_name = "on_key"  # handled as any key is


class KeyLine:
    """Give it every key the app reads (`arrived`), and every key that reaches the app again (`done`).

    A waiting key goes once the widget the key before it went to, each of its parents, the screen on top
    now and the app have read what that key left them to do (an input's Submitted, a palette closing and
    its command, a focus moved with `focus()`, a dialog's answer), so it lands where that key meant it to."""

    def __init__(self, app: App[Any], route: Callable[[events.Key], Awaitable[None]]) -> None:
        self.app, self._route = app, route
        self._busy = False  # a key is on its way, or the next waits for the app to catch up
        self._current: RoutedKey | None = None
        self._target: DOMNode | None = None  # where the current key was sent: the focused widget, or the screen
        self._screen: Screen[Any] | None = None  # the screen on top when it was sent
        self._since = 0.0
        self._pending: set[DOMNode] = set()  # asked to answer in this step of settling, not yet answered
        self._step = 0  # the settling step under way: an answer from an earlier one (given up) is ignored
        self.lost_after = LOST
        self._waiting: deque[events.Key] = deque()
        self._watchdog: Timer | None = None
        self._waiter: asyncio.Future[None] | None = None
        self._then: Callable[[], None] = lambda: None

    @property
    def busy(self) -> bool:
        """A key is on its way, or keys wait for the app to catch up (what a test types waits on)."""
        return self._busy or bool(self._waiting)

    async def arrived(self, key: events.Key) -> None:
        alone = key.key.removeprefix("alt+")
        if alone != key.key and key.character and len(key.character) == 1 and not self._bound(key.key):
            # Escape and a key typed together: the terminal reads them as one Alt key (Textual's driver,
            # within its escape delay). Unless the settings bound it, the two keys typed, in order.
            await self.arrived(events.Key("escape", "\x1b"))
            key = events.Key(key.character if key.character.isalnum() else alone, key.character)
        if self._busy:
            self._waiting.append(key)
            if self._watchdog is None:
                self._watchdog = self.app.set_timer(POLL, self._unstick)
            return
        await self._send(key)

    def done(self, key: events.Key) -> None:
        """The key was handled (it reached the app, or a widget stopped it): the next one may go."""
        if key is self._current:
            self._finished()

    async def _send(self, key: events.Key) -> None:
        routed = RoutedKey(key, self)
        self._busy, self._current, self._since = True, routed, time.monotonic()
        self._target = self.app.focused or self.app.screen
        self._screen = self.app.screen
        await self._route(routed)  # a priority binding runs now; otherwise it is sent on its way
        if not routed.is_forwarded and self._current is routed:
            self._finished()

    def _finished(self) -> None:
        self._current = None
        target, self._target = self._target, None  # the next key, typed now or read later, goes behind
        chain = [n for n in target.ancestors_with_self if n is not self.app] if target is not None else []
        self._settle(chain)  # what this key left to do, wherever it was left

    def _settle(self, chain: list[DOMNode], rounds: int = ROUNDS) -> None:
        """Once each in turn has read its messages (those bubble up), then every widget of the screen on
        top now (a list the key's widget told to pick, a screen that came up), a round or two, then the app.
        On the one screen over the default one, only the widgets with messages to read: a screen has about
        80, and asking each, twice, was most of the messages a key cost."""
        self._since = time.monotonic()
        self._step += 1
        step = self._step
        while chain and not self._alive(chain[0]):  # gone with what the key did: nothing left there
            chain = chain[1:]
        if chain:
            self._ask({chain[0]}, step, lambda: self._settle(chain[1:], rounds))
            return
        if self.app.screen is not self._screen:  # one came or went: it gets its rounds (a screen shown
            self._screen, rounds = self.app.screen, ROUNDS  # again restores its focus, a palette's pick runs)
        # Every widget, round after round, where a screen came or may be going: a dialog's or the palette's
        # key pops it in a task of its own, and a screen put up mounts its widgets, neither in a queue.
        alone = self.app.screen is self._screen and len(self.app.screen_stack) <= 2  # over the default one
        nodes = [n for n in self.app.screen.walk_children(with_self=True)
                 if n.is_running and (n.message_queue_size or not alone)] if rounds else []
        if not nodes:
            self._pending = set()
            self.app.call_later(self._resume)
            return
        self._ask(set(nodes), step, lambda: self._settle([], rounds - 1))

    def _ask(self, nodes: set[DOMNode], step: int, then: Callable[[], None]) -> None:
        """Each node answers once it has read what is in its queue now; when the last has, `then`. A node
        that goes away first never answers: the watchdog sees it gone and stops waiting for it."""
        self._pending, self._then = nodes, then

        def answered(node: DOMNode) -> None:
            if step == self._step and node in self._pending:
                self._pending.discard(node)
                if not self._pending:
                    then()

        for node in list(nodes):
            node.call_later(answered, node)
    def _bound(self, key: str) -> bool:
        return bool(self.app.screen_stack) and key in self.app.screen.active_bindings

    def _alive(self, node: DOMNode) -> bool:
        """Still there to read a message: on a screen of the stack (one taken down may never read it)."""
        if not node.is_running:
            return False
        try:
            screen = node if isinstance(node, Screen) else node.screen
        except NoScreen:
            return False
        return screen in self.app.screen_stack

    async def _resume(self) -> None:
        screen = self.app.screen
        if self._current is None and self._waiting and not screen.is_mounted:
            self._step += 1
            step = self._step
            self._ask({screen}, step, lambda: self._settle([]))  # a screen just put up: once there
            return
        if self._current is None and self._waiting and screen is not self._screen:
            self._settle([])  # a screen came or went after the rounds (the palette, closed by its pick): its rounds
            return
        if self._current is None and self._waiting and self._working():
            return  # called again when the screen's work is done
        if self._current is None and self._waiting:
            await self._send(self._waiting.popleft())
        elif self._current is None:
            self._busy = False

    def _working(self) -> bool:
        """Work the screen on top runs in the background (the palette's search, say) goes before the next
        key (Enter picks from what was found): True, and the key waits for it to end, however long it takes
        (a search is cancelled by the next letter, and with its screen)."""
        screen = self.app.screen
        busy = [w for w in self.app.workers if not w.is_finished and screen in w.node.ancestors_with_self]
        if not busy:
            return False

        async def wait() -> None:
            await asyncio.wait([asyncio.ensure_future(_quietly(w)) for w in busy], timeout=self.lost_after)
            self.app.call_later(self._resume)

        self._waiter = asyncio.ensure_future(wait())  # kept: a task only weakly held may be collected
        return True

    def _unstick(self) -> None:
        """Look again for what will never answer: a node gone while asked (with a screen taken down), or a
        key its widget swallowed. Waiting on a node still there is not a clock: under load it answers late."""
        self._watchdog = None
        if self._current is None and self._pending:
            gone = {n for n in self._pending if not self._alive(n)}
            if gone:
                self._pending -= gone
                if not self._pending:
                    self._then()
        lost = time.monotonic() - self._since >= self.lost_after
        if self._current is not None and (lost or (self._target is not None and not self._alive(self._target))):
            self._finished()
        elif self._current is None and self._waiting and lost:  # an answer never came from a node still there
            self._step += 1
            self._pending = set()
            self.app.call_later(self._resume)
        if self._waiting and self._watchdog is None:
            self._watchdog = self.app.set_timer(POLL, self._unstick)


async def _quietly(worker: Worker[Any]) -> None:
    """Done, however it ended (a search is cancelled by the next letter)."""
    with contextlib.suppress(Exception):
        await worker.wait()
