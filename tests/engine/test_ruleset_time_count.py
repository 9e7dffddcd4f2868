"""The `time-count` ruleset played through the command API: a clock of TC instead of rounds,
speed factors, the Threshold of Pain, fatigue and consciousness, stances, spells and the rest of
its bookkeeping."""

from __future__ import annotations

import pytest
from helpers import active, cond, conds, creature, next_tc, pool, prompts, tc, var

from combat_tui.engine.encounter import Encounter
from combat_tui.engine.state.errors import CommandError

SEED = 5
RULESET = "time-count"

RANDOM_SF = {  # class: (lowest, highest) of its random SF
    "rapid": (1, 4), "swift": (3, 6), "fast": (4, 9), "standard": (7, 12), "slow": (9, 16),
    "sluggish": (11, 20), "lethargic": (13, 24), "sedentary": (17, 28),
}
STATIC_SF = {"free": 0, "rapid": 2, "swift": 4, "fast": 6, "standard": 9, "slow": 12, "sluggish": 15,
             "lethargic": 18, "sedentary": 22}


# -- helpers ----------------------------------------------------------------------------------------


# -- the clock ---------------------------------------------------------------------------------------


def test_lowest_initiative_acts_first_and_surprise_is_unsteady_until_its_first_turn(enc: Encounter) -> None:
    enc.run("add Zherynn pc init=6")
    enc.run("add Aeus pc surprised init=8")
    enc.run("add Garret init=7")
    enc.run("start")
    aeus = creature(enc, "Aeus")
    assert 9 <= aeus["initiative"] <= 14  # 8 + 1d6 for surprise
    assert creature(enc, "Zherynn")["initiative"] == 6 and creature(enc, "Garret")["initiative"] == 7
    assert tc(enc) == 6
    assert enc.view()["active"] == ["Zherynn"]
    assert enc.view()["order"][0] == "Zherynn"
    assert {"surprised", "unsteady"} <= conds(enc, "Aeus")
    assert conds(enc, "Zherynn") == set() and conds(enc, "Garret") == set()

    enc.run("act Zherynn attack sf=6")  # the dagger of the worked example
    assert next_tc(enc, "Zherynn") == 12
    enc.run("next")
    assert tc(enc) == 7 and enc.view()["active"] == ["Garret"]
    enc.run("act Garret attack class=standard")  # NPC: static SF 9
    assert next_tc(enc, "Garret") == 16
    # Aeus stays unsteady on every TC before its first turn, and loses it as that turn begins.
    while tc(enc) < aeus["initiative"]:
        assert "unsteady" in conds(enc, "Aeus"), tc(enc)
        for name in enc.view()["active"]:
            enc.run(f"act {name} attack sf=20")
        enc.run("next")
    assert tc(enc) == aeus["initiative"]
    assert "Aeus" in enc.view()["active"]
    assert "surprised" not in conds(enc, "Aeus") and "unsteady" not in conds(enc, "Aeus")


def test_npcs_take_the_static_sf_and_pcs_roll_the_random_one(enc: Encounter) -> None:
    enc.run("add Ogre init=5")
    enc.run("add Hero pc init=5")
    enc.run("start")
    for cls, static in STATIC_SF.items():
        if cls == "free":
            continue
        now = tc(enc)
        assert set(enc.view()["active"]) == {"Ogre", "Hero"}
        enc.run(f"act Ogre class={cls}")
        enc.run(f"act Hero class={cls}")
        assert next_tc(enc, "Ogre") == now + static
        low, high = RANDOM_SF[cls]
        assert low <= next_tc(enc, "Hero") - now <= high, cls
        # Re-align the two so both act together again.
        while tc(enc) < max(next_tc(enc, "Ogre"), next_tc(enc, "Hero")):
            enc.run("next")
            for name in enc.view()["active"]:
                target = max(next_tc(enc, "Ogre"), next_tc(enc, "Hero"))
                if next_tc(enc, name) == tc(enc) and tc(enc) < target:
                    enc.run(f"act {name} sf={target - tc(enc)}")


