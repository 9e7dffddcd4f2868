"""`make bench`: how fast combat-tui is at the table. One table; every figure a median of repeated runs;
ratios taken within this one run (these machines are noisy). It reports; it does not gate.

    python benchmarks/bench.py [--quick] [--write docs/performance.md]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import report  # benchmarks/report.py, beside this script

from combat_tui.engine.encounter import Encounter
from combat_tui.engine.rules.timekeeping import active
from combat_tui.engine.state.errors import CombatError
from combat_tui.store.rulesets import load_all

sys.path.insert(0, str(Path(__file__).parent))
from workarounds import OFF  # beside this script, which is run as a file

CAT = load_all()
FIGURES_HEADING = "## Figures of the last run\n\nOne `make bench` run; compare figures within it, never across runs."
# What the keys part times with: the wall clock (what the GM waits), or with --cpu this process's CPU
# time, which other programs on a busy machine barely move (to compare two variants in one sitting).
KEY_CLOCK = time.perf_counter
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
import time
import os, sys
mode, path = sys.argv[1], sys.argv[2]
if mode == "app":  # as the command starts: its launcher first (see combat_tui/launch.py)
    from combat_tui.launch import main
from textual.app import App
run = App.run
def first_frame(self, *args, **kw):  # headless; the first frame rendered to terminal bytes, as a driver would
    display, seen = self._display, []
    def timed(screen, renderable):
        # The first frame, then the first of a screen that takes keys: the same one, unless the first
        # was the save's face (drawn before the engine is loaded, which then loads).
        if renderable is not None and len(seen) < 2:
            face = type(screen).__name__ == "FaceScreen"
            if not seen or not face:
                renderable.render_segments(self.console)
                seen.append(time.time())  # wall clock: the parent started its own from the launch
            if not face:
                seen[1:] = seen[-1:]
                print(seen[0], seen[1], flush=True)
                self.call_later(self.exit)
        display(screen, renderable)
    self._display = timed
    return run(self, headless=True, size=(120, 40))
App.run = first_frame
if mode in ("bare", "floor", "engine"):
    if mode == "floor":  # what importing pydantic (a required dependency) alone adds to the bare app
        from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator
    if mode == "engine":  # the bare app after loading the demo: the engine's share, without our UI
        from pathlib import Path
        from combat_tui.session import Session, catalogue
        Session.open(Path(path), catalogue()).close()
    from textual.widgets import Static
    class Bare(App):
        def compose(self):
            yield Static("one line")
    Bare().run()
else:  # as the GM starts it: the command line, on the save (its data folder beside it)
    main([path, "--data-dir", os.path.dirname(path)])
"""


def startup(runs: int) -> None:
    """Launch to first frame, the app and a bare Textual app interleaved. The app's own modules are
    byte-compiled first, as pip does on install (Textual and pydantic already are): where writing
    bytecode is turned off (PYTHONDONTWRITEBYTECODE), every launch would otherwise time the compiler."""
    import combat_tui

    subprocess.run([sys.executable, "-m", "compileall", "-q", str(Path(combat_tui.__file__).parent)], check=True)
    from combat_tui.store import saves
    from combat_tui.store.save_db import SaveDB

    demo = Path(__file__).resolve().parents[1] / "saves" / "three-action.json"
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "demo.combat"
        # played from its database, as the app plays a demo: with its face, as the GM's copy has it
        SaveDB.create(copy, saves.read_exchange(demo), saves.shipped_face(demo))
        times: dict[str, list[float]] = {"bare": [], "floor": [], "engine": [], "app": []}
        ready: list[float] = []
        for _ in range(runs):
            for mode in times:  # interleaved, so drift hits all alike
                launched = time.time()
                out = subprocess.run([sys.executable, "-c", CHILD, mode, str(copy)], capture_output=True,
                                     text=True, check=True)
                first, keys = (float(t) for t in out.stdout.strip().splitlines()[-1].split())
                times[mode].append(first - launched)
                if mode == "app":
                    ready.append(keys - launched)
    bare, app = statistics.median(times["bare"]), statistics.median(times["app"])
    row("start-up, bare Textual app, launch to first frame", f"{bare * 1000:.0f} ms")
    row("start-up, combat-tui on the demo, launch to first frame", f"{app * 1000:.0f} ms",
        "the save's face, before the engine")
    row("start-up ratio (app / bare)", f"{app / bare:.2f}x", "target ≤ 1.5x")
    keys = statistics.median(ready)
    row("start-up, combat-tui on the demo, launch to ready for keys", f"{keys * 1000:.0f} ms",
        f"{keys / bare:.2f}x the bare app: the engine loaded, the main screen up")
    floor = statistics.median(times["floor"])
    row("start-up ratio of the bare app that also imports pydantic", f"{floor / bare:.2f}x",
        "what the pydantic import alone costs")
    engine = statistics.median(times["engine"])
    row("start-up ratio of the bare app that also loads the demo", f"{engine / bare:.2f}x",
        "the engine's share: its modules, the ruleset and the save, no UI")


