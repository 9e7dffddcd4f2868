"""The `dnd5e` ruleset's attack rolls and Exhaustion, played through the engine: attacks judged against
Armor Class with the natural 1 and 20, the conditions that give advantage or disadvantage, and the
levels of Exhaustion (5.2, and 5.1's table as an option). Each test says the rule (SRD 5.2) in its own
words."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from dnd5e_fight import fight
from helpers import conds, pool, pool_max

from combat_tui.engine import lookup
from combat_tui.engine.encounter import Encounter
from combat_tui.store.rulesets import Catalogue

RULESET = "dnd5e"


def roll_line(enc: Encounter, line: str) -> str:
    """The to-hit line an attack writes."""
    lines = enc.run(line)
    return next(x for x in lines if " to hit " in x)


def test_meeting_the_ac_hits(catalogue: Catalogue, tmp_path: Path) -> None:
    """An attack roll that meets the target's Armor Class hits; one short of it misses and leaves no
    damage ready."""
    enc = fight(catalogue, tmp_path)
    assert roll_line(enc, "act Ogre slam on=Kara d20=9").endswith("9 + 6 = 15 against AC 15: hit")
    assert roll_line(enc, "act Ogre slam on=Kara d20=8").endswith("8 + 6 = 14 against AC 15: miss")
    assert [r.missed for r in enc.state.ready] == [False, True]


def test_a_natural_20_hits_and_is_a_critical_a_natural_1_misses(catalogue: Catalogue, tmp_path: Path) -> None:
    """A natural 20 hits whatever the AC and is a critical: the damage dice rolled twice, the bonus added
    once (a Slam of a flat 5 stays 5); a natural 1 misses whatever the total."""
    enc = fight(catalogue, tmp_path, "ac=40")
    lines = enc.run("act Ogre slam on=Kara d20=20")
    assert lines[1].endswith("against AC 40: critical hit (natural 20)")
    assert "the dice doubled for the critical" in lines[2] and [r.amount for r in enc.state.ready] == [5]
    enc.run("apply")
    lines = enc.run("act Ogre greatclub on=Kara d20=20")
    assert "4d8" in lines[2] and "the dice doubled for the critical" in lines[2]
    assert 4 + 4 <= enc.state.ready[-1].amount <= 4 * 8 + 4
    enc.run("edit Kara ac=1")
    assert roll_line(enc, "act Ogre slam on=Kara d20=1").endswith("against AC 1: miss (natural 1)")


@pytest.mark.parametrize("on, where, reason, roll", [
    ("Ogre", "blinded", "Blinded", "dis"), ("Ogre", "frightened from=Kara", "Frightened", "dis"),
    ("Ogre", "poisoned", "Poisoned", "dis"), ("Ogre", "prone", "Prone", "dis"),
    ("Ogre", "restrained", "Restrained", "dis"), ("Ogre", "invisible", "Invisible", "adv"),
    ("Kara", "blinded", "target Blinded", "adv"), ("Kara", "paralyzed", "target Paralyzed", "adv"),
    ("Kara", "petrified", "target Petrified", "adv"), ("Kara", "restrained", "target Restrained", "adv"),
    ("Kara", "stunned", "target Stunned", "adv"), ("Kara", "invisible", "target Invisible", "dis"),
])
def test_conditions_give_advantage_or_disadvantage(catalogue: Catalogue, tmp_path: Path, on: str, where: str,
                                                    reason: str, roll: str) -> None:
    """What the conditions say of attack rolls: the attacker Blinded, Frightened, Poisoned, Prone or
    Restrained has disadvantage, Invisible advantage; attacks against a Blinded, Paralyzed, Petrified,
    Restrained, Stunned or Unconscious target have advantage, against an Invisible one disadvantage."""
    enc = fight(catalogue, tmp_path)
    enc.run(f"cond {on} {where}")
    line = roll_line(enc, "act Ogre slam on=Kara")
    word = "advantage" if roll == "adv" else "disadvantage"
    assert f"{reason}: {word}" in line and ("2d20kh1" if roll == "adv" else "2d20kl1") in line, line


def test_a_prone_target_within_5_ft_or_at_range(catalogue: Catalogue, tmp_path: Path) -> None:
    """Against a Prone target: advantage from within 5 ft, disadvantage from farther. A plain attack roll
    (range unknown) leaves it to the GM."""
    enc = fight(catalogue, tmp_path)
    enc.run("cond Kara prone")
    assert "target Prone, within 5 ft: advantage" in roll_line(enc, "act Ogre greatclub on=Kara")
    assert "target Prone, at range: disadvantage" in roll_line(enc, "act Ogre javelin on=Kara")
    assert "Prone" not in roll_line(enc, "act Ogre slam on=Kara")


def test_advantage_and_disadvantage_count_once_and_cancel(catalogue: Catalogue, tmp_path: Path) -> None:
    """Several sources of advantage still roll two dice; any advantage and any disadvantage together
    cancel to one die."""
    enc = fight(catalogue, tmp_path)
    enc.run("cond Kara stunned")
    enc.run("cond Kara restrained")
    assert "2d20kh1" in roll_line(enc, "act Ogre slam on=Kara")
    enc.run("cond Ogre poisoned")
    line = roll_line(enc, "act Ogre slam on=Kara")
    assert "to hit 1d20 " in line and "Poisoned: disadvantage" in line


def test_exhaustion_takes_2_a_level_off_d20_tests_and_5_ft_off_speed(catalogue: Catalogue, tmp_path: Path) -> None:
    """Exhaustion (5.2): levels add up; each takes 2 off every d20 test (attack rolls, saves) and 5 ft off
    its speed; at 6 it dies; a long rest takes one level off."""
    enc = fight(catalogue, tmp_path, "dex=3")
    enc.run("cond Ogre exhaustion 1")
    enc.run("cond Ogre exhaustion 1")
    line = roll_line(enc, "act Ogre slam on=Kara d20=10")
    assert "10 + 6 − 4 = 12 (Exhaustion: -4" in line and line.endswith("against AC 15: miss")
    assert pool_max(enc, "Ogre", "movement") == 20
    enc.run("cond Kara exhaustion 3")
    saved = re.match(r"Kara: Dexterity saving throw 1d20 (\d+) − 3 = (-?\d+) against DC 10",
                     enc.run("save Kara dex dc=10")[0])  # Dexterity 3, Exhaustion 6 off
    assert saved is not None and int(saved.group(2)) == int(saved.group(1)) - 3
    enc.run("rest long Kara")
    assert pool(enc, "Kara", "hit_dice") == 3 and enc.state.combatants["c1"].conditions[0].value == 2
    enc.run("cond Ogre exhaustion 4")
    assert "dead" in conds(enc, "Ogre")


def test_exhaustion_as_in_5_1(catalogue: Catalogue, tmp_path: Path) -> None:
    """The 5.1 table (an option): speed halved at 2, disadvantage on attack rolls at 3, hit point maximum
    halved at 4, speed 0 at 5; no -2 a level."""
    enc = fight(catalogue, tmp_path)
    enc.run("set exhaustion_51 1")
    enc.run("cond Ogre exhaustion 2")
    assert pool_max(enc, "Ogre", "movement") == 15
    assert "Exhaustion" not in roll_line(enc, "act Ogre slam on=Kara")
    enc.run("cond Ogre exhaustion 1")
    assert "Exhaustion (5.1): disadvantage" in roll_line(enc, "act Ogre slam on=Kara")
    enc.run("cond Ogre exhaustion 1")
    assert pool_max(enc, "Ogre", "hp") == 29  # 59 halved, rounded down
    enc.run("cond Ogre exhaustion 1")
    assert pool_max(enc, "Ogre", "movement") == 0


def test_the_lookup_says_what_the_tracker_leaves_to_the_gm(catalogue: Catalogue) -> None:
    """A hit from within 5 ft on a Paralyzed or Unconscious creature is a critical; the lookup says how."""
    rs = catalogue.get(RULESET)
    text = " ".join(" ".join(e.lines) for e in lookup.search(rs, "helpless"))
    assert "Paralyzed or Unconscious" in text and "apply double" in text
    text = " ".join(" ".join(e.lines) for e in lookup.search(rs, "initiative"))
    assert "add Lair init=20 fixed" in text