def test_action_speeds_from_the_table(enc: Encounter) -> None:
    enc.run("add Ogre init=5")
    enc.run("start")
    expected = [("draw-weapon", 2), ("open-door", 4), ("drink-potion", 6), ("light-torch", 9),
                ("backpack", 12), ("move", 1), ("escape-net", 9), ("trip", 6), ("stabilize", 12), ("bull-rush", 9)]
    for action, sf in expected:
        now = tc(enc)
        enc.run(f"act Ogre {action}")
        assert next_tc(enc, "Ogre") == now + sf, action
        enc.run("next")
        assert tc(enc) == now + sf
    assert pool(enc, "Ogre", "fatigue") == 2  # trip and bull rush cost 1 fatigue each
    # Attacks take the weapon's SF from the GM.
    with pytest.raises(CommandError):
        enc.run("act Ogre attack")


def test_a_free_action_does_not_end_the_turn(enc: Encounter) -> None:
    enc.run("add Ogre init=5")
    enc.run("add Imp init=9")
    enc.run("start")
    enc.run("act Ogre drop-item")
    assert next_tc(enc, "Ogre") == 5 and enc.view()["active"] == ["Ogre"]
    enc.run("act Ogre attack sf=3")
    assert next_tc(enc, "Ogre") == 8
    enc.run("next")
    assert tc(enc) == 8 and enc.view()["active"] == ["Ogre"]


def test_creatures_on_one_tc_act_together_and_idle_ones_wait_one_tc(enc: Encounter) -> None:
    enc.run("add Ogre init=7")
    enc.run("add Imp init=7")
    enc.run("add Hero pc init=9")
    enc.run("start")
    assert set(enc.view()["active"]) == {"Ogre", "Imp"}
    enc.run("act Ogre attack sf=5")
    enc.run("next")  # the Imp did nothing: it waits a TC
    assert tc(enc) == 8 and enc.view()["active"] == ["Imp"]
    enc.run("next")
    assert tc(enc) == 9 and set(enc.view()["active"]) == {"Imp", "Hero"}


# -- threshold of pain, fatigue, HP ----------------------------------------------------------------


def test_threshold_of_pain_splits_each_hit_and_wears_down(enc: Encounter) -> None:
    enc.run("add Brute hp=20 persona=1")  # ToP 3 + 1 = 4
    enc.run("start")
    assert pool(enc, "Brute", "top") == 4
    enc.run("dmg Brute 3 slashing")  # within ToP: fatigue only
    assert (pool(enc, "Brute", "hp"), pool(enc, "Brute", "fatigue"), pool(enc, "Brute", "top")) == (20, 3, 3)
    assert pool(enc, "Brute", "impair_slashing") == 0
    enc.run("dmg Brute 7 piercing")  # past ToP 3: 3 fatigue, 4 HP, one piercing impairment
    assert (pool(enc, "Brute", "hp"), pool(enc, "Brute", "fatigue"), pool(enc, "Brute", "top")) == (16, 6, 2)
    assert pool(enc, "Brute", "impair_piercing") == 1
    enc.run("dmg Brute 2 bludgeoning")  # exactly ToP: read as fatigue only
    assert (pool(enc, "Brute", "hp"), pool(enc, "Brute", "fatigue"), pool(enc, "Brute", "top")) == (16, 8, 1)
    assert pool(enc, "Brute", "impair_bludgeoning") == 0
    assert "wounded" not in conds(enc, "Brute")
    enc.run("dmg Brute 5 nonlethal")  # nonlethal never reaches HP, but still lowers ToP
    assert (pool(enc, "Brute", "hp"), pool(enc, "Brute", "fatigue"), pool(enc, "Brute", "top")) == (16, 13, 0)
    assert "wounded" in conds(enc, "Brute")
    enc.run("dmg Brute 2 slashing")  # ToP 0: all of it is HP
    assert (pool(enc, "Brute", "hp"), pool(enc, "Brute", "fatigue"), pool(enc, "Brute", "top")) == (14, 13, 0)
    assert pool(enc, "Brute", "impair_slashing") == 1
    enc.run("rest short")
    assert pool(enc, "Brute", "top") == 4
    assert "wounded" not in conds(enc, "Brute")


