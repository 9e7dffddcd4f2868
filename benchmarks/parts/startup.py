"""The start-up part: launch to first frame and to ready for keys, the app beside bare Textual apps, each
launch a process of its own (the durability part launches the app the same way)."""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from parts.common import row

CHILD = r"""
import os, sys, time
mode, path = sys.argv[1], sys.argv[2]
if mode == "app":  # as the command starts: its launcher first (see combat_tui/launch.py)
    from combat_tui.launch import main
from textual.app import App
run = App.run
def mark(what):  # wall clock (the parent started its own at the launch) and this process's CPU time
    print(what, time.time(), time.process_time(), flush=True)
def first_frame(self, *args, **kw):  # headless; the first frame rendered to terminal bytes, as a driver would
    display, seen = self._display, []
    def timed(screen, renderable):
        if renderable is not None and not seen:
            renderable.render_segments(self.console)
            seen.append(mark("FRAME"))
            if getattr(self, "face", None) is None:  # no face: the first frame is the main screen's
                mark("READY")
                self.call_later(self.exit)
        display(screen, renderable)
    self._display = timed
    return run(self, headless=True, size=(120, 40))
App.run = first_frame
if mode == "app":  # drawn from the save's face: ready once its screen is the main screen and has the keys
    from combat_tui.ui.app import CombatApp
    ready = CombatApp.ready
    async def readied(self):
        await ready(self)
        mark("READY")
        self.exit()
    CombatApp.ready = readied
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


def launch(mode: str, path: Path) -> dict[str, tuple[float, float]]:
    """One launch of the child: from launch to its first frame, and to ready for keys (the bare apps: at
    their first frame), each as wall clock and the process's CPU time."""
    launched = time.time()
    out = subprocess.run([sys.executable, "-c", CHILD, mode, str(path)], capture_output=True, text=True, check=True)
    return moments(out.stdout, launched)


def moments(stdout: str, launched: float) -> dict[str, tuple[float, float]]:
    """The child's FRAME and READY lines: {what: (seconds since launch, CPU seconds)}."""
    marks = {}
    for line in stdout.splitlines():
        what, _, rest = line.partition(" ")
        if what in ("FRAME", "READY"):
            wall, cpu = (float(x) for x in rest.split())
            marks[what] = (wall - launched, cpu)
    marks.setdefault("READY", marks["FRAME"])
    return marks


def startup(runs: int) -> None:
    """Launch to first frame, the app and a bare Textual app interleaved. The app's own modules are
    byte-compiled first, as pip does on install (Textual and pydantic already are): where writing
    bytecode is turned off (PYTHONDONTWRITEBYTECODE), every launch would otherwise time the compiler.
    Each figure in wall clock and in the process's CPU time: on a busy machine, compare the CPU."""
    import combat_tui

    subprocess.run([sys.executable, "-m", "compileall", "-q", str(Path(combat_tui.__file__).parent)], check=True)
    from combat_tui.store import saves
    from combat_tui.store.save_db import SaveDB

    demo = Path(__file__).resolve().parents[2] / "saves" / "three-action.json"
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "demo.combat"
        # played from its database, as the app plays a demo: with its face, as the GM's copy has it
        SaveDB.create(copy, saves.read_exchange(demo), saves.shipped_face(demo))
        times: dict[str, list[dict[str, tuple[float, float]]]] = {"bare": [], "floor": [], "engine": [], "app": []}
        for _ in range(runs):
            for mode in times:  # interleaved, so drift hits all alike
                times[mode].append(launch(mode, copy))

    def median(mode: str, what: str, clock: int) -> float:
        return statistics.median(t[what][clock] for t in times[mode])

    def both(mode: str, what: str) -> str:
        wall, cpu = median(mode, what, 0), median(mode, what, 1)
        return (f"{wall * 1000:.0f} ms, {wall / median('bare', 'FRAME', 0):.2f}x; "
                f"CPU {cpu * 1000:.0f} ms, {cpu / median('bare', 'FRAME', 1):.2f}x")

    row("start-up, bare Textual app, launch to first frame", both("bare", "FRAME"), "wall, ratio; CPU, ratio")
    row("start-up, combat-tui on the demo, launch to first frame", both("app", "FRAME"),
        "the save's face, before the engine; target ≤ 1.5x")
    row("start-up, combat-tui on the demo, launch to ready for keys", both("app", "READY"),
        "the engine loaded, the face's screen the main screen")
    row("start-up, the bare app that also imports pydantic", both("floor", "FRAME"),
        "what the pydantic import alone costs")
    row("start-up, the bare app that also loads the demo", both("engine", "FRAME"),
        "the engine's share: its modules, the ruleset and the save, no UI")
