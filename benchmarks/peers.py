"""Start-up beside other Textual apps: launch to first frame of combat-tui on its demo, of a bare
one-line Textual app, and of Toolong, Frogmouth and Harlequin, each peer in a virtual environment of
its own (they pin their own Textual). Runs are interleaved, so a busy machine slows all alike; each
figure is a median, given with its ratio to the bare app of this run.

    python benchmarks/peers.py [--runs 9] [--venvs DIR]

The first run makes the environments with pip (under --venvs, kept for the next run). It reports; it
never gates.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# package: its command's entry point (as its console script names it)
PEERS = {"toolong": "toolong.cli:run", "frogmouth": "frogmouth.app.app:run", "harlequin": "harlequin.cli:harlequin"}

# Run in the measured program's own Python: times its first frame (rendered to terminal bytes, as a
# driver would), then quits. The program is started through its console script's entry point, headless.
CHILD = r"""
import os, sys, time
command, argv = sys.argv[1], sys.argv[2:]
if command != "bare":  # the program's own entry point first, as its command does (it may set things up)
    import importlib
    module, _, function = command.partition(":")
    start = getattr(importlib.import_module(module), function)
from textual.app import App
run = App.run
def first_frame(self, *args, **kw):
    display, seen = self._display, []
    def timed(screen, renderable):
        if renderable is not None and not seen:
            renderable.render_segments(self.console)
            seen.append(1)
            cpu = os.times()
            print("FRAME", time.time(), cpu.user + cpu.system, flush=True)
            self.exit()
        display(screen, renderable)
    self._display = timed
    return run(self, headless=True, size=(120, 40))
App.run = first_frame
class Terminal:  # a program that asks whether it reads a terminal (Toolong: else it reads a pipe) is told so
    def __init__(self, stream):
        self._stream = stream
    def isatty(self):
        return True
    def __getattr__(self, name):
        return getattr(self._stream, name)
sys.__stdin__ = Terminal(sys.__stdin__)
if command == "bare":
    from textual.widgets import Static
    class Bare(App):
        def compose(self):
            yield Static("one line")
    Bare().run()
else:
    sys.argv = [module, *argv]
    try:
        start()
    except SystemExit:
        pass
"""


def python_of(venvs: Path, package: str) -> Path:
    """The Python of the package's own environment, made (and the package installed) when missing."""
    home = venvs / package
    py = home / "bin" / "python"
    if not py.exists():
        venv.create(home, with_pip=True)
        subprocess.run([str(py), "-m", "pip", "install", "--quiet", package], check=True)
    return py


def launch(py: Path, command: str, args: list[str]) -> tuple[float, float]:
    """Launch to first frame: wall clock, and the process's own CPU time."""
    started = time.time()
    out = subprocess.run([str(py), "-c", CHILD, command, *args], capture_output=True, text=True, check=True,
                         cwd=ROOT)
    line = next(x for x in out.stdout.splitlines() if x.startswith("FRAME"))
    _, at, cpu = line.split()
    return float(at) - started, float(cpu)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=9, help="launches of each program, interleaved (default 9)")
    ap.add_argument("--venvs", type=Path, default=Path(tempfile.gettempdir()) / "combat-tui-peers",
                    help="where the peers' environments are made and kept")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "app.log"
        log.write_text("".join(f"2024-01-01 12:00:{i % 60:02d} INFO line {i}\n" for i in range(2000)))
        ours = Path(sys.executable)
        programs: dict[str, tuple[Path, str, list[str]]] = {
            "bare Textual app": (ours, "bare", []),
            "combat-tui --demo three-action": (ours, "combat_tui.launch:main",
                                               ["--demo", "three-action", "--data-dir", tmp]),
            "toolong (a 2,000-line log)": (python_of(args.venvs, "toolong"), PEERS["toolong"], [str(log)]),
            "frogmouth (README.md)": (python_of(args.venvs, "frogmouth"), PEERS["frogmouth"], ["README.md"]),
            "harlequin (DuckDB in memory)": (python_of(args.venvs, "harlequin"), PEERS["harlequin"], []),
        }
        for py, command, argv in programs.values():
            launch(py, command, argv)  # once first: bytecode written, the demo's copy made, files cached
        times: dict[str, list[tuple[float, float]]] = {name: [] for name in programs}
        for _ in range(args.runs):
            for name, (py, command, argv) in programs.items():
                times[name].append(launch(py, command, argv))
    bare_wall = statistics.median(w for w, _ in times["bare Textual app"])
    bare_cpu = statistics.median(c for _, c in times["bare Textual app"])
    print(f"{'launch to first frame (median of ' + str(args.runs) + ')':<34} {'wall':>8} {'ratio':>6} "
          f"{'CPU':>8} {'ratio':>6}")
    for name, runs in times.items():
        wall, cpu = statistics.median(w for w, _ in runs), statistics.median(c for _, c in runs)
        print(f"{name:<34} {wall * 1000:6.0f} ms {wall / bare_wall:5.2f}x {cpu * 1000:6.0f} ms "
              f"{cpu / bare_cpu:5.2f}x")


if __name__ == "__main__":
    main()
