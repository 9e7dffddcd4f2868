"""What every part of the benchmark shares: the table's rows as they are measured, a percentile, and the
benchmark's fight (a hero and n-1 orcs of the three-action rules, started)."""

from __future__ import annotations

import sys

from combat_tui.engine.encounter import Encounter
from combat_tui.store.rulesets import load_all

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
