"""The sheet, the highlight and the target of every key are one creature, always; marks are targets."""

from __future__ import annotations

from pathlib import Path

from helpers import pool

from combat_tui.session import Session, catalogue, load_library
from combat_tui.ui.app import CombatApp
from combat_tui.ui.screens.main import MainScreen

from .keys import burst, highlighted, list_title, new_session, picking, settle_burst


def goblins(tmp_path: Path) -> Session:
    """Orc 6 first (19), a folded group of four at 7, Orc 2 last (5)."""
    s = new_session(tmp_path, "add 'Orc 6' init=19 hp=30", ruleset="three-action")
    s.encounter.library = load_library(catalogue())
    for line in ("add Ghoul x4", "init 'Ghoul 1' 7", "add 'Orc 2' init=5 hp=30", "start"):
        s.run(line)
    return s


def sheet_name(app: CombatApp) -> str | None:
    screen = app.screen
    assert isinstance(screen, MainScreen)
    sheet = screen.view.sheet
    return None if sheet is None else sheet.name


async def test_after_a_groups_last_turn_the_sheet_is_the_next_actor(tmp_path: Path) -> None:
    s = goblins(tmp_path)
    app = CombatApp(s)
    async with app.run_test(size=(100, 12)) as pilot:
        await pilot.pause()
        for _ in range(5):  # Orc 6, the four ghouls, then Orc 2
            burst(app, "n")
            await settle_burst(pilot)
            assert sheet_name(app) == highlighted(app)
        assert highlighted(app) == "Orc 2" and sheet_name(app) == "Orc 2"
        burst(app, "d 1 enter")
        await settle_burst(pilot)
        assert pool(s, "Orc 2", "hp") == 29
        assert pool(s, "Orc 6", "hp") == 30


TEAM = ("add Kara pc init=15 hp=20", "add 'Orc 1' init=10 hp=10", "add 'Orc 2' init=9 hp=10", "start")


async def test_marks_are_the_targets_of_an_action_not_its_actors(tmp_path: Path) -> None:
    s = new_session(tmp_path, *TEAM, ruleset="three-action")
    app = CombatApp(s)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        burst(app, "down space a")  # Orc 1 marked, on Kara's turn
        await settle_burst(pilot)
        assert list_title(app) == "Kara acts"
        burst(app, "m e l e e enter")  # one marked: no need to ask on whom
        await settle_burst(pilot)
        assert s.encounter.history()[-1].command == 'act Kara "Melee attack" on="Orc 1"'
        assert pool(s, "Kara", "actions") == 2 and pool(s, "Orc 1", "actions") == 3
        screen = app.screen
        assert isinstance(screen, MainScreen) and screen.marked == frozenset()  # spent
        burst(app, "space down space a m e l e e enter")  # two marked: on whom, among them only
        await settle_burst(pilot)
        assert list_title(app) == "Melee attack: on whom?"
        pick = picking(app)
        assert pick is not None and [c.label for c in pick.choices] == ["Orc 1", "Orc 2"]


async def test_an_attack_with_marks_is_the_actors_on_them(tmp_path: Path) -> None:
    s = new_session(tmp_path, "add 'Orc 1' init=10 hp=10", "add 'Orc 2' init=9 hp=10", ruleset="three-action")
    s.encounter.library = load_library(catalogue())
    for line in ("add Goblin init=20", "start"):
        s.run(line)
    app = CombatApp(s)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        burst(app, "down down space t")  # Orc 2 marked on the goblin's turn: the goblin's attacks
        await settle_burst(pilot)
        assert list_title(app) == "Goblin attacks"
        burst(app, "enter")
        await settle_burst(pilot)
        assert s.encounter.history()[-1].command.startswith('act Goblin ')
        assert s.encounter.history()[-1].command.endswith(' on="Orc 2"')


async def test_four_of_a_group_damaged_in_six_keys(tmp_path: Path) -> None:
    s = new_session(tmp_path, "add Kara pc init=30 hp=20", ruleset="three-action")
    s.encounter.library = load_library(catalogue())
    for line in ("add Goblin x4", "start"):
        s.run(line)
    goblins = [c.name for c in s.encounter.state.roster() if c.group is not None]
    hp = {n: pool(s, n, "hp") for n in goblins}
    app = CombatApp(s)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        burst(app, "down space d 7 enter")  # onto the folded line, the group marked, damaged
        await settle_burst(pilot)
        assert len(goblins) == 4 and all(hp[n] - pool(s, n, "hp") == min(7, hp[n]) for n in goblins)
        assert s.encounter.history()[-1].command.startswith("dmg ")
        assert pool(s, "Kara", "hp") == 20
