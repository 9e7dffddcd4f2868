"""`body-injury` checked against its rules text: each test quotes the sentence it comes from.

Hero (init 15) acts before Goblin (init 10).
"""

from __future__ import annotations

import pytest
from helpers import cond, conds, creature, pool, prompts

from combat_tui.engine.encounter import Encounter
from combat_tui.engine.state.errors import CombatError
from combat_tui.store.rulesets import Catalogue


def dismiss_all(enc: Encounter) -> None:
    while enc.state.prompts:
        enc.run("dismiss")


@pytest.fixture
def enc(catalogue: Catalogue) -> Encounter:
    e = Encounter.new(catalogue.get("body-injury"), seed=7)
    e.run("add Hero pc init=15 con=2")
    e.run("add Goblin init=10")
    return e


# -- several heads and hearts ---------------------------------------------------------------------


def test_a_creature_with_several_heads_dies_only_when_all_are_destroyed(enc: Encounter) -> None:
    """"When all heads are destroyed, the creature dies unless otherwise noted.\""""
    enc.run("add Hydra body=serpent head=3")
    for n in (1, 2):
        enc.run(f"injure Hydra head.{n} 4")
        dismiss_all(enc)
        assert "dead" not in conds(enc, "Hydra")
    enc.run("injure Hydra head.3 4")
    assert "dead" in conds(enc, "Hydra")


def test_a_creature_with_several_hearts_dies_only_when_all_are_destroyed(enc: Encounter) -> None:
    """"When all hearts are destroyed, the creature dies unless otherwise noted.\""""
    enc.run("add Ettin heart=2")
    enc.run("injure Ettin heart.1 2")
    dismiss_all(enc)
    assert "dead" not in conds(enc, "Ettin")
    enc.run("injure Ettin heart.2 2")
    assert "dead" in conds(enc, "Ettin")


def test_a_heads_injury_applies_to_that_head_until_more_than_half_share_it(enc: Encounter) -> None:
    """"If a creature has multiple heads, each injury effect only applies to the individual head. When more
    than half of the creature's heads have the same number of injuries, then that injury effect applies to
    the whole creature.\""""
    enc.run("add Hydra body=serpent head=3")
    enc.run("injure Hydra head.1 2")  # one head concussed and dazed: not the creature
    assert "concussion" not in conds(enc, "Hydra") and prompts(enc) == []
    enc.run("injure Hydra head.2")  # two of three heads with a first injury: the whole creature
    assert "concussion" in conds(enc, "Hydra") and prompts(enc) == []
    enc.run("injure Hydra head.2")  # two of three with a second: the check is now the creature's
    assert prompts(enc) == [("Hydra", "Second head injury (CON DC 25)")]
    enc.run("add Ettin head=2")
    enc.run("injure Ettin head.1")
    assert "concussion" not in conds(enc, "Ettin")  # one of two is not more than half
    enc.run("injure Ettin head.2")
    assert "concussion" in conds(enc, "Ettin")


def test_the_gm_may_read_the_same_number_of_head_injuries_as_exactly_that_many(enc: Encounter) -> None:
    enc.run("set heads_exact 1")
    enc.run("add Hydra body=serpent head=3")
    enc.run("injure Hydra head.1 2")
    enc.run("injure Hydra head.2")  # one head at 2, one at 1: no count is shared by more than half
    assert "concussion" not in conds(enc, "Hydra")
    enc.run("injure Hydra head.3")  # two heads at exactly 1
    assert "concussion" in conds(enc, "Hydra")


# -- no CON ---------------------------------------------------------------------------------------


def test_a_creature_without_con_never_falls_unconscious_and_is_destroyed_by_its_injuries(enc: Encounter) -> None:
    """"Creatures with no Constitution modifier do not fall unconscious. They are destroyed once they receive
    a specific number of injuries.\""""
    enc.run("add Golem no_con=1 injury_limit=5")
    enc.run("injure Golem head 3")
    assert prompts(enc) == [("Golem", "Second head injury (CON DC 25)")]  # no third-injury knock-out
    dismiss_all(enc)
    assert not {"unconscious", "knocked-out", "coma", "spent"} & conds(enc, "Golem")
    enc.run("dmg Golem 20")
    assert "unconscious" not in conds(enc, "Golem")
    with pytest.raises(CombatError):  # "They cannot use actions that use Stamina"
        enc.run("act Golem parry")
    enc.run("injure Golem arm")
    assert "dead" not in conds(enc, "Golem")
    enc.run("injure Golem leg")  # the fifth injury
    assert "dead" in conds(enc, "Golem")


