"""`make bench`: how fast combat-tui is at the table. One table; every figure a median of repeated runs;
ratios taken within this one run (these machines are noisy). It reports; it does not gate.

    python benchmarks/bench.py [--quick]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from combat_tui.engine import storage
from combat_tui.engine.encounter import Encounter
from combat_tui.engine.errors import CombatError
from combat_tui.engine.loader import load_all

CAT = load_all()
ROWS: list[tuple[str, str, str]] = []  # (measure, value, note)


def row(measure: str, value: str, note: str = "") -> None:
    ROWS.append((measure, value, note))
    print(f"  {measure:<58} {value:>14}  {note}", file=sys.stderr, flush=True)


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def encounter(n: int, ruleset: str = "three-action", seed: int = 1) -> Encounter:
    enc = Encounter.new(CAT.get(ruleset), seed=seed, name=f"{n} creatures")
    enc.run("add Hero pc hp=30 init=30")
    left = n - 1
    while left > 0:
        k = min(100, left)
        enc.run(f"add Orc x{k} hp=20")
        left -= k
    enc.run("start")
    return enc


# -- 1. start-up ----------------------------------------------------------------------------------

CHILD = r"""
import time; t0 = time.perf_counter()
import asyncio, sys
mode, path = sys.argv[1], sys.argv[2]
if mode == "bare":
    from textual.app import App
    from textual.widgets import Static
    class Bare(App):
        def compose(self):
            yield Static("one line")
    app = Bare()
else:
    from pathlib import Path
    from combat_tui.session import Session, catalogue
    from combat_tui.ui.app import CombatApp
    app = CombatApp(Session.open(Path(path), catalogue(), lock=False))
