"""The ask bar: one-line questions (damage, heal, how long, a speed factor) asked in the command bar's
row, so the sheet and the order stay in view while the GM types."""

from __future__ import annotations

from pathlib import Path

from combat_tui.ui.app import CombatApp
from combat_tui.ui.screens.main import MainScreen
from combat_tui.ui.widgets.ask_bar import AskBar
from combat_tui.ui.widgets.command_bar import CommandBar
from combat_tui.ui.widgets.order_pane import OrderPane

from .keys import asking, new_session


async def test_damage_is_asked_in_place_and_the_screen_stays(tmp_path: Path) -> None:
    s = new_session(tmp_path, "add Kara pc init=15 hp=20", "add Orc init=10 hp=12", "start", ruleset="three-action")
    app = CombatApp(s)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("down")  # the Orc's row
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, MainScreen), "no dialog covers the screen"
        assert asking(app) == "Damage to Orc › "
        screen = app.screen
        assert not screen.query_one(CommandBar).display, "the command bar steps aside for the question"
        bar = screen.query_one(AskBar)
        assert bar.region.y == app.size.height - 2, "the question sits in the command bar's row"
        assert "Orc" in screen.query_one("#sheet").render_line(0).text, "the sheet stays in view"
        await pilot.press("4", "enter")
        await pilot.pause()
        assert s.encounter.state.combatants[screen.query_one(OrderPane).highlighted_id() or ""].name == "Orc"
        assert next(c for c in s.encounter.state.roster() if c.name == "Orc").pools["hp"].current == 8
        assert asking(app) is None and screen.query_one(CommandBar).display
        assert isinstance(screen.focused, OrderPane), "focus goes back to the order"


async def test_escape_asks_nothing_more_and_changes_nothing(tmp_path: Path) -> None:
    s = new_session(tmp_path, "add Orc init=10 hp=12", "start", ruleset="three-action")
    app = CombatApp(s)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        cursor = s.encounter.doc.cursor
        await pilot.press("h", "5", "escape")
        await pilot.pause()
        assert asking(app) is None
        assert s.encounter.doc.cursor == cursor, "a cancelled heal ran nothing"
        assert isinstance(app.screen.focused, OrderPane)
        await pilot.press("d", "enter")  # an empty answer to damage is no answer
        await pilot.pause()
        assert s.encounter.doc.cursor == cursor and asking(app) is None


async def test_a_second_question_replaces_the_first(tmp_path: Path) -> None:
    s = new_session(tmp_path, "add Orc init=10 hp=12", "start", "dmg Orc 6", ruleset="three-action")
    app = CombatApp(s)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("d")
        app.screen.query_one(OrderPane).focus()  # the GM clicked back on the order mid-question
        await pilot.press("h")
        await pilot.pause()
        assert asking(app) == "Heal Orc › "
        await pilot.press("3", "enter")
        await pilot.pause()
        assert [e.command for e in s.encounter.history()][-1] == "heal Orc 3", "only the last question answers"
        assert isinstance(app.screen.focused, OrderPane)


async def test_a_markup_name_in_the_question_is_text(tmp_path: Path) -> None:
    s = new_session(tmp_path, "add '[bold]Boss[/]' init=10 hp=12", "start", ruleset="three-action")
    app = CombatApp(s)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("d")
        await pilot.pause()
        assert asking(app) == "Damage to [bold]Boss[/] › "
        line = app.screen.query_one("#ask-question").render_line(0).text  # type: ignore[attr-defined]
        assert "[bold]Boss[/]" in line
