"""The command palette lists the commands from their spec; picking one types it into the command bar."""

from __future__ import annotations

from pathlib import Path

from combat_tui.ui.app import CombatApp
from combat_tui.ui.widgets.command_bar import CommandBar

from .keys import new_session, searched


async def test_a_command_picked_in_the_palette_is_typed_into_the_command_bar(tmp_path: Path) -> None:
    s = new_session(tmp_path, "add Kara pc init=15", ruleset="three-action")
    app = CombatApp(s)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.action_command_palette()
        await pilot.pause()
        await pilot.press(*"Command: uncond")
        await searched(pilot, "Command: uncond")
        await pilot.press("enter")
        await pilot.pause()
        bar = app.screen.query_one(CommandBar)
        assert bar.value == "uncond "
        assert app.screen.focused is bar


async def test_the_palette_puts_a_name_starting_with_the_letters_first(tmp_path: Path) -> None:
    """`c` is in "Creature: Aldric" (and ends his name): Corwin, whose name starts with it, comes first."""
    from textual.command import CommandList, CommandPalette

    s = new_session(tmp_path, "add Aldric pc init=15", "add Corwin pc init=12", ruleset="three-action")
    app = CombatApp(s)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.action_command_palette()
        await pilot.pause()
        await pilot.press("c")
        palette = app.screen
        assert isinstance(palette, CommandPalette)
        await app.workers.wait_for_complete()  # the palette searches in a worker: its hits all in
        await pilot.pause()
        hits = palette.query_one(CommandList)
        assert str(hits.get_option_at_index(0).prompt).startswith("Creature: Corwin")
