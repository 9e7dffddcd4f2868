"""The pf2e starter bestiary: a dozen creatures that load clean, each with its defences, saves, HP and
Strikes; a second damage type in one hit, resistances, weaknesses and immunities reach the fight."""

from __future__ import annotations

from pathlib import Path

from helpers import combatant, pool

from combat_tui.engine.encounter import Encounter
from combat_tui.store import library_files
from combat_tui.store.rulesets import Catalogue

BESTIARY = Path(__file__).parents[2] / "bestiary" / "pf2e.toml"


def test_the_file_names_its_licence_and_loads_a_dozen_clean(catalogue: Catalogue) -> None:
    assert "ORC License" in BESTIARY.read_text(encoding="utf-8").split("\n\n", 1)[0]
    found = library_files.read_folder(library_files.builtin_dir(), catalogue.get)
    assert found.problems == []
    mine = [t for t, _ in found.templates if t.ruleset == "pf2e"]
    assert len(mine) >= 12
    for t in mine:
        assert {"ac", "fort", "ref", "will", "perception", "level"} <= set(t.stats), t.name
        assert "hp" in t.pools and t.actions, t.name
        assert all(a.uses in ("strike", "strike-agile", "strike-ranged") for a in t.actions), t.name


def test_a_dragon_bites_with_fire_and_a_skeleton_resists(catalogue: Catalogue, tmp_path: Path) -> None:
    enc = Encounter.new(catalogue.get("pf2e"), seed=7)
    enc.library = library_files.load(tmp_path, catalogue.get)  # the starter bestiary alone
    enc.run('add "Young Red Dragon"')
    enc.run('add "Skeleton Guard"')
    dragon = combatant(enc, "Young Red Dragon")
    assert dragon.immune == ["fire"] and dragon.weak == {"cold": 10}
    assert pool(enc, "Young Red Dragon", "hp") == 210
    enc.run('dmg "Young Red Dragon" 30 fire')
    assert pool(enc, "Young Red Dragon", "hp") == 210
    lines = enc.run('act "Young Red Dragon" jaws')
    assert any("fire" in line and "piercing" in line for line in lines), lines
    enc.run('dmg "Skeleton Guard" 7 slashing')
    assert pool(enc, "Skeleton Guard", "hp") == 2  # resistance 5
