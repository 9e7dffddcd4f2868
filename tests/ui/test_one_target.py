"""The sheet, the highlight and the target of every key are one creature, always; marks are targets."""

from __future__ import annotations

from pathlib import Path

from combat_tui.session import Session, catalogue, load_library
from combat_tui.ui.app import CombatApp
from combat_tui.ui.screens.main import MainScreen

from .keys import highlighted, new_session, pool
from .test_bursts import burst, settle


def goblins(tmp_path: Path) -> Session:
    """Orc 6 first (19), a folded group of four at 7, Orc 2 last (5)."""
    s = new_session(tmp_path, "add 'Orc 6' init=19 hp=30", ruleset="three-action")
    s.encounter.library = load_library(catalogue())
    for line in ("add Ghoul x4", "init 'Ghoul 1' 7", "add 'Orc 2' init=5 hp=30", "start"):
        s.run(line)
    return s


def sheet_name(app: CombatApp) -> str | None:
    screen = app.screen
    assert isinstance(screen, MainScreen)
    sheet = screen.view.sheet
    return None if sheet is None else sheet.name


async def test_after_a_groups_last_turn_the_sheet_is_the_next_actor(tmp_path: Path) -> None:
    s = goblins(tmp_path)
    app = CombatApp(s)
    async with app.run_test(size=(100, 12)) as pilot:
        await pilot.pause()
        for _ in range(5):  # Orc 6, the four ghouls, then Orc 2
            burst(app, "n")
            await settle(pilot)
            assert sheet_name(app) == highlighted(app)
        assert highlighted(app) == "Orc 2" and sheet_name(app) == "Orc 2"
        burst(app, "d 1 enter")
        await settle(pilot)
        assert pool(s, "Orc 2", "hp") == 29
        assert pool(s, "Orc 6", "hp") == 30
