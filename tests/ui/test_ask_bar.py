"""One-line questions (damage, heal, how long, a speed factor) are asked in the command bar's row, on
the main screen itself, so the sheet and the order stay in view while the GM types."""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

from helpers import lines_drawn

from combat_tui.ui.app import CombatApp
from combat_tui.ui.screens.main import MainScreen
from combat_tui.ui.widgets.order_pane import OrderPane
from combat_tui.ui.widgets.question_bar import QuestionBar

from .keys import asking, new_session


def terminal_text(app: CombatApp) -> str:
    """What the terminal shows, a row a line: the top screen with what shows through it."""
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    return "\n".join("".join(strip.text for strip in line) for line in cast(Any, update).strips)


async def test_damage_is_asked_in_place_and_the_screen_stays(tmp_path: Path) -> None:
    s = new_session(tmp_path, "add Kara pc init=15 hp=20", "add Orc init=10 hp=12", "start", ruleset="three-action")
    app = CombatApp(s)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        main = app.screen
        assert isinstance(main, MainScreen)
        await pilot.press("down")  # the Orc's row
        await pilot.press("d", "4")
        await pilot.pause()
        assert asking(app) == "Damage to Orc › "
        shown = terminal_text(app)
        assert "Damage to Orc" in shown and "Esc cancels" in shown
        sheet_line = main.query_one("#sheet").render_line(0).text.strip()
        assert "Orc" in sheet_line and sheet_line in shown, "the sheet stays in view while the GM types"
        assert app.screen is main, "the question is asked on the screen itself: nothing dims it"
        row = app.screen.query_one("#ask").region
        assert row.y == app.size.height - 2 and row.height == 1, "the question sits in the command bar's row"
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is main and asking(app) is None
        assert next(c for c in s.encounter.state.roster() if c.name == "Orc").pools["hp"].current == 8
        assert isinstance(main.focused, OrderPane), "the order keeps the focus"
        assert s.encounter.state.combatants[main.query_one(OrderPane).highlighted_id() or ""].name == "Orc"


async def test_escape_and_an_empty_answer_change_nothing(tmp_path: Path) -> None:
    s = new_session(tmp_path, "add Orc init=10 hp=12", "start", "dmg Orc 6", ruleset="three-action")
    app = CombatApp(s)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        cursor = s.encounter.doc.cursor
        await pilot.press("h", "5", "escape")
        await pilot.pause()
        assert asking(app) is None and isinstance(app.screen, MainScreen)
        assert s.encounter.doc.cursor == cursor, "a cancelled heal ran nothing"
        await pilot.press("d", "enter")  # an empty answer to damage is no answer: the question stays
        await pilot.pause()
        assert s.encounter.doc.cursor == cursor and asking(app) == "Damage to Orc › "
        await pilot.press("escape")
        await pilot.pause()
        assert s.encounter.doc.cursor == cursor and asking(app) is None
        await pilot.press("h", "3", "enter")
        await pilot.pause()
        assert [e.command for e in s.encounter.history()][-1] == "heal Orc 3"


async def test_an_empty_answer_takes_the_default_where_there_is_one(tmp_path: Path) -> None:
    s = new_session(tmp_path, "add Orc init=10 hp=12", "start", ruleset="three-action")
    app = CombatApp(s)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("c", *"prone", "enter")
        await pilot.pause()
        assert asking(app) == "Prone on Orc: how long? › "
        await pilot.press("enter")  # Enter alone: the condition's own duration
        await pilot.pause()
        assert [c.id for c in s.encounter.state.roster()[0].conditions] == ["prone"]


async def test_a_markup_name_in_the_question_is_text(tmp_path: Path) -> None:
    s = new_session(tmp_path, "add '[bold]Boss[/]' init=10 hp=12", "start", ruleset="three-action")
    app = CombatApp(s)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("d")
        await pilot.pause()
        assert app.screen.query_one(QuestionBar).display
        assert asking(app) == "Damage to [bold]Boss[/] › "
        assert "[bold]Boss[/]" in app.screen.query_one("#ask-question").render_line(0).text


