"""The `pf2e` ruleset's checks, from the Pathfinder 2e Remaster's public rules (Player Core, ORC licence):
Strikes against AC with four degrees (a critical at 10 over, a natural 20 or 1 a step), the multiple
attack penalty (-5/-10, agile -4/-8) reset each turn, status penalties that do not stack, off-guard and
prone; Fortitude, Reflex and Will saves with degrees and the basic save; immunity, weakness and
resistance."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import Make, pool

from combat_tui.engine.encounter import Encounter
from combat_tui.engine.rules import judging
from combat_tui.store import library_files
from combat_tui.store.rulesets import Catalogue

# `mi10ma10` holds the d20 at 10; `mi20` at a natural 20, `ma1` at a natural 1.
DUELIST = """ruleset = "pf2e"
[[creature]]
name = "Duelist"
stats = { ac = 18, fort = 8, ref = 5, will = 2 }
pools = { hp = 40 }
resist = { fire = 5 }
weak = { cold = 3 }
immune = ["poison"]
[[creature.action]]
name = "Sword"
uses = "strike"
hit = "1d20mi10ma10 + 10"
damage = "6"
type = "slashing"
[[creature.action]]
name = "Dagger"
uses = "strike-agile"
hit = "1d20mi10ma10 + 10"
damage = "4"
type = "piercing"
plus = [{ damage = "2", type = "fire" }]
[[creature.action]]
name = "Bow"
uses = "strike-ranged"
hit = "1d20mi10ma10 + 10"
damage = "5"
type = "piercing"
[[creature.action]]
name = "Lucky"
uses = "strike"
hit = "1d20mi20"
damage = "5"
type = "slashing"
[[creature.action]]
name = "Unlucky"
uses = "strike"
hit = "1d20ma1 + 40"
damage = "5"
type = "slashing"
"""


@pytest.fixture
def enc(catalogue: Catalogue, tmp_path: Path) -> Encounter:
    """The Duelist (first) and Kara, AC 20, the fight started on the Duelist's turn."""
    (tmp_path / "duelist.toml").write_text(DUELIST, encoding="utf-8")
    e = Encounter.new(catalogue.get("pf2e"), seed=5)
    e.library = library_files.load(tmp_path, catalogue.get, starter=False)
    e.run("add Kara pc hp=40 ac=20 init=5")
    e.run("add Duelist init=10")
    e.run("start")
    return e


def verdict(lines: list[str]) -> str:
    """The to-hit line's end: `= 20 against AC 20: hit`."""
    line = next(line for line in lines if " to hit " in line)
    return line.split(" = ")[-1]


def test_a_strike_meeting_ac_hits_and_ten_over_is_a_critical(enc: Encounter) -> None:
    assert verdict(enc.run("act Duelist sword on=Kara")) == "20 against AC 20: hit"
    enc.run("edit Kara ac=10")
    enc.run("next")
    enc.run("next")
    assert verdict(enc.run("act Duelist sword on=Kara")) == "20 against AC 10: critical hit"
    assert [r.amount for r in judging.ready(enc.state)][-1] == 12  # a critical doubles the damage


def test_the_multiple_attack_penalty_is_5_then_10_and_resets_with_the_turn(enc: Encounter) -> None:
    enc.run("act Duelist sword on=Kara")
    second = enc.run("act Duelist sword on=Kara")
    assert verdict(second) == "15 (multiple attack penalty: -5) against AC 20: miss"
    assert verdict(enc.run("act Duelist sword on=Kara")).startswith("10 (multiple attack penalty: -10)")
    enc.run("next")
    enc.run("next")
    assert verdict(enc.run("act Duelist sword on=Kara")) == "20 against AC 20: hit"


def test_off_its_own_turn_a_strike_takes_no_multiple_attack_penalty(enc: Encounter) -> None:
    enc.run("act Duelist sword on=Kara")
    enc.run("act Duelist sword on=Kara")
    enc.run("next")  # Kara's turn: the Duelist Strikes with a Readied action
    assert verdict(enc.run("act Duelist sword on=Kara")) == "20 against AC 20: hit"


def test_an_agile_weapon_takes_4_then_8_and_shares_the_count(enc: Encounter) -> None:
    enc.run("act Duelist sword on=Kara")
    assert verdict(enc.run("act Duelist dagger on=Kara")).startswith("16 (multiple attack penalty (agile): -4)")
    assert verdict(enc.run("act Duelist dagger on=Kara")).startswith("12 (multiple attack penalty (agile): -8)")


