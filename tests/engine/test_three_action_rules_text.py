"""`three-action` checked against its rules text: each test quotes the sentence it comes from."""

from __future__ import annotations

import pytest
from helpers import Make, active, cond, conds, creature, pool, pool_max

from combat_tui.engine.encounter import Encounter
from combat_tui.engine.state.errors import CombatError
from combat_tui.store.rulesets import Catalogue


def sources(enc: Encounter, name: str, cid: str) -> set[str]:
    return {x["source"] for x in creature(enc, name)["conditions"] if x["id"] == cid}


def next_until(enc: Encounter, name: str, limit: int = 12) -> None:
    for _ in range(limit):
        enc.run("next")
        if enc.view()["active"] == [name]:
            return
    raise AssertionError(f"{name} never got a turn")


@pytest.fixture
def enc(make: Make) -> Encounter:
    e: Encounter = make("three-action", seed=11)
    e.run("add Hero pc init=15 hp=20")
    e.run("add Orc init=10 hp=12")
    e.run("add Imp init=5 hp=6")
    return e


# -- rounds and turns ---------------------------------------------------------------------------------


def test_a_round_is_six_seconds_highest_initiative_first(catalogue: Catalogue, enc: Encounter) -> None:
    """"A Round is a 6 second increment of time in which every Creature in the combat gets 1 Turn. This
    starts with the Creature who rolled the highest Initiative and then continuous in order from highest
    to lowest.\""""
    assert catalogue.get("three-action").time.round_seconds == 6
    enc.run("start")
    assert enc.view()["order"] == ["Hero", "Orc", "Imp"]
    seen = [active(enc)]
    for _ in range(3):
        enc.run("next")
        seen.append(active(enc))
    assert seen == [["Hero"], ["Orc"], ["Imp"], ["Hero"]]
    assert enc.view()["round"] == 2


def test_a_held_turn_enters_only_once_another_creatures_turn_has_ended(enc: Encounter) -> None:
    """"If a Creature decides to hold its Turn it must wait until the end of another's Creatures Turn
    before entering the Initiative count.\""""
    enc.run("start")
    enc.run("hold Hero")
    assert active(enc) == ["Orc"]
    enc.run("cond Imp flat-footed from=Orc until=end-of-turn")  # lasts to the end of the Orc's turn
    enc.run("enter Hero")
    assert active(enc) == ["Orc"]  # the Orc's turn is neither interrupted nor taken away
    assert "flat-footed" in conds(enc, "Imp")
    enc.run("next")
    assert active(enc) == ["Hero"]
    assert "flat-footed" not in conds(enc, "Imp")  # the Orc's turn ended first
    assert enc.view()["order"] == ["Orc", "Hero", "Imp"]
    next_until(enc, "Orc")  # the new place holds for the rest of combat
    enc.run("next")
    assert active(enc) == ["Hero"]


def test_three_actions_and_one_reaction_a_turn(enc: Encounter) -> None:
    """"Each Creatures Turn consists of three Actions that they performed consecutively and one Reaction
    they can use during any other Creatures Turn before the start of their own next Turn.\""""
    enc.run("start")
    for _ in range(3):
        enc.run("act Hero interact")
    with pytest.raises(CombatError):
        enc.run("act Hero interact")
    enc.run("next")
    enc.run("act Hero reaction")  # on the Orc's turn
    with pytest.raises(CombatError):
        enc.run("act Hero reaction")
    enc.run("next")
    assert pool(enc, "Hero", "reactions") == 0  # not back until the Hero's own turn starts
    enc.run("next")
    assert pool(enc, "Hero", "reactions") == 1 and pool(enc, "Hero", "actions") == 3


def test_a_reaction_on_ones_own_turn_is_a_reading_with_an_option(enc: Encounter) -> None:
    """"A Reaction is a special Type of Action that can be used at any time." against "one Reaction they
    can use during any other Creatures Turn": the entry is followed, the summary is an option."""
    enc.run("start")
    enc.run("act Hero reaction")  # e.g. a Climb check to catch a ledge, falling on its own turn
    assert pool(enc, "Hero", "reactions") == 0
    enc.run("set reaction_only_off_turn 1")
    enc.run("act Orc reaction")  # on the Hero's turn: fine either way
    next_until(enc, "Hero")
    with pytest.raises(CombatError, match="other creatures' turns"):
        enc.run("act Hero reaction")
    assert pool(enc, "Hero", "reactions") == 1


