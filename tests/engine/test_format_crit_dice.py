"""`crit_damage = "dice"`: a judged critical hit rolls the damage dice twice and adds the bonus once, each
part of the damage so (`double` doubles the whole, bonus and all)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from helpers import pool

from combat_tui.engine.encounter import Encounter
from combat_tui.engine.rules import judging
from combat_tui.engine.ruleset import RulesetDef
from combat_tui.store import library_files

RULES = """
id = "dice-crit"
name = "Dice crit"
[time]
model = "turn-order"
initiative = "1d20"
[[stats]]
id = "ac"
name = "AC"
default = 10
[[stats]]
id = "level"
name = "Level"
default = 2
[[pools]]
id = "hp"
name = "HP"
max = 200
floor = 0
[damage]
absorb = ["hp"]
heal = ["hp"]
types = ["slashing", "fire"]
[checks.attack]
defence = "ac"
defence_name = "AC"
crit_natural = 20
crit_damage = "dice"
"""

# `mi20` raises the d20 to 20: a natural 20, a critical hit; `mi10ma10` a plain 10, a hit on AC 10. The
# damage dice are held at their highest face (`mi6`), so each die rolled is a 6.
BRUTE = """ruleset = "dice-crit"
[[creature]]
name = "Brute"
stats = { level = 3 }
[[creature.action]]
name = "Sure"
hit = "1d20mi20"
damage = "2d6mi6 + 3"
type = "slashing"
plus = [{ damage = "1d4mi4 + 1", type = "fire" }]
[[creature.action]]
name = "Even"
hit = "1d20mi10ma10"
damage = "2d6mi6 + 3"
type = "slashing"
[[creature.action]]
name = "Leveled"
hit = "1d20mi20"
damage = "{level}d4mi4 + 1"
type = "slashing"
"""


def encounter(tmp_path: Path, crit_damage: str = "dice") -> Encounter:
    """Kara (AC 10, 200 HP) and the Brute, whose rolls are what they say; the fight started."""
    rs = RulesetDef.model_validate(tomllib.loads(RULES.replace('"dice"', f'"{crit_damage}"')))
    (tmp_path / "brute.toml").write_text(BRUTE, encoding="utf-8")
    e = Encounter.new(rs, seed=4)
    e.library = library_files.load(tmp_path, lambda rid: rs, starter=False)
    e.run("add Kara pc init=15")
    e.run("add Brute init=3")
    e.run("start")
    return e


def test_a_critical_rolls_the_dice_twice_and_adds_the_bonus_once(tmp_path: Path) -> None:
    enc = encounter(tmp_path)
    lines = enc.run("act Brute sure on=Kara")
    assert [(r.amount, [p.amount for p in r.plus]) for r in judging.ready(enc.state)] == [(27, [9])]
    assert any("4d6mi6" in line and "the dice doubled for the critical" in line for line in lines), lines
    enc.run("apply")
    assert pool(enc, "Kara", "hp") == 200 - 27 - 9


def test_a_plain_hit_rolls_the_dice_once(tmp_path: Path) -> None:
    enc = encounter(tmp_path)
    enc.run("act Brute even on=Kara")
    assert [r.amount for r in judging.ready(enc.state)] == [15]


def test_dice_counted_by_a_stat_are_rolled_twice_over(tmp_path: Path) -> None:
    enc = encounter(tmp_path)
    enc.run("act Brute leveled on=Kara")
    assert [r.amount for r in judging.ready(enc.state)] == [25]  # 3d4 twice at 4 each, + 1


@pytest.mark.parametrize(("rule", "amount"), [("double", 30), ("max", 15), ("same", 15), ("dice", 27)])
def test_each_reading_of_a_critical(tmp_path: Path, rule: str, amount: int) -> None:
    enc = encounter(tmp_path, rule)
    enc.run("act Brute sure on=Kara")
    assert [r.amount for r in judging.ready(enc.state)] == [amount]


@pytest.mark.parametrize(("dice", "rolled"), [
    ("2d8 + 4", "4d8 + 4"), ("d8+2", "2d8+2"), ("1d{hit_die} + con", "2d{hit_die} + con"),
    ("{level}d6 + 1", "({level}d6 + {level}d6) + 1"), ("4d6kh3", "(4d6kh3 + 4d6kh3)"), ("5", "5"),
])
def test_the_dice_doubled_leave_the_bonus(dice: str, rolled: str) -> None:
    assert judging.twice(dice) == rolled


def test_at_their_highest_reads_a_die_counted_by_a_stat(tmp_path: Path) -> None:
    """`max`: a die counted by the Brute's level 3 is taken at 3 × 4, and the bonus added."""
    enc = encounter(tmp_path, "max")
    enc.run("act Brute leveled on=Kara")
    assert [r.amount for r in judging.ready(enc.state)] == [13]