# -- wings ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("wings", "grounded_at"), [(2, 1), (4, 3), (6, 5)])
def test_flight_is_lost_with_only_one_uninjured_wing_left(enc: Encounter, wings: int, grounded_at: int) -> None:
    """"You can no longer fly when you have only 1 uninjured wing left.\""""
    enc.run(f"add Roc body=winged wing={wings}")
    for n in range(1, grounded_at):
        enc.run(f"injure Roc wing.{n}")
        assert "grounded" not in conds(enc, "Roc")
    enc.run(f"injure Roc wing.{grounded_at}")
    assert "grounded" in conds(enc, "Roc")
    enc.run(f"heal-injury Roc wing.{grounded_at}")  # two sound wings again
    assert "grounded" not in conds(enc, "Roc")


# -- the unconscious save -------------------------------------------------------------------------


def test_only_injuries_and_bleed_damage_call_for_the_unconscious_save(enc: Encounter) -> None:
    """"When you receive an effect that inflicts an injury or when you take bleed damage, you must make a
    Constitution saving throw.\""""
    enc.run("cond Goblin unconscious")
    enc.run("dmg Goblin 2")
    enc.run("dmg Goblin 2 stamina")
    assert prompts(enc) == []  # Stamina damage: no save
    enc.run("dmg Goblin 1 bleed")
    assert prompts(enc) == [("Goblin", "Unconscious CON save")]
    enc.run("resolve value=0")
    enc.run("injure Goblin nose 2")  # an injury that brings no effect of its own still calls for it
    assert prompts(enc) == [("Goblin", "Unconscious CON save")]


# -- actions --------------------------------------------------------------------------------------


def test_a_round_action_needs_the_whole_turn(enc: Encounter) -> None:
    """"Round actions start at the start of your turn, and end only at the start of your next turn. You must
    spend all 3 AP\""""
    enc.run("start")
    enc.run("act Hero attack")
    with pytest.raises(CombatError, match="whole turn"):
        enc.run("act Hero round")
    enc.run("next")
    enc.run("act Goblin round")
    assert pool(enc, "Goblin", "ap") == 0 and "round-action" in conds(enc, "Goblin")


def test_a_hasted_creature_needs_every_ap_for_a_round_action_unless_the_gm_reads_otherwise(enc: Encounter) -> None:
    """"If you have more than 3 AP during your turn, your extra AP often grants additional bonuses.\""""
    enc.run("start")
    enc.run("edit Hero ap=4")
    enc.run("act Hero attack")  # 3 left of 4
    with pytest.raises(CombatError, match="whole turn"):
        enc.run("act Hero round")
    enc.run("set round_all_ap 0")
    enc.run("act Hero round")
    assert pool(enc, "Hero", "ap") == 0


def test_a_fumbled_natural_weapon_returns_at_the_end_of_the_next_turn(enc: Encounter) -> None:
    """"If the attack was made with a natural weapon, the attacker cannot use that natural attack until the
    end of their next turn.\""""
    enc.run("start")
    enc.run("act Hero natural-fumble")  # on its own turn (round 1)
    enc.run("next")  # Goblin, round 1
    enc.run("act Goblin natural-fumble")  # on its own turn too
    enc.run("next")  # Hero, round 2: its next turn has begun
    assert "natural-weapon-fumbled" in conds(enc, "Hero")
    enc.run("next")  # Hero's round-2 turn is over
    assert "natural-weapon-fumbled" not in conds(enc, "Hero")
    assert "natural-weapon-fumbled" in conds(enc, "Goblin")
    enc.run("next")  # Hero, round 3: Goblin's round-2 turn ended
    assert "natural-weapon-fumbled" not in conds(enc, "Goblin")


def test_a_natural_weapon_fumbled_off_its_own_turn_returns_after_its_coming_turn(enc: Encounter) -> None:
    enc.run("start")  # Hero acting; Goblin fumbles a reactive bite now
    enc.run("act Goblin natural-fumble")
    enc.run("next")  # Goblin, round 1: this is its next turn
    assert "natural-weapon-fumbled" in conds(enc, "Goblin")
    enc.run("next")
    assert "natural-weapon-fumbled" not in conds(enc, "Goblin")


