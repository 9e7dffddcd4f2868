"""The `dnd5e` ruleset's hit points, played through the engine: temporary hit points, resistance,
vulnerability and immunity, falling to 0 and the death saves, dying outright, and concentration with its
saves. Each test says the rule (SRD 5.2) in its own words."""

from __future__ import annotations

from pathlib import Path

import pytest
from dnd5e_fight import fight
from helpers import active, conds, pool, prompt_tables

from combat_tui.engine.encounter import Encounter
from combat_tui.store.rulesets import Catalogue

RULESET = "dnd5e"


@pytest.fixture
def enc(make) -> Encounter:  # type: ignore[no-untyped-def]
    """Kara (hp 30, Con +2 and proficient in Con saves), then the Orc, then the Mage: round 1 started."""
    e: Encounter = make(RULESET, 2)
    e.run("add Kara pc init=20 hp=30 con=2 save_con=2")
    e.run("add Orc init=10 hp=15")
    e.run("add Mage ally init=5 hp=200 con=1")
    e.run("start")
    return e


def to_kara(enc: Encounter) -> None:
    """`next` until it is Kara's turn."""
    for _ in range(4):
        enc.run("next")
        if active(enc) == ["Kara"]:
            return
    raise AssertionError("Kara never got a turn")


def test_temporary_hp_keep_the_higher_go_first_and_heal_never_restores_them(enc: Encounter) -> None:
    """Temporary hit points do not add up (the higher is kept), are lost before hit points, are not
    restored by healing, and are gone after a long rest."""
    enc.run("gain Kara temp_hp 8")
    enc.run("gain Kara temp_hp 5")
    assert pool(enc, "Kara", "temp_hp") == 8
    enc.run("dmg Kara 10")
    assert (pool(enc, "Kara", "temp_hp"), pool(enc, "Kara", "hp")) == (0, 28)
    enc.run("heal Kara 10")
    assert (pool(enc, "Kara", "temp_hp"), pool(enc, "Kara", "hp")) == (0, 30)
    enc.run("gain Kara temp_hp 6")
    enc.run("rest long Kara")
    assert pool(enc, "Kara", "temp_hp") == 0


def test_immunity_resistance_and_vulnerability(enc: Encounter) -> None:
    """Immunity: none of that damage. Resistance halves it, rounded down; vulnerability doubles it; a
    creature with both to one type takes it halved and then doubled."""
    enc.run("add Ghoul hp=100 resist=slashing,fire immune=poison weak=fire,radiant")
    enc.run("dmg Ghoul 7 slashing")
    assert pool(enc, "Ghoul", "hp") == 97
    enc.run("dmg Ghoul 9 poison")
    assert pool(enc, "Ghoul", "hp") == 97
    enc.run("dmg Ghoul 5 radiant")
    assert pool(enc, "Ghoul", "hp") == 87
    enc.run("dmg Ghoul 7 fire")
    assert pool(enc, "Ghoul", "hp") == 81  # 7 → 3 → 6
    lines = enc.run("dmg Ghoul 5 piercing 4 slashing")
    assert pool(enc, "Ghoul", "hp") == 74 and any("resists slashing" in line for line in lines)


def test_at_0_hp_unconscious_prone_and_dying(enc: Encounter) -> None:
    """At 0 hit points a creature falls Unconscious (and so Incapacitated and Prone) and is dying: a death
    save at the start of each of its turns."""
    enc.run("dmg Kara 30")
    assert {"dying", "unconscious", "incapacitated", "prone"} <= conds(enc, "Kara")
    to_kara(enc)
    assert prompt_tables(enc, "Kara") == ["Death save"]


@pytest.mark.parametrize("roll, success, fail", [(1, 0, 2), (9, 0, 1), (10, 1, 0), (19, 1, 0)])
def test_a_death_save_10_or_more_succeeds_and_a_natural_1_is_two_failures(
        enc: Encounter, roll: int, success: int, fail: int) -> None:
    enc.run("dmg Kara 30")
    to_kara(enc)
    enc.run(f"resolve value={roll}")
    assert (pool(enc, "Kara", "death_success"), pool(enc, "Kara", "death_fail")) == (success, fail)


def test_a_natural_20_brings_it_back_with_1_hp(enc: Encounter) -> None:
    """A natural 20: 1 hit point back; awake, the count cleared, still Prone until it stands."""
    enc.run("dmg Kara 30")
    to_kara(enc)
    enc.run("resolve value=5")
    enc.run("next")
    to_kara(enc)
    enc.run("resolve value=20")
    assert pool(enc, "Kara", "hp") == 1 and pool(enc, "Kara", "death_fail") == 0
    assert conds(enc, "Kara") == {"prone"}


