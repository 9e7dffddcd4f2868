"""The `pf2e` ruleset, its turns and conditions, from the Pathfinder 2e Remaster's public rules (Player
Core, ORC licence): three actions and a reaction; Slowed, Stunned and Quickened budgets; Frightened
fading; Drained on the HP maximum; Dying with its recovery check, Wounded and Doomed; persistent damage
and its DC 15 flat check; off-guard from prone, grabbed and unconscious; enemies first on ties; Delay."""

from __future__ import annotations

import pytest
from helpers import Make, active, cond, conds, pool, pool_max, prompt_tables

from combat_tui.engine.encounter import Encounter
from combat_tui.engine.state.errors import CombatError

RULESET = "pf2e"


@pytest.fixture
def enc(make: Make) -> Encounter:
    """Kara (a PC, first) and an Orc, the fight started on Kara's turn."""
    e = make(RULESET, 4)
    e.run("add Kara pc hp=30 level=3 init=20")
    e.run("add Orc hp=30 init=10")
    e.run("start")
    return e


def turn_of(enc: Encounter, name: str) -> list[str]:
    lines: list[str] = []
    for _ in range(6):
        lines += enc.run("next")
        if enc.view()["active"] == [name]:
            return lines
    raise AssertionError(f"{name} never got a turn")


def test_three_actions_and_a_reaction_come_back_each_turn(enc: Encounter) -> None:
    assert (pool(enc, "Kara", "actions"), pool(enc, "Kara", "reactions")) == (3, 1)
    enc.run("act Kara stride")
    enc.run("act Kara ready")
    assert pool(enc, "Kara", "actions") == 0
    with pytest.raises(CombatError):
        enc.run("act Kara stride")
    enc.run("act Kara fire-readied")
    assert pool(enc, "Kara", "reactions") == 0
    turn_of(enc, "Kara")
    assert (pool(enc, "Kara", "actions"), pool(enc, "Kara", "reactions")) == (3, 1)


def test_slowed_takes_and_quickened_gives_actions(enc: Encounter) -> None:
    enc.run("cond Orc slowed 2")
    turn_of(enc, "Orc")
    assert pool(enc, "Orc", "actions") == 1
    enc.run("uncond Orc slowed")
    enc.run("cond Orc quickened")
    turn_of(enc, "Orc")
    assert pool(enc, "Orc", "actions") == 4


def test_stunned_takes_its_value_in_actions_and_is_spent_down(enc: Encounter) -> None:
    enc.run("cond Orc stunned 4")
    assert pool_max(enc, "Orc", "reactions") == 0
    turn_of(enc, "Orc")
    assert pool(enc, "Orc", "actions") == 0 and cond(enc, "Orc", "stunned")["value"] == 1
    turn_of(enc, "Orc")
    assert pool(enc, "Orc", "actions") == 2 and "stunned" not in conds(enc, "Orc")


def test_frightened_falls_by_one_at_the_end_of_each_turn(enc: Encounter) -> None:
    enc.run("cond Kara frightened 2")
    enc.run("next")
    assert cond(enc, "Kara", "frightened")["value"] == 1
    turn_of(enc, "Kara")
    enc.run("next")
    assert "frightened" not in conds(enc, "Kara")


def test_drained_lowers_the_hp_maximum_by_level_times_its_value(enc: Encounter) -> None:
    enc.run("cond Kara drained 2")
    assert pool_max(enc, "Kara", "hp") == 30 - 2 * 3


def test_prone_grabbed_and_unconscious_leave_it_off_guard(enc: Encounter) -> None:
    for condition in ("prone", "grabbed from=Orc", "unconscious"):
        enc.run(f"cond Kara {condition}")
        assert "off-guard" in conds(enc, "Kara"), condition
        enc.run("undo")
    enc.run("cond Kara prone")
    enc.run("act Kara stand")
    assert "off-guard" not in conds(enc, "Kara")


def test_going_to_0_hp_is_dying_1_plus_wounded_and_unconscious(enc: Encounter) -> None:
    enc.run("cond Kara wounded 1")
    enc.run("dmg Kara 40")
    assert pool(enc, "Kara", "hp") == 0
    assert cond(enc, "Kara", "dying")["value"] == 2 and "unconscious" in conds(enc, "Kara")
    assert pool_max(enc, "Kara", "actions") == 0