def test_one_reaction_against_a_single_trigger(enc: Encounter) -> None:
    """"You can perform only one reaction against a single trigger.\""""
    enc.run("edit Hero dex=2")  # three reactions: the pool is not what stops the second one
    enc.run("start")
    enc.run("next")  # Goblin's turn; Hero has had its first turn
    enc.run("act Goblin attack")
    enc.run("act Hero parry")
    with pytest.raises(CombatError, match="already answered Goblin's latest action"):
        enc.run("act Hero reactive-attack")  # a second reaction, of another kind, to the same attack
    assert pool(enc, "Hero", "reactions") == 2
    enc.run("act Goblin attack")  # a new trigger
    enc.run("act Hero reactive-attack on=Goblin")
    assert pool(enc, "Hero", "reactions") == 1
    enc.run("act Hero parry what=the-move")  # a trigger the GM names (never entered as an action)
    assert pool(enc, "Hero", "reactions") == 0


def test_a_record_with_no_cost_is_no_new_trigger(enc: Encounter) -> None:
    """"Reactions do not cost AP, but can only be performed in response to specific triggers.\""""
    enc.run("edit Hero dex=2")
    enc.run("start")
    enc.run("next")
    enc.run("act Goblin attack")
    enc.run("act Hero parry")
    enc.run("act Goblin natural-fumble")  # bookkeeping about the same attack
    with pytest.raises(CombatError, match="already answered"):
        enc.run("act Hero parry")


def test_free_actions_only_on_ones_own_turn(enc: Encounter) -> None:
    """"Free actions do not cost AP. You can only perform free actions during your turn\""""
    enc.run("start")  # Hero's turn
    with pytest.raises(CombatError, match="free actions only on its own turn"):
        enc.run("act Goblin free")
    with pytest.raises(CombatError, match="free actions only on its own turn"):
        enc.run("act Goblin lunge")
    enc.run("act Hero free")
    assert pool(enc, "Hero", "free_action") == 0


def test_a_free_action_once_a_turn_unless_the_gm_reads_as_many_as_fit(enc: Encounter) -> None:
    """"Free action: 0 AP, but only once per turn" against "theoretically, you can take as many free actions
    as you want, up to what the GM judges can fit inside 6 seconds.\""""
    enc.run("start")
    enc.run("act Hero free")
    with pytest.raises(CombatError, match="Free action"):
        enc.run("act Hero free")
    enc.run("set free_once_per_turn 0")
    enc.run("act Hero free")
    enc.run("act Hero free")


def test_power_attack_with_a_reactive_attack_only_if_the_gm_reads_it_so(enc: Encounter) -> None:
    """Power Attack: "As a free action as part of a melee attack" against "You can only perform free actions
    during your turn" (a reactive attack comes on another's turn)."""
    enc.run("start")
    enc.run("next")  # Goblin's turn; Hero answers its attack
    enc.run("act Goblin attack")
    with pytest.raises(CombatError, match="free actions only on its own turn"):
        enc.run("act Hero power-attack value=1")
    enc.run("set free_with_reaction 1")
    enc.run("act Hero reactive-attack")
    before = pool(enc, "Hero", "stamina")
    enc.run("act Hero power-attack value=1")
    assert pool(enc, "Hero", "stamina") == before - 1
    assert pool(enc, "Hero", "free_action") == 1  # its own turn's free action is still there
    with pytest.raises(CombatError, match="free actions only on its own turn"):
        enc.run("act Hero lunge")  # not part of an attack: still its own turn only


def test_one_free_action_buys_the_whole_attacks_stamina(enc: Encounter) -> None:
    """Power Attack: "As a free action as part of a melee attack, you can spend an amount of stamina up to
    your martial bonus to gain a +2 bonus to your attack roll for each stamina spent." One free action
    buys the whole amount, so the martial bonus is reached under the once-a-turn free action."""
    enc.run("edit Hero mb=3")
    enc.run("start")
    enc.run("act Hero attack")
    stamina = pool(enc, "Hero", "stamina")
    with pytest.raises(CombatError, match="Power Attack Stamina left 3 of 4"):
        enc.run("act Hero power-attack value=4")  # more than the martial bonus
    enc.run("act Hero power-attack value=3")
    assert pool(enc, "Hero", "stamina") == stamina - 3
    assert pool(enc, "Hero", "free_action") == 0 and pool(enc, "Hero", "power_left") == 0
    with pytest.raises(CombatError, match="Free action"):
        enc.run("act Hero power-attack value=1")  # the turn's one free action is spent


