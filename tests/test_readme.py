"""The README and the pages it sends a reader to stay true: every key the main screen binds is in
docs/keys.md, every subcommand in docs/commands.md, each shell line shown parses, each link resolves."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from helpers import script
from textual.binding import Binding

from combat_tui.ui.screens.main import MainScreen

ROOT = Path(__file__).parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
KEYS = (ROOT / "docs" / "keys.md").read_text(encoding="utf-8")
COMMANDS = (ROOT / "docs" / "commands.md").read_text(encoding="utf-8")


def test_every_main_screen_key_is_in_the_key_page() -> None:
    missing = []
    table = KEYS.split("| key | what it does |", 1)[1]
    for b in MainScreen.BINDINGS:
        assert isinstance(b, Binding)
        shown = b.key_display or b.key
        if f"`{shown}`" not in table:
            missing.append(shown)
    assert missing == []


def test_the_readme_keys_are_the_main_screens() -> None:
    """The README's short table names keys the main screen binds, each for what it does there."""
    table = README.split("## Keys", 1)[1].split("\n## ", 1)[0]
    bound = {b.key_display or b.key for b in MainScreen.BINDINGS if isinstance(b, Binding)}
    named = [k for row in table.splitlines() if row.startswith("| `")
             for k in re.findall(r"`([^`]+)`", row.split(" | ")[0])]
    assert named and [k for k in named if k not in bound] == []


def test_readme_names_the_two_commands() -> None:
    assert "make run" in README and "make test" in README


async def test_the_readme_capture_is_the_app_today(monkeypatch: pytest.MonkeyPatch) -> None:
    """The README's picture of the main screen is what `scripts/capture.py` prints now."""
    capture = script("scripts/capture.py")
    monkeypatch.setenv("COLUMNS", "100")  # the capture sets both for the app's console; undone after
    monkeypatch.setenv("LINES", "30")
    shown = await capture.capture("three-action", 100, 30)
    block = README.split("The main screen at 100×30", 1)[1].split("```text\n", 1)[1].split("\n```", 1)[0]
    assert block == shown.rstrip("\n")


def test_every_command_line_subcommand_is_in_the_command_page() -> None:
    from combat_tui.cli import SUBCOMMANDS

    assert sorted(name for name in SUBCOMMANDS if f"combat-tui {name}" not in COMMANDS) == []


def _shell_lines(text: str) -> list[str]:
    """The lines of the ```sh blocks."""
    blocks = re.findall(r"```sh\n(.*?)```", text, flags=re.S)
    return [line for block in blocks for line in block.splitlines() if line.strip()]


def test_every_shell_line_shown_parses() -> None:
    """Each `combat-tui ...` line of the README and the command page is one the command line takes (its
    words, options and their values), and each `make X` a target of the Makefile."""
    from combat_tui.cli import SUBCOMMANDS, app_parser
    from combat_tui.subcommands import build_parser, roll_argv

    targets = set(re.findall(r"^([a-z]+):", (ROOT / "Makefile").read_text(encoding="utf-8"), flags=re.M))
    seen = 0
    for line in _shell_lines(README) + _shell_lines(COMMANDS):
        words = shlex.split(line, comments=True)
        if words[0] == "make":
            assert words[1] in targets, line
        else:
            assert words[0] == "combat-tui", line
            argv = words[1:]
            try:
                if argv and argv[0] in SUBCOMMANDS:
                    build_parser().parse_args(roll_argv(argv) if argv[0] == "roll" else argv)
                else:
                    app_parser().parse_args(argv)
            except SystemExit:
                pytest.fail(f"the command line refuses: {line}")
        seen += 1
    assert seen > 20


def test_every_document_the_readme_links_to_exists() -> None:
    links = re.findall(r"\]\((docs/[^)#]+)\)", README)
    assert {"docs/developing.md", "docs/performance.md", "docs/commands.md", "docs/keys.md"} <= set(links)
    assert [link for link in links if not (ROOT / link).is_file()] == []
    for page in ("commands.md", "keys.md"):  # their links are beside them
        links = re.findall(r"\]\(([^)#:]+\.md)\)", (ROOT / "docs" / page).read_text(encoding="utf-8"))
        assert [link for link in links if not (ROOT / "docs" / link).is_file()] == [], page
