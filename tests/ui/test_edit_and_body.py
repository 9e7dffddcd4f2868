"""Editing a creature from the keyboard (`E` opens the command bar with `edit NAME `), and the injure
picker and completion offering only the parts that creature's body has."""

from __future__ import annotations

from pathlib import Path

from helpers import Make

from combat_tui.engine.commands.completion import completions
from combat_tui.ui.widgets.command_bar import CommandBar

from .keys import RecordingApp, errors, highlight, new_session, picking


async def test_E_edits_the_highlighted_creature_with_undo_and_redo(tmp_path: Path) -> None:
    s = new_session(tmp_path, "add Kara pc init=15 hp=20", "add Orc init=10 hp=12", "start", ruleset="three-action")
    app = RecordingApp(s)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await highlight(pilot, app, "Orc")
        await pilot.press("E")
        await pilot.pause()
        bar = app.screen.query_one(CommandBar)
        assert app.focused is bar and bar.value == "edit Orc "
        await pilot.press(*"name=Boss hp=30 pdef=14", "enter", "escape")
        await pilot.pause()
        assert errors(app) == []
        boss = next(c for c in s.encounter.state.roster() if c.id == "c2")
        assert (boss.name, boss.pools["hp"].max, boss.stats["pdef"]) == ("Boss", 30, 14)
        await pilot.press("u")
        await pilot.pause()
        orc = s.encounter.state.combatants["c2"]
        assert (orc.name, orc.pools["hp"].max, orc.stats["pdef"]) == ("Orc", 12, 10)
        await pilot.press("U")
        await pilot.pause()
        assert s.encounter.state.combatants["c2"].name == "Boss"


async def test_the_injure_picker_offers_only_the_creatures_own_parts(tmp_path: Path) -> None:
    s = new_session(tmp_path, "add Ysolde pc init=12", "add Wolf body=quadruped init=8", "start",
                    ruleset="body-injury")
    app = RecordingApp(s)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await highlight(pilot, app, "Ysolde")
        await pilot.press("i")
        await pilot.pause()
        dialog = picking(app)
        assert dialog is not None
        offered = {c.label for c in dialog.choices}
        assert {"Arm", "Head", "Heart"} <= offered and {"Tail", "Wing", "Horn"}.isdisjoint(offered)
        await pilot.press("escape")
        await highlight(pilot, app, "Wolf")
        await pilot.press("i")
        await pilot.pause()
        dialog = picking(app)
        assert dialog is not None
        offered = {c.label for c in dialog.choices}
        assert "Tail" in offered and {"Arm", "Hand", "Wing"}.isdisjoint(offered)
        await pilot.press(*"tail", "enter")
        await pilot.pause()
        assert s.encounter.state.combatants["c2"].injuries == {"tail": 1}


def test_completion_offers_the_named_creatures_parts(make: Make) -> None:
    enc = make("body-injury")
    enc.run("add Ysolde pc")
    enc.run("add Wolf body=quadruped")
    assert completions(enc, "injure Ysolde t") == []
    assert completions(enc, "injure Wolf t") == ["injure Wolf tail "]
    assert "injure Wolf horn " not in completions(enc, "injure Wolf h")
    assert completions(enc, "edit Wolf bo") == ["edit Wolf body="]
    assert completions(enc, "ed") == ["edit "]
