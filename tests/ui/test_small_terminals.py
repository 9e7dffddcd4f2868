"""Any terminal size, down to 1x1, draws something and never crashes, whatever the GM opens in it.

At 12 columns or fewer, `c` or `l` crashed the app: the list in the pick-from-a-list dialog had no
room for a letter, and Textual's wrapping divided by its width."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual import events
from textual.pilot import Pilot

from combat_tui.session import Session, catalogue, demo_copy
from combat_tui.ui.app import CombatApp
from combat_tui.ui.screens.main import MainScreen

SIZES = [(1, 1), (2, 2), (5, 3), (12, 5), (13, 8), (20, 6), (40, 10), (80, 24)]
RULESETS = ["three-action", "energy-stamina", "body-injury", "time-count", "boon-bane"]
# Every main-screen key that opens a question, a list, a screen, the command bar or the palette.
OPENING = {"c": "c", "C": "C", "l": "l", "a": "a", "s": "s", "g": "g", "i": "i", "d": "d", "h": "h", "r": "r",
           "v": "v", "o": "o", "e": "e", "question_mark": "?", "colon": ":", "P": "P", "ctrl+o": None,
           "ctrl+s": None, "ctrl+p": None}


async def press(pilot: Pilot[None], key: str, character: str | None) -> None:
    """The key, then one frame of the screen it leaves on top (laid out and drawn: where sizes crashed).
    Quicker than Pilot.press, which waits for the machine to idle after every key."""
    pilot.app.post_message(events.Key(key, character))
    for _ in range(3):  # a screen pushed is shown (and laid out) a turn or two later
        await pilot.pause(0)


@pytest.mark.parametrize("ruleset", RULESETS)
async def test_every_key_that_opens_something_works_at_any_size(tmp_path: Path, ruleset: str) -> None:
    app = CombatApp(Session.open(demo_copy(ruleset, str(tmp_path)), catalogue()), str(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for size in SIZES:
            await pilot.resize_terminal(*size)
            await pilot.pause(0)
            for key, character in OPENING.items():
                await press(pilot, key, character)
                opened = app.screen
                await press(pilot, "escape", None)
                assert isinstance(app.screen, MainScreen), f"{key!r} at {size}: Escape left {app.screen!r} open"
                assert app.is_running, f"{key!r} at {size} ({opened!r}) ended the app"

