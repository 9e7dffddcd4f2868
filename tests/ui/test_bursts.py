"""Bursts across every kind of move: each key typed ahead lands where the keys before it led, and
Escape then a key, read by the terminal as one Alt key, is still the two keys typed."""

from __future__ import annotations

from pathlib import Path

from helpers import creature, pool
from textual import events

from combat_tui.session import Session, catalogue, load_library
from combat_tui.ui._textual_compat import FooterKey
from combat_tui.ui.app import CombatApp
from combat_tui.ui.screens.main import MainScreen
from combat_tui.ui.widgets.command_bar import CommandBar

from .keys import burst, logged, new_session, settle_burst

NAMED = {"enter", "escape", "backspace", "colon", "ctrl+p", "ctrl+o", "plus", "space", "down", "up", "ctrl+s",
         "ctrl+l"}
TWO = ("add Orc init=10 hp=30", "add Elf init=5 hp=30", "start")
GOBLINS = ("add Orc init=10 hp=30", "add Goblin x10 init=5 hp=20", "start")


async def test_keys_typed_after_a_palette_jump(tmp_path: Path) -> None:
    app = CombatApp(new_session(tmp_path, *GOBLINS, ruleset="three-action"))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        burst(app, "ctrl+p G o b l i n space 1 0 enter d 5 enter")
        await settle_burst(pilot)
        assert isinstance(app.screen, MainScreen)
        assert logged(app, len(GOBLINS)) == ['dmg "Goblin 10" 5']


async def test_escape_then_a_key_read_as_alt_after_a_command_run_in_the_bar(tmp_path: Path) -> None:
    """The terminal reads Escape and `u` typed together as Alt+u: still Escape (leave the bar), then undo."""
    app = CombatApp(new_session(tmp_path, *GOBLINS, ruleset="three-action"))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        burst(app, "colon d m g space O r c space 1 enter alt+u")
        await settle_burst(pilot)
        assert app.session is not None
        assert pool(app.session, "Orc", "hp") == 30
        assert app.session.encounter.doc.cursor == len(GOBLINS)  # the damage undone
        assert not isinstance(app.focused, CommandBar)
        assert app.screen.query_one(CommandBar).value == ""


async def test_keys_after_a_line_run_in_the_bar(tmp_path: Path) -> None:
    app = CombatApp(new_session(tmp_path, *TWO, ruleset="three-action"))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        burst(app, "colon d m g space O r c space 1 enter n e x t enter escape d 2 enter n")
        await settle_burst(pilot)
        assert logged(app, len(TWO)) == ["dmg Orc 1", "next", "dmg Elf 2", "next"]


async def test_keys_typed_after_adding_from_the_library(tmp_path: Path) -> None:
    s = new_session(tmp_path, *TWO, ruleset="three-action")
    s.encounter.library = load_library(catalogue())
    app = CombatApp(s)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        burst(app, "plus G o b l i n enter 2 enter d 3 enter n")
        await settle_burst(pilot)
        assert logged(app, len(TWO)) == ["add Goblin x2", "dmg Orc 3", "next"]


def other_save(data: Path) -> None:
    """A second save in the data folder: a troll."""
    other = Session.create(data / "saves" / "other.combat", catalogue(), "three-action", seed=3)
    for line in ("add Troll init=10 hp=40", "start"):
        other.run(line)
    other.flush()
    other.close()


async def test_keys_typed_after_ctrl_o_land_in_the_save_opened(tmp_path: Path) -> None:
    data = tmp_path / "data"
    other_save(data)
    app = CombatApp(new_session(tmp_path, *TWO, ruleset="three-action"), str(data))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        burst(app, "ctrl+o enter d 5 enter n")
        await settle_burst(pilot)
        assert isinstance(app.screen, MainScreen) and app.session is not None
        assert app.session.encounter.doc.name == "other"
        assert pool(app.session, "Troll", "hp") == 35
        assert logged(app, 2) == ["dmg Troll 5", "next"]


async def test_keys_typed_on_the_open_screen_land_in_the_save_opened(tmp_path: Path) -> None:
    data = tmp_path / "data"
    other_save(data)
    app = CombatApp(None, str(data))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        burst(app, "enter d 5 enter n")
        await settle_burst(pilot)
        assert isinstance(app.screen, MainScreen) and app.session is not None
        assert logged(app, 2) == ["dmg Troll 5", "next"]


async def test_keys_typed_after_a_new_encounter_is_made(tmp_path: Path) -> None:
    """From the open screen to the new encounter's first damage and its start (the players' initiative
    asked and answered), in one burst."""
    keys = ("n down down down down down enter f o r d enter K a r a space p c space h p = 2 4 enter ctrl+s "
            "d 4 enter n 1 5 enter d 1 enter")
    app = CombatApp(None, str(tmp_path / "data"))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        for key in keys.split():
            char = {"space": " ", "=": "="}.get(key, None if key in NAMED else key)
            app.post_message(events.Key("equals_sign" if key == "=" else key, char))
        await settle_burst(pilot)
        assert isinstance(app.screen, MainScreen) and app.session is not None
        assert app.session.encounter.doc.name == "ford"
        assert pool(app.session, "Kara", "hp") == 19
        assert logged(app, 0)[-4:] == ["dmg Kara 4", "init Kara 15", "start", "dmg Kara 1"]  # n asks, then starts
        assert creature(app.session, "Kara")["initiative"] == 15


async def test_a_line_a_key_began_closes_the_bar_so_the_next_letter_is_a_key(tmp_path: Path) -> None:
    """`r 2d6 Enter u`: the roll is logged and `u` undoes the damage before it, not typed into the bar;
    the bar opened with `:` stays open for the next line."""
    app = CombatApp(new_session(tmp_path, *TWO, ruleset="three-action"))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        burst(app, "colon d m g space O r c space 3 enter escape r 2 d 6 enter u")
        await settle_burst(pilot)
        assert app.session is not None
        assert logged(app, len(TWO))[-1].startswith("roll")
        assert pool(app.session, "Orc", "hp") == 30  # the damage undone, the roll passed over
        bar = app.screen.query_one(CommandBar)
        assert bar.value == "" and not bar.has_focus
        burst(app, "colon d m g space O r c space 2 enter")
        await settle_burst(pilot)
        assert pool(app.session, "Orc", "hp") == 28 and bar.has_focus  # `:`'s bar stays open


async def test_the_footer_shows_the_screens_keys_after_a_burst_through_the_bar_and_a_question(tmp_path: Path) -> None:
    """`: Escape d 5 Enter` typed at once: the footer's rebuild for the bar can run while the question is
    up; once it is answered the footer shows the screen's keys again, not the question's (none)."""
    app = CombatApp(new_session(tmp_path, *TWO, ruleset="three-action"))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        for keys in ["colon escape d 5 enter", "colon d m g space O r c space 1 enter escape d 2 enter"]:
            burst(app, keys)
            await settle_burst(pilot)
            shown = [k.description for k in app.screen.query(FooterKey)]
            assert "Next" in shown and "Dmg" in shown, (keys, shown)
