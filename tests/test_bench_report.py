"""`make bench` rewrites the figures of docs/performance.md and keeps the notes written above them."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

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