def test_damage_equal_to_top_option(enc: Encounter) -> None:
    enc.run("add Brute hp=20")
    enc.run("set top_equal_passes 1")
    enc.run("dmg Brute 3 bludgeoning")
    assert (pool(enc, "Brute", "hp"), pool(enc, "Brute", "fatigue")) == (20, 3)
    assert pool(enc, "Brute", "impair_bludgeoning") == 1
    enc.run("set use_impairments 0")
    enc.run("dmg Brute 9 bludgeoning")
    assert pool(enc, "Brute", "impair_bludgeoning") == 1
    assert (pool(enc, "Brute", "hp"), pool(enc, "Brute", "fatigue")) == (13, 5)


def test_bonus_hp_then_invigoration_soak_the_hp_part(enc: Encounter) -> None:
    enc.run("add Knight hp=20")
    enc.run("gain Knight 'Bonus HP' 2")
    enc.run("gain Knight invigoration 3")
    enc.run("dmg Knight 2")  # within ToP: fatigue, buffers untouched
    assert (pool(enc, "Knight", "bonus_hp"), pool(enc, "Knight", "invigoration"), pool(enc, "Knight", "fatigue")) \
        == (2, 3, 2)
    enc.run("dmg Knight 8")  # ToP 2: 2 fatigue, 6 for HP: 2 bonus, 3 invigoration, 1 HP
    assert (pool(enc, "Knight", "bonus_hp"), pool(enc, "Knight", "invigoration")) == (0, 0)
    assert (pool(enc, "Knight", "hp"), pool(enc, "Knight", "fatigue")) == (19, 4)


def test_buffers_soak_the_whole_hit_option(enc: Encounter) -> None:
    enc.run("add Knight hp=20")
    enc.run("set buffers_soak_fatigue 1")
    enc.run("gain Knight 'Bonus HP' 4")
    enc.run("dmg Knight 6")  # 4 soaked first, the 2 left are within ToP 3
    assert (pool(enc, "Knight", "bonus_hp"), pool(enc, "Knight", "hp"), pool(enc, "Knight", "fatigue")) == (0, 20, 2)


def test_healing_fills_invigoration_up_to_the_maximum_then_removes_fatigue(enc: Encounter) -> None:
    enc.run("add Knight hp=10")
    enc.run("dmg Knight 9")  # ToP 3: 3 fatigue, 6 HP
    assert (pool(enc, "Knight", "hp"), pool(enc, "Knight", "fatigue")) == (4, 3)
    enc.run("heal Knight 8")  # room for 6 Invigoration, 2 more off fatigue
    assert (pool(enc, "Knight", "invigoration"), pool(enc, "Knight", "fatigue"), pool(enc, "Knight", "hp")) \
        == (6, 1, 4)
    enc.run("heal Knight 5")  # no room left: fatigue to 0 and no lower
    assert (pool(enc, "Knight", "invigoration"), pool(enc, "Knight", "fatigue")) == (6, 0)
    enc.run("rest long")
    assert pool(enc, "Knight", "invigoration") == 0


def test_fatigue_at_hp_knocks_out_for_ten_tc_per_point_then_wake_up_checks(enc: Encounter) -> None:
    enc.run("add Guard hp=6 con=1 init=4")
    enc.run("add Hero pc init=5")
    enc.run("start")
    enc.run("act Guard attack sf=30")
    enc.run("next")
    assert tc(enc) == 5
    enc.run("dmg Guard 3")  # fatigue 3 of HP 6, ToP 3 -> 2
    enc.run("dmg Guard 2")  # fatigue 5
    assert prompts(enc) == []
    enc.run("dmg Guard 1")  # fatigue 6 = HP: the check begins
    assert prompts(enc) == [("Guard", "Stay conscious (Con check)")]
    enc.run("resolve value=0")  # DC 0 met
    assert "unconscious" not in conds(enc, "Guard")
    enc.run("dmg Guard 1")  # fatigue rises again: another check
    assert prompts(enc) == [("Guard", "Stay conscious (Con check)")]
    enc.run("resolve value=-3")  # missed by 3: out for at least 30 TC
    assert {"unconscious", "out-cold", "helpless", "immobile"} <= conds(enc, "Guard")
    assert cond(enc, "Guard", "out-cold")["remaining"] == 30
    enc.run("dmg Guard 1")  # no check while already unconscious
    assert prompts(enc) == []
    enc.run("act Hero attack sf=40")
    # TC 34: the Guard's turn comes while out cold and is pushed to TC 35; nobody else acts at 34, so
    # `next` goes straight on to 35 (a TC where nobody acts is never a stop)
    enc.run("next")
    assert tc(enc) == 35 and active(enc) == ["Guard"]
    assert "out-cold" not in conds(enc, "Guard") and "unconscious" in conds(enc, "Guard")
    assert prompts(enc) == [("Guard", "Wake up (Con check)")]
    enc.run("resolve value=-1")
    assert "unconscious" in conds(enc, "Guard")
    again = next_tc(enc, "Guard")  # the failed check schedules the next one, 1d10 TC on
    assert 36 <= again <= 45
    enc.run("next")
    assert tc(enc) == again and prompts(enc) == [("Guard", "Wake up (Con check)")]
    enc.run("resolve value=2")
    assert "unconscious" not in conds(enc, "Guard") and "helpless" not in conds(enc, "Guard")


