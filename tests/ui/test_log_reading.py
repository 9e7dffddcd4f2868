"""The log grows with the terminal, and one key reads it back: the arrows, PageUp/PageDown and Home/End
scroll it, Escape (or the same key) gives it back, following new lines again."""

from __future__ import annotations

from pathlib import Path

import pytest

from combat_tui.session import Session
from combat_tui.ui.app import CombatApp
from combat_tui.ui.screens.help import key_table
from combat_tui.ui.screens.main import MainScreen
from combat_tui.ui.widgets.log_pane import LogPane
from combat_tui.ui.widgets.order_pane import OrderPane

from .keys import new_session, press


def ambush(tmp_path: Path) -> Session:
    return new_session(tmp_path, "add Kara pc hp=24 init=30", "add Bandit x11 hp=30", "start",
                       ruleset="boon-bane")


def shown(log: LogPane) -> int:
    """How many lines of the log are in view."""
    return log.scrollable_content_region.height


@pytest.mark.parametrize(("size", "least"), [((80, 24), 5), ((100, 30), 6), ((200, 60), 12)])
async def test_the_log_grows_with_the_terminal(tmp_path: Path, size: tuple[int, int], least: int) -> None:
    app = CombatApp(ambush(tmp_path))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        log = app.screen.query_one(LogPane)
        assert shown(log) >= least, f"{shown(log)} lines of log at {size}"
        if size[1] >= 60:
            await press(pilot, "colon", *"dmg Bandit* 3", "enter", "escape")
            assert app.session is not None
            damage = app.session.encounter.doc.log[-1]
            assert len(damage.lines) == 11
            assert shown(log) >= len(damage.lines) + 1, "area damage to eleven, and its command, in view at once"
            assert log.scroll_y == log.max_scroll_y


async def test_one_key_reads_the_log_back_and_escape_follows_again(tmp_path: Path) -> None:
    app = CombatApp(ambush(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        log = app.screen.query_one(LogPane)
        for i in range(40):
            log.note(f"line {i}")
        await press(pilot, "space")  # a mark, which Escape in the log must not clear
        await pilot.pause()
        assert isinstance(app.screen, MainScreen)
        marked = app.screen.marked
        assert marked
        small = shown(log)
        await press(pilot, "L")
        assert app.screen.focused is log and log.reading
        assert shown(log) > small, "reading, the log takes more of the screen"
        end = log.max_scroll_y
        await press(pilot, "pageup")
        assert log.scroll_y < end
        await press(pilot, "home")
        assert log.scroll_y == 0
        await press(pilot, "down", "down")
        assert log.scroll_y == 2
        log.note("a line while the GM reads")
        await pilot.pause()
        assert log.scroll_y == 2, "reading back, new lines do not pull the log to the end"
        await press(pilot, "escape")
        assert not log.reading and isinstance(app.screen.focused, OrderPane)
        assert shown(log) == small
        assert log.scroll_y == log.max_scroll_y > 0, "back to the newest line"
        assert app.screen.marked == marked, "Escape left the log, and kept the marks"
        await press(pilot, "n")
        assert log.scroll_y == log.max_scroll_y, "following new lines again"
        await press(pilot, "L")
        await press(pilot, "end", "up", "L")  # the same key gives it back too
        await pilot.pause()
        assert not log.reading and isinstance(app.screen.focused, OrderPane)
        assert log.scroll_y == log.max_scroll_y


async def test_moving_elsewhere_ends_reading(tmp_path: Path) -> None:
    app = CombatApp(ambush(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        log = app.screen.query_one(LogPane)
        small = shown(log)
        await press(pilot, "L")
        assert log.reading
        await press(pilot, "tab")
        assert app.screen.focused is not log and not log.reading
        assert shown(log) == small


def test_the_key_is_in_the_help() -> None:
    table = key_table(MainScreen.BINDINGS)
    keys = [cell.plain for cell in table.columns[0]._cells]  # type: ignore[union-attr]
    what = [cell.plain for cell in table.columns[1]._cells]  # type: ignore[union-attr]
    assert "L" in keys and "read the log back" in what[keys.index("L")]
