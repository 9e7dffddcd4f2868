"""Words a GM reads on the main screen: costs worked out for the one acting, the log's echo of a
command as the GM would type it."""

from __future__ import annotations

from pathlib import Path

from combat_tui.engine.commands import split
from combat_tui.store import saves
from combat_tui.ui.app import CombatApp

from .keys import choose, entry, new_session, picking

SIZE = (120, 40)


async def test_the_act_list_shows_each_cost_as_a_number_for_the_actor(tmp_path: Path) -> None:
    s = new_session(tmp_path, "add Wren pc init=5", "add Goblin hp=7 init=3", "start", ruleset="boon-bane")
    app = CombatApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("a")
        await pilot.pause()
        screen = picking(app)
        assert screen is not None
        hints = {c.label: c.hint for c in screen.choices}
        assert hints["Strike"] == "Action Points 1, Attacks this round 1"
        assert hints["Stand up"] == ""  # 0 AP by the default reading: nothing to pay
        await pilot.press("escape")
        s.run("set ap_per_action 2")
        await pilot.press("a")
        await pilot.pause()
        screen = picking(app)
        assert screen is not None
        hints = {c.label: c.hint for c in screen.choices}
        assert hints["Dash"] == "Action Points 2"


async def test_the_log_echoes_a_name_as_the_gm_types_it_and_it_replays(tmp_path: Path) -> None:
    s = new_session(tmp_path, "add Zherynn pc init=9", "add Garret's Hound init=6", "start", ruleset="time-count")
    app = CombatApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("a")
        await choose(pilot, app, "a speed factor i type")
        await entry(pilot, app, "4")
        line = s.encounter.history()[-1].command
        assert line == 'act "Garret\'s Hound" sf=4'
        assert split(line)[1] == "Garret's Hound"
    doc = saves.load(tmp_path / "fight.combat")  # the log keeps the line as typed
    assert doc.log[-1].command == line


async def test_an_action_without_a_speed_takes_a_number_or_a_speed_class_by_name(tmp_path: Path) -> None:
    s = new_session(tmp_path, "add Zherynn pc init=6", "add Garret init=9", "start", ruleset="time-count")
    app = CombatApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("a")
        await choose(pilot, app, "attack with a weapon")
        await entry(pilot, app, "swift")  # was: unknown command word, only `class=swift` worked
        assert s.encounter.history()[-1].command == 'act Zherynn "Attack with a weapon" class=swift'
        assert any("Swift" in line and "next acts at TC" in line for line in s.encounter.history()[-1].lines)
        await pilot.press("u", "a")
        await choose(pilot, app, "attack with a weapon")
        await entry(pilot, app, "5")
        assert s.encounter.history()[-1].command == 'act Zherynn "Attack with a weapon" sf=5'
