"""A fight played in the app survives a restart: the autosave, opened by a fresh app, shows the same
screen and the same model, and the history still undoes.

Each test plays keys in one app (next, damage, a condition), takes the screen as text and as SVG
and the model's view, lets the app go, and opens the same file in a new one.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from helpers import screen_text
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import OptionList, Static, TextArea

from combat_tui import paths
from combat_tui.session import Session, catalogue, demo_copy
from combat_tui.store import saves
from combat_tui.ui.app import CombatApp
from combat_tui.ui.screens.main import MainScreen
from combat_tui.ui.screens.new import NewScreen
from combat_tui.ui.screens.open import OpenScreen

from .keys import asking, pass_anyway, picking, press

RULESETS = ["three-action", "energy-stamina", "body-injury", "time-count", "boon-bane", "pf2e", "dnd5e"]
SIZE = (100, 30)
pytestmark = pytest.mark.usefixtures("sized_terminal")  # the console as wide as SIZE


def main_screen(app: App[None]) -> MainScreen:
    screen = app.screen
    assert isinstance(screen, MainScreen), type(screen).__name__
    return screen


def without_log(view: dict[str, Any]) -> dict[str, Any]:
    """The view minus the log counters (undo moves the cursor but leaves the event in the log)."""
    return {k: v for k, v in view.items() if k != "log"}


async def pick_option(pilot: Pilot[None], widget: OptionList, option_id: str) -> None:
    """Arrow down the list until the option is highlighted (keys only, as a GM would)."""
    for _ in range(widget.option_count + 1):
        if widget.highlighted is not None and widget.get_option_at_index(widget.highlighted).id == option_id:
            return
        await press(pilot, "down")
    raise AssertionError(f"{option_id} not reachable with the arrow keys")


async def accept_dialogs(pilot: Pilot[None]) -> None:
    """Take each follow-up question's default (value 1, everyone, the default duration)."""
    app = pilot.app
    assert isinstance(app, CombatApp)
    for _ in range(4):
        await pilot.pause()
        if picking(app) is None and not asking(app):
            return
        await press(pilot, "enter")
    raise AssertionError("the condition dialogs never closed")


async def play(pilot: Pilot[None], session: Session) -> dict[str, Any]:
    """n, d 3 Enter, c Enter (and the defaults): returns the view between damage and condition."""
    start = session.encounter.doc.cursor
    first = "next" if session.encounter.state.clock.started else "start"
    await press(pilot, "n")
    await pass_anyway(pilot)  # a creature that has not acted waits, a prompt stays, as before
    await press(pilot, "d")
    assert asking(pilot.app)
    await press(pilot, "3", "enter")
    after_damage = session.encounter.view()
    await press(pilot, "c")
    assert picking(pilot.app) is not None
    await press(pilot, "enter")
    await accept_dialogs(pilot)
    main_screen(pilot.app)
    done = [e.command.split()[0] for e in session.encounter.history()[start:]]
    assert done == [first, "dmg", "cond"]
    return after_damage


async def picture(pilot: Pilot[None]) -> tuple[str, str]:
    await pilot.pause()
    return screen_text(pilot.app), pilot.app.export_screenshot()


async def resumed(path: Path) -> tuple[str, str, dict[str, Any], CombatApp]:
    """A fresh app on Session.open(path): its screen as text and SVG, and its model view."""
    app = CombatApp(Session.open(path, catalogue()))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        main_screen(app)
        text, svg = await picture(pilot)
        assert app.session is not None
        return text, svg, app.session.encounter.view(), app


@pytest.mark.parametrize("ruleset", RULESETS)
async def test_demo_played_in_the_app_resumes_the_same(ruleset: str) -> None:
    app = CombatApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, OpenScreen)
        await pick_option(pilot, app.screen.query_one("#saves", OptionList), f"demo:{ruleset}")
        await press(pilot, "enter")
        main_screen(app)
        session = app.session
        assert session is not None
        path = session.path
        assert path.parent == paths.saves_dir()  # a copy: the shipped demo is never played
        await play(pilot, session)
        text, svg = await picture(pilot)
        assert "] cond " in text  # the log shows what the keys did
        view = session.encounter.view()
        session.flush()  # the autosave runs on its own thread
        on_disk = saves.load(path)
        assert on_disk.model_dump() == session.encounter.doc.model_dump()

    text2, svg2, view2, _ = await resumed(path)
    assert view2 == view
    assert text2 == text
    assert svg2 == svg


