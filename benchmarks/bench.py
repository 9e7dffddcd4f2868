"""`make bench`: how fast combat-tui is at the table. One table; every figure a median of repeated runs;
ratios taken within this one run (these machines are noisy). It reports; it does not gate.

    python benchmarks/bench.py [--quick] [--write docs/performance.md]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

import report  # benchmarks/report.py, beside this script

sys.path.insert(0, str(Path(__file__).parent))
from parts import durability, engine, keys, library, memory, save, startup, table  # beside this script, run as a file
from parts.common import ROWS
from workarounds import OFF

FIGURES_HEADING = "## Figures of the last run\n\nOne `make bench` run; compare figures within it, never across runs."


# The parts in the order they run, each with its repeats (fewer with --quick).
PARTS: dict[str, Callable[[argparse.Namespace], None]] = {
    "startup": lambda a: startup.startup(3 if a.quick else 15),
    "keys": lambda a: keys.keystrokes([int(n) for n in a.sizes.split(",")], 5 if a.quick else 20),
    "table": lambda a: table.table_keys(2 if a.quick else 5),
    "library": lambda a: library.library(2 if a.quick else 5),
    "engine": lambda a: engine.engine_rate([10, 100, 1000], 300 if a.quick else 2000),
    "save": lambda a: save.save_load([10, 100, 1000], 1000 if a.quick else 5000),
    "durability": lambda a: durability.durability([500, 5000] if a.quick else [500, 5000, 50000], 5 if a.quick else 20),
    "memory": lambda a: memory.memory(3),
}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="fewer repeats, for a smoke run")
    ap.add_argument("--json", help="also write the table to this file")
    ap.add_argument("--write", metavar="MD", help="replace the figures part of this Markdown file "
                    "(docs/performance.md), keeping its notes above the marker; whole runs only")
    parts = list(PARTS)
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
    if args.cpu:
        keys.KEY_CLOCK = time.process_time
    if args.without:
        OFF[args.without]()
    print("combat-tui benchmark (medians; ratios within this run)"
          + (f", without {args.without}" if args.without else "") + (", keys in CPU time" if args.cpu else ""),
          file=sys.stderr)
    for name, run in PARTS.items():
        if name in only:
            run(args)
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