def test_reckless_attack_buys_several_degrees_with_one_free_action(enc: Encounter) -> None:
    """Reckless Attack: "As a free action as part of a melee attack, you can increase a successful degree to
    the injury you inflict if you successfully hit your target. For each degree, you must spend 1 stamina and
    incur +1 disadvantage on your attack roll.\""""
    enc.run("start")
    enc.run("act Hero attack")
    stamina = pool(enc, "Hero", "stamina")
    enc.run("act Hero reckless-attack value=2")
    assert pool(enc, "Hero", "stamina") == stamina - 2 and pool(enc, "Hero", "free_action") == 0
    enc.run("set free_once_per_turn 0")
    with pytest.raises(CombatError, match="1 degree or more"):
        enc.run("act Hero reckless-attack value=0")


def test_power_attack_past_stamina_comes_off_exhaustion(enc: Encounter) -> None:
    """"Certain actions will cost Stamina points to perform" and, at 0 Stamina, "you become 'exhausted' and
    must now track your Exhaustion pool": what Stamina cannot pay comes off Exhaustion."""
    enc.run("edit Hero mb=3")
    enc.run("start")
    stamina, exhaustion = pool(enc, "Hero", "stamina"), pool(enc, "Hero", "exhaustion")
    enc.run(f"spend Hero stamina {stamina - 1}")
    enc.run("act Hero attack")
    enc.run("act Hero power-attack value=3")
    assert pool(enc, "Hero", "stamina") == 0 and pool(enc, "Hero", "exhaustion") == exhaustion - 2


# -- healing --------------------------------------------------------------------------------------


def test_healed_eyes_lift_blindness(enc: Encounter) -> None:
    """"the creature is permanently blinded and gaze attacks are disabled until at least one eye is healed.\""""
    enc.run("injure Goblin eye")
    enc.run("injure Goblin eye")
    assert "blinded" in conds(enc, "Goblin")
    enc.run("heal-injury Goblin eye.2")
    assert "blinded" not in conds(enc, "Goblin")
    assert creature(enc, "Goblin")["injuries"] == {"eye.1": 1}


def test_healed_feet_lift_cannot_stand_and_the_extra_stand_up_cost(enc: Encounter) -> None:
    """Foot: "the action to stand up is increased by 1 AP" ... "When all feet have at least 1 injury, you
    fall prone and cannot stand up." Healing: "Until then, the injury's effect remains active.\""""
    enc.run("injure Goblin foot")
    enc.run("injure Goblin foot")
    enc.run("injure Goblin leg")
    assert {"cannot-stand", "prone"} <= conds(enc, "Goblin")
    assert cond(enc, "Goblin", "hobbled")["value"] == 4
    enc.run("heal-injury Goblin foot.1")
    assert "cannot-stand" not in conds(enc, "Goblin")
    assert cond(enc, "Goblin", "hobbled")["value"] == 3
    enc.run("heal-injury Goblin leg")
    enc.run("heal-injury Goblin foot")
    assert "hobbled" not in conds(enc, "Goblin")


def test_the_first_wake_up_check_comes_the_round_after_the_knock_out(enc: Encounter) -> None:
    """Head, 3rd injury: "If you succeed a DC 30 Constitution check, you make DC 30 Constitution checks at the
    start of your turn every following round to wake up." Woken at the start of its turn, it has that turn."""
    enc.run("start")  # round 1, the Hero's turn; the Goblin acts later this round
    enc.run("injure Goblin head 3")
    enc.run("resolve Goblin second value=25")
    enc.run("resolve Goblin value=30")
    assert "knocked-out" in conds(enc, "Goblin")
    enc.run("next")  # round 1, the Goblin's turn: the round it was knocked out
    assert prompts(enc) == []
    enc.run("next")
    enc.run("next")  # round 2, the Goblin's turn: the first check
    assert prompts(enc) == [("Goblin", "Wake up (CON DC 30)")]
    assert pool(enc, "Goblin", "ap") == 0
    enc.run("resolve value=30")
    assert "unconscious" not in conds(enc, "Goblin")
    assert pool(enc, "Goblin", "ap") == 3 and pool(enc, "Goblin", "free_action") == 1