def test_a_delaying_creature_still_takes_its_start_of_turn_effects(enc: Encounter) -> None:
    """"They must still experience any Effects that would normally affect them at the start of their
    Turn." ... "they continue to suffer any ongoing Effects ... each Round at their original
    Initiative.\""""
    enc.run("start")
    enc.run("cond Hero on-fire")
    next_until(enc, "Hero")
    assert [p["table"] for p in enc.view()["prompts"]] == ["On fire"]
    enc.run("dismiss Hero")
    enc.run("delay Hero")
    assert active(enc) == ["Orc"]
    enc.run("next")
    enc.run("next")  # round 3: the delaying Hero's old place comes round again
    assert enc.view()["round"] == 3 and active(enc) == ["Orc"]
    assert [(p["creature"], p["table"]) for p in enc.view()["prompts"]] == [("Hero", "On fire")]


# -- actions --------------------------------------------------------------------------------------------


def test_control_is_refused_for_a_spell_cast_this_turn(enc: Encounter) -> None:
    """"You can spend an Action to Control a Spell you Cast on a previous Turn." ... "You can only Control
    a Spell once per Turn.\""""
    enc.run("start")
    enc.run("act Hero cast what=Fireball")
    with pytest.raises(CombatError, match="Cast a spell counts as one"):
        enc.run("act Hero control what=fireball")
    assert pool(enc, "Hero", "actions") == 2  # the refused Control cost nothing
    enc.run("act Hero control what=Wall")  # cast on an earlier turn
    next_until(enc, "Hero")
    enc.run("act Hero control what=Fireball")  # a later turn
    with pytest.raises(CombatError):
        enc.run("act Hero control what=Fireball")


def test_command_once_a_round_on_a_creature(enc: Encounter) -> None:
    """"This Action can only be used on a Creature once per Round.\""""
    enc.run("add Mage init=12")
    enc.run("start")
    enc.run("act Hero command on=Imp")
    with pytest.raises(CombatError):
        enc.run("act Hero command on=Imp")
    enc.run("next")
    with pytest.raises(CombatError):
        enc.run("act Mage command on=Imp")  # another commander, the same round
    enc.run("act Mage command on=Orc")
    next_until(enc, "Hero")
    enc.run("act Hero command on=Imp")  # a new round


def test_focus_regains_energy_for_each_action(enc: Encounter) -> None:
    """"For each Action spent focusing you gain Energy equal (ESS+Level)/3 rounded down.\""""
    enc.run("edit Hero ess=5 level=3")
    enc.run("start")
    enc.run("spend Hero energy 8")
    enc.run("act Hero focus")
    enc.run("act Hero focus")
    assert pool(enc, "Hero", "energy") == 2 + 2 * 2  # floor(8 / 3) = 2 each


def test_readying_takes_two_actions_and_lasts_to_the_next_turn(enc: Encounter) -> None:
    """"You may use two Actions to ready a single Action." ... "This Action may be triggered at any point
    up to your next Turn.\""""
    enc.run("start")
    enc.run("act Hero ready")
    assert pool(enc, "Hero", "actions") == 1 and "readied" in conds(enc, "Hero")
    enc.run("next")
    enc.run("next")
    assert "readied" in conds(enc, "Hero")
    enc.run("next")
    assert active(enc) == ["Hero"] and "readied" not in conds(enc, "Hero")


def test_a_readied_action_goes_off_only_until_the_next_turn_starts(enc: Encounter) -> None:
    """"This Action may be triggered at any point up to your next Turn.": without readying, or once its next
    turn has begun, there is nothing to take."""
    enc.run("start")
    with pytest.raises(CombatError, match="no action is readied"):
        enc.run("act Hero fire-readied")
    enc.run("act Hero ready")
    enc.run("next")  # the Orc's turn: the trigger may come
    enc.run("act Hero fire-readied")
    assert "readied" not in conds(enc, "Hero")
    with pytest.raises(CombatError, match="no action is readied"):
        enc.run("act Hero fire-readied")  # it went off once
    enc.run("next")
    enc.run("next")  # the Hero's next turn
    enc.run("act Hero ready")
    enc.run("next")
    enc.run("next")
    enc.run("next")  # its next turn has begun: the readied action is gone unused
    with pytest.raises(CombatError, match="no action is readied"):
        enc.run("act Hero fire-readied")


