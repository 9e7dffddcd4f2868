"""`save`: several creatures against one DC, each with its own bonus; players' totals typed; damage
rolled once, full to the failures and halved or none to the passes; a save that ends a condition; one
undo for all of it."""

from __future__ import annotations

import pytest
from helpers import Make, conds, pool

from combat_tui.engine.encounter import Encounter
from combat_tui.engine.state.errors import CombatError


@pytest.fixture
def party(make: Make) -> Encounter:
    enc = make("three-action", 5)
    enc.run("add Kara pc hp=30 dex=4")
    enc.run("add Bram pc hp=30 dex=-1")
    enc.run("add Orc hp=20 dex=1")
    enc.run("add Imp hp=20 dex=7")
    return enc


def test_each_creature_rolls_with_its_own_bonus(party: Encounter) -> None:
    lines = party.run("save Orc,Imp dex dc=12")
    orc = next(line for line in lines if line.startswith("Orc:"))
    imp = next(line for line in lines if line.startswith("Imp:"))
    assert "DEX 1" in orc and "DEX 7" in imp and "against DC 12" in orc
    summary = lines[-1]
    assert summary.startswith("DEX save, DC 12: passed") and "Orc" in summary and "Imp" in summary


def test_typed_totals_are_taken_and_listed_as_passed_or_failed(party: Encounter) -> None:
    lines = party.run("save Kara=15 Bram=9 dex dc=12")
    assert "Kara: DEX save 15 (rolled at the table) against DC 12: passes" in lines
    assert "Bram: DEX save 9 (rolled at the table) against DC 12: fails" in lines
    assert lines[-1] == "DEX save, DC 12: passed Kara 15; failed Bram 9"


def test_a_typed_total_beside_rolled_ones(party: Encounter) -> None:
    lines = party.run("save Orc Kara=3 dex dc=10")
    assert any(line.startswith("Orc: DEX save 1d20") for line in lines)
    assert "Kara: DEX save 3 (rolled at the table) against DC 10: fails" in lines


def test_damage_is_rolled_once_full_to_failures_half_to_passes(party: Encounter) -> None:
    lines = party.run('save Kara=15 Bram=9 Orc=2 dex dc=12 half dmg="3d6 fire"')
    rolled = [line for line in lines if line.startswith("Damage rolled")]
    assert len(rolled) == 1
    n = int(rolled[0].rsplit("=", 1)[1])
    assert pool(party, "Kara", "hp") == 30 - n // 2
    assert pool(party, "Bram", "hp") == 30 - n
    assert pool(party, "Orc", "hp") == 20 - n
    assert f"Failures take {n} fire; passes take {n // 2} (half)" in lines


def test_none_leaves_the_passes_unhurt(party: Encounter) -> None:
    party.run("save Kara=15 Bram=9 dex dc=12 none dmg=10")
    assert pool(party, "Kara", "hp") == 30
    assert pool(party, "Bram", "hp") == 20


def test_one_undo_takes_the_whole_save_back(party: Encounter) -> None:
    party.run("cond Kara,Bram entangled")
    party.run("save Kara=15 Bram=9 Orc=1 dex dc=12 half dmg=12 ends=entangled")
    assert (pool(party, "Kara", "hp"), pool(party, "Bram", "hp"), pool(party, "Orc", "hp")) == (24, 18, 8)
    party.run("undo")
    assert (pool(party, "Kara", "hp"), pool(party, "Bram", "hp"), pool(party, "Orc", "hp")) == (30, 30, 20)
    assert "entangled" in conds(party, "Kara")


def test_save_ends_a_condition_on_a_pass_only(party: Encounter) -> None:
    party.run("cond Kara,Bram entangled")
    party.run("save Kara=15 Bram=9 dex dc=12 ends=entangled")
    assert "entangled" not in conds(party, "Kara")
    assert "entangled" in conds(party, "Bram")


@pytest.mark.parametrize(("line", "said"), [
    ("save Kara=15 dex dc=12 dmg=10", "half or none"),
    ("save Kara=15 dex dc=12 half", "give the damage too"),
    ("save Kara=x dex dc=12", "a typed roll is a number"),
    ("save Kara dex", "dc="),
    ("save Kara wisdom dc=10", "unknown stat"),
])
def test_what_is_refused(party: Encounter, line: str, said: str) -> None:
    with pytest.raises(CombatError, match=said):
        party.run(line)


def test_a_rulesets_own_save_with_a_critical_margin(make: Make) -> None:
    enc = make("body-injury")
    enc.run("add Ysolde pc con=2")
    lines = enc.run("save Ysolde=25 con dc=14")
    assert "Ysolde: CON save 25 (rolled at the table) against DC 14: passes, a critical success" in lines


def test_a_rulesets_exploding_save_and_ties_that_fail(make: Make) -> None:
    enc = make("energy-stamina")
    enc.run("add Seren pc")
    assert "Seren: Fortitude roll 12 (rolled at the table) against DC 12: fails" in enc.run(
        "save Seren=12 fort dc=12")
    lines = enc.run("save Seren will dc=5")
    assert any(line.startswith("Seren: Will roll 1d10") and "Will 10" in line for line in lines)


def test_save_completes_the_rulesets_saves_then_its_words(make: Make) -> None:
    from combat_tui.engine.commands.completion import complete

    enc = make("energy-stamina")
    enc.run("add Seren pc")
    assert complete(enc, "save Seren fo") == "save Seren fortitude "
    assert complete(enc, "save Seren fortitude dc") == "save Seren fortitude dc="
    assert complete(enc, "save Seren fortitude ha") == "save Seren fortitude half "
