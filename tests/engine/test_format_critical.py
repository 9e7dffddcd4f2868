"""A critical hit the triggers read: `dmg NAME N TYPE crit`, `apply crit` and a judged critical hit applied
give the `damage` triggers `critical` (1 on that hit) beside its damage type; the log says it. A death save
written as data: damage at 0 HP is one failure, a critical two."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from helpers import pool

from combat_tui.engine.encounter import Encounter
from combat_tui.engine.ruleset import RulesetDef
from combat_tui.engine.state.errors import CombatError
from combat_tui.store import library_files

DYING = """
id = "dying"
name = "Dying"
[time]
model = "turn-order"
initiative = "1d20"
[[stats]]
id = "ac"
name = "AC"
default = 12
[[pools]]
id = "hp"
name = "HP"
max = 10
floor = 0
[[pools]]
id = "failures"
name = "Death save failures"
max = 3
start = 0
[[pools]]
id = "slashed"
name = "Slashing hits"
max = 9
start = 0
[damage]
absorb = ["hp"]
heal = ["hp"]
types = ["slashing", "fire"]
[checks.attack]
defence = "ac"
defence_name = "AC"
crit_natural = 20
[[triggers]]
label = "a failed death save"
on = "damage"
when = "before_hp <= 0"
edge = false
effects = [{ pool = "failures", delta = "2 if critical else 1" }]
[[triggers]]
label = "slashing counted"
on = "damage"
when = "type_slashing"
edge = false
effects = [{ pool = "slashed", delta = 1 }]
"""

# `mi20` raises the d20 to 20: a natural 20, a critical hit; `mi10ma10` a plain 10, a hit on AC 10.
BRUTE = """ruleset = "dying"
[[creature]]
name = "Brute"
[[creature.action]]
name = "Sure"
hit = "1d20mi20"
damage = "3"
type = "slashing"
[[creature.action]]
name = "Even"
hit = "1d20mi10ma10"
damage = "3"
type = "slashing"
"""


@pytest.fixture
def rs() -> RulesetDef:
    return RulesetDef.model_validate(tomllib.loads(DYING))


@pytest.fixture
def enc(rs: RulesetDef, tmp_path: Path) -> Encounter:
    """Kara at 0 HP (AC 10) and the Brute, whose attacks roll what they say."""
    (tmp_path / "brute.toml").write_text(BRUTE, encoding="utf-8")
    e = Encounter.new(rs, seed=4)
    e.library = library_files.load(tmp_path, lambda rid: rs, starter=False)
    e.run("add Kara pc init=15 ac=10")
    e.run("add Brute init=3")
    e.run("start")
    e.run("dmg Kara 10")
    assert pool(e, "Kara", "hp") == 0 and pool(e, "Kara", "failures") == 0
    return e


def test_damage_at_0_hp_is_one_failure_and_a_critical_two(enc: Encounter) -> None:
    enc.run("dmg Kara 4 slashing")
    assert pool(enc, "Kara", "failures") == 1
    lines = enc.run("dmg Kara 4 slashing crit")
    assert pool(enc, "Kara", "failures") == 3
    assert "Kara: a critical hit" in lines


def test_the_critical_keeps_the_damage_type(enc: Encounter) -> None:
    enc.run("dmg Kara 12 slashing crit")
    assert pool(enc, "Kara", "slashed") == 1
    enc.run("dmg Kara 12 fire crit")
    assert pool(enc, "Kara", "slashed") == 1  # fire is not slashing, critical or not


def test_a_critical_on_several_creatures_is_one_line_each(enc: Encounter) -> None:
    enc.run("add Osk pc")
    lines = enc.run("dmg Kara,Osk 2 slashing crit")
    assert pool(enc, "Kara", "failures") == 2 and pool(enc, "Osk", "failures") == 0
    assert "Osk takes 2 slashing damage: HP 10 → 8; a critical hit; Slashing hits 0 → 1" in lines


def test_a_judged_critical_hit_applied_is_a_critical(enc: Encounter) -> None:
    assert any(line.endswith("against AC 10: critical hit") for line in enc.run("act Brute sure on=Kara"))
    lines = enc.run("apply")
    assert pool(enc, "Kara", "failures") == 2
    assert "Kara: a critical hit" in lines


def test_a_plain_hit_applied_is_not_one_and_apply_crit_makes_it_one(enc: Encounter) -> None:
    enc.run("act Brute even on=Kara")
    enc.run("apply")
    assert pool(enc, "Kara", "failures") == 1
    enc.run("act Brute even on=Kara")
    enc.run("apply double crit")
    assert pool(enc, "Kara", "failures") == 3


def test_a_critical_without_damage_ready_is_refused_as_before(enc: Encounter) -> None:
    with pytest.raises(CombatError, match="no damage is ready"):
        enc.run("apply crit")


def test_a_creature_called_crit_is_still_named(enc: Encounter) -> None:
    enc.run("add Crit pc")
    enc.run("dmg Crit 10")
    enc.run("dmg Crit 2")
    assert pool(enc, "Crit", "failures") == 1
    enc.run("dmg Crit 2 crit")
    assert pool(enc, "Crit", "failures") == 3