def test_a_free_action_only_on_ones_own_turn(enc: Encounter) -> None:
    """"Free Actions must be done on your Turn or when triggered by an ability you have." and "You can
    release the other Creature as a Free Action to end the Grapple.\""""
    enc.run("start")
    enc.run("act Hero grapple on=Orc")
    enc.run("next")
    with pytest.raises(CombatError, match="own turn"):
        enc.run("act Hero release on=Orc")
    assert "grappling" in conds(enc, "Hero")
    next_until(enc, "Hero")
    enc.run("act Hero release on=Orc")
    assert pool(enc, "Hero", "actions") == 3  # free
    assert "grappling" not in conds(enc, "Hero") and "grappled" not in conds(enc, "Orc")


# -- moving ---------------------------------------------------------------------------------------------


def test_an_entangled_creature_cannot_move_from_its_space(enc: Encounter) -> None:
    """"An Entangled Creature cannot Move from its space under its own Power.\""""
    enc.run("start")
    enc.run("cond Hero entangled")
    for action in ("move", "fly"):
        with pytest.raises(CombatError, match="Entangled"):
            enc.run(f"act Hero {action}")
    assert pool(enc, "Hero", "actions") == 3
    enc.run("uncond Hero entangled")
    enc.run("act Hero move")
    assert pool(enc, "Hero", "actions") == 2


def test_a_prone_creature_stands_or_crawls(enc: Encounter) -> None:
    """"Move - You Move up to your Speed or stand up from Prone." ... "Crawling - While Prone you can Move
    5ft." ... "A Prone Creature can stand as an Action or Crawl 5ft.\""""
    enc.run("start")
    with pytest.raises(CombatError, match="only while Prone"):
        enc.run("act Hero crawl")
    enc.run("cond Hero prone")
    with pytest.raises(CombatError, match="Prone"):
        enc.run("act Hero move")
    enc.run("act Hero crawl")
    assert "prone" in conds(enc, "Hero")
    enc.run("act Hero stand")
    assert "prone" not in conds(enc, "Hero") and pool(enc, "Hero", "actions") == 1
    enc.run("act Hero move")
    assert pool(enc, "Hero", "actions") == 0


def test_a_flier_must_spend_an_action_flying_each_turn(enc: Encounter) -> None:
    """"If you do not spend an Action on your Turn to fly you fall as normal.\""""
    enc.run("start")
    enc.run("act Hero fly")
    enc.run("next")
    assert "flying" in conds(enc, "Hero") and "falling" not in conds(enc, "Hero")
    next_until(enc, "Hero")
    enc.run("next")  # a turn with no Fly
    assert "flying" not in conds(enc, "Hero") and "falling" in conds(enc, "Hero")


def test_held_breath_then_death_and_the_later_reading(make: Make) -> None:
    """"You can hold your breath a number of Rounds equal to your STR. At the end of this time you drop to
    0 HP and become Incapacitated. At the end of your next Turn if you still have not gotten a chance to
    breathe you die.\""""
    for extra in (0, 1):
        enc: Encounter = make("three-action", seed=3)
        enc.run("add Diver init=15 hp=9 str=2")
        enc.run("add Eel init=5")
        enc.run(f"set suffocation_extra_turn {extra}")
        enc.run("start")
        enc.run("cond Diver holding-breath")
        next_until(enc, "Diver")  # one round of two held
        assert pool(enc, "Diver", "hp") == 9 and pool(enc, "Diver", "breath") == 1
        next_until(enc, "Diver")  # out of breath
        assert pool(enc, "Diver", "hp") == 0 and {"suffocating", "incapacitated"} <= conds(enc, "Diver")
        enc.run("next")
        assert ("dead" in conds(enc, "Diver")) is (extra == 0)
        if extra:
            next_until(enc, "Diver")
            enc.run("next")
            assert "dead" in conds(enc, "Diver")


def test_air_in_time_ends_the_last_gasp(make: Make) -> None:
    """"At the end of your next Turn if you still have not gotten a chance to breathe you die.\""""
    enc: Encounter = make("three-action", seed=3)
    enc.run("add Diver init=15 hp=9 str=1")
    enc.run("add Eel init=5")
    enc.run("set suffocation_extra_turn 1")
    enc.run("start")
    enc.run("cond Diver suffocating")
    enc.run("next")
    assert "last-gasp" in conds(enc, "Diver") and "dead" not in conds(enc, "Diver")
    enc.run("uncond Diver suffocating")  # it breathes
    assert "last-gasp" not in conds(enc, "Diver")
    next_until(enc, "Diver")
    enc.run("next")
    assert "dead" not in conds(enc, "Diver")


