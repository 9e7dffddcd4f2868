"""Attacks the tracker rolls from a creature's own stat block follow every rule its text gives about the
roll: the conditions, counts and stances that give advantage or disadvantage (named in the roll's line),
and what the kept die does after (a fumble, an exposure)."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import cond_ids, next_tc, pool, prompts, tc

from combat_tui.engine.encounter import Encounter
from combat_tui.engine.state.errors import CommandError
from combat_tui.store import library_files
from combat_tui.store.rulesets import Catalogue

# `mi20`/`ma1` hold the d20 at one face, so the kept die's face is known whatever advantage rolls.
BRUTE = """ruleset = "{rid}"
[[creature]]
name = "Brute"
[[creature.action]]
name = "Club"
hit = "{hit}"
damage = "4"
{more}
"""


def armed(catalogue: Catalogue, tmp_path: Path, rid: str, hit: str = "1d20 + 5", more: str = "",
          start: bool = False) -> Encounter:
    """Kara and the Brute, whose one attack rolls `hit` (with the stat block's `more` lines)."""
    folder = tmp_path / rid
    folder.mkdir(parents=True)
    (folder / "brute.toml").write_text(BRUTE.format(rid=rid, hit=hit, more=more), encoding="utf-8")
    enc = Encounter.new(catalogue.get(rid), seed=5)
    enc.library = library_files.load(folder, catalogue.get, starter=False)
    first, last = (19, 2) if rid == "time-count" else (2, 19)  # the Brute acts first
    enc.run(f"add Kara pc hp=40 init={first}")
    enc.run(f"add Brute init={last}")
    if start:
        enc.run("start")
    return enc


def to_hit(lines: list[str]) -> str:
    return next(line for line in lines if ", to hit " in line)


# three-action: "A Shaken Creature has Disadvantage on all Attack rolls."
def test_three_action_a_shaken_creature_attacks_with_disadvantage(catalogue: Catalogue, tmp_path: Path) -> None:
    enc = armed(catalogue, tmp_path, "three-action", more='uses = "melee"')
    enc.run("cond Brute shaken for=2")
    line = to_hit(enc.run("act Brute club on=Kara"))
    assert "to hit 2d20kl1" in line and "(Shaken: disadvantage)" in line, line


# three-action: Prone "has Disadvantage on Melee Attacks, Melee Attacks against it have Advantage, and
# Ranged Attacks against it have Disadvantage."
def test_three_action_prone_in_melee_and_at_range(catalogue: Catalogue, tmp_path: Path) -> None:
    enc = armed(catalogue, tmp_path, "three-action", more='uses = "melee"')
    enc.run("cond Brute prone")
    line = to_hit(enc.run("act Brute club on=Kara"))
    assert "to hit 2d20kl1" in line and "Prone, in melee: disadvantage" in line, line
    enc.run("uncond Brute prone")
    enc.run("cond Kara prone")
    line = to_hit(enc.run("act Brute club on=Kara"))
    assert "to hit 2d20kh1" in line and "target Prone, in melee: advantage" in line, line


def test_three_action_prone_target_at_range(catalogue: Catalogue, tmp_path: Path) -> None:
    enc = armed(catalogue, tmp_path, "three-action", more='uses = "ranged"')
    enc.run("cond Kara prone")
    line = to_hit(enc.run("act Brute club on=Kara"))
    assert "to hit 2d20kl1" in line and "target Prone, at range: disadvantage" in line, line


# three-action: "Attacks against a Flat Footed Creature have Advantage" (relative to one creature), and
# advantage and disadvantage cancel; a stunned creature is flat-footed to all.
def test_three_action_flat_footed_only_against_its_creature_and_cancelling(catalogue: Catalogue,
                                                                           tmp_path: Path) -> None:
    enc = armed(catalogue, tmp_path, "three-action", more='uses = "melee"')
    enc.run("add Vex hp=10")
    enc.run("cond Kara flat-footed from=Vex")
    line = to_hit(enc.run("act Brute club on=Kara"))
    assert "to hit 1d20 " in line and "Flat Footed" not in line, line
    enc.run("cond Kara stunned")
    enc.run("cond Brute shaken for=2")
    line = to_hit(enc.run("act Brute club on=Kara"))
    assert "to hit 1d20 " in line and "Shaken: disadvantage; target Flat Footed: advantage" in line, line


def test_three_action_advantage_counted_once_unless_set(catalogue: Catalogue, tmp_path: Path) -> None:
    enc = armed(catalogue, tmp_path, "three-action", more='uses = "melee"')
    enc.run("cond Brute shaken for=2")
    enc.run("cond Brute blinded")
    assert "to hit 2d20kl1" in to_hit(enc.run("act Brute club on=Kara"))
    assert "to hit 2d20kl1" in to_hit(enc.run("act Brute club on=Kara dis"))  # the GM's cover: still once
    assert "to hit 1d20 " in to_hit(enc.run("act Brute club on=Kara adv"))
    enc = armed(catalogue, tmp_path / "b", "three-action", more='uses = "melee"')
    enc.run("cond Brute shaken for=2")
    enc.run("cond Brute blinded")
    enc.run("set advantage_stacks 1")
    assert "to hit 3d20kl1" in to_hit(enc.run("act Brute club on=Kara"))


# body-injury: "Performing an attack action after the first during your turn incurs +1 disadvantage on
# your attack roll for each previous attack action you performed during your turn."
def test_body_injury_later_attacks_in_a_turn_roll_the_counted_disadvantage(catalogue: Catalogue,
                                                                          tmp_path: Path) -> None:
    enc = armed(catalogue, tmp_path, "body-injury", more='uses = "attack"', start=True)
    first = to_hit(enc.run("act Brute club on=Kara"))
    assert "to hit 1d20 " in first and "disadvantage" not in first, first
    second = to_hit(enc.run("act Brute club on=Kara"))
    assert "to hit 2d20kl1" in second and "(earlier attacks this turn: disadvantage)" in second, second
    third = to_hit(enc.run("act Brute club on=Kara"))
    assert "to hit 3d20kl1" in third and "earlier attacks this turn: 2 disadvantages" in third, third
    assert pool(enc, "Brute", "attacks_this_turn") == 3


# energy-stamina, Combat Roll: "1-3 You become Exposed (until the end of the next Round)."
def test_energy_stamina_a_combat_roll_of_1_to_3_exposes_the_attacker(catalogue: Catalogue,
                                                                     tmp_path: Path) -> None:
    enc = armed(catalogue, tmp_path, "energy-stamina", hit="1d20ma3mi3", start=True)
    line = to_hit(enc.run("act Brute club on=Kara"))
    assert line.endswith("; Exposed"), line
    assert "exposed" in cond_ids(enc, "Brute")
    enc2 = armed(catalogue, tmp_path / "b", "energy-stamina", hit="1d20mi4ma4", start=True)
    enc2.run("act Brute club on=Kara")
    assert "exposed" not in cond_ids(enc2, "Brute")



# energy-stamina: "20 Critical Hit (You automatically hit the target, ignore their armor, and they are Exposed)."
def test_energy_stamina_a_combat_roll_of_20_exposes_the_target(catalogue: Catalogue, tmp_path: Path) -> None:
    enc = armed(catalogue, tmp_path, "energy-stamina", hit="1d20mi20", start=True)
    line = to_hit(enc.run("act Brute club on=Kara"))
    assert line.endswith("; Critical hit"), line
    assert "exposed" in cond_ids(enc, "Kara") and "exposed" not in cond_ids(enc, "Brute")


# time-count: a natural 1 "is a fumble: the turn ends, the creature is unsteady until it acts again, and
# 1d6 is added to the weapon's speed factor."
def test_time_count_a_natural_1_fumbles(catalogue: Catalogue, tmp_path: Path) -> None:
    enc = armed(catalogue, tmp_path, "time-count", hit="1d20ma1 + 3", more="sf = 6", start=True)
    now = tc(enc)
    lines = enc.run("act Brute club on=Kara")
    assert to_hit(lines).endswith("; Critical fumble"), lines
    assert {"fumbled", "unsteady"} <= set(cond_ids(enc, "Brute"))
    assert 6 + 1 <= next_tc(enc, "Brute") - now <= 6 + 6, lines


# boon-bane, Attack vs Block: "The attacker rolls damage which is reduced by the shield's Block Rating (BR)",
# "When you succeed on a Block, you add your BR to your AR against the triggering attack."
def test_boon_bane_a_block_cuts_that_attacks_damage_and_only_that_one(catalogue: Catalogue,
                                                                      tmp_path: Path) -> None:
    enc = armed(catalogue, tmp_path, "boon-bane", hit="1d20 + 3", more='uses = "strike"\ntype = "slashing"',
                start=True)
    enc.run("edit Kara br=3")
    enc.run("act Brute club on=Kara")
    lines = enc.run("resolve value=4")  # Both pass: Block
    assert "blocked" in cond_ids(enc, "Kara"), lines
    lines = enc.run("apply")
    assert pool(enc, "Kara", "hp") == 40 - (4 - 3), lines
    assert "blocked" not in cond_ids(enc, "Kara")
    enc.run("act Brute club on=Kara")
    enc.run("resolve value=5")  # Both pass: hit
    enc.run("apply")
    assert pool(enc, "Kara", "hp") == 40 - 1 - 4


# boon-bane: a Block's mark is for "this attack's damage": dropped as a miss after all, the mark goes too,
# and the next attack that round is not cut by it.
@pytest.mark.parametrize("drop", ["apply miss", "miss"])
def test_boon_bane_a_block_goes_with_the_damage_it_was_for(catalogue: Catalogue, tmp_path: Path, drop: str) -> None:
    enc = armed(catalogue, tmp_path, "boon-bane", hit="1d20 + 3", more='uses = "strike"\ntype = "slashing"',
                start=True)
    enc.run("edit Kara br=3")
    enc.run("act Brute club on=Kara")
    enc.run("resolve value=4")  # Both pass: Block
    assert "blocked" in cond_ids(enc, "Kara")
    enc.run(drop)
    assert "blocked" not in cond_ids(enc, "Kara")
    enc.run("act Brute club on=Kara")
    enc.run("resolve value=5")  # Both pass: hit
    enc.run("apply")
    assert pool(enc, "Kara", "hp") == 40 - 4  # in full: no Block left over to cut it


# boon-bane: "One fails, the other passes. A critical win! ... The winner can also perform a maneuver."
def test_boon_bane_a_defenders_critical_win_offers_the_defender_its_maneuver(catalogue: Catalogue,
                                                                             tmp_path: Path) -> None:
    enc = armed(catalogue, tmp_path, "boon-bane", more='uses = "strike"', start=True)
    enc.run("act Brute club on=Kara")
    enc.run("resolve value=3")  # Defender critical win
    assert prompts(enc) == [("Kara", "Maneuver (critical win)")]
    enc.run("resolve value=2")  # Brace, on the winner
    assert "braced" in cond_ids(enc, "Kara")


# time-count, stances: Defensive "Drawback: You suffer a -2 penalty to all attacks."; a feint's "Hit: You
# gain a +2 bonus to hit with your next attack against the target".
def test_time_count_stance_and_feint_change_the_total(catalogue: Catalogue, tmp_path: Path) -> None:
    enc = armed(catalogue, tmp_path, "time-count", hit="1d20mi10ma10 + 3", more="sf = 6", start=True)
    enc.run("add Vex init=30")
    enc.run("cond Brute cautious")
    enc.run("cond Kara feinted from=Vex")
    line = to_hit(enc.run("act Brute club on=Kara"))
    assert "= 11" in line and "(Cautious: -2)" in line and "feinted" not in line, line
    enc = armed(catalogue, tmp_path / "b", "time-count", hit="1d20mi10ma10 + 3", more="sf = 6", start=True)
    enc.run("cond Kara feinted from=Brute")
    line = to_hit(enc.run("act Brute club on=Kara"))
    assert "= 15" in line and "(target feinted: +2)" in line, line


# energy-stamina, Defend: "This defense bonus lasts until you make an attack, cast a spell, or move more than
# your Speed during a Round." A creature's own attack made as a melee attack is an attack.
def test_energy_stamina_an_own_attack_ends_defending(catalogue: Catalogue, tmp_path: Path) -> None:
    enc = armed(catalogue, tmp_path, "energy-stamina", hit="1d20mi10ma10", more='uses = "melee"', start=True)
    enc.run("cond Brute defending")
    lines = enc.run("act Brute club on=Kara")
    assert "defending" not in cond_ids(enc, "Brute"), lines


# energy-stamina: Blinded and Dazed each give "Disadvantage on all ... Attack rolls", and "you can't have
# double Advantage or Disadvantage".
def test_energy_stamina_blinded_and_dazed_attack_with_one_disadvantage(catalogue: Catalogue,
                                                                       tmp_path: Path) -> None:
    enc = armed(catalogue, tmp_path, "energy-stamina", start=True)
    enc.run("cond Brute blinded")
    enc.run("cond Brute dazed")
    line = to_hit(enc.run("act Brute club on=Kara"))
    assert "to hit 2d20kl1" in line and "Blinded: disadvantage; Dazed: disadvantage" in line, line


# time-count, Common Attack Roll Modifiers: "-4 Defender has half cover": what the tracker cannot see is the
# GM's number on `act`.
def test_the_gms_number_joins_the_rulesets_on_the_to_hit(catalogue: Catalogue, tmp_path: Path) -> None:
    enc = armed(catalogue, tmp_path, "time-count", hit="1d20mi10ma10 + 3", more="sf = 6", start=True)
    enc.run("cond Brute cautious")
    line = to_hit(enc.run("act Brute club on=Kara tohit=-4"))
    assert "= 7" in line and "(Cautious: -2; the GM's -4)" in line, line
    with pytest.raises(CommandError, match="tohit=x: a number"):
        enc.run("act Brute club on=Kara tohit=x")


# three-action: "Dodge - You spend one Action to give the next Attack against you Disadvantage."
def test_three_action_a_dodge_gives_only_the_next_attack_disadvantage(catalogue: Catalogue,
                                                                      tmp_path: Path) -> None:
    enc = armed(catalogue, tmp_path, "three-action", more='uses = "melee"')
    enc.run("cond Kara dodging")
    assert "(target Dodging: disadvantage)" in to_hit(enc.run("act Brute club on=Kara"))
    assert "Dodging" not in to_hit(enc.run("act Brute club on=Kara"))


# body-injury: "An enemy combatant incurs +2 disadvantage on attack rolls against you when you have total
# cover between the both of you." (against that enemy only)
def test_body_injury_total_cover_against_its_attacker_only(catalogue: Catalogue, tmp_path: Path) -> None:
    enc = armed(catalogue, tmp_path, "body-injury", more='uses = "attack"', start=True)
    enc.run("add Vex hp=10")
    enc.run("cond Kara total-cover from=Vex")
    assert "cover" not in to_hit(enc.run("act Brute club on=Kara"))
    enc.run("cond Kara total-cover from=Brute")
    line = to_hit(enc.run("act Brute club on=Kara"))
    assert "to hit 4d20kl1" in line and "target in total cover: 2 disadvantages" in line, line
