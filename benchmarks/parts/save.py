"""The save part: a whole save and load, the autosave after one change, and undo at the end of the log."""

from __future__ import annotations

import gc
import random
import statistics
import tempfile
import time
from pathlib import Path

from parts.common import encounter, row


def save_load(sizes: list[int], events: int) -> None:
    from combat_tui.session import Session
    from combat_tui.store import saves

    for n in sizes:
        enc = encounter(n)
        names = [c.name for c in enc.state.roster()]
        rng = random.Random(7)
        while len(enc.doc.log) < events:
            enc.run(rng.choice(["next", f"dmg '{rng.choice(names)}' 1", f"heal '{rng.choice(names)}' 1"]))
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "bench.combat"
            writes, loads = [], []
            for _ in range(3):
                gc.collect()
                gc.disable()  # as timeit does: the benchmark's own heap must not decide the figure
                path.unlink(missing_ok=True)
                t = time.perf_counter()
                saves.save(enc.doc, path)
                writes.append(time.perf_counter() - t)
                t = time.perf_counter()
                saves.load(path)
                loads.append(time.perf_counter() - t)
                gc.enable()
            size = path.stat().st_size
            # the app's autosave: the UI thread packs what changed; a thread writes it
            path.unlink()
            session = Session.start(enc, path)
            session.save_in_background(lambda: None)
            session.save()
            session.flush()
            ui, writer = [], []
            for i in range(20):
                enc.run(f"dmg '{names[i % len(names)]}' 1")
                t = time.perf_counter()
                session.save()
                ui.append(time.perf_counter() - t)
                t = time.perf_counter()
                session.flush()
                writer.append(time.perf_counter() - t)
            session.close()
        undos, plains = [], []
        for i in range(20):  # a command at the end of the log, then its undo, also at the end
            t = time.perf_counter()
            enc.run(f"dmg '{names[i % len(names)]}' 1")
            plains.append(time.perf_counter() - t)
            t = time.perf_counter()
            enc.run("undo")
            undos.append(time.perf_counter() - t)
        undo, plain = statistics.median(undos), statistics.median(plains)
        row(f"whole save / load, {n} creatures, {events:,} events",
            f"{statistics.median(writes) * 1000:.0f} / {statistics.median(loads) * 1000:.0f} ms",
            f"file {size / 1e6:.1f} MB")
        row(f"autosave after one change, {n} creatures: UI thread / writer thread",
            f"{statistics.median(ui) * 1000:.2f} / {statistics.median(writer) * 1000:.0f} ms",
            "target: off the UI thread, or under 2 ms")
        row(f"undo at the end of the log vs a plain command, {n} creatures",
            f"{undo * 1000:.2f} / {plain * 1000:.2f} ms", f"ratio {undo / plain:.1f}x (target ≤ 5x)")
