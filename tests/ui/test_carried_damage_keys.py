"""A condition that carries damage, given with keys: the condition's question reads its dice and type
before how long (the example ruleset's Burning)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from helpers import combatant

from combat_tui import paths
from combat_tui.ui.app import CombatApp

from .keys import asking, new_session, press

EXAMPLE = Path(__file__).parents[2] / "docs" / "examples" / "example-ruleset.toml"


async def test_burning_takes_its_dice_and_type_then_how_long(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMBAT_TUI_CONFIG_DIR", str(tmp_path / "config"))
    paths.user_rulesets_dir().mkdir(parents=True)
    shutil.copy(EXAMPLE, paths.user_rulesets_dir() / "mine.toml")
    s = new_session(tmp_path, "add Kara pc init=15", "add Orc init=10", "start", ruleset="example")
    app = CombatApp(s)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await press(pilot, "c", *"burning", "enter")
        assert (asking(app) or "").startswith("Burning on Kara: damage (1d6 fire), then how long")
        await press(pilot, *"1d6 fire 2", "enter")
        burning = combatant(s, "Kara").conditions[0]
        assert (burning.id, burning.dice, burning.dtype) == ("burning", "1d6", "fire")
        assert burning.ends is not None and burning.ends.round == 3