def test_damage_while_dying_raises_it_by_one(enc: Encounter) -> None:
    enc.run("dmg Kara 40")
    enc.run("dmg Kara 3")
    assert cond(enc, "Kara", "dying")["value"] == 2


@pytest.mark.parametrize(("face", "dying"), [(20, None), (19, None), (11, None), (10, 2), (2, 2), (1, 3)])
def test_the_recovery_check_against_10_plus_dying(enc: Encounter, face: int, dying: int | None) -> None:
    """Dying 1: DC 11. 20 (a critical success) and 11 to 19 (a success) lose it; 2 to 10 fail (+1); a
    natural 1 fails by 10 (+2)."""
    enc.run("dmg Kara 40")
    turn_of(enc, "Kara")
    assert prompt_tables(enc, "Kara") == ["Recovery check"]
    enc.run(f"resolve Kara value={face}")
    assert (cond(enc, "Kara", "dying")["value"] if "dying" in conds(enc, "Kara") else None) == dying


def test_a_natural_20_and_1_step_the_recovery_check(enc: Encounter) -> None:
    enc.run("dmg Kara 40")
    enc.run("cond Kara dying 3")  # DC 13: a 20 is a success by 7, stepped to a critical: -2
    turn_of(enc, "Kara")
    enc.run("resolve Kara value=20")
    assert cond(enc, "Kara", "dying")["value"] == 1


def test_losing_dying_raises_wounded_and_a_heal_wakes_it(enc: Encounter) -> None:
    enc.run("dmg Kara 40")
    enc.run("heal Kara 5")
    assert "dying" not in conds(enc, "Kara") and "unconscious" not in conds(enc, "Kara")
    assert cond(enc, "Kara", "wounded")["value"] == 1
    enc.run("dmg Kara 40")
    assert cond(enc, "Kara", "dying")["value"] == 2  # 1 + Wounded 1


def test_recovering_at_0_hp_stays_unconscious(enc: Encounter) -> None:
    enc.run("dmg Kara 40")
    turn_of(enc, "Kara")
    enc.run("resolve Kara value=20")
    assert "dying" not in conds(enc, "Kara") and "unconscious" in conds(enc, "Kara")
    assert cond(enc, "Kara", "wounded")["value"] == 1


@pytest.mark.parametrize(("doomed", "dying", "dead"), [(0, 3, False), (0, 4, True), (1, 3, True), (2, 2, True)])
def test_death_at_dying_4_less_doomed(enc: Encounter, doomed: int, dying: int, dead: bool) -> None:
    if doomed:
        enc.run(f"cond Kara doomed {doomed}")
    enc.run("dmg Kara 40")
    enc.run(f"cond Kara dying {dying}")
    assert ("dead" in conds(enc, "Kara")) == dead


def test_persistent_damage_at_the_end_of_the_turn_then_a_dc_15_flat_check(enc: Encounter) -> None:
    enc.run("cond Kara persistent 2d6 fire")
    lines = enc.run("next")
    assert any(line.startswith("Kara takes") and "fire" in line for line in lines), lines
    check = next(line for line in lines if "flat check" in line)
    assert "against DC 15" in check
    face = int(check.split(" = ")[1].split()[0])
    assert ("persistent" in conds(enc, "Kara")) == (face < 15)


def test_enemies_act_first_on_a_tied_initiative(make: Make) -> None:
    e = make(RULESET, 1)
    e.run("add Kara pc init=15")
    e.run("add Orc init=15")
    e.run("start")
    assert active(e) == ["Orc"]


def test_initiative_is_perception(make: Make) -> None:
    e = make(RULESET, 1)
    e.run("add Kara pc perception=30")
    lines = e.run("start")
    roll = next(line for line in lines if line.startswith("Kara rolls initiative"))
    assert int(roll.rsplit(" ", 1)[1]) >= 31


def test_delay_leaves_the_order_and_comes_back(enc: Encounter) -> None:
    enc.run("delay Kara")
    assert active(enc) == ["Orc"]
    enc.run("enter Kara")  # after the Orc's turn, its initiative moved there
    enc.run("next")
    assert active(enc) == ["Kara"]