def test_zero_g_attacking_or_being_hit_leaves_one_unsteady(enc: Encounter) -> None:
    """"If you make an Attack or are hit while not touching a fixed Object you must spend an Action to
    Stabilize yourself or take Disadvantage on all Attack rolls until you touch a fixed Object.\""""
    enc.run("start")
    enc.run("act Hero melee")
    assert "unsteady" not in conds(enc, "Hero")  # on solid ground
    enc.run("cond Hero adrift")
    enc.run("act Hero melee")
    assert "unsteady" in conds(enc, "Hero")
    enc.run("act Hero steady")
    assert "unsteady" not in conds(enc, "Hero") and pool(enc, "Hero", "actions") == 0
    enc.run("dmg Hero 2")
    assert "unsteady" in conds(enc, "Hero")
    enc.run("uncond Hero adrift")  # it grabs a fixed handhold
    assert "unsteady" not in conds(enc, "Hero")


# -- grappling --------------------------------------------------------------------------------------------


def test_a_won_grapple_marks_both_and_breaking_free_ends_both(enc: Encounter) -> None:
    """"On a success you are Grappling the Creature, and it is Grappled by you." ... "You are Flat Footed
    to the Creature Grappling you. If you succeed an opposed Melee Attack roll against the Creature
    Grappling you to Push them away or Grapple them this condition ends.\""""
    enc.run("start")
    enc.run("act Hero grapple on=Orc")
    assert sources(enc, "Hero", "grappling") == {"Orc"}
    assert sources(enc, "Orc", "grappled") == {"Hero"}
    assert sources(enc, "Orc", "flat-footed") == {"Hero"}
    assert pool(enc, "Hero", "actions") == 2  # a maneuver: an attack's action
    enc.run("next")
    enc.run("act Orc break-free on=Hero")
    assert not {"grappled", "flat-footed"} & conds(enc, "Orc")
    assert "grappling" not in conds(enc, "Hero")


def test_a_critical_grapple_slows_for_one_round(enc: Encounter) -> None:
    """"On a Critical Success the Grappled Creature is Slowed for one Round." with "If something has a
    Duration of 1 Round it will end after all other Creatures have gotten a Turn\""""
    enc.run("start")
    enc.run("act Hero grapple on=Orc")
    enc.run("cond Orc slowed for=1")
    next_until(enc, "Orc")
    assert pool(enc, "Orc", "actions") == 2
    next_until(enc, "Hero")
    assert "slowed" not in conds(enc, "Orc")


# -- conditions ----------------------------------------------------------------------------------------


def test_bleeding_comes_before_every_other_continuous_effect(enc: Encounter) -> None:
    """"At the start of a Bleeding Creatures Turn, before any other continuous Effects, it rolls on the
    Bleed Table\""""
    enc.run("start")
    enc.run("cond Orc poisoned 2")
    enc.run("cond Orc on-fire")
    enc.run("cond Orc bleeding")
    enc.run("next")
    assert [p["table"] for p in enc.view()["prompts"]] == ["Bleed table", "On fire", "Poison"]


def test_the_bleed_penalty_moves_with_damage_and_healing(enc: Encounter) -> None:
    """"Any time the Creature takes Damage, their Bleed Penalty increases by 1. Any time the Creature is
    healed, their Bleed Penalty is reduced by 1.\""""
    enc.run("start")
    enc.run("dmg Orc 1")
    enc.run("dmg Orc 1")
    enc.run("dmg Orc 1")
    assert pool(enc, "Orc", "bleed_penalty") == 3
    enc.run("heal Orc 2")
    assert pool(enc, "Orc", "bleed_penalty") == 2


def test_incapacitated_and_slowed_bottom_out_at_zero(enc: Encounter) -> None:
    """"An Incapacitated Creature gets 2 less Actions and 2 less Reactions per Turn to a minimum of 0" and
    "A Slowed Creature has one less Action and one less Reaction per Turn to a minimum of 0\""""
    enc.run("start")
    enc.run("cond Orc slowed")
    enc.run("dmg Orc 12")
    assert (pool_max(enc, "Orc", "actions"), pool_max(enc, "Orc", "reactions")) == (0, 0)
    assert {"incapacitated", "prone", "bleeding"} <= conds(enc, "Orc")