async def test_the_order_keeps_its_focused_look_behind_a_question(tmp_path: Path) -> None:
    """Its border and tint as when it has the focus: the pane does not change its frame while the GM types."""
    s = new_session(tmp_path, "add Kara pc init=15 hp=20", "add Orc init=10 hp=12", "start", ruleset="three-action")
    app = CombatApp(s)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        order = app.screen.query_one(OrderPane)
        assert order.has_focus
        focused = (order.styles.border, order.styles.background_tint)
        await pilot.press("d")
        await pilot.pause()
        assert asking(app) is not None and not order.has_focus
        assert (order.styles.border, order.styles.background_tint) == focused


async def test_the_order_is_not_drawn_again_as_a_question_comes_and_goes(tmp_path: Path) -> None:
    """Behind a question the order looks as it does focused: the focus leaving it and coming back
    (a question cancelled changes nothing) redraws none of its lines."""
    s = new_session(tmp_path, "add Kara pc init=15 hp=20", "add Orc init=10 hp=12", "start", ruleset="three-action")
    app = CombatApp(s)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        order = app.screen.query_one(OrderPane)
        drawn = lines_drawn(order)
        order.refresh()
        await pilot.pause()
        assert drawn, "the count sees the pane's lines drawn"
        drawn.clear()
        await pilot.press("d")
        await pilot.pause()
        assert asking(app) is not None and not order.has_focus
        await pilot.press("escape")
        await pilot.pause()
        assert asking(app) is None and order.has_focus
        assert drawn == []


async def test_after_a_question_the_order_looks_unfocused_when_the_focus_leaves_it(tmp_path: Path) -> None:
    """The look kept behind a question is let go once the focus is back: `:` then takes the focus to the
    command bar, and the order shows it has lost it."""
    s = new_session(tmp_path, "add Kara pc init=15 hp=20", "add Orc init=10 hp=12", "start", ruleset="three-action")
    app = CombatApp(s)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        order = app.screen.query_one(OrderPane)
        focused = order.styles.background_tint
        for answer in ("escape", "enter"):
            await pilot.press("d", "2", answer)
            await pilot.pause()
            assert asking(app) is None and order.has_focus
            assert order.styles.background_tint == focused
            await pilot.press("colon")
            await pilot.pause()
            assert not order.has_focus
            assert order.styles.background_tint != focused, f"after {answer}: the unfocused look"
            await pilot.press("escape")
            await pilot.pause()
            assert order.has_focus and order.styles.background_tint == focused


async def test_a_question_put_away_is_not_restyled_and_looks_focused_when_asked_again(tmp_path: Path) -> None:
    """Its input loses the focus once hidden: nothing shows its look then, and restyling it cost most of a
    millisecond of the answer's key. Asked again, it has the focus and its focused look."""
    s = new_session(tmp_path, "add Kara pc init=15 hp=20", "add Orc init=10 hp=12", "start", ruleset="three-action")
    app = CombatApp(s)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("d", "3")
        await pilot.pause()
        box = app.screen.query_one(QuestionBar).input
        assert box.has_focus
        focused = (box.styles.background_tint, box.styles.border)
        restyled: list[bool] = []
        restyle = box.update_node_styles
        def restyling(animate: bool = True) -> None:
            restyled.append(True)
            restyle(animate)

        box.update_node_styles = restyling  # type: ignore[method-assign]
        await pilot.press("enter")
        await pilot.pause()
        assert asking(app) is None and not box.has_focus
        assert restyled == []
        await pilot.press("d")
        await pilot.pause()
        assert asking(app) is not None and box.has_focus
        assert (box.styles.background_tint, box.styles.border) == focused
        assert "Damage" in terminal_text(app)
