"""`boon-bane` checked against its rules text: each test quotes the sentence it comes from."""

from __future__ import annotations

import pytest
from helpers import Make, active, conds, creature, pool

from combat_tui.engine.encounter import Encounter
from combat_tui.engine.state.errors import CommandError
from combat_tui.store.rulesets import Catalogue


def provokes(lines: list[str]) -> bool:
    return any("opportunity attack" in line for line in lines)


def next_round(enc: Encounter) -> None:
    rnd = enc.view()["round"]
    while enc.view()["round"] == rnd:
        enc.run("next")


@pytest.fixture
def enc(make: Make) -> Encounter:
    e: Encounter = make("boon-bane", seed=4)
    e.run("add Hero pc hp=12")
    e.run("init Hero 9")
    e.run("add Orc hp=10")
    e.run("init Orc 5")
    e.run("add Rat hp=4 surprised")
    e.run("init Rat 2")
    return e


# -- the initiative structure ---------------------------------------------------------------------


def test_a_round_is_six_seconds_and_a_new_one_begins_after_everyone(catalogue: Catalogue, enc: Encounter) -> None:
    """"A round measures six seconds of time in the in-game world, where each participating character
    gets a turn. When all characters have had their turn, a new round begins.\""""
    assert catalogue.get("boon-bane").time.round_seconds == 6
    enc.run("start")
    assert enc.view()["order"] == ["Hero", "Orc", "Rat"]
    enc.run("next")
    assert active(enc) == ["Orc"] and enc.view()["round"] == 1
    enc.run("next")  # the surprised Rat loses its round-1 turn
    assert active(enc) == ["Hero"] and enc.view()["round"] == 2
    enc.run("next")
    enc.run("next")
    assert active(enc) == ["Rat"] and enc.view()["round"] == 2


def test_unspent_ap_are_lost_not_carried_over(enc: Encounter) -> None:
    """"At the beginning of a each round, all characters gain 3 Action Points" ... "A character does not
    transfer unspent AP into the next round, those AP are simply lost.\""""
    enc.run("start")
    enc.run("act Hero dash")
    assert pool(enc, "Hero", "ap") == 2 and pool(enc, "Orc", "ap") == 3
    enc.run("next")
    enc.run("next")
    assert enc.view()["round"] == 2
    assert pool(enc, "Hero", "ap") == 3 and pool(enc, "Orc", "ap") == 3  # not 5, not 6


def test_ap_come_at_the_round_start_not_the_turn_start(enc: Encounter) -> None:
    """"At the beginning of a each round, all characters gain 3 Action Points (AP)\""""
    enc.run("start")
    enc.run("act Orc defend")  # a reaction on the Hero's turn
    enc.run("next")
    assert active(enc) == ["Orc"] and pool(enc, "Orc", "ap") == 2  # its own turn gives none back


def test_surprised_characters_can_take_no_actions_or_reactions_in_round_1(enc: Encounter) -> None:
    """"Observing characters are surprised if the fail the contest, losing their first turn in the
    initiative structure. During this round their turn is skipped and they can't take any actions or
    reactions.\""""
    enc.run("start")
    for action in ("defend", "manipulate", "free-action"):
        with pytest.raises(CommandError):
            enc.run(f"act Rat {action}")
    enc.run("next")
    enc.run("next")
    assert enc.view()["round"] == 2 and "surprised" not in conds(enc, "Rat")
    enc.run("act Rat defend")
    assert pool(enc, "Rat", "ap") == 2


def test_primary_actions_on_ones_own_turn_reactions_at_any_time(enc: Encounter) -> None:
    """"An action (also referred to as primary action) is a type of action you can only use on your turn.
    Reaction can always be taken, regardless of whose turn it is.\""""
    enc.run("start")
    for action in ("dash", "disengage", "search", "sneak", "strike", "use-magic", "spell-attack"):
        with pytest.raises(CommandError, match="own turn"):
            enc.run(f"act Orc {action}")
    assert pool(enc, "Orc", "ap") == 3
    for action in ("defend", "manipulate", "use-magic-reaction"):
        enc.run(f"act Orc {action}")
    assert pool(enc, "Orc", "ap") == 0
    enc.run("act Hero defend")  # on its own turn too
    assert pool(enc, "Hero", "ap") == 2


