"""Starting a fight asks the players' initiative in one pass (a number, Enter, the next), rolls for
whoever the GM leaves empty, and asks nothing where the players roll none."""

from __future__ import annotations

from pathlib import Path

from combat_tui.ui.app import CombatApp
from combat_tui.ui.dialogs.initiative import InitiativeDialog

from .keys import new_session

PARTY = ("add Aldric pc hp=20", "add Bram pc hp=20", "add Corwin pc hp=20", "add Dara pc hp=20",
         "add Orc hp=10 init=9")


def initiatives(app: CombatApp) -> dict[str, int | None]:
    assert app.session is not None
    return {c.name: c.initiative for c in app.session.encounter.state.roster()}


async def test_n_asks_the_players_rolls_in_one_pass_and_rolls_for_the_one_skipped(tmp_path: Path) -> None:
    s = new_session(tmp_path, *PARTY, ruleset="three-action")
    app = CombatApp(s)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("n", "1", "5", "enter", "1", "2", "enter", "enter", "8", "enter")  # Corwin skipped
        await pilot.pause()
        assert not isinstance(app.screen, InitiativeDialog)
        assert s.encounter.state.clock.started
        got = initiatives(app)
        assert (got["Aldric"], got["Bram"], got["Dara"], got["Orc"]) == (15, 12, 8, 9)
        assert got["Corwin"] is not None  # rolled by start
        commands = [e.command for e in s.encounter.history()]
        assert commands[-4:] == ["init Aldric 15", "init Bram 12", "init Dara 8", "start"]


async def test_escape_starts_nothing(tmp_path: Path) -> None:
    s = new_session(tmp_path, *PARTY, ruleset="three-action")
    app = CombatApp(s)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("n", "1", "5", "escape")
        await pilot.pause()
        assert not s.encounter.state.clock.started and initiatives(app)["Aldric"] is None


async def test_free_rounds_and_players_with_initiative_are_not_asked(tmp_path: Path) -> None:
    s = new_session(tmp_path, "add Kara pc hp=20", "add Orc hp=10", ruleset="energy-stamina")
    app = CombatApp(s)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        assert not isinstance(app.screen, InitiativeDialog) and s.encounter.state.clock.started
    s2 = new_session(tmp_path / "b", "add Kara pc hp=20 init=14", "add Orc hp=10", ruleset="three-action")
    app = CombatApp(s2)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        assert not isinstance(app.screen, InitiativeDialog) and s2.encounter.state.clock.started


async def test_time_count_asks_the_players_too(tmp_path: Path) -> None:
    s = new_session(tmp_path, "add Zherynn pc hp=20", "add Orc hp=10 init=6", ruleset="time-count")
    app = CombatApp(s)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("n", "7", "enter")
        await pilot.pause()
        assert s.encounter.state.clock.started and initiatives(app)["Zherynn"] == 7