# -- 2. keystroke to updated screen -----------------------------------------------------------------


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


PARTY = ["Kara pc hp=24 init=1", "Bram pc hp=30 init=2", "Ilse pc hp=18 init=3"]


def library(repeats: int) -> None:
    """From the open screen to round 1 of a party and four ghouls, as a GM types it: the keys counted, and
    the time the GM waits on the app (each key to its frame, summed; Pilot's idle waits between keys are
    not counted). The party file is written by the engine's `party` command into a data folder of its own."""
    import os

    from textual.widgets import OptionList

    from combat_tui.session import load_library
    from combat_tui.ui.app import CombatApp
    from combat_tui.ui.dialogs.initiative import InitiativeDialog
    from combat_tui.ui.screens.main import MainScreen
    from combat_tui.ui.screens.new import NewScreen

    async def measure() -> tuple[int, float, int]:
        app = CombatApp()
        pressed, waited = 0, 0.0
        async with app.run_test(size=(120, 40)) as pilot:
            clock = FrameClock(app)
            await pilot.pause()

            async def press(*keys: str) -> None:
                nonlocal pressed, waited
                for key in keys:
                    waited += await clock.time(pilot, key)
                    pressed += 1

            await press("n")
            if not isinstance(app.screen, NewScreen):
                raise RuntimeError(f"n opened {app.screen!r}, not the new-encounter screen")
            rulesets = app.screen.query_one("#ruleset", OptionList)
            for _ in range(rulesets.option_count):  # the arrows to three-action, if it is not first
                at = rulesets.highlighted
                if at is not None and rulesets.get_option_at_index(at).id == "three-action":
                    break
                await press("down")
            await press("ctrl+l", *"ghoul", "enter", "4", "enter", *"@heroes", "enter", "ctrl+s")
            if not isinstance(app.screen, MainScreen):
                raise RuntimeError(f"ctrl+s left {app.screen!r}, not the encounter")
            await press("n")
            for _ in range(12):  # the players' initiative: Enter on each rolls it for them
                if not isinstance(app.screen, InitiativeDialog):
                    break
                await press("enter")
            if not isinstance(app.screen, MainScreen):
                raise RuntimeError(f"n left {app.screen!r}, not the encounter")
            state = app.screen.session.encounter.state
            fighters = len(state.combatants)
            if not state.clock.started or state.clock.round != 1:
                raise RuntimeError(f"after n the encounter is in round {state.clock.round}, not 1")
            app.screen.session.close()
        return pressed, waited, fighters

    with tempfile.TemporaryDirectory() as tmp:
        env = {"COMBAT_TUI_DATA_DIR": str(Path(tmp) / "data"), "COMBAT_TUI_CONFIG_DIR": str(Path(tmp) / "config")}
        before = {k: os.environ.get(k) for k in env}
        os.environ.update(env)
        try:
            made = Encounter.new(CAT.get("three-action"))
            made.library = load_library(CAT)
            for pc in PARTY:
                made.run(f"add {pc}")
            made.run("party Heroes " + ",".join(pc.split()[0] for pc in PARTY))
            runs = [asyncio.run(measure()) for _ in range(repeats)]
        finally:
            for k, v in before.items():
                if v is None:
                    os.environ.pop(k, None)
                else:
                    os.environ[k] = v
    keys, fighters = runs[0][0], runs[0][2]
    if fighters != len(PARTY) + 4:
        raise RuntimeError(f"round 1 has {fighters} creatures, not the party and four ghouls")
    waited = statistics.median(r[1] for r in runs)
    row("keys from the open screen to round 1 of the party and four ghouls", f"{keys} keys, {waited * 1000:.0f} ms",
        "n, ↓ to the ruleset, ctrl+l ghoul Enter 4 Enter, @heroes Enter, ctrl+s, n, Enter for each player "
        "(rolled for them); each key to its frame, summed")


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


