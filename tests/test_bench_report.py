"""`make bench` rewrites the figures of docs/performance.md and keeps the notes written above them."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from types import ModuleType

import pytest
from helpers import script

ROOT = Path(__file__).parents[1]


def _report() -> ModuleType:
    return script("benchmarks/report.py")


def test_the_figures_are_replaced_and_the_notes_kept(tmp_path: Path) -> None:
    report = _report()
    doc = tmp_path / "performance.md"
    notes = "# Performance\n\nWhy next turn is the slowest key.\n"
    doc.write_text(f"{notes}\n{report.MARKER}\n\n| old | 99 ms | |\n", encoding="utf-8")
    report.write_figures(doc, report.table([("key → screen, next", "8.3 / 12.5 ms", "target 16 ms")]))
    text = doc.read_text(encoding="utf-8")
    assert text.startswith(notes)
    assert "99 ms" not in text
    assert text.split(report.MARKER, 1)[1].strip().splitlines() == [
        "| measure            | value | note |",
        "|--------------------|---|---|",
        "| key → screen, next | 8.3 / 12.5 ms | target 16 ms |",
    ]
    report.write_figures(doc, "again")
    assert doc.read_text(encoding="utf-8") == f"{notes}\n{report.MARKER}\n\nagain\n"


def test_a_file_without_the_marker_keeps_all_its_text(tmp_path: Path) -> None:
    report = _report()
    doc = tmp_path / "performance.md"
    doc.write_text("# Performance\n\nNotes.\n", encoding="utf-8")
    report.write_figures(doc, "figures")
    assert doc.read_text(encoding="utf-8") == f"# Performance\n\nNotes.\n\n{report.MARKER}\n\nfigures\n"


def test_the_shipped_document_has_its_marker() -> None:
    report = _report()
    text = (ROOT / "docs" / "performance.md").read_text(encoding="utf-8")
    assert text.count(report.MARKER) == 1
    assert "| measure" in text.split(report.MARKER, 1)[1]


@pytest.mark.long
def test_a_quick_library_run_prints_the_row_from_the_open_screen_to_round_1(tmp_path: Path) -> None:
    import json
    import os
    import subprocess
    import sys

    out = tmp_path / "rows.json"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    subprocess.run([sys.executable, str(ROOT / "benchmarks" / "bench.py"), "--quick", "--only", "library",
                    "--json", str(out)], check=True, capture_output=True, text=True, env=env, timeout=300)
    rows = {measure: value for measure, value, _ in json.loads(out.read_text(encoding="utf-8"))}
    value = rows["keys from the open screen to round 1 of the party and four ghouls"]
    keys, ms = value.split(", ")
    assert int(keys.removesuffix(" keys")) >= 20 and ms.endswith(" ms")


def test_a_launch_is_timed_to_its_first_frame_and_to_ready_for_keys(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The start-up and durability parts' child, on a save with its face and on one without: both moments,
    each as wall clock and CPU time; without a face the main screen's first frame is ready for keys."""
    from combat_tui.session import Session, catalogue

    monkeypatch.syspath_prepend(str(ROOT / "benchmarks"))
    startup = script("benchmarks/parts/startup.py")
    path = tmp_path / "fight.combat"
    session = Session.create(path, catalogue(), "three-action", name="Ford")
    for line in ("add Kara pc hp=24 init=17", "add Bandit x2 hp=11", "start"):
        session.run(line)
    session.keep_face()
    session.close()
    face = startup.launch("app", path)
    conn = sqlite3.connect(path)
    with conn:
        conn.execute("DELETE FROM face")
    conn.close()
    plain = startup.launch("app", path)
    for marks in (face, plain):
        (first, first_cpu), (ready, ready_cpu) = marks["FRAME"], marks["READY"]
        assert 0 < first <= ready and 0 < first_cpu <= ready_cpu
    assert face["FRAME"] < face["READY"]
