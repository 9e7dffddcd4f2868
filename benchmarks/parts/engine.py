"""The engine part: commands a second without the UI, by size of fight, and a time count run long."""

from __future__ import annotations

import contextlib
import gc
import random
import statistics
import time

from combat_tui.engine.rules.timekeeping import active
from combat_tui.engine.state.errors import CombatError
from parts.common import encounter, row


def random_command(rng: random.Random, names: list[str]) -> str:
    who = rng.choice(names)
    return rng.choice([
        "next", f"dmg '{who}' {rng.randint(1, 3)}", f"heal '{who}' 1", f"cond '{who}' prone",
        f"cond '{who}' slowed for=1", f"spend '{who}' actions 1", "undo", "redo",
    ])


def engine_rate(sizes: list[int], commands: int) -> None:
    base: float | None = None
    for n in sizes:
        enc = encounter(n)
        rng = random.Random(n)
        names = [c.name for c in enc.state.roster()]
        lines = [random_command(rng, names) for _ in range(commands)]
        times = []
        for _ in range(3):
            # As the app does once it is up (see quiet_gc.py): what exists is frozen, so full collections
            # do not walk the benchmark's own heap (the apps of the keystroke part), which made this
            # figure swing twofold between runs. Young collections still count.
            gc.collect()
            gc.freeze()
            t = time.perf_counter()
            for line in lines:
                with contextlib.suppress(CombatError):  # a refused command still costs its parse
                    enc.run(line)
            times.append(time.perf_counter() - t)
            gc.unfreeze()
        rate = commands / statistics.median(times)
        base = base or rate
        row(f"engine, random command mix, {n} creatures", f"{rate:,.0f} cmd/s",
            "" if n == sizes[0] else f"cost ×{base / rate:.2f} of {sizes[0]} (target ≤ 3x)")
    enc = encounter(20, "time-count")
    rng = random.Random(5)
    commands = 0
    t = time.perf_counter()
    while enc.state.clock.tc < 10_000:
        for c in active(enc.state, enc.rs):  # each acting creature picks a speed factor, then the clock moves
            enc.run(f"act '{c.name}' sf={rng.randint(1, 9)}")
            commands += 1
        enc.run("next")
        commands += 1
    took = time.perf_counter() - t
    row("engine, time count advanced through 10,000 TC (20 creatures)", f"{took:.2f} s",
        f"{commands:,} commands, {commands / took:,.0f} cmd/s; log {len(enc.doc.log):,} events")
