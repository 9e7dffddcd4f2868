"""The keys part: each key to the first frame after which the terminal shows its final screen, at each size
of fight."""

from __future__ import annotations

import asyncio
import gc
import tempfile
import time
from pathlib import Path
from typing import Any

from parts.common import encounter, pct, row

# What the keys part times with: the wall clock (what the GM waits), or with --cpu this process's CPU
# time, which other programs on a busy machine barely move (to compare two variants in one sitting).
KEY_CLOCK = time.perf_counter
Shown = tuple[tuple[Any, ...], ...]  # the emulated terminal's cells, row by row


class FrameClock:
    """Times key → screen: until the terminal first shows what it finally shows after the key.

    Every frame is rendered to terminal bytes, as a real terminal driver would write them, and those bytes
    are fed to a terminal emulator (pyte, as tests/ui/test_redraws.py does). The clock stops at the frame
    after which the emulated screen first shows, cell by cell, what it shows once the app is idle: what the
    GM sees, not what Textual's compositor holds (a frame can leave part of a change for the next one).
    Feeding the emulator and comparing its cells is the benchmark's own cost and is taken out of the times,
    and so is collecting its garbage. Pilot's waits (it sleeps until the process looks idle) are not counted
    either: the clock stops at the frame."""

    def __init__(self, app: Any, width: int, height: int) -> None:
        import pyte

        self.app = app
        self.terminal = pyte.Screen(width, height)
        self.stream = pyte.Stream(self.terminal)
        self.frames: list[tuple[float, Shown]] = []  # (when sent, the emulated screen then)
        self.overhead = 0.0
        original = app._display

        def display(screen: Any, renderable: Any) -> None:
            if renderable is not None and hasattr(renderable, "render_segments") and not app._batch_count:
                sent = renderable.render_segments(app.console)  # what a real terminal driver would write
                done = KEY_CLOCK() - self.overhead
                start = KEY_CLOCK()
                enabled = gc.isenabled()
                gc.disable()  # the benchmark's own garbage must not trigger collections the app then pays for
                self.stream.feed(sent)
                self.frames.append((done, self.shown()))
                if enabled:
                    gc.enable()
                    gc.collect(1)
                self.overhead += KEY_CLOCK() - start
            original(screen, renderable)

        app._display = display

    def shown(self) -> Shown:
        """Every cell of the emulated screen: its character and its look."""
        screen = self.terminal
        return tuple(tuple(screen.buffer[y][x] for x in range(screen.columns)) for y in range(screen.lines))

    async def whole(self, pilot: Any) -> None:
        """Send the whole screen once, so the emulator starts from what the app shows."""
        self.app.screen.refresh()
        await pilot.pause()

    async def time(self, pilot: Any, key: str) -> float:
        """Press one key and time it to the first frame after which the terminal shows its final screen."""
        self.frames.clear()
        self.overhead = 0.0
        t = KEY_CLOCK()
        await pilot.press(key)
        await pilot.pause()
        if not self.frames:
            raise RuntimeError(f"no frame drawn after {key}")
        final = self.frames[-1][1]
        first = next(when for when, shown in self.frames if shown == final)
        return first - t


KEYS = {"next": ["n"], "damage": ["d", "3", "enter"],
        "condition": ["c", "p", "r", "o", "n", "e", "enter", "enter"], "undo": ["u"]}


def keystrokes(sizes: list[int], repeats: int) -> None:
    """Each sequence's last key is the one that changes the encounter (and is the row's figure); the keys
    before it (opening a question, typing, picking from a list) are timed too, and reported together."""
    from combat_tui.session import Session
    from combat_tui.ui.app import CombatApp

    async def measure(n: int) -> tuple[dict[str, list[float]], list[float]]:
        enc = encounter(n)
        with tempfile.TemporaryDirectory() as tmp:
            session = Session.start(enc, Path(tmp) / "bench.combat")
            app = CombatApp(session)
            out: dict[str, list[float]] = {name: [] for name in KEYS}
            before: list[float] = []
            async with app.run_test(size=(120, 40)) as pilot:
                clock = FrameClock(app, 120, 40)
                await clock.whole(pilot)
                for _ in range(repeats):
                    for name, keys in KEYS.items():
                        for key in keys[:-1]:
                            before.append(await clock.time(pilot, key))
                        out[name].append(await clock.time(pilot, keys[-1]))
            session.close()
        return out, before

    for n in sizes:
        result, before = asyncio.run(measure(n))
        for name, values in result.items():
            row(f"key → screen, {name}, {n} creatures (p50 / p95)",
                f"{pct(values, 50) * 1000:.1f} / {pct(values, 95) * 1000:.1f} ms",
                "target p95 ≤ 16 ms at 100, 50 ms at 1,000")
        row(f"key → screen, the keys before the last, {n} creatures (p50 / p95)",
            f"{pct(before, 50) * 1000:.1f} / {pct(before, 95) * 1000:.1f} ms",
            "d and digits; c, the filter and its Enter")