def test_two_attacks_a_round_and_grappling_is_no_attack(enc: Encounter) -> None:
    """"Remember that each character has 3 AP and can only take an action with the Attack trait twice per
    round." ... "Thus, grappling, pushing, and tripping a creature do not count as attacks.\""""
    enc.run("start")
    enc.run("act Hero strike")
    enc.run("dismiss Hero")
    enc.run("act Hero grapple on=Orc")
    assert pool(enc, "Hero", "attacks") == 1
    enc.run("act Hero spell-attack")  # "If an action spell, has the Attack trait, it uses one of your ApR."
    enc.run("dismiss Hero")
    assert pool(enc, "Hero", "attacks") == 0 and pool(enc, "Hero", "ap") == 0
    next_round(enc)
    enc.run("act Hero strike")
    enc.run("dismiss Hero")
    enc.run("act Hero strike")
    enc.run("dismiss Hero")
    with pytest.raises(CommandError, match="Attacks this round"):
        enc.run("act Hero strike")
    assert pool(enc, "Hero", "ap") == 1


def test_one_free_action_a_round(enc: Encounter) -> None:
    """"Free actions don't require you to spend any AP, but you can only take one free action per round,
    even if you have multiple features allow you to perform a free action.\""""
    enc.run("start")
    enc.run("act Hero free-action")
    assert pool(enc, "Hero", "ap") == 3
    with pytest.raises(CommandError):
        enc.run("act Hero free-action")
    next_round(enc)
    enc.run("act Hero free-action")


def test_saving_a_turn_names_whom_to_act_after(enc: Encounter) -> None:
    """"A character can always choose not to act during their turn, instead postponing it for later. They
    must immediately declare after which character they would like to become the active character.\""""
    enc.run("add Elf pc")
    enc.run("init Elf 1")
    enc.run("start")
    with pytest.raises(CommandError) as refused:
        enc.run("hold Hero")
    assert str(refused.value) == "saving a turn names after whom it acts: hold Hero after=NAME"
    assert active(enc) == ["Hero"] and enc.view()["waiting"] == []
    enc.run("hold Hero after=Orc")
    assert active(enc) == ["Orc"]
    enc.run("next")  # the surprised Rat is skipped
    assert active(enc) == ["Hero"]
    assert enc.view()["order"] == ["Orc", "Hero", "Rat", "Elf"]


# -- moving and opportunity attacks ----------------------------------------------------------------


def test_the_turns_own_movement_costs_no_ap(enc: Encounter) -> None:
    """"The active character can also use primary actions (detailed below) and while moving a number of
    meters up to their speed (this movement does not cost them action points).\""""
    enc.run("start")
    enc.run("act Hero move")
    assert pool(enc, "Hero", "ap") == 3
    with pytest.raises(CommandError, match="own turn"):
        enc.run("act Orc move")


def test_a_grappled_foe_cannot_move(enc: Encounter) -> None:
    """"Grapple. You use a free hand to hold your foe, prohibiting them from moving.\""""
    enc.run("start")
    enc.run("cond Hero grappled from=Orc")
    for action in ("move", "dash", "sneak"):
        with pytest.raises(CommandError, match="Grappled"):
            enc.run(f"act Hero {action}")
    assert pool(enc, "Hero", "ap") == 3


def test_moving_casting_and_standing_up_provoke_unless_disengaged(enc: Encounter) -> None:
    """"A creature provokes an opportunity attack when it performs one of the following actions: Move. ...
    Cast a Spell. Characters that cast spells which don't have the Melee Attack trait. Stand Up. Characters
    standing up to end the Prone condition." and "A character can avoid provoking an opportunity attack in
    this way by taking the Disengage action\""""
    enc.run("start")
    assert provokes(enc.run("act Hero move"))
    assert provokes(enc.run("act Hero use-magic"))
    enc.run("cond Hero prone")
    assert provokes(enc.run("act Hero stand-up"))
    assert not provokes(enc.run("act Hero search"))
    enc.run("act Hero disengage")  # "You don't provoke opportunity attacks for the rest of your turn."
    assert not provokes(enc.run("act Hero move"))
    next_round(enc)
    assert "disengaged" not in conds(enc, "Hero")
    assert provokes(enc.run("act Hero dash"))