def test_knocked_out_creature_checks_as_soon_as_its_minimum_time_ends(enc: Encounter) -> None:
    enc.run("add Guard hp=6 init=4")
    enc.run("add Hero pc init=5")
    enc.run("start")
    enc.run("act Guard attack sf=60")  # planned a slow action
    enc.run("next")
    enc.run("gain Guard fatigue 6")
    enc.run("resolve value=-1")  # out for 10 TC: until TC 15
    assert cond(enc, "Guard", "out-cold")["remaining"] == 10
    enc.run("act Hero attack sf=3")
    enc.run("next")  # TC 8: any turn start brings the Guard's turn forward
    assert tc(enc) == 8 and next_tc(enc, "Guard") == 15
    enc.run("act Hero attack sf=20")
    enc.run("next")
    assert tc(enc) == 15 and enc.view()["active"] == ["Guard"]
    assert prompts(enc) == [("Guard", "Wake up (Con check)")]


def test_stay_conscious_roll_subtracts_the_dc_and_impairments(enc: Encounter) -> None:
    enc.run("add Guard hp=10 con=2")
    enc.run("gain Guard 'Impairment: slashing' 1")
    enc.run("gain Guard fatigue 13")  # DC 3
    assert prompts(enc) == [("Guard", "Stay conscious (Con check)")]
    enc.run("resolve")
    line = enc.history()[-1].lines[0]
    rolled = enc.history()[-1].rolls[0].total
    # total = d20 + con 2 - 2 per impairment - DC 3, so between -2 and 17
    assert -2 <= rolled <= 17
    assert ("unconscious" in conds(enc, "Guard")) == (rolled < 0), line


def test_check_only_once_fatigue_exceeds_hp_option(enc: Encounter) -> None:
    enc.run("add Guard hp=10")
    enc.run("set check_at_equal 0")
    enc.run("gain Guard fatigue 10")
    assert prompts(enc) == []
    enc.run("gain Guard fatigue 1")
    assert prompts(enc) == [("Guard", "Stay conscious (Con check)")]


def test_dying_at_twice_hp_and_dead_at_zero_hp(enc: Encounter) -> None:
    enc.run("add Guard hp=8 init=4")
    enc.run("add Hero pc init=6")
    enc.run("start")
    enc.run("gain Guard fatigue 7")
    assert "dying" not in conds(enc, "Guard")
    enc.run("dmg Guard 7 slashing")  # ToP 3: fatigue 10, HP 4: 10 >= 2 x 4
    assert (pool(enc, "Guard", "hp"), pool(enc, "Guard", "fatigue")) == (4, 10)
    assert "dying" in conds(enc, "Guard")
    assert "dead" not in conds(enc, "Guard")
    assert tc(enc) == 4 and enc.view()["active"] == ["Guard"]
    enc.run("dmg Guard 9 slashing")
    assert pool(enc, "Guard", "hp") == 0
    assert "dead" in conds(enc, "Guard")
    assert "Guard" not in enc.view()["order"] and enc.view()["active"] == []
    enc.run("next")
    assert tc(enc) == 6 and enc.view()["active"] == ["Hero"]


# -- conditions timed by turns --------------------------------------------------------------------


