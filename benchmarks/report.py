"""The figures part of docs/performance.md: `make bench` rewrites what follows the marker and keeps
the notes written by hand above it."""

from __future__ import annotations

from pathlib import Path

MARKER = "<!-- make bench writes everything below this line; edit above it -->"


def table(rows: list[tuple[str, str, str]]) -> str:
    """The run's figures as a Markdown table."""
    width = max([len("measure"), *(len(r[0]) for r in rows)])
    lines = [f"| {'measure':<{width}} | value | note |", f"|{'-' * (width + 2)}|---|---|"]
    lines += [f"| {measure:<{width}} | {value} | {note} |" for measure, value, note in rows]
    return "\n".join(lines)


def write_figures(path: Path, figures: str) -> None:
    """Replace the figures below the marker; a file without the marker keeps all its text above it."""
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    notes = text.split(MARKER, 1)[0].rstrip("\n")
    head = f"{notes}\n\n" if notes else ""
    path.write_text(f"{head}{MARKER}\n\n{figures.strip()}\n", encoding="utf-8")
