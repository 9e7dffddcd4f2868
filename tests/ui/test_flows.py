"""The main screen as a router: an action flow is a row of `ui/flows/table.py`, and what the encounter
allows of the keys is worked out once a command, not once a key."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import pool

from combat_tui.engine.commands import command_line
from combat_tui.engine.encounter import Encounter
from combat_tui.engine.views.gm_view import ENCOUNTER_KEYS, key_state
from combat_tui.ui.flows import table
from combat_tui.ui.flows.flow import AimAt, Ask, Flow, Marks
from combat_tui.ui.screens import availability
from combat_tui.ui.screens.main import MainScreen

from .keys import RecordingApp, asking, errors, new_session, press


async def test_a_new_flow_is_a_row_of_the_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bless = Flow(AimAt.TARGETS, (Ask("amount", lambda x: f"Bless {x.aim.label}", "a number"),),
                 lambda x: command_line("heal", x.aim.names, typed=x["amount"]), Marks.TARGET)
    monkeypatch.setitem(table.FLOWS, "bless", bless)
    s = new_session(tmp_path, "add Kara pc init=15 hp=20", "add Orc init=10 hp=12", "start", "dmg Kara 5",
                    ruleset="three-action")
    app = RecordingApp(s)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, MainScreen)
        screen.flows.start("bless")
        await pilot.pause()
        assert asking(app) == "Bless Kara › "  # whom it is for, found as the row says: the highlighted one
        await press(pilot, "3", "enter")
        assert errors(app) == []
        assert pool(s.encounter, "Kara", "hp") == 18
        assert asking(app) is None


async def test_a_command_works_out_the_keys_it_allows_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[str] = []

    def counted(enc: Encounter, action: str) -> bool | None:
        asked.append(action)
        return key_state(enc, action)

    monkeypatch.setattr(availability, "key_state", counted)
    s = new_session(tmp_path, "add Kara pc init=15 hp=20", "add Orc init=10 hp=12", "start", ruleset="three-action")
    app = RecordingApp(s)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        asked.clear()
        await press(pilot, "d", "4", "enter")
        assert pool(s.encounter, "Kara", "hp") == 16
        assert sorted(asked) == sorted(ENCOUNTER_KEYS)  # once each, however often Textual asks the screen
