"""Tab in the command bar: completes the word and the space after it; Tab again cycles the candidates,
the living first."""

from __future__ import annotations

from pathlib import Path

from combat_tui.ui.app import CombatApp
from combat_tui.ui.widgets.command_bar import CommandBar

from .keys import new_session


async def test_tab_completes_with_a_space_then_cycles(tmp_path: Path) -> None:
    session = new_session(tmp_path, "add Bandit Captain", "add Bandit x2", "add Kara pc",
                          "cond Bandit Captain dead", ruleset="three-action")
    app = CombatApp(session)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("colon")
        bar = app.screen.query_one(CommandBar)
        await pilot.press(*"cond Ka", "tab", *"pr", "tab")
        assert bar.value == "cond Kara prone "
        bar.value = "dmg Ban"
        await pilot.press("tab")
        assert bar.value == "dmg Bandit 1 "
        await pilot.press("tab")
        assert bar.value == "dmg Bandit 2 "
        await pilot.press("tab")
        assert bar.value == "dmg Bandit Captain "


async def test_a_colon_typed_again_into_the_empty_bar_is_not_text(tmp_path: Path) -> None:
    """`:` opens the bar; typed again from habit (the bar keeps the focus after a command), it is no text."""
    session = new_session(tmp_path, "add Kara pc", ruleset="three-action")
    app = CombatApp(session)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("colon")
        bar = app.screen.query_one(CommandBar)
        await pilot.press("colon", *"note Kara a", "colon", "b")
        assert bar.value == "note Kara a:b"  # inside a line a colon is a colon
        await pilot.press("enter")
        await pilot.pause()
        assert bar.value == "" and app.screen.focused is bar
        await pilot.press("colon", *"next")
        assert bar.value == "next"