# -- 4. save and load -------------------------------------------------------------------------------


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


# -- 5. durability at length ---------------------------------------------------------------------


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
            launched = []
            for _ in range(3):
                t0 = time.time()
                out = subprocess.run([sys.executable, "-c", CHILD, "app", str(path)], capture_output=True,
                                     text=True, check=True)
                launched.append(float(out.stdout.strip().splitlines()[-1]) - t0)
            row(f"one change made durable (one transaction, committed), {n:,} events",
                f"{statistics.median(durable) * 1000:.1f} ms", f"save {size / 1e6:.1f} MB")
            row(f"change to durable in the app (command + writer thread), {n:,} events",
                f"{statistics.median(window) * 1000:.1f} ms", "the window a kill can take")
            row(f"`combat-tui do` one command, {n:,} events", f"{statistics.median(dos) * 1000:.0f} ms",
                "a whole process: start, read, run, write")
            row(f"open the save (its state; the log stays on disk), {n:,} events",
                f"{statistics.median(opens) * 1000:.0f} ms")
            row(f"start-up of the app on it, launch to first frame, {n:,} events",
                f"{statistics.median(launched) * 1000:.0f} ms")


# -- 6. memory ----------------------------------------------------------------------------------------

MEM_CHILD = r"""
import asyncio, sys, tempfile
from pathlib import Path
sys.path.insert(0, sys.argv[1])
from bench import encounter
from combat_tui.session import Session
from combat_tui.ui.app import CombatApp
async def main():
    with tempfile.TemporaryDirectory() as tmp:
        app = CombatApp(Session.start(encounter(1000), Path(tmp) / "m.combat"))
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("n", "d", "3", "enter")
            await pilot.pause()
    # VmHWM: this process's own peak. ru_maxrss would carry over the benchmark's own peak through fork.
    status = Path("/proc/self/status")
    if status.exists():
        print(next(line.split()[1] for line in status.read_text().splitlines() if line.startswith("VmHWM:")))
    else:
        import resource
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
        f"peak resident set (VmHWM), median of {runs} processes")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="fewer repeats, for a smoke run")
    ap.add_argument("--json", help="also write the table to this file")
    ap.add_argument("--write", metavar="MD", help="replace the figures part of this Markdown file "
                    "(docs/performance.md), keeping its notes above the marker; whole runs only")
    parts = ["startup", "keys", "library", "engine", "save", "durability", "memory"]
    ap.add_argument("--only", default=",".join(parts), help=f"some of {','.join(parts)} (default: all)")
    ap.add_argument("--sizes", default="10,100,1000", help="creatures in the keys part (default: 10,100,1000)")
    ap.add_argument("--without", default="", choices=["", *OFF],
                    help="turn one speed workaround off first, to measure what it buys (see workarounds.py)")
    ap.add_argument("--cpu", action="store_true", help="time the keys by this process's CPU time, not the wall clock")
    args = ap.parse_args()
    q = args.quick
    only = set(args.only.split(","))
    if only - set(parts):
        ap.error(f"--only: unknown part {', '.join(sorted(only - set(parts)))}; the parts are {', '.join(parts)}")
    global KEY_CLOCK
    if args.cpu:
        KEY_CLOCK = time.process_time
    if args.without:
        OFF[args.without]()
    print("combat-tui benchmark (medians; ratios within this run)"
          + (f", without {args.without}" if args.without else "") + (", keys in CPU time" if args.cpu else ""),
          file=sys.stderr)
    if "startup" in only:
        startup(3 if q else 15)
    if "keys" in only:
        keystrokes([int(n) for n in args.sizes.split(",")], 5 if q else 20)
    if "library" in only:
        library(2 if q else 5)
    if "engine" in only:
        engine_rate([10, 100, 1000], 300 if q else 2000)
    if "save" in only:
        save_load([10, 100, 1000], 1000 if q else 5000)
    if "durability" in only:
        durability([500, 5000] if q else [500, 5000, 50000], 5 if q else 20)
    if "memory" in only:
        memory(3)
    figures = report.table(ROWS)
    print(figures)
    if args.write:
        if q or only != set(parts):
            print(f"{args.write} not written: it keeps the figures of a whole run (no --quick, no --only)",
                  file=sys.stderr)
        else:
            report.write_figures(Path(args.write), f"{FIGURES_HEADING}\n\n{figures}")
    if args.json:
        Path(args.json).write_text(json.dumps(ROWS, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