def test_stunned_takes_no_free_actions_either(enc: Encounter) -> None:
    """"A Stunned Creature can take no Actions, Reactions or Free Actions and is Flat Footed to all other
    Creatures.\""""
    enc.run("start")
    enc.run("act Hero grapple on=Orc")
    enc.run("cond Hero stunned")
    with pytest.raises(CombatError):
        enc.run("act Hero release on=Orc")
    with pytest.raises(CombatError):
        enc.run("act Hero reaction")
    assert "flat-footed" in conds(enc, "Hero")


def test_unconscious_falls_prone_and_stays_prone_after(enc: Encounter) -> None:
    """"An Unconscious Creature can take no Actions, Reactions, or Free Actions. They fall Prone and are
    Flat Footed to all other Creatures.\""""
    enc.run("start")
    enc.run("cond Orc unconscious")
    assert {"prone", "flat-footed"} <= conds(enc, "Orc")
    assert pool_max(enc, "Orc", "actions") == 0 and pool_max(enc, "Orc", "reactions") == 0
    enc.run("uncond Orc unconscious")
    assert "prone" in conds(enc, "Orc")


def test_shaken_lengthens_and_poisons_keep_their_own_clocks(enc: Encounter) -> None:
    """"Additional instances of Shaken add to the Duration." and "Multiple instances of Poison do not
    stack (apply only the highest Level of Poison), but their Durations are tracked separately.\""""
    enc.run("start")
    enc.run("cond Orc shaken for=1")
    enc.run("cond Orc shaken for=2")
    assert next(x for x in creature(enc, "Orc")["conditions"] if x["id"] == "shaken")["remaining"] == 3
    enc.run("cond Orc poisoned 4 for=1")
    enc.run("cond Orc poisoned 1 for=3")
    next_until(enc, "Orc")
    lines = enc.run("resolve Orc")
    assert any("takes 4 poison damage" in line for line in lines)  # the highest level only
    next_until(enc, "Hero")  # the level-4 poison's round is over; the weaker one goes on
    next_until(enc, "Orc")
    lines = enc.run("resolve Orc")
    assert any("takes 1 poison damage" in line for line in lines)


def test_hidden_is_concealed_and_undetected_is_hidden(enc: Encounter) -> None:
    """"Hidden - ... The Creature is Concealed" and "Undetected - ... The Creature is also Hidden.\""""
    enc.run("cond Imp undetected from=Orc")
    assert sources(enc, "Imp", "hidden") == {"Orc"} and sources(enc, "Imp", "concealed") == {"Orc"}


def test_flanked_blinded_and_squeezing_are_flat_footed(enc: Encounter) -> None:
    """"A Flanked Creature is Flat Footed against both of the flanking Creatures." "A Blinded Creature is
    Flat Footed against all other Creatures" "While in this space the Creature is Flat Footed against all
    other Creatures\""""
    enc.run("cond Orc flanked from=Hero")
    enc.run("cond Orc flanked from=Imp")
    assert sources(enc, "Orc", "flat-footed") == {"Hero", "Imp"}
    for cid in ("blinded", "squeezing"):
        enc.run(f"cond Imp {cid}")
        assert "flat-footed" in conds(enc, "Imp")
        enc.run(f"uncond Imp {cid}")
        assert "flat-footed" not in conds(enc, "Imp")


def test_on_fire_is_put_out_by_dropping_prone(enc: Encounter) -> None:
    """"A Creature may put out the fire by spending an Action to drop Prone and roll on the ground\""""
    enc.run("start")
    enc.run("cond Hero on-fire")
    enc.run("act Hero extinguish")
    assert "on-fire" not in conds(enc, "Hero") and "prone" in conds(enc, "Hero")
    assert pool(enc, "Hero", "actions") == 2


def test_dead_at_negative_max_hp(enc: Encounter) -> None:
    """"A Creature dies when it has a negative HP equal to or greater than its max HP\""""
    enc.run("start")
    enc.run("dmg Imp 11")
    assert "dead" not in conds(enc, "Imp") and "incapacitated" in conds(enc, "Imp")
    enc.run("dmg Imp 1")
    assert "dead" in conds(enc, "Imp") and "bleeding" not in conds(enc, "Imp")


def test_a_fall_offers_the_reaction_climb_check(enc: Encounter) -> None:
    """"Any time a Creature would fall they may make a Climb Check as a Reaction to Grab a nearby surface
    if possible\""""
    enc.run("start")
    lines = enc.run("cond Orc falling")
    assert any("Climb check" in line for line in lines)
    assert not any("Climb check" in line for line in enc.run("dmg Orc 1"))  # once, as the fall begins
    enc.run("act Hero fly")
    enc.run("next")
    next_until(enc, "Hero")
    lines = enc.run("next")  # the Hero flew not this turn: it falls, and may try to catch itself
    assert any(line.startswith("Hero") and "Climb check" in line for line in lines)
    assert "falling" in conds(enc, "Hero")