async def main():
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        print(time.perf_counter() - t0)
asyncio.run(main())
"""


def startup(runs: int) -> None:
    demo = Path(__file__).resolve().parents[1] / "saves" / "three-action.json"
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "demo.json"
        copy.write_bytes(demo.read_bytes())
        times: dict[str, list[float]] = {"bare": [], "app": []}
        for _ in range(runs):
            for mode in ("bare", "app"):  # interleaved, so drift hits both alike
                out = subprocess.run([sys.executable, "-c", CHILD, mode, str(copy)], capture_output=True,
                                     text=True, check=True)
                times[mode].append(float(out.stdout.strip().splitlines()[-1]))
    bare, app = statistics.median(times["bare"]), statistics.median(times["app"])
    row("start-up, bare Textual app, to first frame", f"{bare * 1000:.0f} ms")
    row("start-up, combat-tui on the demo, to first frame", f"{app * 1000:.0f} ms")
    row("start-up ratio (app / bare)", f"{app / bare:.2f}x", "target ≤ 1.5x")


# -- 2. keystroke to updated screen -----------------------------------------------------------------


def keystrokes(sizes: list[int], repeats: int) -> None:
    from combat_tui.session import Session
    from combat_tui.ui.app import CombatApp

    async def measure(n: int) -> dict[str, list[float]]:
        enc = encounter(n)
        with tempfile.TemporaryDirectory() as tmp:
            session = Session(enc, Path(tmp) / "bench.json")
            app = CombatApp(session)
            out: dict[str, list[float]] = {"next": [], "damage": [], "condition": [], "undo": []}
            async with app.run_test(size=(120, 40)) as pilot:
                await pilot.pause()
                for _ in range(repeats):
                    for name, keys in (("next", ["n"]), ("damage", ["d", "3", "enter"]),
                                       ("condition", ["c", "p", "r", "o", "n", "e", "enter", "enter"]),
                                       ("undo", ["u"])):
                        t = time.perf_counter()
                        await pilot.press(*keys)
                        await pilot.pause()
                        out[name].append(time.perf_counter() - t)
            session.close()
        return out

    for n in sizes:
        result = asyncio.run(measure(n))
        for name, values in result.items():
            row(f"key → screen, {name}, {n} creatures (p50 / p95)",
                f"{pct(values, 50) * 1000:.1f} / {pct(values, 95) * 1000:.1f} ms",
                "target p95 ≤ 16 ms at 100, 50 ms at 1,000")


# -- 3. engine alone --------------------------------------------------------------------------------


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
            t = time.perf_counter()
            for line in lines:
                with contextlib.suppress(CombatError):  # a refused command still costs its parse
                    enc.run(line)
            times.append(time.perf_counter() - t)
        rate = commands / statistics.median(times)
        base = base or rate
        row(f"engine, random command mix, {n} creatures", f"{rate:,.0f} cmd/s",
            "" if n == sizes[0] else f"cost ×{base / rate:.2f} of {sizes[0]} (target ≤ 3x)")
    enc = encounter(20, "time-count")
    t = time.perf_counter()
    while enc.state.clock.tc < 10_000:
        for c in list(enc.view()["active"]):
            enc.run(f"act '{c}' sf={random.Random(enc.state.clock.tc).randint(1, 9)}")
        enc.run("next")
    row("engine, time count advanced through 10,000 TC (20 creatures)", f"{time.perf_counter() - t:.2f} s")


# -- 4. save and load -------------------------------------------------------------------------------


def save_load(sizes: list[int], events: int) -> None:
    for n in sizes:
        enc = encounter(n)
        names = [c.name for c in enc.state.roster()]
        rng = random.Random(7)
        while len(enc.doc.log) < events:
            enc.run(rng.choice(["next", f"dmg '{rng.choice(names)}' 1", f"heal '{rng.choice(names)}' 1"]))
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "bench.json"
            saves, loads = [], []
            for _ in range(3):
                t = time.perf_counter()
                storage.save(enc.doc, path)
                saves.append(time.perf_counter() - t)
                t = time.perf_counter()
                storage.load(path)
                loads.append(time.perf_counter() - t)
            size = path.stat().st_size
        t = time.perf_counter()
        enc.run("undo")
        undo = time.perf_counter() - t
        t = time.perf_counter()
        enc.run(f"dmg '{names[1]}' 1")
        plain = time.perf_counter() - t
        row(f"save / load, {n} creatures, {events:,} events",
            f"{statistics.median(saves) * 1000:.0f} / {statistics.median(loads) * 1000:.0f} ms",
            f"file {size / 1e6:.1f} MB; autosave = one save")
        row(f"undo at the end of the log vs a plain command, {n} creatures",
            f"{undo * 1000:.2f} / {plain * 1000:.2f} ms", f"ratio {undo / plain:.1f}x (target ≤ 5x)")


# -- 5. memory ----------------------------------------------------------------------------------------

MEM_CHILD = r"""
import asyncio, resource, sys, tempfile
from pathlib import Path
sys.path.insert(0, sys.argv[1])
from bench import encounter
from combat_tui.session import Session
from combat_tui.ui.app import CombatApp
async def main():
    with tempfile.TemporaryDirectory() as tmp:
        app = CombatApp(Session(encounter(1000), Path(tmp) / "m.json"))
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("n", "d", "3", "enter")
            await pilot.pause()
    print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
asyncio.run(main())
"""


def memory(runs: int) -> None:
    peaks = []
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-c", MEM_CHILD, str(Path(__file__).parent)], capture_output=True,
                             text=True, check=True)
        peaks.append(int(out.stdout.split()[-1]) / 1024)
    row("peak memory of the app with 1,000 creatures", f"{statistics.median(peaks):.0f} MB",
        f"max RSS, median of {runs} processes")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="fewer repeats, for a smoke run")
    ap.add_argument("--json", help="also write the table to this file")
    args = ap.parse_args()
    q = args.quick
    print("combat-tui benchmark (medians; ratios within this run)", file=sys.stderr)
    startup(3 if q else 7)
    keystrokes([10, 100, 1000], 5 if q else 20)
    engine_rate([10, 100, 1000], 300 if q else 2000)
    save_load([10, 100, 1000], 1000 if q else 5000)
    memory(3)
    width = max(len(r[0]) for r in ROWS)
    print(f"| {'measure':<{width}} | value | note |")
    print(f"|{'-' * (width + 2)}|---|---|")
    for measure, value, note in ROWS:
        print(f"| {measure:<{width}} | {value} | {note} |")
    if args.json:
        Path(args.json).write_text(json.dumps(ROWS, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
