"""The pick-from-a-list dialog filters as the GM types, in the same frame as the letter."""

from __future__ import annotations

from pathlib import Path

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