def test_a_wake_up_check_passed_later_gives_no_turn_it_has_not_had(enc: Encounter) -> None:
    """The wake-up check is made "at the start of your turn": one resolved on another's turn wakes the
    creature, but gives it no AP outside its own turn."""
    enc.run("start")
    enc.run("injure Goblin head 3")
    enc.run("resolve Goblin second value=25")
    enc.run("resolve Goblin value=30")
    for _ in range(3):
        enc.run("next")  # round 2, the Goblin's turn: the check waits
    enc.run("next")  # round 3, the Hero's turn
    enc.run("resolve Goblin value=30")
    assert "unconscious" not in conds(enc, "Goblin") and pool(enc, "Goblin", "ap") == 0


def test_healing_a_leg_does_not_stand_a_prone_creature_up(enc: Encounter) -> None:
    """Leg: "When all legs have at least 1 injury, you fall prone and cannot stand up." Healing a leg lifts
    the "cannot stand up"; the fall has happened, so it stays prone until it stands."""
    enc.run("injure Goblin leg")
    enc.run("injure Goblin leg")
    enc.run("start")
    enc.run("next")  # the Goblin's turn
    with pytest.raises(CombatError, match="cannot stand until one heals"):
        enc.run("act Goblin stand-up")
    enc.run("heal-injury Goblin leg.1")
    assert "cannot-stand" not in conds(enc, "Goblin") and "prone" in conds(enc, "Goblin")
    assert not cond(enc, "Goblin", "prone")["implied"]  # its own now: removable, ended by standing
    enc.run("act Goblin stand-up")  # 1 AP and 2 for the leg still injured
    assert "prone" not in conds(enc, "Goblin") and pool(enc, "Goblin", "ap") == 0


def test_healed_head_lifts_concussion_and_confusion_in_turn(enc: Encounter) -> None:
    """Head: "incur a +1 disadvantage on all d20 rolls until it is healed" ... "you become permanently
    confused afterwards until the injury is healed.\""""
    enc.run("injure Goblin head 2")
    enc.run("resolve value=25")
    assert {"concussion", "confused"} <= conds(enc, "Goblin")
    enc.run("heal-injury Goblin head")
    assert "confused" not in conds(enc, "Goblin") and "concussion" in conds(enc, "Goblin")
    enc.run("heal-injury Goblin head")
    assert "concussion" not in conds(enc, "Goblin")
    with pytest.raises(CombatError):
        enc.run("heal-injury Goblin head")  # nothing left to heal


def test_a_destroyed_part_heals_only_by_regrowing(enc: Encounter) -> None:
    """"Destroyed body parts cannot be healed mundanely. Some magical spells and techniques can regrow
    destroyed body parts.\""""
    enc.run("injure Goblin hand.1 3")
    with pytest.raises(CombatError, match="destroyed"):
        enc.run("heal-injury Goblin hand.1")
    enc.run("heal-injury Goblin hand.1 3 regrow")
    assert not creature(enc, "Goblin").get("injuries")


def prompt_reasons(enc: Encounter) -> list[tuple[str, str, str]]:
    return [(p["creature"], p["table"], p["reason"]) for p in enc.view()["prompts"]]


def test_each_injury_is_prompted_for_a_heal_check_once_the_fight_is_over(enc: Encounter) -> None:
    """"Each injury must first be treated with a Heal check. The DC starts at 15 for minor injuries, and
    increases by 5 for each severity higher.\""""
    enc.run("start")
    enc.run("injure Goblin ear")  # minor
    enc.run("injure Goblin arm 2")  # severe, two injuries
    enc.run("injure Goblin hand.1 3")  # destroyed: no mundane treatment
    assert prompts(enc) == []  # not in the middle of the fight
    enc.run("end")
    heal = "Heal check (treat an injury)"
    assert sorted(prompt_reasons(enc)) == sorted([
        ("Goblin", heal, "Ear 1, minor, DC 15"),
        ("Goblin", heal, "Arm 1, severe, DC 25"),
        ("Goblin", heal, "Arm 1, severe, DC 25"),
    ])
    enc.run("resolve value=1")  # the first: the ear, treated
    enc.run("resolve value=0")  # an arm injury: not treated
    assert creature(enc, "Goblin")["treated"] == {"ear.1": 1}
    enc.run("resolve value=1")
    assert creature(enc, "Goblin")["treated"] == {"ear.1": 1, "arm.1": 1}


