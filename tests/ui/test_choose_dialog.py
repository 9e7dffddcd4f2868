"""The pick-from-a-list dialog filters as the GM types, in the same frame as the letter."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.text import Text
from textual.widgets import OptionList, Static

from combat_tui.ui.app import CombatApp
from combat_tui.ui.widgets.pick_list import FilterInput, PickList

from .keys import new_session, picking


def shown(dialog: PickList) -> list[str]:
    ol = dialog.query_one(OptionList)
    return [str(ol.get_option_at_index(i).id) for i in range(ol.option_count)]


async def test_typing_filters_before_the_next_frame(tmp_path: Path) -> None:
    s = new_session(tmp_path, "add Orc init=10 hp=12", "start", ruleset="three-action")
    app = CombatApp(s)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        dialog = picking(app)
        assert dialog is not None
        everything = shown(dialog)
        assert len(everything) > 10
        entry = dialog.query_one(FilterInput)
        entry.value = "pro"  # as a keystroke sets it; no message has been handled yet
        assert shown(dialog) == ["prone"], "the list is filtered before the next frame is drawn"
        await pilot.pause()
        assert str(dialog.query_one("#description", Static).content).strip(), "the highlighted choice is described"
        await pilot.press("backspace", "backspace", "backspace")
        await pilot.pause()
        assert shown(dialog) == everything
        await pilot.press("enter")
        await pilot.pause()
        assert picking(app) is None


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (120, 40)])
async def test_the_rules_text_under_the_list_is_in_view_on_a_small_terminal(tmp_path: Path,
                                                                          size: tuple[int, int]) -> None:
    """The list was 14 rows whatever the terminal: at 24 rows it filled the box, and the description of
    the highlighted condition, the lookup the pick is for, was cut off below it."""
    s = new_session(tmp_path, "add Orc init=10 hp=12", "start", ruleset="three-action")
    app = CombatApp(s)
    async with app.run_test(size=size) as pilot:
        await pilot.press("c")
        await pilot.pause()
        dialog = picking(app)
        assert dialog is not None
        inside = dialog.content_region
        description = dialog.query_one("#description", Static)
        words = str(description.content)
        box = description.region
        needed = len(Text(words).wrap(app.console, box.width))
        assert words.strip() and needed >= 2
        assert box.height >= min(needed, 3) and inside.contains_region(box), (
            f"the description ({needed} lines) at {box}, the box holds {inside}")
        listed = dialog.query_one(OptionList).region
        assert listed.height >= 8 and inside.contains_region(listed)


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (200, 60)])
async def test_the_box_ends_under_its_rules_text(tmp_path: Path, size: tuple[int, int]) -> None:
    """The list's height was its whole length, capped by its max-height, and the box's own height (auto)
    counted it uncapped: at 40 rows ten blank rows under the rules text, at 60 more. Checked on the
    first pick and on the next, whose description has its height for the whole pick."""
    s = new_session(tmp_path, "add Orc init=10 hp=12", "start", ruleset="three-action")
    app = CombatApp(s)
    async with app.run_test(size=size) as pilot:
        for _ in range(2):
            await pilot.press("c")
            await pilot.pause()
            dialog = picking(app)
            assert dialog is not None
            assert dialog.query_one(OptionList).option_count > dialog.query_one(OptionList).region.height
            last = dialog.query_one("#description", Static).region
            inside = dialog.content_region
            assert inside.bottom == last.bottom, f"the box holds {inside}, its rules text ends at {last.bottom}"
            await pilot.press("escape")
            await pilot.pause()


async def test_an_entry_shown_again_keeps_its_option(tmp_path: Path) -> None:
    """The list keeps how it read an option's words on the option: the same entry, filtered out and back or
    in the next pick, is the same option, not read again."""
    s = new_session(tmp_path, "add Orc init=10 hp=12", "start", ruleset="three-action")
    app = CombatApp(s)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("c")
        await pilot.pause()
        dialog = picking(app)
        assert dialog is not None
        ol = dialog.query_one(OptionList)
        first = [ol.get_option_at_index(i) for i in range(ol.option_count)]
        await pilot.press("p", "r", "o", "escape", "c")
        await pilot.pause()
        again = [ol.get_option_at_index(i) for i in range(ol.option_count)]
        assert [o.id for o in again] == [o.id for o in first]
        assert all(a is b for a, b in zip(again, first, strict=True))
