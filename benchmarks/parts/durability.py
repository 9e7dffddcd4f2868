"""The durability part: what a kill can take and what a long log costs, at each log length."""

from __future__ import annotations

import contextlib
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from combat_tui.engine.state.errors import CombatError
from parts.common import encounter, row
from parts.startup import launch


def long_save(path: Path, events: int) -> None:
    """A save of 10 creatures with `events` logged events, written whole."""
    from combat_tui.session import Session

    enc = encounter(10)
    names = [c.name for c in enc.state.roster()]
    rng = random.Random(7)
    while len(enc.doc.log) < events:
        with contextlib.suppress(CombatError):  # not possible right now: pick another
            enc.run(rng.choice(["next", f"dmg '{rng.choice(names)}' 1", f"heal '{rng.choice(names)}' 1",
                                f"cond '{rng.choice(names)}' prone", f"uncond '{rng.choice(names)}' prone"]))
    Session.start(enc, path).close()


def durability(sizes: list[int], repeats: int) -> None:
    """What a kill can take, and what a long log costs: one change made durable (the app's path: one
    transaction and its fsyncs), a `do` process and the app's start-up, at each log length."""
    from combat_tui.session import Session, catalogue

    with tempfile.TemporaryDirectory() as tmp:
        for n in sizes:
            path = Path(tmp) / f"long-{n}.combat"
            long_save(path, n)
            size = path.stat().st_size
            s = Session.open(path, catalogue())
            names = [c.name for c in s.encounter.state.roster()]
            durable, window = [], []
            for i in range(repeats):
                s.encounter.run(f"dmg '{names[i % len(names)]}' 1")
                t = time.perf_counter()
                s.save()  # in the foreground: back once the transaction is committed
                durable.append(time.perf_counter() - t)
            s.save_in_background(lambda: None)
            for i in range(repeats):  # as the app does: the UI thread hands over, the writer thread syncs
                t = time.perf_counter()
                s.run(f"heal '{names[i % len(names)]}' 1")
                s.flush()
                window.append(time.perf_counter() - t)
            s.close()
            dos, opens = [], []
            for i in range(3):
                t = time.perf_counter()
                subprocess.run([sys.executable, "-m", "combat_tui", "do", str(path), f"dmg '{names[i]}' 1"],
                               check=True, capture_output=True)
                dos.append(time.perf_counter() - t)
                t = time.perf_counter()
                Session.open(path, catalogue()).close()
                opens.append(time.perf_counter() - t)
            launched = [launch("app", path)["READY"][0] for _ in range(3)]
            row(f"one change made durable (one transaction, committed), {n:,} events",
                f"{statistics.median(durable) * 1000:.1f} ms", f"save {size / 1e6:.1f} MB")
            row(f"change to durable in the app (command + writer thread), {n:,} events",
                f"{statistics.median(window) * 1000:.1f} ms", "the window a kill can take")
            row(f"`combat-tui do` one command, {n:,} events", f"{statistics.median(dos) * 1000:.0f} ms",
                "a whole process: start, read, run, write")
            row(f"open the save (its state; the log stays on disk), {n:,} events",
                f"{statistics.median(opens) * 1000:.0f} ms")
            row(f"start-up of the app on it, launch to ready for keys, {n:,} events",
                f"{statistics.median(launched) * 1000:.0f} ms")