def test_fumble_leaves_unsteady_until_the_next_turn_begins(enc: Encounter) -> None:
    enc.run("add Ogre init=5")
    enc.run("add Imp init=6")
    enc.run("start")
    enc.run("act Ogre fumble sf=9")  # the weapon's SF; the 1d6 comes with the fumble
    assert {"fumbled", "unsteady"} <= conds(enc, "Ogre")
    again = next_tc(enc, "Ogre")
    assert 15 <= again <= 20
    enc.run("next")
    assert tc(enc) == 6 and "unsteady" in conds(enc, "Ogre")
    enc.run("act Imp attack sf=30")
    enc.run("next")
    assert tc(enc) == again
    assert "fumbled" not in conds(enc, "Ogre") and "unsteady" not in conds(enc, "Ogre")


def test_feint_lasts_through_the_feinters_next_turn_and_distract_until_it_acts_again(enc: Encounter) -> None:
    enc.run("add Zherynn pc init=5")
    enc.run("add Garret init=6")
    enc.run("start")
    enc.run("act Zherynn feint sf=6")  # the weapon's SF: a feint takes half
    enc.run("cond Garret feinted from=Zherynn")
    enc.run("cond Garret distracted from=Zherynn")
    enc.run("next")
    assert tc(enc) == 6
    assert {"feinted", "distracted"} <= conds(enc, "Garret")
    enc.run("act Garret attack sf=9")
    enc.run("next")  # TC 8: Zherynn acts again
    assert tc(enc) == 8
    assert "distracted" not in conds(enc, "Garret")
    assert "feinted" in conds(enc, "Garret")  # the bonus is for this very action
    enc.run("act Zherynn attack sf=6")
    enc.run("next")
    assert tc(enc) == 14 and "feinted" not in conds(enc, "Garret")


def test_stances_shift_with_their_speed_and_revert(enc: Encounter) -> None:
    enc.run("add Ogre init=5")
    enc.run("start")
    enc.run("act Ogre shift-parrying")
    assert next_tc(enc, "Ogre") == 11  # Fast, static 6
    assert {"parrying", "shifting-stance"} <= conds(enc, "Ogre")
    enc.run("next")
    assert "shifting-stance" not in conds(enc, "Ogre") and "parrying" in conds(enc, "Ogre")
    enc.run("act Ogre shift-cautious")
    assert "parrying" not in conds(enc, "Ogre") and "cautious" in conds(enc, "Ogre")
    enc.run("next")
    enc.run("act Ogre revert-stance")  # free
    assert "cautious" not in conds(enc, "Ogre") and next_tc(enc, "Ogre") == tc(enc)
    enc.run("act Ogre drop-prone")
    assert "prone" in conds(enc, "Ogre")
    enc.run("next")
    with pytest.raises(CommandError):
        enc.run("act Ogre revert-stance")  # prone needs its own stand-up
    assert "prone" in conds(enc, "Ogre")
    enc.run("act Ogre stand-up")
    assert "prone" not in conds(enc, "Ogre")
    assert next_tc(enc, "Ogre") == tc(enc) + 4  # Swift
    enc.run("next")
    with pytest.raises(CommandError):
        enc.run("act Ogre stand-up")  # not prone any more
    enc.run("next")
    enc.run("act Ogre shift-poised")
    assert {"poised", "immobile"} <= conds(enc, "Ogre")
    enc.run("next")
    enc.run("act Ogre move")
    assert "poised" not in conds(enc, "Ogre") and "immobile" not in conds(enc, "Ogre")


def test_grab_holds_immobile_until_escape(enc: Encounter) -> None:
    enc.run("add Ogre init=5")
    enc.run("add Imp init=5")
    enc.run("start")
    with pytest.raises(CommandError):
        enc.run("act Imp escape-grab")  # nobody holds it yet
    enc.run("cond Imp grabbed from=Ogre")
    assert {"grabbed", "immobile"} <= conds(enc, "Imp")
    with pytest.raises(CommandError):
        enc.run("uncond Imp immobile")
    enc.run("act Imp escape-grab")
    assert "grabbed" not in conds(enc, "Imp") and "immobile" not in conds(enc, "Imp")
    assert next_tc(enc, "Imp") == 11


# -- spells ------------------------------------------------------------------------------------------