def test_standing_up_ends_prone_and_needs_it(enc: Encounter) -> None:
    """"Stand Up. Characters standing up to end the Prone condition.\""""
    enc.run("start")
    with pytest.raises(CommandError, match="Prone"):
        enc.run("act Hero stand-up")
    enc.run("cond Hero prone")
    enc.run("act Hero stand-up")
    assert "prone" not in conds(enc, "Hero")


def test_an_opportunity_attack_is_a_reaction_strike(enc: Encounter) -> None:
    """"An opportunity attack is a special kind of melee Strike you can perform as a reaction.\""""
    enc.run("start")
    enc.run("act Orc opportunity-attack")  # on the Hero's turn
    assert pool(enc, "Orc", "ap") == 2 and pool(enc, "Orc", "attacks") == 1
    assert [(p["creature"], p["table"]) for p in enc.view()["prompts"]] == [("Orc", "Combat roll outcome")]


# -- maneuvers --------------------------------------------------------------------------------------


def test_brace_gives_the_next_defense_a_boon_once(enc: Encounter) -> None:
    """"Brace. You ready yourself for incoming retaliation. Your next Defense test gains a boon.\""""
    enc.run("start")
    enc.run("act Hero brace")
    assert "braced" in conds(enc, "Hero")
    enc.run("act Hero defend")
    assert "braced" not in conds(enc, "Hero")


def test_a_feint_lasts_only_to_the_next_action(enc: Encounter) -> None:
    """"Feint. You hint at a false strike. If your next action is a Strike against the same target, you
    gain a boon to your Fighting Style test, provided you pass a Deception test.\""""
    enc.run("start")
    enc.run("cond Hero feinting from=Orc")
    enc.run("act Hero move")  # free movement is not an action
    assert "feinting" in conds(enc, "Hero")
    enc.run("act Hero search")
    assert "feinting" not in conds(enc, "Hero")


def test_an_attacker_critical_win_offers_a_maneuver(enc: Encounter) -> None:
    """"One fails, the other passes. A critical win! If the attacker wins roll for damage ... The winner
    can also perform a maneuver\""""
    enc.run("start")
    enc.run("act Hero strike")
    enc.run("resolve Hero value=2")
    assert [p["table"] for p in enc.view()["prompts"]] == ["Maneuver (critical win)"]
    enc.run("resolve Hero value=2")  # Brace
    assert "braced" in conds(enc, "Hero")


# -- damage ----------------------------------------------------------------------------------------


def test_armor_takes_off_physical_damage_only(enc: Encounter) -> None:
    """"For example, a full suit of Iron Armor has an AR of 5, and thus reduces all crushing, piercing,
    and slashing damage by 5.\""""
    enc.run("add Knight hp=30 ar=5")
    for dtype in ("crushing", "piercing", "slashing"):
        enc.run(f"dmg Knight 7 {dtype}")
    assert pool(enc, "Knight", "hp") == 30 - 3 * 2
    enc.run("dmg Knight 7 fire")
    assert pool(enc, "Knight", "hp") == 24 - 7


def test_the_bone_shield_example(enc: Encounter) -> None:
    """"For example, a Bone Shield has a BR of 6. Successfully blocking with it reduces the triggering
    attack's physical damage by 6, and magical damage by 3.\""""
    enc.run("add Knight hp=30 br=6")
    enc.run("cond Knight blocked")
    enc.run("dmg Knight 10 slashing")
    assert pool(enc, "Knight", "hp") == 26
    enc.run("cond Knight blocked")
    enc.run("dmg Knight 10 frost")
    assert pool(enc, "Knight", "hp") == 19
    enc.run("dmg Knight 10 slashing")  # no Block this time: the shield does nothing
    assert pool(enc, "Knight", "hp") == 9


