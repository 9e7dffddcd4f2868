"""Keys typed faster than the app handles them (a fast typist, a paste, a slow frame at 1,000 creatures)
are handled in the order typed, each where the keys before it led: none lost, none in the wrong place.

Each test posts its whole burst before the app has read any of it, so every key arrives while the one
before is still on its way, which is the case that went wrong."""

from __future__ import annotations

import asyncio
from pathlib import Path

from helpers import pool
from textual import events

from combat_tui.ui.app import CombatApp
from combat_tui.ui.screens.main import MainScreen
from combat_tui.ui.widgets.command_bar import CommandBar
from combat_tui.ui.widgets.order_pane import OrderPane

from .keys import asking, burst, new_session, until

SETUP = ("add Orc init=10 hp=30", "add Elf init=5 hp=30", "start")


def commands(app: CombatApp) -> list[str]:
    assert app.session is not None
    return [e.command for e in app.session.encounter.history()][len(SETUP):]


async def typed(tmp_path: Path, keys: str, before: str = "") -> CombatApp:
    app = CombatApp(new_session(tmp_path, *SETUP, ruleset="three-action"))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        if before:
            await pilot.press(*before.split())
        burst(app, keys)
        for _ in range(4):
            await pilot.pause()
        app.session.flush()  # type: ignore[union-attr]
    return app


async def test_damage_then_next_then_damage(tmp_path: Path) -> None:
    # `d` opens the question (the first of the session: the digit must find its input already focused)
    app = await typed(tmp_path, "d 1 2 enter n d 7 enter")
    assert commands(app) == ["dmg Orc 12", "next", "dmg Elf 7"]
    assert pool(app.session, "Orc", "hp") == 18 and pool(app.session, "Elf", "hp") == 23  # type: ignore[arg-type]


async def test_editing_keys_keep_their_place(tmp_path: Path) -> None:
    # backspace is a binding (handled at the app), digits are typed in the input: 4, erased, then 5
    app = await typed(tmp_path, "4 backspace 5 enter", before="d")
    assert commands(app) == ["dmg Orc 5"]


async def test_a_condition_picked_and_timed_then_the_turn_passed(tmp_path: Path) -> None:
    app = await typed(tmp_path, "c p r o enter 2 enter n")
    assert commands(app) == ["cond Orc prone for=2", "next"]


async def test_the_command_bar_gets_what_follows_the_colon(tmp_path: Path) -> None:
    app = await typed(tmp_path, "colon n e x t enter escape d 3 enter")
    assert commands(app) == ["next", "dmg Elf 3"]


async def test_escape_cancels_and_the_next_key_is_the_screens(tmp_path: Path) -> None:
    app = CombatApp(new_session(tmp_path, *SETUP, ruleset="three-action"))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        burst(app, "d 9 escape n")
        for _ in range(4):
            await pilot.pause()
        assert commands(app) == ["next"]
        assert isinstance(app.screen, MainScreen) and not isinstance(app.focused, CommandBar)


async def test_slow_keys_still_work_one_by_one(tmp_path: Path) -> None:
    app = CombatApp(new_session(tmp_path, *SETUP, ruleset="three-action"))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("d")
        assert asking(app)
        await pilot.press("4", "enter", "n")
        assert commands(app) == ["dmg Orc 4", "next"]


async def test_a_key_lost_on_its_way_holds_the_next_only_briefly(tmp_path: Path) -> None:
    """A key that never comes back (its widget went away with it) must not hold the keys after it."""
    app = CombatApp(new_session(tmp_path, *SETUP, ruleset="three-action"))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        pane = app.screen.query_one(OrderPane)

        def swallow(event: events.Event) -> None:  # sent on its way, and never arrives
            event._set_forwarded()
            del pane._forward_event  # only this once

        pane._forward_event = swallow  # type: ignore[method-assign]
        app.keys.lost_after = 0.2  # the bound for a key swallowed by a widget still there (5 s in play)
        burst(app, "down n")  # the arrow is the order pane's; the n waits for it
        for _ in range(10_000):  # until the n is read (not a moment later: the key line's watchdog runs)
            if app.keys._waiting:
                break
            await asyncio.sleep(0)
        assert app.keys._waiting and commands(app) == [], "the n waits behind the arrow"
        # the watchdog gives the arrow up for lost (lost_after seconds on): the n goes
        await until(pilot, lambda: commands(app) == ["next"], "the n let go")


async def test_a_new_encounter_typed_in_one_burst(tmp_path: Path) -> None:
    """Enter on the ruleset, the name and the library's filter moves on at once: the keys right after
    it land in the next field, and the count typed after a template is its count."""
    from combat_tui.ui.screens.new import NewScreen

    named = {"enter", "down", "ctrl+l", "ctrl+s"}
    keys = ("down down down down down enter f o r d enter K a r a space p c space h p = 2 4 enter "
            "ctrl+l g o b enter 3 enter ctrl+s")
    app = CombatApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NewScreen)
        for key in keys.split():
            char = " " if key == "space" else "=" if key == "=" else None if key in named else key
            app.post_message(events.Key("equals_sign" if key == "=" else key, char))
        for _ in range(6):
            await pilot.pause()
        assert isinstance(app.screen, MainScreen), type(app.screen).__name__
        enc = app.screen.session.encounter
        assert enc.rs.id == "three-action" and enc.doc.name == "ford"
        assert [c.name for c in enc.state.roster()] == ["Kara", "Goblin 1", "Goblin 2", "Goblin 3"]
        assert enc.state.roster()[0].pools["hp"].max == 24