def test_spell_preparation_charges_and_casting(enc: Encounter) -> None:
    enc.run("add Mage pc init=5 armor_spell_failure=1")
    enc.run("add Ogre init=6")
    enc.run("start")
    with pytest.raises(CommandError):
        enc.run("act Mage cast-spell")  # nothing prepared
    enc.run("act Mage prepare-spell sf=8 value=0")
    assert "spellcasting" in conds(enc, "Mage") and "unsteady" in conds(enc, "Mage")
    assert var(enc, "Mage", "casting_dc") == 11
    enc.run("next")
    enc.run("dmg Mage 2")  # taken while preparing: DC + 2
    assert var(enc, "Mage", "casting_dc") == 13
    enc.run("act Ogre attack sf=20")
    enc.run("next")
    assert tc(enc) == 13
    assert "spellcasting" not in conds(enc, "Mage") and "spell-prepared" in conds(enc, "Mage")
    enc.run("act Mage charge-spell")
    assert (pool(enc, "Mage", "charges"), var(enc, "Mage", "casting_dc")) == (1, 14)
    assert next_tc(enc, "Mage") == 14
    enc.run("next")
    enc.run("dmg Mage 1")  # no longer preparing: DC unchanged
    assert var(enc, "Mage", "casting_dc") == 14
    enc.run("act Mage release-charge")
    enc.run("next")
    with pytest.raises(CommandError):
        enc.run("act Mage release-charge")  # nothing left to release
    enc.run("act Mage cast-spell")
    assert "spell-prepared" not in conds(enc, "Mage")
    assert (var(enc, "Mage", "casting_dc"), pool(enc, "Mage", "charges"), var(enc, "Mage", "casts_today")) \
        == (0, 0, 1)
    assert next_tc(enc, "Mage") == tc(enc) + 1


# -- other tracks ------------------------------------------------------------------------------------


def test_pool_ids_can_be_typed(enc: Encounter) -> None:
    """`gain NAME POOL N` takes the pool's id as the ruleset spells it."""
    enc.run("add Knight hp=20")
    enc.run("gain Knight bonus_hp 2")
    enc.run("spend Knight bonus_hp 1")
    assert pool(enc, "Knight", "bonus_hp") == 1


def test_a_condition_until_the_end_of_the_actors_turn_ends_when_the_clock_moves_on(enc: Encounter) -> None:
    enc.run("add Ogre init=5")
    enc.run("add Imp init=7")
    enc.run("start")
    enc.run("cond Ogre cautious until=end-of-turn")
    assert "cautious" in conds(enc, "Ogre")
    enc.run("act Ogre attack sf=9")
    enc.run("next")
    assert tc(enc) == 7
    assert "cautious" not in conds(enc, "Ogre")


def test_paralysis_steps_and_full_paralysis(enc: Encounter) -> None:
    enc.run("add Hero pc vigor=10")
    enc.run("dmg Hero 4 paralysis")
    assert pool(enc, "Hero", "paralysis") == 4 and pool(enc, "Hero", "hp") == 10 and pool(enc, "Hero", "top") == 3
    assert prompts(enc) == []
    enc.run("dmg Hero 6 paralysis")  # 10 >= half of Vigor twice over
    assert prompts(enc) == [("Hero", "Paralysis penalties")]
    enc.run("resolve")
    assert cond(enc, "Hero", "paralysis-penalty")["value"] == 2
    enc.run("dmg Hero 20 paralysis")
    assert {"paralyzed", "helpless", "immobile"} <= conds(enc, "Hero")


def test_running_checks_add_fatigue_and_the_third_failure_stops_the_run(enc: Encounter) -> None:
    enc.run("add Runner pc hp=12 init=5")
    enc.run("start")
    for _ in range(4):  # a run needs 4 TC of moving straight first
        enc.run("act Runner move")
        enc.run("next")
    enc.run("act Runner start-running")
    assert {"running", "unsteady"} <= conds(enc, "Runner")
    assert prompts(enc) == [("Runner", "Running endurance check")]
    enc.run("resolve value=-2")
    assert (pool(enc, "Runner", "fatigue"), var(enc, "Runner", "run_fails"), var(enc, "Runner", "run_checks")) \
        == (1, 1, 1)
    enc.run("prompt Runner running-check")
    enc.run("resolve value=-7")
    assert (pool(enc, "Runner", "fatigue"), var(enc, "Runner", "run_fails")) == (3, 2)
    assert "running" in conds(enc, "Runner")
    enc.run("prompt Runner running-check")
    enc.run("resolve value=3")
    assert var(enc, "Runner", "run_fails") == 2 and var(enc, "Runner", "run_checks") == 3
    enc.run("prompt Runner running-check")
    enc.run("resolve value=-1")
    assert "running" not in conds(enc, "Runner") and "unsteady" not in conds(enc, "Runner")
    assert "fatigued" in conds(enc, "Runner")