async def test_new_encounter_screen_shows_examples_and_keys_and_takes_what_is_typed() -> None:
    app = CombatApp()
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "n")
        screen = app.screen
        assert isinstance(screen, NewScreen)
        area = screen.query_one("#creatures", TextArea)
        assert area.text == "" and "hp=" in str(area.placeholder)  # an example, not text to delete
        await pick_option(pilot, screen.query_one("#ruleset", OptionList), "three-action")
        await pilot.pause()
        keys = str(screen.query_one("#new-keys", Static).content)
        rs = catalogue().get("three-action")
        for stat in rs.stats:  # every stat, by its key and its own name; `init` is the initiative's
            assert f"{'stat-' if stat.id == 'init' else ''}{stat.id}={stat.name}" in keys
        assert f"hp={rs.pool('hp').name}" in keys and "init=initiative" in keys
        await pick_option(pilot, screen.query_one("#ruleset", OptionList), "boon-bane")
        await pilot.pause()
        assert "pdef=" not in str(screen.query_one("#new-keys", Static).content)  # follows the ruleset
        await pick_option(pilot, screen.query_one("#ruleset", OptionList), "three-action")
        await press(pilot, "tab", *"keys", "tab", *"Kara pc init=17 stat-init=3 pdef=14", "ctrl+s")
        (kara,) = main_screen(app).session.encounter.state.roster()
        assert (kara.name, kara.initiative, kara.stats["init"], kara.stats["pdef"]) == ("Kara", 17, 3, 14)


async def test_enter_goes_from_the_ruleset_to_the_name_to_the_creatures() -> None:
    app = CombatApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await press(pilot, "n")
        assert isinstance(app.screen, NewScreen)
        await pick_option(pilot, app.screen.query_one("#ruleset", OptionList), "three-action")
        await press(pilot, "enter", *"ford ambush", "enter", *"Kara pc hp=24", "enter", *"Bram pc hp=20", "ctrl+s")
        session = main_screen(app).session
        assert session.encounter.rs.id == "three-action"
        assert session.path == paths.saves_dir() / "ford ambush.combat"
        assert [c.name for c in session.encounter.state.roster()] == ["Kara", "Bram"]


async def test_new_encounter_made_in_the_app_resumes_from_the_open_screen() -> None:
    app = CombatApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await press(pilot, "n")
        assert isinstance(app.screen, NewScreen)
        await pick_option(pilot, app.screen.query_one("#ruleset", OptionList), "three-action")
        await press(pilot, "tab", *"ford ambush", "tab", *"Kara pc hp=24 init=17", "enter",
                          *"Goblin x4 hp=7 init=d20+2", "ctrl+s")
        await pilot.pause()
        screen = main_screen(app)
        session = screen.session
        assert session.path == paths.saves_dir() / "ford ambush.combat"
        assert [c.name for c in session.encounter.state.roster()] == ["Kara", "Goblin 1", "Goblin 2",
                                                                     "Goblin 3", "Goblin 4"]
        await press(pilot, "n")  # start
        await pilot.pause()
        after_damage = await play(pilot, session)
        text, svg = await picture(pilot)
        assert "] cond " in text and "ford ambush — Round 1" in text
        view = session.encounter.view()

    # restart, and open it as a GM would: it is the first save on the open screen
    app2 = CombatApp()
    async with app2.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app2.screen, OpenScreen)
        await pick_option(pilot, app2.screen.query_one("#saves", OptionList), f"save:{session.path}")
        await press(pilot, "enter")
        screen2 = main_screen(app2)
        assert screen2.session.encounter.view() == view
        assert await picture(pilot) == (text, svg)
        # the history came along: u takes back the condition
        await press(pilot, "u")
        undone = screen2.session.encounter.view()
        assert undone["log"]["undone"] == after_damage["log"]["undone"] + 1
        assert without_log(undone) == without_log(after_damage)
        screen2.session.flush()
        assert saves.load(session.path).cursor == screen2.session.encounter.doc.cursor

    # and Session.open on the same path (the command line's way in) shows the undone state
    _, _, view3, _ = await resumed(session.path)
    assert view3 == undone


async def test_a_played_demo_opened_again_resumes_and_start_again_keeps_it() -> None:
    from .keys import RecordingApp

    played = Session.open(demo_copy("time-count"), catalogue())
    played.run("next")
    played.run("next")
    cursor = played.encounter.doc.cursor
    played.close()
    for pick, want in (("demo:time-count", "resumed"), ("fresh:time-count", "kept as")):
        app = RecordingApp(None)  # type: ignore[arg-type]
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, OpenScreen)
            options = app.screen.query_one("#saves", OptionList)
            await pick_option(pilot, options, pick)
            await press(pilot, "enter")
            session = main_screen(app).session
            assert session.path == paths.saves_dir() / "demo-time-count.combat"
            assert any(want in note for _, note in app.notes), app.notes
            if pick.startswith("demo:"):
                assert session.encounter.doc.cursor == cursor  # where the GM left it
            else:
                assert session.encounter.doc.cursor < cursor
                kept = [p for p in paths.saves_dir().glob("*.combat") if p != session.path]
                assert [saves.load(p).cursor for p in kept] == [cursor]