def test_a_natural_20_steps_a_miss_to_a_hit_and_a_natural_1_a_hit_to_a_miss(enc: Encounter) -> None:
    enc.run("edit Kara ac=25")  # 20 against 25: a miss, stepped to a hit
    assert verdict(enc.run("act Duelist lucky on=Kara")) == "20 against AC 25: hit (natural 20)"
    enc.run("next")
    enc.run("next")
    enc.run("edit Kara ac=35")  # 41 against 35: a hit, stepped to a miss
    assert verdict(enc.run("act Duelist unlucky on=Kara")) == "41 against AC 35: miss (natural 1)"


def test_a_natural_20_that_misses_by_ten_is_still_a_miss_and_says_nothing_more(enc: Encounter) -> None:
    enc.run("edit Kara ac=35")  # 20 against 35: a critical miss, stepped to a miss
    assert verdict(enc.run("act Duelist lucky on=Kara")) == "20 against AC 35: miss"


def test_a_natural_20_that_already_hits_is_a_critical(enc: Encounter) -> None:
    enc.run("edit Kara ac=15")
    assert verdict(enc.run("act Duelist lucky on=Kara")) == "20 against AC 15: critical hit (natural 20)"


def test_off_guard_takes_2_from_ac_and_status_penalties_take_the_worst(enc: Encounter) -> None:
    enc.run("cond Kara prone")  # off-guard with it
    enc.run("cond Kara frightened 1")
    enc.run("cond Kara clumsy 2")
    assert verdict(enc.run("act Duelist sword on=Kara")) == "20 against AC 16: hit"  # 20 - 2 - max(1, 2)


def test_the_attackers_status_penalty_and_prone(enc: Encounter) -> None:
    enc.run("cond Duelist frightened 1")
    enc.run("cond Duelist enfeebled 2")
    assert verdict(enc.run("act Duelist sword on=Kara")).startswith("18 (status penalty: -2)")
    enc.run("next")
    enc.run("next")
    enc.run("cond Duelist prone")  # Frightened 1 faded at the end of its turn; Enfeebled takes nothing at range
    assert verdict(enc.run("act Duelist bow on=Kara")) == "18 (Prone: -2) against AC 20: miss"


def test_saves_have_four_degrees_and_their_status_penalties(make: Make) -> None:
    e = make("pf2e", 2)
    e.run("add Kara pc fort=7 ref=9 will=4")
    lines = e.run("save Kara=30 fort dc=20")
    assert "Kara: Fortitude save 30 (rolled at the table) against DC 20: passes, a critical success" in lines
    lines = e.run("save Kara=10 ref dc=20")
    assert "Kara: Reflex save 10 (rolled at the table) against DC 20: fails, a critical failure" in lines
    e.run("cond Kara sickened 1")
    e.run("cond Kara stupefied 3")
    kept = next(line for line in e.run("save Kara will dc=20") if line.startswith("Kara: Will save"))
    assert " + 1 = " in kept  # Will 4 less the worst status penalty, Stupefied 3


def test_a_basic_reflex_save_over_four_creatures(make: Make) -> None:
    e = make("pf2e", 2)
    for name in ("Ari", "Bo", "Cy", "Di"):
        e.run(f"add {name} hp=40")
    e.run("save Ari=32 Bo=22 Cy=15 Di=5 ref dc=22 basic dmg='10 fire'")
    assert [pool(e, n, "hp") for n in ("Ari", "Bo", "Cy", "Di")] == [40, 35, 30, 20]


def test_immunity_weakness_and_resistance(enc: Encounter) -> None:
    enc.run("dmg Duelist 10 fire")
    assert pool(enc, "Duelist", "hp") == 35  # resistance 5
    enc.run("dmg Duelist 10 cold")
    assert pool(enc, "Duelist", "hp") == 22  # weakness 3
    enc.run("dmg Duelist 8 poison 3 slashing")
    assert pool(enc, "Duelist", "hp") == 19  # the poison ignored


def test_a_strike_of_two_types_goes_through_the_steps_part_by_part(enc: Encounter) -> None:
    enc.run("next")
    enc.run("edit Duelist ac=0")
    enc.run("act Kara strike")  # Kara's own Strike counts toward nothing of the Duelist's
    enc.run("dmg Duelist 4 piercing 2 fire")
    assert pool(enc, "Duelist", "hp") == 36  # 4 piercing, the 2 fire resisted
