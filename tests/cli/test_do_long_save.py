"""`combat-tui do` on a long save does the work it does on a short one: the log stays on disk, and the
database runs the same statements, as many steps, whatever the log's length. The two saves end in the
same state with the same last events, so only the length of the log differs."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from combat_tui.cli import main
from combat_tui.engine.encounter import Encounter
from combat_tui.session import Session
from combat_tui.store.rulesets import Catalogue

COMMANDS = ["undo", "undo", "redo", "dmg Orc 2", "next", "cond Kara prone"]


def _save(catalogue: Catalogue, path: Path, cycles: int) -> int:
    enc = Encounter.new(catalogue.get("three-action"), seed=5)
    for line in ["add Kara pc hp=30 init=20", "add Orc hp=20 init=10", "start"]:
        enc.run(line)
    for _ in range(cycles):  # leaves the state as it found it
        enc.run("dmg Orc 1")
        enc.run("heal Orc 1")
    enc.doc.updated = "2020-01-01T00:00:00+00:00"  # so `do` writes its time whichever second it runs in
    Session.start(enc, path).close()
    return len(enc.doc.log)


def _work(monkeypatch: pytest.MonkeyPatch, path: Path) -> tuple[list[str], int]:
    """The statements `do` runs (numbers and texts blanked: a stamp or a time may differ) and the steps
    SQLite's machine takes to run them (a row read is steps: a scan of the log would be thousands)."""
    statements: list[str] = []
    steps = [0]
    connect = sqlite3.connect

    def tick() -> int:
        steps[0] += 1
        return 0

    def counted(*args: Any, **kw: Any) -> sqlite3.Connection:
        conn: sqlite3.Connection = connect(*args, **kw)
        conn.set_trace_callback(lambda s: statements.append(re.sub(r"'(?:[^']|'')*'|\d+", "_", s)))
        conn.set_progress_handler(tick, 1)
        return conn

    monkeypatch.setattr(sqlite3, "connect", counted)
    assert main(["do", str(path), *COMMANDS]) == 0
    monkeypatch.setattr(sqlite3, "connect", connect)
    return statements, steps[0]


def test_do_on_a_long_save_runs_what_it_runs_on_a_short_one(catalogue: Catalogue, tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    short, long = tmp_path / "short.combat", tmp_path / "long.combat"
    assert _save(catalogue, short, 5) < 20 and _save(catalogue, long, 1000) > 2000
    short_statements, short_steps = _work(monkeypatch, short)
    long_statements, long_steps = _work(monkeypatch, long)
    assert any("main.events" in s for s in short_statements)  # it did write the log
    assert long_statements == short_statements
    assert long_steps == short_steps
