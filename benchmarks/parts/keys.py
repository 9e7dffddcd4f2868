"""The keys part: each key to the first frame that shows its final screen, at each size of fight."""

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


class FrameClock:
    """Times key → screen: until the first frame after which the screen shows what it finally shows.

    Every frame is rendered to terminal bytes, as a real terminal driver would. To know which frame
    first showed the final screen, the whole screen is also drawn after each frame; that drawing is
    the benchmark's own cost and is taken out of the times, and so is collecting its garbage. Pilot's
    waits (it sleeps until the process looks idle) are not counted either: the clock stops at the frame."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.frames: list[tuple[float, str]] = []  # (when, the whole screen then)
        self.overhead = 0.0
        original = app._display

        def display(screen: Any, renderable: Any) -> None:
            if renderable is not None and hasattr(renderable, "render_segments"):
                renderable.render_segments(app.console)  # what a real terminal driver would write
                done = KEY_CLOCK() - self.overhead
                start = KEY_CLOCK()
                enabled = gc.isenabled()
                gc.disable()  # the benchmark's own garbage must not trigger collections the app then pays for
                whole = screen._compositor.render_update(full=True).render_segments(app.console)
                if enabled:
                    gc.enable()
                    gc.collect(1)
                self.overhead += KEY_CLOCK() - start
                self.frames.append((done, whole))
            original(screen, renderable)

        app._display = display

    async def time(self, pilot: Any, key: str) -> float:
        """Press one key and time it to the first frame that shows what the screen finally shows."""
        self.frames.clear()
        self.overhead = 0.0
        t = KEY_CLOCK()
        await pilot.press(key)
        await pilot.pause()
        if not self.frames:
            raise RuntimeError(f"no frame drawn after {key}")
        final = self.frames[-1][1]
        first = next(when for when, whole in self.frames if whole == final)
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
                clock = FrameClock(app)
                await pilot.pause()
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
