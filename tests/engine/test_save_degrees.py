"""Degrees of success on saves: a critical failure beside the critical success, the natural 20 and 1
stepping the degree, and the basic save (critical success none, success half, failure full, critical
failure double). Judged attacks read the same steps. The other rulesets' saves are as before."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import Make, pool
from mini_ruleset import MINI

from combat_tui.engine.encounter import Encounter
from combat_tui.engine.rules.degrees import CRIT, CRIT_FAIL, FAIL, SUCCESS, Ladder
from combat_tui.store.rulesets import load_file

CHECKS = """
[[stats]]
id = "fort"
name = "Fortitude"
[checks]
save_crit_margin = 10
save_crit_fail_margin = 10
save_natural_steps = true
[[checks.saves]]
id = "fort"
name = "Fortitude save"
bonus = "fort"
[[checks.saves]]
id = "lucky"
name = "Lucky save"
bonus = "fort"
roll = "1d20mi20"
[[checks.saves]]
id = "unlucky"
name = "Unlucky save"
bonus = "fort"
roll = "1d20ma1"
"""


@pytest.fixture
def four(tmp_path: Path) -> Encounter:
    (tmp_path / "four.toml").write_text(MINI.replace("max = 10", "max = 40") + CHECKS, encoding="utf-8")
    enc = Encounter.new(load_file(tmp_path / "four.toml"), seed=3)
    for name in ("Ari", "Bo", "Cy", "Di"):
        enc.run(f"add {name} hp=40")
    return enc


@pytest.mark.parametrize(("total", "degree"), [(30, CRIT), (29, SUCCESS), (20, SUCCESS), (19, FAIL),
                                               (11, FAIL), (10, CRIT_FAIL), (1, CRIT_FAIL)])
def test_four_degrees_by_ten_either_side(total: int, degree: int) -> None:
    assert Ladder(crit_margin=10, fail_margin=10).grade(total, 20)[0] == degree


@pytest.mark.parametrize(("total", "natural", "degree"), [
    (15, 20, SUCCESS), (25, 20, CRIT), (30, 20, CRIT), (5, 20, FAIL),
    (25, 1, FAIL), (30, 1, SUCCESS), (15, 1, CRIT_FAIL), (5, 1, CRIT_FAIL), (15, 7, FAIL)])
def test_a_natural_20_or_1_moves_the_degree_one_step(total: int, natural: int, degree: int) -> None:
    ladder = Ladder(crit_margin=10, fail_margin=10, natural_steps=True)
    assert ladder.grade(total, 20, natural)[0] == degree


def test_without_the_steps_a_natural_changes_nothing() -> None:
    assert Ladder(crit_margin=10, fail_margin=10).grade(15, 20, 20) == (FAIL, "")
    assert Ladder().grade(19, 20, 20) == (FAIL, "")


def test_two_degrees_only_a_natural_20_turns_a_failure_into_a_pass() -> None:
    assert Ladder(natural_steps=True).grade(19, 20, 20) == (SUCCESS, " (natural 20)")
    assert Ladder(natural_steps=True).grade(25, 20, 1) == (FAIL, " (natural 1)")


def test_the_log_names_each_degree(four: Encounter) -> None:
    lines = four.run("save Ari=30 Bo=20 Cy=19 Di=10 fort dc=20")
    assert "Ari: Fortitude save 30 (rolled at the table) against DC 20: passes, a critical success" in lines
    assert "Bo: Fortitude save 20 (rolled at the table) against DC 20: passes" in lines
    assert "Cy: Fortitude save 19 (rolled at the table) against DC 20: fails" in lines
    assert "Di: Fortitude save 10 (rolled at the table) against DC 20: fails, a critical failure" in lines
    assert lines[-1] == "Fortitude save, DC 20: passed Ari 30 (critical), Bo 20; failed Cy 19, Di 10 (critical)"


def test_a_rolled_natural_20_and_1_step_the_degree(four: Encounter) -> None:
    four.run("edit Ari fort=-15")
    four.run("edit Bo fort=30")
    lines = four.run("save Ari lucky dc=20")  # 20 - 15 = 5: a critical failure, stepped to a failure
    assert lines[0].startswith("Ari: Lucky save 1d20") and lines[0].endswith("fails (natural 20)")
    lines = four.run("save Bo unlucky dc=20")  # 1 + 30 = 31: a critical success, stepped to a success
    assert lines[0].startswith("Bo: Unlucky save 1d20") and lines[0].endswith("passes (natural 1)")


def test_a_basic_save_deals_by_degree(four: Encounter) -> None:
    lines = four.run("save Ari=30 Bo=20 Cy=19 Di=10 fort dc=20 basic dmg=9")
    assert "Critical failures take 18; failures 9; successes 4 (half); critical successes none" in lines
    assert [pool(four, n, "hp") for n in ("Ari", "Bo", "Cy", "Di")] == [40, 36, 31, 22]
    four.run("undo")
    assert [pool(four, n, "hp") for n in ("Ari", "Bo", "Cy", "Di")] == [40, 40, 40, 40]


def test_a_basic_save_of_two_types_doubles_each_part(four: Encounter) -> None:
    four.run('save Di=1 fort dc=20 basic dmg="4 fire 3 cold"')
    assert pool(four, "Di", "hp") == 40 - 14


def test_basic_wants_damage(four: Encounter) -> None:
    from combat_tui.engine.state.errors import CombatError

    with pytest.raises(CombatError, match="give the damage too"):
        four.run("save Ari=3 fort dc=20 basic")


def test_half_on_a_ruleset_of_four_degrees_is_still_half_for_every_pass(four: Encounter) -> None:
    four.run("save Ari=30 Di=1 fort dc=20 half dmg=10")
    assert (pool(four, "Ari", "hp"), pool(four, "Di", "hp")) == (35, 30)


def test_two_degree_rulesets_keep_their_words(make: Make) -> None:
    enc = make("three-action")
    enc.run("add Kara pc dex=4")
    lines = enc.run("save Kara=2 dex dc=30")
    assert lines == ["Kara: DEX save 2 (rolled at the table) against DC 30: fails",
                     "DEX save, DC 30: passed nobody; failed Kara 2"]
    enc = make("body-injury")
    enc.run("add Ysolde pc con=2")
    lines = enc.run("save Ysolde=1 con dc=30")
    assert "Ysolde: CON save 1 (rolled at the table) against DC 30: fails" in lines