def test_a_run_that_would_knock_out_stops_one_fatigue_short(enc: Encounter) -> None:
    enc.run("add Runner pc hp=5 init=5")
    enc.run("start")
    enc.run("gain Runner fatigue 3")
    for _ in range(4):  # a run needs 4 TC of moving straight first
        enc.run("act Runner move")
        enc.run("next")
    enc.run("act Runner start-running")
    enc.run("resolve value=-1")  # 3 + 1 = 4 < 5: runs on
    assert pool(enc, "Runner", "fatigue") == 4 and "running" in conds(enc, "Runner")
    assert "fatigued" not in conds(enc, "Runner")
    enc.run("prompt Runner running-check")
    enc.run("resolve value=-9")  # 4 + 2 would reach HP: stop at HP - 1
    assert pool(enc, "Runner", "fatigue") == 4
    assert "running" not in conds(enc, "Runner") and "fatigued" in conds(enc, "Runner")
    assert prompts(enc) == []  # no consciousness check: the fatigue never reached HP


def test_sprinting_is_running_and_its_start_check_can_fail(enc: Encounter) -> None:
    enc.run("add Runner pc hp=12 init=5")
    enc.run("start")
    for _ in range(4):  # a run needs 4 TC of moving straight first
        enc.run("act Runner move")
        enc.run("next")
    enc.run("act Runner start-running")
    enc.run("resolve value=1")
    enc.run("next")
    for _ in range(3):  # a sprint needs 4 TC of running first
        enc.run("act Runner move")
        enc.run("next")
    enc.run("act Runner start-sprinting")
    assert prompts(enc) == [("Runner", "Start sprinting (Athletics Str)")]
    enc.run("resolve value=-1")
    assert "sprinting" not in conds(enc, "Runner") and "running" in conds(enc, "Runner")
    enc.run("next")
    enc.run("act Runner start-sprinting")
    enc.run("resolve value=6")
    assert {"sprinting", "running", "unsteady"} <= conds(enc, "Runner")
    enc.run("next")
    enc.run("act Runner stop-running")
    assert not {"sprinting", "running", "unsteady"} & conds(enc, "Runner")


# -- the data --------------------------------------------------------------------------------------


def test_the_ruleset_names_what_the_tracker_needs(enc: Encounter) -> None:
    rs = enc.rs
    assert rs.time.model.value == "time-count" and rs.time.order == "ascending"
    assert rs.time.initiative == "1d6+4" and rs.time.surprise.initiative_penalty == "1d6"
    assert rs.time.tc_seconds == 0.5
    classes = {s.id: (s.random, s.static) for s in rs.speed_classes}
    assert {k: v[1] for k, v in classes.items() if k in STATIC_SF} == STATIC_SF
    assert classes["sedentary"][0] == "1d12+16" and classes["rapid"][0] == "1d4"
    have = {c.id for c in rs.conditions}
    assert {"unsteady", "unconscious", "dying", "wounded", "immobile", "prone", "grabbed", "fatigued",
            "surprised", "paralyzed", "petrified", "cautious", "crouch", "parrying", "poised",
            "spellcasting"} <= have
    pools = {p.id for p in rs.pools}
    assert {"hp", "fatigue", "top", "bonus_hp", "invigoration", "impair_bludgeoning", "impair_piercing",
            "impair_slashing"} <= pools
    for c in rs.conditions:
        assert 0 < c.description.count(". ") + 1 <= 3, c.id
    assert 8 <= len(rs.rules) <= 20


# -- a long stretch of play --------------------------------------------------------------------------


