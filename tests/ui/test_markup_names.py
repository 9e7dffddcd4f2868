"""A creature's name is the GM's own text, never markup: names full of brackets (`Orc [/x]` is a closing
tag that matches nothing, and crashed Textual's markup) show as typed, in every toast, title and
question a key brings up, and in the palette's search."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import cast

import pytest
from helpers import settle
from rich.text import Text

import combat_tui.ui
from combat_tui.session import Session
from combat_tui.ui.screens.main import MainScreen

from .keys import RecordingApp, asking, goto, list_title, new_session, searched

NAMES = ["Orc [/x]", "[bold]", "[link=x]"]


def markup_session(tmp_path: Path) -> Session:
    s = new_session(tmp_path, 'add "Orc [/x]" init=15 hp=9', 'add "[bold]" init=12 hp=9', "add Linked init=9 hp=9",
                    "start", ruleset="three-action")
    # `=` cannot be typed into a name; a save written by hand can still hold one
    linked = next(c for c in s.encounter.state.roster() if c.name == "Linked")
    linked.name = "[link=x]"
    return s


def toasts(app: RecordingApp) -> list[str]:
    """What the toasts on screen say, as drawn."""
    return [cast(Text, toast.render()).plain for toast in app.screen.query("Toast")]


def shown(app: RecordingApp) -> str:
    return "\n".join([*toasts(app), list_title(app) or "", asking(app) or ""])


# Each key a GM presses on a highlighted creature that says its name: in a toast, a list's title or a question.
KEYS = ["C", "t", "c", "d", "h", "a", "s", "g"]


@pytest.mark.parametrize("name", NAMES)
async def test_every_key_that_names_the_creature_shows_its_name_as_typed(tmp_path: Path, name: str) -> None:
    app = RecordingApp(markup_session(tmp_path))
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await settle(pilot)
        for key in KEYS:
            await goto(pilot, app, name)
            app.clear_notifications()
            await pilot.press(key)
            await settle(pilot)
            assert app.is_running, f"{key} on {name!r} stopped the app"
            assert name in shown(app), f"{key} on {name!r} showed {shown(app)!r}"
            await pilot.press("escape")
            await settle(pilot)
        assert isinstance(app.screen, MainScreen)
    assert app.return_code in (None, 0)


async def test_the_toasts_with_names_say_them_literally(tmp_path: Path) -> None:
    """The two toasts the issue found: `C` with nothing to remove, `t` with no attacks of its own."""
    app = RecordingApp(markup_session(tmp_path))
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await settle(pilot)
        await goto(pilot, app, "Orc [/x]")
        await pilot.press("C")
        await settle(pilot)
        assert "Remove from Orc [/x]: nothing to choose from" in toasts(app)
        await pilot.press("t")
        await settle(pilot)
        assert "Orc [/x] has no attacks of its own (the ruleset's actions: a)" in toasts(app)
        assert app.is_running


@pytest.mark.parametrize("name", NAMES)
async def test_the_palette_finds_a_name_full_of_brackets(tmp_path: Path, name: str) -> None:
    app = RecordingApp(markup_session(tmp_path))
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+p")
        await settle(pilot)
        await pilot.press(*name)
        await searched(pilot, f"Creature: {name}")  # the palette searches in the background
        await settle(pilot)
        assert app.is_running
        hits = [str(option.prompt) for option in app.screen.query("OptionList").first().options]  # type: ignore[attr-defined]
        assert any(f"Creature: {name}" in hit for hit in hits), hits
        await pilot.press("escape")
        await settle(pilot)
    assert app.return_code in (None, 0)


def _says_markup(call: ast.Call) -> bool:
    return any(k.arg == "markup" and isinstance(k.value, ast.Constant) and k.value.value is False
               for k in call.keywords)


def test_no_toast_reads_a_built_message_as_markup() -> None:
    """A toast's message is markup unless `markup=False`: any message not written out in the code can
    hold a name, so each says markup=False."""
    found: list[str] = []
    for path in Path(combat_tui.ui.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "notify"
                    and node.args and not isinstance(node.args[0], ast.Constant) and not _says_markup(node)):
                found.append(f"{path.name}:{node.lineno}")
    assert not found, found
