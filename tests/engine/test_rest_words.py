"""A rest says what it did: who got what back, and what the rules leave as it is."""

from __future__ import annotations

from pathlib import Path

from helpers import Make

from combat_tui.engine.encounter import Encounter
from combat_tui.store import library_files
from combat_tui.store.rulesets import Catalogue


def test_a_long_rest_that_restores_nothing_says_so_and_what_stays(make: Make) -> None:
    enc = make("three-action")
    enc.run("add Kara pc hp=30")
    enc.run("add Bryn pc hp=20")
    enc.run("dmg Kara 5")
    lines = enc.run("rest long @pc")
    assert lines[0] == "Long rest for Kara, Bryn: nothing spent comes back at a long rest"
    assert lines[-1] == "As they were (a long rest does not restore them): Kara HP 25/30"


def test_a_short_rest_names_what_each_got_back(make: Make) -> None:
    enc = make("energy-stamina")
    enc.run("add Kara pc hp=30")
    enc.run("spend Kara stamina 3")
    enc.run("dmg Kara 4")
    lines = enc.run("rest short")
    assert lines == ["Short rest for Kara", "Kara: Stamina 7 → 10",
                     "As they were (a short rest does not restore them): Kara Aura 26/30"]


def test_a_party_rested_from_a_fight_is_not_said_to_join_it(catalogue: Catalogue, tmp_path: Path) -> None:
    (tmp_path / "party.toml").write_text('ruleset = "three-action"\n[[party]]\nname = "Heroes"\n'
                                         '[[party.member]]\nname = "Aldric"\nside = "pc"\nmaxima = { hp = 30 }\n'
                                         'current = { hp = 20 }\n', encoding="utf-8")
    enc = Encounter.new(catalogue.get("three-action"), seed=1)
    enc.library = library_files.load(tmp_path, catalogue.get)
    enc.run("add Orc hp=10")
    lines = enc.run("rest short @Heroes")
    assert not any("Added" in line for line in lines), lines
    assert lines[0].startswith("Short rest for Aldric") and "Aldric HP 20/30" in lines[-2]
    assert [c.name for c in enc.state.roster()] == ["Orc"]
