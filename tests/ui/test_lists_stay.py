"""Undo puts the highlight back where the change was made, so the next key goes to the same creature;
lists stop at their ends rather than wrapping round to the far one."""

from __future__ import annotations

from pathlib import Path

from helpers import pool

from combat_tui.session import catalogue, load_library
from combat_tui.ui.app import CombatApp
from combat_tui.ui.widgets.order_pane import OrderPane

from .keys import burst, highlighted, list_title, new_session, picking, settle_burst

TEAM = ("add Kara pc init=15 hp=20", "add 'Orc 1' init=10 hp=10", "add 'Orc 2' init=9 hp=10", "start")


async def test_undo_keeps_the_highlight_the_change_was_made_with(tmp_path: Path) -> None:
    s = new_session(tmp_path, *TEAM, ruleset="three-action")
    app = CombatApp(s)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        burst(app, "down down d 3 enter u")  # Orc 2 hit, the hit undone: still on Orc 2
        await settle_burst(pilot)
        assert pool(s, "Orc 2", "hp") == 10 and highlighted(app) == "Orc 2"
        burst(app, "d 2 enter")  # the next key goes to the same creature
        await settle_burst(pilot)
        assert pool(s, "Orc 2", "hp") == 8 and pool(s, "Kara", "hp") == 20
        burst(app, "up d 1 enter home u")  # undone from elsewhere: back to the one hit (Orc 1)
        await settle_burst(pilot)
        assert pool(s, "Orc 1", "hp") == 10 and highlighted(app) == "Orc 1"
        burst(app, "home U")  # redone: on the one it hits
        await settle_burst(pilot)
        assert pool(s, "Orc 1", "hp") == 9 and highlighted(app) == "Orc 1"


async def test_the_order_stops_at_its_ends(tmp_path: Path) -> None:
    s = new_session(tmp_path, *TEAM, ruleset="three-action")
    app = CombatApp(s)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        burst(app, "up")  # at the top: stays
        await settle_burst(pilot)
        assert highlighted(app) == "Kara"
        burst(app, "down down down down")
        await settle_burst(pilot)
        assert highlighted(app) == "Orc 2"


async def test_a_pick_list_stops_at_its_ends(tmp_path: Path) -> None:
    s = new_session(tmp_path, *TEAM, ruleset="three-action")
    app = CombatApp(s)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        burst(app, "c up")
        await settle_burst(pilot)
        pick = picking(app)
        assert list_title(app) and pick is not None
        from textual.widgets import OptionList
        assert pick.query_one(OptionList).highlighted == 0


async def test_up_onto_a_folded_group_from_below_picks_its_last_member(tmp_path: Path) -> None:
    s = new_session(tmp_path, "add Kara pc hp=20 init=30", ruleset="three-action")
    s.encounter.library = load_library(catalogue())
    for line in ("add Ghoul x3", "init 'Ghoul 1' 5", "add Orc init=1 hp=9", "start"):
        s.run(line)
    members = [c.id for c in s.encounter.state.roster() if c.group is not None]
    app = CombatApp(s)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        burst(app, "end up")
        await settle_burst(pilot)
        assert app.screen.query_one(OrderPane).highlighted_id() == members[-1]


async def test_x_on_a_waiting_attack_is_a_miss_in_one_key(tmp_path: Path) -> None:
    s = new_session(tmp_path, "add 'Orc 1' init=10 hp=10", ruleset="three-action")
    s.encounter.library = load_library(catalogue())
    for line in ("add Goblin init=20", "start"):
        s.run(line)
    app = CombatApp(s)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        burst(app, "t enter enter")  # the goblin's own attack, on Orc 1: its damage waits
        await settle_burst(pilot)
        assert s.encounter.state.ready and not s.encounter.state.prompts
        burst(app, "x")
        await settle_burst(pilot)
        assert not s.encounter.state.ready and pool(s, "Orc 1", "hp") == 10
        assert s.encounter.history()[-1].command.endswith(" miss")
