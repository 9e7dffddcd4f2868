"""The README's key table lists every key the main screen binds, so the two cannot drift apart."""

from __future__ import annotations

from pathlib import Path

from textual.binding import Binding

from combat_tui.ui.screens.main import MainScreen

README = (Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8")


def test_every_main_screen_key_is_in_the_readme() -> None:
    missing = []
    for b in MainScreen.BINDINGS:
        assert isinstance(b, Binding)
        shown = b.key_display or b.key
        if f"`{shown}`" not in README:
            missing.append(shown)
    assert missing == []


def test_readme_names_the_two_commands() -> None:
    assert "make run" in README and "make test" in README


async def test_the_readme_capture_is_the_app_today(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The README's picture of the main screen is what `scripts/capture.py` prints now."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("capture", Path(__file__).parents[1] / "scripts" / "capture.py")
    assert spec is not None and spec.loader is not None
    capture = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(capture)
    monkeypatch.setenv("COLUMNS", "100")  # the capture sets both for the app's console; undone after
    monkeypatch.setenv("LINES", "30")
    shown = await capture.capture("three-action", 100, 30)
    block = README.split("The main screen at 100×30", 1)[1].split("```text\n", 1)[1].split("\n```", 1)[0]
    assert block == shown.rstrip("\n")


def test_every_command_line_subcommand_is_in_the_readme() -> None:
    from combat_tui.cli import SUBCOMMANDS

    assert sorted(name for name in SUBCOMMANDS if f"combat-tui {name}" not in README) == []


def test_every_document_the_readme_links_to_exists() -> None:
    import re

    links = re.findall(r"\]\((docs/[^)#]+)\)", README)
    assert "docs/developing.md" in links and "docs/performance.md" in links
    assert [link for link in links if not (Path(__file__).parents[1] / link).is_file()] == []