def test_a_fall_keeps_its_distance_100_ft_a_round(enc: Encounter) -> None:
    """"Creatures fall 100ft a Round starting as soon as they are unsupported ... If Falling a distance
    greater than 100 ft they continue Falling at the start of each of their Turns.\""""
    enc.run("start")  # the Hero's turn; the Orc acts next
    lines = enc.run("cond Orc falling 250")
    assert any("100 ft at once" in line for line in lines)
    assert cond(enc, "Orc", "falling")["value"] == 150  # the first 100 ft as it starts to fall
    enc.run("next")  # the Orc's turn: another 100 ft
    enc.run("resolve Orc")
    assert cond(enc, "Orc", "falling")["value"] == 50
    next_until(enc, "Orc")  # the next round: the last 50 ft, and it lands
    enc.run("resolve Orc")
    assert "falling" not in conds(enc, "Orc")


def test_a_number_given_to_a_condition_without_one_is_refused_not_dropped(enc: Encounter) -> None:
    """A number the GM gives must not vanish: Prone takes none ("Falling on the ground means you'll have the
    "Prone" condition"), so `cond Orc prone 2` is refused with what a duration looks like."""
    with pytest.raises(CombatError) as refused:
        enc.run("cond Orc prone 2")
    assert str(refused.value) == "Prone takes no value (a duration is for=N)"
    assert "prone" not in conds(enc, "Orc")
    enc.run("cond Orc prone for=2")
    assert "prone" in conds(enc, "Orc")


def test_feats_may_give_more_reactions(enc: Encounter) -> None:
    """"Every Creature gets 1 Reaction per Round starting on their Turn and expiring the start of their
    next Turn, but can obtain more through Feats.\""""
    enc.run("add Duelist init=20 reactions=2")
    enc.run("start")
    enc.run("next")
    enc.run("act Duelist reaction")
    enc.run("act Duelist reaction")
    with pytest.raises(CombatError):
        enc.run("act Duelist reaction")
    next_until(enc, "Duelist")
    assert pool(enc, "Duelist", "reactions") == 2  # back to its own number, not 1 and not 4


def test_only_first_becoming_incapacitated_knocks_prone_and_starts_bleeding(enc: Encounter) -> None:
    """"When a Creature first becomes Incapacitated it is knocked Prone, and begins Bleeding.\""""
    enc.run("start")
    enc.run("dmg Orc 14")
    assert {"incapacitated", "prone", "bleeding"} <= conds(enc, "Orc")
    enc.run("next")
    enc.run("resolve Orc value=18")  # Stabilize (then the 2d6: still above -12)
    assert "bleeding" not in conds(enc, "Orc") and pool(enc, "Orc", "hp") > -12
    if enc.view()["prompts"]:
        enc.run("dismiss Orc")
    enc.run("dmg Orc 1")  # hit again while still down: not a new going-down
    assert "bleeding" not in conds(enc, "Orc")
    enc.run("heal Orc 30")
    assert "incapacitated" not in conds(enc, "Orc")
    enc.run("dmg Orc 15")  # down once more, from above 0: it bleeds again
    assert {"incapacitated", "bleeding"} <= conds(enc, "Orc")


def test_a_spell_attack_hits_on_meeting_the_defense(catalogue: Catalogue) -> None:
    """"Your Spell Attack roll is a d20+Level+ESS." and "If the target of the Attack is farther away than
    the Range Increment of the Weapon you take a -1 Penalty on the Attack for every Range Increment it is
    from you rounded down.\""""
    rs = catalogue.get("three-action")
    assert rs.table("spell-attack").roll == "1d20 + level + ess"
    assert rs.table("ranged-attack").roll == "1d20 + level + dex"
    ranged = next(a for a in rs.actions if a.id == "ranged")
    assert "beyond the first" not in ranged.description and "-2" in ranged.description


