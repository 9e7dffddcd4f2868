"""`save` through `combat-tui do`: a mass save on a demo encounter, damage once, written to the save."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from helpers import cli, pool

from combat_tui.engine.encounter import Encounter
from combat_tui.paths import demo_saves_dir
from combat_tui.store import saves
from combat_tui.store.rulesets import Catalogue


def test_a_mass_save_with_a_typed_roll_through_do(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                  catalogue: Catalogue) -> None:
    f = tmp_path / "ford.json"
    shutil.copy(demo_saves_dir() / "three-action.json", f)
    code, out, err = cli(capsys, "do", str(f), 'save "Bandit 2" "Bandit 3" Kara=20 dex dc=12 half dmg=10',
                         "--seed", "4")
    assert code == 0, err
    assert "Kara: DEX save 20 (rolled at the table) against DC 12: passes" in out
    assert "Bandit 2: DEX save 1d20" in out and "Bandit 3: DEX save 1d20" in out
    summary = next(line for line in out.splitlines() if line.startswith("DEX save, DC 12:"))
    assert "Kara 20" in summary.split(";")[0]
    saved = f.with_suffix(".combat")
    enc = Encounter(saves.load(saved), catalogue.get("three-action"))
    assert pool(enc, "Kara", "hp") == 24 - 5
    for bandit in ("Bandit 2", "Bandit 3"):
        took = 11 - pool(enc, bandit, "hp")
        assert took == (5 if f"{bandit} " in summary.split(";")[0] else 10)
