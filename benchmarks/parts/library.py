"""The library part: from the open screen to round 1 of a party and four ghouls, as a GM types it."""

from __future__ import annotations

import asyncio
import statistics
import tempfile
from pathlib import Path

from combat_tui.engine.encounter import Encounter
from parts.common import CAT, row
from parts.keys import FrameClock

PARTY = ["Kara pc hp=24 init=1", "Bram pc hp=30 init=2", "Ilse pc hp=18 init=3"]


def library(repeats: int) -> None:
    """From the open screen to round 1 of a party and four ghouls, as a GM types it: the keys counted, and
    the time the GM waits on the app (each key to its frame, summed; Pilot's idle waits between keys are
    not counted). The party file is written by the engine's `party` command into a data folder of its own."""
    import os

    from textual.widgets import OptionList

    from combat_tui.session import load_library
    from combat_tui.ui.app import CombatApp
    from combat_tui.ui.dialogs.initiative import InitiativeDialog
    from combat_tui.ui.screens.main import MainScreen
    from combat_tui.ui.screens.new import NewScreen

    async def measure() -> tuple[int, float, int]:
        app = CombatApp()
        pressed, waited = 0, 0.0
        async with app.run_test(size=(120, 40)) as pilot:
            clock = FrameClock(app, 120, 40)
            await clock.whole(pilot)

            async def press(*keys: str) -> None:
                nonlocal pressed, waited
                for key in keys:
                    waited += await clock.time(pilot, key)
                    pressed += 1

            await press("n")
            if not isinstance(app.screen, NewScreen):
                raise RuntimeError(f"n opened {app.screen!r}, not the new-encounter screen")
            rulesets = app.screen.query_one("#ruleset", OptionList)
            for _ in range(rulesets.option_count):  # the arrows to three-action, if it is not first
                at = rulesets.highlighted
                if at is not None and rulesets.get_option_at_index(at).id == "three-action":
                    break
                await press("down")
            await press("ctrl+l", *"ghoul", "enter", "4", "enter", *"@heroes", "enter", "ctrl+s")
            if not isinstance(app.screen, MainScreen):
                raise RuntimeError(f"ctrl+s left {app.screen!r}, not the encounter")
            await press("n")
            for _ in range(12):  # the players' initiative: Enter on each rolls it for them
                if not isinstance(app.screen, InitiativeDialog):
                    break
                await press("enter")
            if not isinstance(app.screen, MainScreen):
                raise RuntimeError(f"n left {app.screen!r}, not the encounter")
            state = app.screen.session.encounter.state
            fighters = len(state.combatants)
            if not state.clock.started or state.clock.round != 1:
                raise RuntimeError(f"after n the encounter is in round {state.clock.round}, not 1")
            app.screen.session.close()
        return pressed, waited, fighters

    with tempfile.TemporaryDirectory() as tmp:
        env = {"COMBAT_TUI_DATA_DIR": str(Path(tmp) / "data"), "COMBAT_TUI_CONFIG_DIR": str(Path(tmp) / "config")}
        before = {k: os.environ.get(k) for k in env}
        os.environ.update(env)
        try:
            made = Encounter.new(CAT.get("three-action"))
            made.library = load_library(CAT)
            for pc in PARTY:
                made.run(f"add {pc}")
            made.run("party Heroes " + ",".join(pc.split()[0] for pc in PARTY))
            runs = [asyncio.run(measure()) for _ in range(repeats)]
        finally:
            for k, v in before.items():
                if v is None:
                    os.environ.pop(k, None)
                else:
                    os.environ[k] = v
    keys, fighters = runs[0][0], runs[0][2]
    if fighters != len(PARTY) + 4:
        raise RuntimeError(f"round 1 has {fighters} creatures, not the party and four ghouls")
    waited = statistics.median(r[1] for r in runs)
    row("keys from the open screen to round 1 of the party and four ghouls", f"{keys} keys, {waited * 1000:.0f} ms",
        "n, ↓ to the ruleset, ctrl+l ghoul Enter 4 Enter, @heroes Enter, ctrl+s, n, Enter for each player "
        "(rolled for them); each key to its frame, summed")