def test_attacking_gives_a_hidden_creature_away_to_its_target_only(enc: Encounter) -> None:
    """"If the Hidden Creature ends their Turn without concealment or their location is discovered by
    another Creature (hitting them, walking into them, being attacked by them, ...) they are no longer
    Hidden to that Creature.\""""
    enc.run("start")
    enc.run("cond Hero hidden from=Orc")
    enc.run("cond Hero undetected from=Imp")
    enc.run("act Hero melee")  # no target named: nothing is given away
    assert sources(enc, "Hero", "hidden") == {"Orc", "Imp"}
    enc.run("act Hero ranged on=Orc")
    assert sources(enc, "Hero", "hidden") == {"Imp"} and sources(enc, "Hero", "concealed") == {"Imp"}
    enc.run("act Hero maneuver on=Imp")
    assert not {"hidden", "undetected", "concealed"} & conds(enc, "Hero")


def test_breaking_free_ends_only_that_grapple(enc: Encounter) -> None:
    """"If you succeed an opposed Melee Attack roll against the Creature Grappling you to Push them away or
    Grapple them this condition ends.\""""
    enc.run("start")
    enc.run("act Hero grapple on=Orc")
    enc.run("next")
    enc.run("next")
    enc.run("act Imp grapple on=Orc")
    enc.run("act Orc break-free on=Imp")  # beats the Imp only: the Hero still holds it
    assert sources(enc, "Orc", "grappled") == {"Hero"}
    assert "grappling" not in conds(enc, "Imp") and sources(enc, "Hero", "grappling") == {"Orc"}


def test_falling_prone_is_a_free_action_on_ones_turn(enc: Encounter) -> None:
    """"Free Actions can be used to do things that require no effort like drop an item, adjust your grip
    on a Weapon, or fall Prone\""""
    enc.run("start")
    with pytest.raises(CombatError, match="own turn"):
        enc.run("act Orc drop-prone")
    enc.run("act Hero drop-prone")
    assert "prone" in conds(enc, "Hero") and pool(enc, "Hero", "actions") == 3


def test_a_current_carries_swimmers_at_the_start_of_their_turns(enc: Encounter) -> None:
    """"If the water has a current it moves every Creature in it in the direction of the current at the
    start of their Turns a distance dependant on the current's Speed.\""""
    enc.run("start")
    enc.run("cond Orc in-current 15")
    assert [p["table"] for p in enc.view()["prompts"]] == []
    enc.run("next")
    assert [(p["creature"], p["table"]) for p in enc.view()["prompts"]] == [("Orc", "Carried by the current")]
    lines = enc.run("resolve Orc")
    assert any("15" in line and "Carried along" in line for line in lines)


def test_zero_g_drift_goes_on_at_each_turn_start(enc: Encounter) -> None:
    """"You will continue to Move in that direction at you Speed at the beginning of your Turn every Round
    until you run into something.\""""
    enc.run("start")
    enc.run("cond Hero drifting 30")
    assert "adrift" in conds(enc, "Hero")  # loose, so attacking or being hit sets it tumbling
    next_until(enc, "Hero")
    assert [(p["creature"], p["table"]) for p in enc.view()["prompts"]] == [("Hero", "Zero-g drift")]
    enc.run("dismiss Hero")
    enc.run("uncond Hero drifting")  # it hits a wall
    assert "adrift" not in conds(enc, "Hero")
    next_until(enc, "Hero")
    assert enc.view()["prompts"] == []


def test_a_commanded_creature_acts_with_its_commander_not_on_its_own(enc: Encounter) -> None:
    """"When a Creature is commanded they are able to use their Actions, taking their Turn simultaneously
    with yours. (For example while riding a mount you may use your first Action to Command the mount, then
    have the mount spend one of its Actions to Move ...)\""""
    enc.run("add Horse init=1")
    enc.run("start")
    enc.run("act Hero command on=Horse")
    enc.run("act Horse move")  # interleaved with the rider's own actions
    enc.run("act Hero melee")
    enc.run("act Horse melee")
    assert pool(enc, "Hero", "actions") == 1 and pool(enc, "Horse", "actions") == 1
    next_until(enc, "Horse")
    assert pool(enc, "Horse", "actions") == 0  # its own place in the order gives it nothing
    with pytest.raises(CombatError):
        enc.run("act Horse move")
    next_until(enc, "Hero")
    enc.run("cond Horse slowed")
    enc.run("act Hero command on=Horse")
    assert pool(enc, "Horse", "actions") == 2  # its own budget, Slowed included