def test_every_day_an_untreated_injury_risks_worsening(enc: Encounter) -> None:
    """"Every day that an injury goes untreated, make a DC 20 Constitution check to not have it worsen. If
    you fail, add another injury to the injured body part.\""""
    enc.run("injure Goblin arm.2")
    enc.run("injure Hero eye")
    enc.run("end")
    dismiss_all(enc)  # nobody treated them
    enc.run("rest long Goblin")
    assert prompts(enc) == [("Goblin", "Untreated injury (CON DC 20)")]
    enc.run("resolve value=19")
    assert creature(enc, "Goblin")["injuries"] == {"arm.2": 2}
    enc.run("rest long Goblin")  # a second day: two untreated injuries now
    assert prompts(enc) == [("Goblin", "Untreated injury (CON DC 20)")] * 2
    enc.run("resolve value=20")
    assert creature(enc, "Goblin")["injuries"] == {"arm.2": 2}


def test_a_treated_injury_no_longer_risks_worsening(enc: Encounter) -> None:
    """"If left untreated, an injured body part's condition risks worsening.\""""
    enc.run("injure Goblin eye")
    enc.run("end")
    enc.run("resolve value=1")
    enc.run("rest long")
    assert prompts(enc) == []
    enc.run("heal-injury Goblin eye")  # its weeks have passed
    assert "treated" not in creature(enc, "Goblin")


def test_the_daily_check_may_be_read_as_one_for_each_injured_part(enc: Encounter) -> None:
    """"an injured body part's condition risks worsening. Every day that an injury goes untreated, make a
    DC 20 Constitution check\" (a check for each injury by default; the option reads it by part)."""
    enc.run("injure Goblin leg 2")
    enc.run("rest long")
    assert len(prompts(enc)) == 2
    dismiss_all(enc)
    enc.run("set untreated_by_part 1")
    enc.run("rest long")
    assert len(prompts(enc)) == 1


def test_an_injury_may_be_treated_in_the_fight_on_the_gms_prompt(enc: Encounter) -> None:
    """"Each injury must first be treated with a Heal check.\" (a healer at work before the fight is over)"""
    enc.run("injure Goblin arm.2")
    enc.run("prompt Goblin heal-check part=arm")
    assert prompt_reasons(enc) == [("Goblin", "Heal check (treat an injury)", "asked by the GM, Arm 2")]
    enc.run("resolve value=1")
    assert creature(enc, "Goblin")["treated"] == {"arm.2": 1}


def test_a_concussion_may_heal_after_rest(enc: Encounter) -> None:
    """"After every hour of rest, you can make a DC 25 Constitution check to heal the injury.\""""
    enc.run("injure Goblin head")
    enc.run("rest short")
    assert prompts(enc) == [("Goblin", "Concussion recovery (CON DC 25)")]
    enc.run("resolve value=24")
    assert "concussion" in conds(enc, "Goblin")
    enc.run("rest long")  # a day: the untreated head's daily check comes first
    assert prompts(enc) == [("Goblin", "Untreated injury (CON DC 20)"), ("Goblin", "Concussion recovery (CON DC 25)")]
    enc.run("dismiss")
    enc.run("resolve Goblin value=25")
    assert "concussion" not in conds(enc, "Goblin")
    dismiss_all(enc)
    enc.run("rest short")
    assert prompts(enc) == []


def test_a_passed_concussion_check_heals_the_head_injury(enc: Encounter) -> None:
    """"After every hour of rest, you can make a DC 25 Constitution check to heal the injury.": the injury
    itself heals, not only its concussion."""
    enc.run("injure Goblin head")
    enc.run("rest short")
    enc.run("resolve Goblin value=25")
    assert "head" not in creature(enc, "Goblin").get("injuries", {})
    assert "concussion" not in conds(enc, "Goblin")
    enc.run("rest long")  # nothing untreated is left to worsen
    assert prompts(enc) == []


