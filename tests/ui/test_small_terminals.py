"""Any terminal size, down to 1x1, draws something and never crashes, whatever the GM opens in it.

At 12 columns or fewer, `c` or `l` crashed the app: the list in the pick-from-a-list dialog had no
room for a letter, and Textual's wrapping divided by its width."""

from __future__ import annotations

from pathlib import Path

import pytest

from combat_tui.session import Session, catalogue, demo_copy
from combat_tui.ui.app import CombatApp
from combat_tui.ui.screens.main import MainScreen

from .keys import press

SIZES = [(1, 1), (2, 2), (5, 3), (12, 5), (13, 8), (20, 6), (40, 10), (80, 24)]
RULESETS = ["three-action", "energy-stamina", "body-injury", "time-count", "boon-bane", "pf2e", "dnd5e"]
# Every main-screen key that opens a question, a list, a screen, the command bar or the palette.
OPENING = ["c", "C", "l", "a", "s", "g", "i", "d", "h", "r", "v", "o", "e", "question_mark", "colon", "P", "ctrl+o",
           "ctrl+s", "ctrl+p"]


@pytest.mark.long
@pytest.mark.parametrize("ruleset", RULESETS)
async def test_every_key_that_opens_something_works_at_any_size(tmp_path: Path, ruleset: str) -> None:
    app = CombatApp(Session.open(demo_copy(ruleset, str(tmp_path)), catalogue()), str(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for size in SIZES:
            await pilot.resize_terminal(*size)
            await pilot.pause(0)
            for key in OPENING:
                await press(pilot, key, frame=True)  # and a frame of what it opened: where sizes crashed
                opened = app.screen
                await press(pilot, "escape", frame=True)
                assert isinstance(app.screen, MainScreen), f"{key!r} at {size}: Escape left {app.screen!r} open"
                assert app.is_running, f"{key!r} at {size} ({opened!r}) ended the app"

