"""The creature library in the app: templates and parties from the command bar, own attacks with `a`,
damage applied with its key, the stat block on the sheet, templates on the new-encounter screen."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from combat_tui import paths
from combat_tui.ui import app as app_module
from combat_tui.ui.app import CombatApp
from combat_tui.ui.screens.main import MainScreen

from .keys import command


class NotingApp(CombatApp):
    """The app, remembering its notifications (a toast may time out before the test reads it)."""

    CSS_PATH = str(Path(app_module.__file__).with_name("app.tcss"))

    def __init__(self, *args: Any, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.notes: list[tuple[str, str]] = []

    def notify(self, message: str, **kw: Any) -> None:
        self.notes.append((kw.get("severity", "information"), message))
        super().notify(message, **kw)


async def test_the_app_adds_creatures_from_a_template_and_names_bad_entries_once() -> None:
    folder = paths.library_dir(None)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "broken.toml").write_text('ruleset = "three-action"\n[[creature]]\nname = "Nobody"\nhp = "lots"\n')
    app = NotingApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.open_demo("three-action")
        await pilot.pause()
        assert isinstance(app.screen, MainScreen)
        assert app.session is not None
        before = len(app.session.encounter.state.combatants)
        await command(pilot, "add Ghoul x2")
        ghouls = [c for c in app.session.encounter.state.roster() if c.name.startswith("Ghoul")]
        assert len(ghouls) == 2 and len(app.session.encounter.state.combatants) == before + 2
        assert all(c.actions for c in ghouls)  # made from the template: its own attacks came along
        warned = [m for sev, m in app.notes if sev == "warning" and "broken.toml" in m]
        assert len(warned) == 1
        app.open_demo("three-action")  # opened again: the same problem is not told again
        await pilot.pause()
        assert len([m for sev, m in app.notes if sev == "warning" and "broken.toml" in m]) == 1