def test_three_successes_stable_three_failures_dead(enc: Encounter) -> None:
    """Three successes: stable (still unconscious, no more saves). Three failures: dead, no more turns."""
    enc.run("set monsters_make_death_saves 1")  # the Orc too
    enc.run("dmg Kara 30")
    enc.run("dmg Orc 15")
    for _ in range(3):
        to_kara(enc)
        enc.run("resolve Kara value=12")
        enc.run("resolve Orc value=3")
    assert {"stable", "unconscious"} <= conds(enc, "Kara") and "dying" not in conds(enc, "Kara")
    assert pool(enc, "Kara", "death_success") == 0
    assert "dead" in conds(enc, "Orc") and "dying" not in conds(enc, "Orc")
    to_kara(enc)
    assert prompt_tables(enc) == []
    seen: set[str] = set()
    for _ in range(3):
        enc.run("next")
        seen |= set(active(enc))
    assert seen == {"Kara", "Mage"}  # the dead Orc takes no turn


def test_damage_at_0_hp_is_a_failure_and_wakes_no_stable_creature(enc: Encounter) -> None:
    """Damage while at 0 HP is a failed death save (a stable creature is dying again); healing clears the
    count and wakes it."""
    enc.run("dmg Kara 30")
    enc.run("dmg Kara 3")
    assert pool(enc, "Kara", "death_fail") == 1
    for _ in range(3):
        to_kara(enc)
        enc.run("resolve Kara value=15")
    assert "stable" in conds(enc, "Kara")
    enc.run("dmg Kara 2")
    assert "dying" in conds(enc, "Kara") and pool(enc, "Kara", "death_fail") == 1
    enc.run("heal Kara 4")
    assert pool(enc, "Kara", "death_fail") == 0 and conds(enc, "Kara") == {"prone"}


def test_damage_of_its_hit_point_maximum_left_over_kills_outright(enc: Encounter) -> None:
    """Damage that brings it to 0 with its hit point maximum or more left over kills at once; at 0 HP, a
    blow of its maximum does. Temporary hit points take their part first."""
    enc.run("gain Kara temp_hp 5")
    enc.run("dmg Kara 64")  # 5 temporary, 30 to 0, 29 over
    assert "dead" not in conds(enc, "Kara") and "dying" in conds(enc, "Kara")
    enc.run("undo")
    lines = enc.run("dmg Kara 65")
    assert "dead" in conds(enc, "Kara") and "dying" not in conds(enc, "Kara")
    assert "Kara: dies outright: the damage left over at 0 HP reached its hit point maximum." in lines
    enc.run("set monsters_make_death_saves 1")  # else the Orc dies at 0 HP anyway
    enc.run("dmg Orc 15")
    enc.run("dmg Orc 14")
    assert "dead" not in conds(enc, "Orc")
    enc.run("dmg Orc 15")
    assert "dead" in conds(enc, "Orc")


@pytest.mark.parametrize("damage, dc", [(4, 10), (21, 10), (25, 12), (61, 30), (90, 30)])
def test_concentration_save_dc_10_or_half_the_damage_at_most_30(enc: Encounter, damage: int, dc: int) -> None:
    enc.run("cond Mage concentration")
    enc.run(f"dmg Mage {damage}")
    assert [p.numbers for p in enc.state.prompts] == [{"dc": dc}]


def test_each_hit_its_own_save_with_its_own_dc(enc: Encounter) -> None:
    """Each hit calls for its own save; a failure ends the concentration, and what it held with it."""
    enc.run("cond Mage concentration")
    enc.run("cond Orc paralyzed from=Mage")
    enc.run("dmg Mage 40")
    enc.run("dmg Mage 3")
    assert [p.numbers for p in enc.state.prompts] == [{"dc": 20}, {"dc": 10}]
    first, second = (p.uid for p in enc.state.prompts)
    enc.run(f"resolve {second} value=10")
    assert "concentration" in conds(enc, "Mage")
    lines = enc.run(f"resolve {first} value=19")
    assert "concentration" not in conds(enc, "Mage") and "paralyzed" not in conds(enc, "Orc")
    assert "Orc: Paralyzed (from Mage) ends with Mage's Concentration" in lines


def test_temporary_hp_soaking_a_hit_still_calls_for_a_save(enc: Encounter) -> None:
    """Damage taken is damage taken, even when temporary hit points soak it all."""
    enc.run("cond Mage concentration")
    enc.run("gain Mage temp_hp 10")
    enc.run("dmg Mage 6")
    assert prompt_tables(enc, "Mage") == ["Concentration save"] and pool(enc, "Mage", "hp") == 200


def test_concentration_ends_when_incapacitated_or_down(enc: Encounter) -> None:
    """Incapacitated ends concentration; so does falling to 0 HP (no save is asked then)."""
    enc.run("cond Mage concentration")
    enc.run("cond Kara restrained from=Mage")
    enc.run("cond Mage stunned")
    assert "concentration" not in conds(enc, "Mage") and "restrained" not in conds(enc, "Kara")
    enc.run("cond Kara concentration")
    enc.run("dmg Kara 40")
    assert "concentration" not in conds(enc, "Kara") and prompt_tables(enc, "Kara") == []


def test_a_grab_ends_when_the_grabber_is_incapacitated(catalogue: Catalogue, tmp_path: Path) -> None:
    enc = fight(catalogue, tmp_path)
    enc.run("act Ogre grapple on=Kara")
    assert "grappled" in conds(enc, "Kara")
    enc.run("cond Ogre unconscious")
    assert "grappled" not in conds(enc, "Kara")