def test_sixty_tc_of_play_keeps_the_books(enc: Encounter) -> None:
    """Two PCs and two NPCs fight past TC 60. At every step: the clock never runs back, whoever is
    active is due now, NPCs reschedule by the static SF, PCs within the random range (each plus its
    slashing impairments), each hit lowers
    ToP by exactly 1 and moves exactly its damage into HP loss plus fatigue."""
    enc.run("add Kara pc hp=30 con=2 init=5")
    enc.run("add Lio pc hp=25 surprised init=5")
    enc.run("add Brute hp=40 persona=2")
    enc.run("add Cutter hp=40")
    enc.run("start")
    assert {"surprised", "unsteady"} <= conds(enc, "Lio")
    lio_first = creature(enc, "Lio")["initiative"]
    assert 6 <= lio_first <= 11
    plan = {"Kara": "fast", "Lio": "standard", "Brute": "slow", "Cutter": "swift"}
    target = {"Kara": "Brute", "Lio": "Cutter", "Brute": "Kara", "Cutter": "Lio"}
    hits = dict.fromkeys(plan, 0)
    turns = dict.fromkeys(plan, 0)
    last = 0
    steps = 0
    while tc(enc) <= 60:
        steps += 1
        assert steps < 200
        now = tc(enc)
        assert now >= last
        last = now
        active = enc.view()["active"]
        assert active, now
        for name in active:
            assert next_tc(enc, name) == now
            if name == "Lio":
                assert ("unsteady" in conds(enc, "Lio")) is False
            turns[name] += 1
            foe = target[name]
            if "dead" not in conds(enc, foe):
                before = {k: pool(enc, foe, k) for k in ("hp", "fatigue", "top")}
                enc.run(f"dmg {foe} 4 slashing")
                after = {k: pool(enc, foe, k) for k in ("hp", "fatigue", "top")}
                hits[foe] += 1
                assert after["top"] == max(before["top"] - 1, 0)
                if before["hp"] > 4:  # (HP stops at 0)
                    assert (before["hp"] - after["hp"]) + (after["fatigue"] - before["fatigue"]) == 4
                    assert after["fatigue"] - before["fatigue"] == (before["top"] if before["top"] < 4 else 4)
                assert ("wounded" in conds(enc, foe)) == (after["top"] == 0)
            while enc.state.prompts:
                enc.run("resolve")
            if "unconscious" in conds(enc, name) or "dead" in conds(enc, name):
                continue
            slowed = pool(enc, name, "impair_slashing")  # each slashing impairment: +1 weapon SF
            enc.run(f"act {name} attack class={plan[name]}")
            sf = next_tc(enc, name) - now - slowed
            if name in ("Kara", "Lio"):
                low, high = RANDOM_SF[plan[name]]
                assert low <= sf <= high, (name, sf)
            else:
                assert sf == STATIC_SF[plan[name]], (name, sf)
        enc.run("next")
        if tc(enc) < lio_first:
            assert "unsteady" in conds(enc, "Lio")
    assert tc(enc) > 60
    # Brute (ToP 5) and Cutter (ToP 3) were each hit often enough to be worn to 0.
    assert hits["Brute"] >= 5 and pool(enc, "Brute", "top") == 0 and "wounded" in conds(enc, "Brute")
    assert hits["Cutter"] >= 3 and pool(enc, "Cutter", "top") == 0
    # Swift Cutter (4 TC) acted far more often than slow Brute (12 TC).
    assert turns["Cutter"] > 2 * turns["Brute"]
    # Undo all the way back and redo: the same view.
    end = enc.view()
    n = enc.doc.cursor
    for _ in range(n):
        enc.run("undo")
    assert enc.view()["started"] is False
    for _ in range(n):
        enc.run("redo")
    assert enc.view() == end


def test_value_and_tally_are_names_only_where_an_action_declares_them(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from combat_tui.store.rulesets import builtin_dir, load_all

    text = (builtin_dir() / "time-count.toml").read_text(encoding="utf-8").replace('id = "time-count"', 'id = "mine"')
    asks = 'value = "the spell\'s fatigue cost"\n'
    for old, new, name in ((asks, "", "value"), (asks + 'tally = "casts"\n', asks, "tally")):
        assert old in text
        (tmp_path / "mine.toml").write_text(text.replace(old, new, 1), encoding="utf-8")
        cat = load_all(tmp_path)
        assert "mine" not in cat.rulesets
        assert f"unknown name {name!r}" in cat.problems[0], cat.problems
    (tmp_path / "mine.toml").write_text(text, encoding="utf-8")
    assert "mine" in load_all(tmp_path).rulesets