def test_group_resistance_and_no_stacking(enc: Encounter) -> None:
    """"An Ork with Magic Resistance (2) reduces all fire, frost, and shock damage by 2." ... "When you have
    a resistance to the same damage type from multiple sources, you only benefit from the highest one, and
    when you have a vulnerability from multiple sources, you only suffer under the most severe.\""""
    enc.run("add Ork hp=60 res_magic=2 vuln_physical=1 vuln_piercing=4")
    for dtype in ("fire", "frost", "shock"):
        enc.run(f"dmg Ork 5 {dtype}")
    assert pool(enc, "Ork", "hp") == 60 - 3 * 3
    enc.run("dmg Ork 5 acid")  # not in the magical group
    assert pool(enc, "Ork", "hp") == 51 - 5
    enc.run("dmg Ork 5 piercing")  # the most severe: 4, not 4 + 1
    assert pool(enc, "Ork", "hp") == 46 - 9
    enc.run("dmg Ork 5 crushing")
    assert pool(enc, "Ork", "hp") == 37 - 6


def test_health_gone_knocks_unconscious_and_out_of_the_order(enc: Encounter) -> None:
    """"Your Health Pool determines how many points of damage you can take before being knocked
    unconscious.\""""
    enc.run("start")
    enc.run("dmg Orc 10")
    assert "unconscious" in conds(enc, "Orc") and pool(enc, "Orc", "hp") == 0
    enc.run("next")
    assert active(enc) == ["Hero"]  # the Orc's turn is skipped (and the surprised Rat's)


def test_release_with_a_target_frees_both(enc: Encounter) -> None:
    """"Grapple. You use a free hand to hold your foe, prohibiting them from moving.\""""
    enc.run("start")
    enc.run("cond Hero grappling from=Orc")
    enc.run("cond Orc grappled from=Hero")
    enc.run("act Hero release on=Orc")
    assert "grappling" not in conds(enc, "Hero") and "grappled" not in conds(enc, "Orc")


def test_disengaging_does_not_cover_casting(enc: Encounter) -> None:
    """"Disengage. ... You don't provoke opportunity attacks for the rest of your turn." is about moving:
    "A character can avoid provoking an opportunity attack in this way by taking the Disengage action";
    casting is another way to provoke."""
    enc.run("start")
    enc.run("act Hero disengage")
    assert not provokes(enc.run("act Hero sneak"))
    assert provokes(enc.run("act Hero spell-attack"))


def test_every_damage_type_of_the_text_is_known(catalogue: Catalogue) -> None:
    """"All damage sources have a damage type." Physical: crushing, piercing, slashing; magical: fire,
    frost, shock; others: acid, force, necrotic, radiant, poison, psychic."""
    assert set(catalogue.get("boon-bane").damage.types) == {
        "crushing", "piercing", "slashing", "fire", "frost", "shock",
        "acid", "force", "necrotic", "radiant", "poison", "psychic"}


def test_fire_resistance_example(enc: Encounter) -> None:
    """"So a character with Fire Resistance (3) reduces all incoming fire damage by 3." and "A character
    with Crushing Vulnerability (3) increases all crushing damage they take by 3.\""""
    enc.run("add Salamander hp=30 res_fire=3 vuln_crushing=3")
    enc.run("dmg Salamander 5 fire")
    assert pool(enc, "Salamander", "hp") == 28
    enc.run("dmg Salamander 2 fire")  # never healed by a resistance
    assert pool(enc, "Salamander", "hp") == 28
    enc.run("dmg Salamander 5 crushing")
    assert pool(enc, "Salamander", "hp") == 20


def test_a_won_grapple_holds_the_foe_in_place(enc: Encounter) -> None:
    """"Grapple. You use a free hand to hold your foe, prohibiting them from moving. Make a skill contest
    with Athletics vs Athletics or Acrobatics (defender's choice).\""""
    enc.run("start")
    lines = enc.run("act Hero grapple on=Orc")
    assert any("grapple-won" in line for line in lines)
    enc.run("act Hero grapple-won on=Orc")
    assert pool(enc, "Hero", "ap") == 2 and pool(enc, "Hero", "attacks") == 2  # one AP, no attack
    assert {x["source"] for x in creature(enc, "Orc")["conditions"] if x["id"] == "grappled"} == {"Hero"}
    enc.run("next")
    with pytest.raises(CommandError, match="Grappled"):
        enc.run("act Orc move")
    next_round(enc)
    enc.run("act Hero release on=Orc")
    enc.run("next")
    enc.run("act Orc move")