def test_a_companion_keeping_its_own_turn_is_an_option(enc: Encounter) -> None:
    """The other reading of "taking their Turn simultaneously with yours": set
    companion_acts_when_commanded 0 and a commanded creature keeps its own turn's actions."""
    enc.run("add Horse init=1")
    enc.run("set companion_acts_when_commanded 0")
    enc.run("start")
    enc.run("act Hero command on=Horse")
    assert "companion" not in conds(enc, "Horse")
    next_until(enc, "Horse")
    assert pool(enc, "Horse", "actions") == 3


def test_a_dodge_is_used_up_by_the_next_attack_on_the_dodger(enc: Encounter) -> None:
    """"Dodge - You spend one Action to give the next Attack against you Disadvantage.\""""
    enc.run("start")
    enc.run("act Hero dodge")
    assert "dodging" in conds(enc, "Hero") and pool(enc, "Hero", "actions") == 2
    enc.run("next")
    enc.run("act Orc melee on=Imp")  # not against the Hero: the dodge waits
    assert "dodging" in conds(enc, "Hero")
    enc.run("act Orc ranged on=Hero")
    assert "dodging" not in conds(enc, "Hero")


def test_creatures_a_hidden_creature_is_hidden_from_are_flat_footed_against_it(enc: Encounter) -> None:
    """"Hidden - The Creatures location cannot be discerned. The Creature is Concealed and Creatures it is
    Hidden from are Flat Footed against it.\""""
    enc.run("cond Imp hidden from=Orc")
    assert sources(enc, "Orc", "flat-footed") == {"Imp"}
    assert "flat-footed" not in conds(enc, "Hero")  # only the one it is hidden from
    with pytest.raises(CombatError):  # held by the Imp's Hidden, not taken off on its own
        enc.run("uncond Orc flat-footed")
    enc.run("uncond Imp hidden")
    assert "flat-footed" not in conds(enc, "Orc")
    enc.run("cond Imp undetected from=Hero")  # Undetected is also Hidden
    assert sources(enc, "Hero", "flat-footed") == {"Imp"}
    enc.run("start")
    enc.run("act Imp ranged on=Hero")  # attacking gives it away: the Hero is no longer caught flat-footed
    assert "flat-footed" not in conds(enc, "Hero")


def test_a_hidden_creature_leaving_the_fight_takes_the_flat_footed_it_caused(enc: Encounter) -> None:
    enc.run("cond Imp hidden from=Orc")
    enc.run("remove Imp")
    assert "flat-footed" not in conds(enc, "Orc")


def test_flat_footed_from_another_cause_outlasts_the_hidden(enc: Encounter) -> None:
    enc.run("cond Orc flat-footed from=Imp")
    enc.run("cond Imp hidden from=Orc")
    enc.run("uncond Imp hidden")
    assert sources(enc, "Orc", "flat-footed") == {"Imp"}


def test_the_lookup_says_whom_a_hidden_creature_leaves_flat_footed(catalogue: Catalogue) -> None:
    """"Creatures it is Hidden from are Flat Footed against it" and "all other Creatures have concealment
    against it" (Blinded): said where the GM looks a condition up."""
    from combat_tui.engine.lookup import search

    rs = catalogue.get("three-action")
    entry = next(e for e in search(rs, "Hidden") if e.id == "hidden")
    assert any("other creature" in line and "Flat Footed" in line for line in entry.lines)
    blinded = next(e for e in search(rs, "Blinded") if e.id == "blinded")
    assert "every other creature counts as concealed to it" in " ".join(blinded.lines)


def test_a_commanded_fliers_end_of_turn_comes_with_its_commanders(enc: Encounter) -> None:
    """"Any Creature that can be commanded this way consider the start of the last Creature to Command its
    Turn as the start of their Turn for determining continuous Effects" and "If you do not spend an Action
    on your Turn to fly you fall as normal": a flying mount falls when its rider's turn ends uncommanded."""
    enc.run("add Griffon init=1")
    enc.run("start")
    enc.run("act Hero command on=Griffon")
    enc.run("act Griffon fly")
    enc.run("next")  # the Hero's turn ends: the Griffon flew in it
    assert "flying" in conds(enc, "Griffon") and "falling" not in conds(enc, "Griffon")
    next_until(enc, "Griffon")
    enc.run("next")  # its own turn's end is not the one that counts
    assert "falling" not in conds(enc, "Griffon")
    assert active(enc) == ["Hero"]
    enc.run("next")  # the rider's turn ends with no Command: the mount did not fly
    assert active(enc) == ["Orc"]
    assert "falling" in conds(enc, "Griffon") and "flying" not in conds(enc, "Griffon")
