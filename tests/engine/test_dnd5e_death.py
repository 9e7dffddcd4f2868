"""The `dnd5e` ruleset at 0 hit points, played through the engine: a critical hit on a dying creature,
monsters that die at 0 HP (or make death saves, as the GM chooses), and a surprised creature's initiative.
Each test says the rule (SRD 5.2) in its own words."""

from __future__ import annotations

from pathlib import Path

import pytest
from dnd5e_fight import fight
from helpers import conds, pool

from combat_tui.engine.encounter import Encounter
from combat_tui.store.rulesets import Catalogue

RULESET = "dnd5e"


@pytest.fixture
def enc(make) -> Encounter:  # type: ignore[no-untyped-def]
    """Kara (a PC, hp 30), an Orc (a monster, hp 15) and the Mage (an ally, hp 20): round 1 started."""
    e: Encounter = make(RULESET, 2)
    e.run("add Kara pc init=20 hp=30")
    e.run("add Orc init=10 hp=15")
    e.run("add Mage ally init=5 hp=20")
    e.run("start")
    return e


def test_damage_at_0_hp_is_one_failure_a_critical_hit_two(enc: Encounter) -> None:
    """Damage while at 0 HP is a failed death save; a critical hit is two."""
    enc.run("dmg Kara 30")
    enc.run("dmg Kara 2 slashing")
    assert pool(enc, "Kara", "death_fail") == 1
    enc.run("dmg Kara 2 slashing crit")
    assert pool(enc, "Kara", "death_fail") == 3 and "dead" in conds(enc, "Kara")


def test_a_judged_critical_on_a_dying_character_is_two_failures(catalogue: Catalogue, tmp_path: Path) -> None:
    """The Ogre's attack, a natural 20 on the dying Kara: a critical hit, two failed death saves."""
    enc = fight(catalogue, tmp_path)
    enc.run("dmg Kara 30")
    enc.run("act Ogre slam on=Kara d20=20")
    enc.run("apply")
    assert pool(enc, "Kara", "death_fail") == 2 and "dying" in conds(enc, "Kara")


def test_a_monster_dies_at_0_hp_a_character_and_an_ally_fall_dying(enc: Encounter) -> None:
    """Most monsters die at 0 HP rather than make death saves; characters (and the party's allies) fall
    Unconscious and dying."""
    enc.run("dmg Orc 15")
    assert "dead" in conds(enc, "Orc") and "dying" not in conds(enc, "Orc")
    enc.run("dmg Kara 30")
    enc.run("dmg Mage 20")
    for name in ("Kara", "Mage"):
        assert "dying" in conds(enc, name) and "dead" not in conds(enc, name)


def test_the_gm_may_have_monsters_make_death_saves(enc: Encounter) -> None:
    """The option: a monster at 0 HP falls dying like a character."""
    enc.run("set monsters_make_death_saves 1")
    enc.run("dmg Orc 15")
    assert "dying" in conds(enc, "Orc") and "dead" not in conds(enc, "Orc")


def test_a_surprised_creature_rolls_initiative_with_disadvantage(make) -> None:  # type: ignore[no-untyped-def]
    """Surprised: disadvantage on the initiative roll, the lower of two d20s (+ Dexterity)."""
    enc: Encounter = make(RULESET, 5)
    enc.run("add Orc surprised dex=3")
    lines = enc.run("start")
    said = [line for line in lines if "surprised" in line]
    assert said and said[0].startswith("Orc is surprised: initiative")
    rolls = []
    for seed in range(40):
        e: Encounter = make(RULESET, seed)
        e.run("add Orc surprised dex=3")
        e.run("start")
        rolls.append(next(iter(e.state.combatants.values())).initiative)
    assert all(r is not None and 4 <= r <= 23 for r in rolls)
    assert sum(r or 0 for r in rolls) / len(rolls) < 13.5 - 1  # below a single d20's mean of 13.5 (+3)
