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