def test_a_passed_concussion_check_on_a_worse_head_heals_one_injury(enc: Encounter) -> None:
    """"to heal the injury": one head injury of two; the concussion of the first stays."""
    enc.run("injure Goblin head 2")
    enc.run("resolve value=25")  # dazed, then confused
    assert {"concussion", "confused"} <= conds(enc, "Goblin")
    enc.run("rest short")
    enc.run("resolve Goblin value=25")
    assert creature(enc, "Goblin")["injuries"] == {"head": 1}
    assert "confused" not in conds(enc, "Goblin") and "concussion" in conds(enc, "Goblin")


def test_a_concussion_check_lifting_only_the_concussion_is_an_option(enc: Encounter) -> None:
    """The other reading: set concussion_check_lifts_only 1 and the passed check ends the concussion only."""
    enc.run("set concussion_check_lifts_only 1")
    enc.run("injure Goblin head")
    enc.run("rest short")
    enc.run("resolve Goblin value=25")
    assert "concussion" not in conds(enc, "Goblin")
    assert creature(enc, "Goblin")["injuries"] == {"head": 1}


def test_a_concussion_check_on_a_three_headed_creature_is_about_its_worst_head(enc: Encounter) -> None:
    enc.run("add Hydra body=serpent head=3")
    for n in (1, 2):
        enc.run(f"injure Hydra head.{n}")
    assert "concussion" in conds(enc, "Hydra")
    dismiss_all(enc)
    enc.run("rest short")
    enc.run("resolve Hydra value=25")
    assert len(creature(enc, "Hydra")["injuries"]) == 1
    assert "concussion" not in conds(enc, "Hydra")  # one head of three is not more than half


def test_heal_injury_is_undone_whole(enc: Encounter) -> None:
    enc.run("injure Goblin eye")
    enc.run("injure Goblin eye")
    before = creature(enc, "Goblin")
    enc.run("heal-injury Goblin eye")
    assert creature(enc, "Goblin") != before
    enc.run("undo")
    assert creature(enc, "Goblin") == before


def test_strain_rises_by_one_per_degree_of_success(enc: Encounter) -> None:
    """"Successfully hitting an opponent increases their strain by 1. Every degree of success increases the
    strain by 1.\""""
    enc.run("act Goblin struck-degrees value=2")
    assert pool(enc, "Goblin", "strain") == 3
    enc.run("act Goblin struck-degrees value=0")  # a bare hit
    assert pool(enc, "Goblin", "strain") == 4
    with pytest.raises(CombatError):
        enc.run("act Goblin struck-degrees")  # the degrees must be given


def test_an_untrained_maneuver_provokes_from_the_target(enc: Encounter) -> None:
    """"maneuvers provoke from the target if you are untrained with the skill\""""
    enc.run("edit Hero dex=2")  # reactions to spare: only the trigger stops a second one
    enc.run("start")
    enc.run("next")  # Goblin's turn; Hero has had its first turn
    lines = enc.run("act Goblin maneuver-untrained on=Hero")
    assert any("provokes a reactive attack" in line for line in lines)
    assert pool(enc, "Goblin", "attacks_this_turn") == 1 and pool(enc, "Goblin", "ap") == 2
    enc.run("act Hero reactive-attack on=Goblin")  # the maneuver is the trigger it answers
    with pytest.raises(CombatError, match="already answered"):
        enc.run("act Hero reactive-attack on=Goblin")


def test_who_has_located_a_creatures_heart_is_tracked_for_each_attacker(catalogue: Catalogue,
                                                                        enc: Encounter) -> None:
    """"You need to succeed a Lore check on the creature you meet for the first time to identify where the
    heart is located in order to target it. The DC is 15 + the creature's base level.\""""
    enc.run("cond Goblin heart-located from=Hero")
    assert cond(enc, "Goblin", "heart-located")["source"] == "Hero"
    with pytest.raises(CombatError):
        enc.run("cond Goblin heart-located from=Goblin")  # relative to another creature
    cd = catalogue.get("body-injury").condition("heart-located")
    assert "Lore check (DC 15 plus this creature's base level)" in cd.description
