"""`dnd5e`: the helpless. A Paralyzed, Petrified, Stunned or Unconscious creature fails Strength and
Dexterity saves without a roll; a melee hit on a Paralyzed or Unconscious one is a critical (SRD 5.2,
in our words). Both are the format's own words (a save's `fails`, a modifier's `crit`), tried here."""

from __future__ import annotations

from pathlib import Path

from dnd5e_fight import fight
from helpers import pool

from combat_tui.store.rulesets import Catalogue


def test_a_paralyzed_creature_fails_dexterity_saves_without_a_roll(catalogue: Catalogue, tmp_path: Path) -> None:
    enc = fight(catalogue, tmp_path)
    enc.run("cond Kara paralyzed")
    lines = enc.run("save Kara,Ogre dex half dc=5 dmg=10 Ogre=20")
    assert "Kara: Dexterity saving throw fails without a roll (paralyzed, petrified, stunned or unconscious)" in lines
    assert pool(enc, "Kara", "hp") == 20 and pool(enc, "Ogre", "hp") == 59 - 5  # Kara in full, the Ogre half


def test_a_typed_total_does_not_save_a_stunned_one_and_other_saves_roll(catalogue: Catalogue, tmp_path: Path) -> None:
    """Even a player's 25 fails a Strength save while Stunned; a Constitution save is rolled as ever."""
    enc = fight(catalogue, tmp_path)
    enc.run("cond Kara stunned")
    assert "fails without a roll" in " ".join(enc.run("save Kara str dc=5 Kara=25"))
    assert "Kara: Constitution saving throw 25 (rolled at the table) against DC 5: passes" in \
        enc.run("save Kara con dc=5 Kara=25")


def test_a_melee_hit_on_a_paralyzed_target_is_a_critical_a_ranged_one_is_not(catalogue: Catalogue,
                                                                            tmp_path: Path) -> None:
    enc = fight(catalogue, tmp_path, "ac=5")
    enc.run("cond Kara paralyzed")
    melee = next(x for x in enc.run("act Ogre greatclub on=Kara d20=10") if " to hit " in x)
    assert melee.endswith("against AC 5: critical hit (target Paralyzed, in melee)"), melee
    ready = enc.state.ready[-1]
    assert ready.critical
    ranged = next(x for x in enc.run("act Ogre javelin on=Kara d20=10") if " to hit " in x)
    assert ranged.endswith("against AC 5: hit"), ranged


def test_a_miss_on_an_unconscious_target_stays_a_miss(catalogue: Catalogue, tmp_path: Path) -> None:
    enc = fight(catalogue, tmp_path, "ac=40")
    enc.run("cond Kara unconscious")
    line = next(x for x in enc.run("act Ogre greatclub on=Kara d20=10") if " to hit " in x)
    assert line.endswith("against AC 40: miss"), line


def test_a_grappled_attacker_has_disadvantage_except_on_its_grappler(catalogue: Catalogue, tmp_path: Path) -> None:
    """Grappled: disadvantage on attack rolls against anyone but the grappler (the condition's source)."""
    enc = fight(catalogue, tmp_path)
    enc.run("add Wolf init=1 hp=10 ac=10")
    enc.run("cond Ogre grappled from=Kara")
    on_kara = next(x for x in enc.run("act Ogre greatclub on=Kara") if " to hit " in x)
    on_wolf = next(x for x in enc.run("act Ogre greatclub on=Wolf") if " to hit " in x)
    assert "Grappled" not in on_kara and "2d20kl1" not in on_kara, on_kara
    assert "Grappled, not attacking its grappler: disadvantage" in on_wolf and "2d20kl1" in on_wolf, on_wolf


def test_a_petrified_creature_resists_all_damage_once(catalogue: Catalogue, tmp_path: Path) -> None:
    """Petrified: resistance to all damage. A resistance of its own to the type is not a second halving;
    vulnerability still doubles after the halving (7 → 3 → 6)."""
    enc = fight(catalogue, tmp_path)
    enc.run("cond Ogre petrified")
    lines = enc.run("dmg Ogre 10 fire")
    assert "Ogre: 10 fire, Petrified: resists all damage ÷2 = 5" in lines, lines
    assert pool(enc, "Ogre", "hp") == 54
    enc.run("edit Ogre resist=fire")
    enc.run("dmg Ogre 10 fire")
    assert pool(enc, "Ogre", "hp") == 49  # halved once
    enc.run("edit Ogre resist=none weak=cold")
    enc.run("dmg Ogre 7 cold")
    assert pool(enc, "Ogre", "hp") == 43
    enc.run("uncond Ogre petrified")
    enc.run("dmg Ogre 4 acid")
    assert pool(enc, "Ogre", "hp") == 39
