"""The energy-stamina ruleset played through the command API: free rounds closed by the GM, Energy
reset from Stamina at each round start, once-per-round markers, parent/daughter conditions, the
Defend action, round-start prompts (waking roll, Death save) and the Death roll trigger."""

from __future__ import annotations

import pytest
from helpers import cond_entries, creature, pool, pool_max, prompts, var

from combat_tui.engine.encounter import Encounter
from combat_tui.engine.state.errors import CombatError

SEED = 5

RULESET = "energy-stamina"


def refused(enc: Encounter, line: str) -> None:
    """The command is refused and nothing changes."""
    before = enc.view()
    with pytest.raises(CombatError):
        enc.run(line)
    assert enc.view() == before


def test_defaults_need_no_stats(enc: Encounter) -> None:
    enc.run("add Goblin")
    enc.run("add Hero pc con=12 leg_agility=1 aura_mod=4 con_mod=3")
    assert pool(enc, "Goblin", "aura") == 20
    assert pool(enc, "Goblin", "stamina") == 10
    assert pool(enc, "Goblin", "energy") == 5
    assert pool(enc, "Goblin", "agility") == 3
    assert pool(enc, "Goblin", "recovery_surges") == 5
    # 20 + 4 x 4/3 = 25.33, rounded down; 5 + half of 3 rounded down
    assert pool_max(enc, "Hero", "aura") == 25
    assert pool_max(enc, "Hero", "recovery_surges") == 6
    assert pool_max(enc, "Hero", "stamina") == 12
    assert pool_max(enc, "Hero", "agility") == 4
    for marker in ("swift_attack", "initiative_roll", "stamina_swap"):
        assert pool(enc, "Hero", marker) == 1


def test_three_rounds_of_budgets_markers_and_conditions(enc: Encounter) -> None:
    enc.run("add Hero pc con=12 leg_agility=1")
    enc.run("add Goblin")
    enc.run("add Orc surprised con=4")
    enc.run("start")
    view = enc.view()
    assert view["round"] == 1
    assert sorted(view["active"]) == ["Goblin", "Hero", "Orc"]  # no turn order: everyone acts

    # -- round 1 --------------------------------------------------------------------------------
    orc = cond_entries(enc, "Orc")
    assert orc["surprised"]["remaining"] == 0 and not orc["surprised"]["implied"]
    assert orc["unguarded"]["implied"] and orc["exposed"]["implied"]
    assert pool(enc, "Orc", "energy") == 4  # Stamina 4 gives 4 Energy
    # Defend cannot lift Unguarded/Exposed while Surprised holds them
    enc.run("act Orc defend")
    orc = cond_entries(enc, "Orc")
    assert {"surprised", "unguarded", "exposed", "defending"} <= set(orc)
    assert pool(enc, "Orc", "energy") == 3

    enc.run("act Hero melee")
    assert pool(enc, "Hero", "energy") == 2
    enc.run("act Hero swift-attack")
    assert pool(enc, "Hero", "energy") == 1
    assert pool(enc, "Hero", "swift_attack") == 0
    refused(enc, "act Hero swift-attack")  # once per round
    enc.run("act Hero stamina-for-energy")
    assert pool(enc, "Hero", "stamina") == 11
    assert pool(enc, "Hero", "energy") == 2
    refused(enc, "act Hero stamina-for-energy")
    enc.run("act Hero roll-initiative")
    assert prompts(enc) == [("Hero", "Initiative roll")]
    enc.run("resolve Hero")
    assert prompts(enc) == []
    refused(enc, "act Hero roll-initiative")
    refused(enc, "act Hero melee")  # 2 Energy left, a melee attack needs 3

    enc.run("act Goblin pick-up")  # 2 Energy by default, and Exposed to the end of the round
    assert pool(enc, "Goblin", "energy") == 3
    assert cond_entries(enc, "Goblin")["exposed"]["remaining"] == 0
    enc.run("act Goblin melee")
    assert pool(enc, "Goblin", "energy") == 0

    # -- round 2 --------------------------------------------------------------------------------
    enc.run("next")
    assert enc.view()["round"] == 2
    assert "exposed" not in cond_entries(enc, "Goblin")
    orc = cond_entries(enc, "Orc")
    assert not ({"surprised", "unguarded", "exposed"} & set(orc))
    assert "defending" in orc  # lasts until the Orc attacks or runs far, not to a round's end
    assert pool(enc, "Hero", "energy") == 5  # Stamina 11 still gives 5
    assert pool(enc, "Hero", "agility") == 4
    assert pool(enc, "Goblin", "energy") == 5
    assert pool(enc, "Orc", "energy") == 4
    for marker in ("swift_attack", "initiative_roll", "stamina_swap"):
        assert pool(enc, "Hero", marker) == 1
    assert pool(enc, "Hero", "stamina") == 11  # Stamina does not come back by itself

    # a Combat roll of 1-3 exposes the attacker to the end of the NEXT round
    enc.run("prompt Hero combat-roll")
    enc.run("resolve Hero value=3")
    assert cond_entries(enc, "Hero")["exposed"]["remaining"] == 1

    # Prone holds Exposed: Defend cannot end it; Kneel ends Prone but leaves Unguarded
    enc.run("cond Goblin prone")
    assert cond_entries(enc, "Goblin")["exposed"]["implied"]
    enc.run("act Goblin defend")
    assert {"prone", "exposed", "defending"} <= set(cond_entries(enc, "Goblin"))
    enc.run("act Goblin kneel")
    goblin = cond_entries(enc, "Goblin")
    assert "prone" not in goblin
    assert goblin["unguarded"]["remaining"] == 0 and goblin["exposed"]["implied"]
    enc.run("act Goblin defend")
    assert not ({"unguarded", "exposed"} & set(cond_entries(enc, "Goblin")))
    assert pool(enc, "Goblin", "energy") == 2

    enc.run("act Orc sprint")  # 3 Energy and 1 Stamina; moving far ends Defending
    assert pool(enc, "Orc", "stamina") == 3
    assert pool(enc, "Orc", "energy") == 1
    assert "defending" not in cond_entries(enc, "Orc")

    # -- round 3 --------------------------------------------------------------------------------
    enc.run("next")
    assert cond_entries(enc, "Hero")["exposed"]["remaining"] == 0  # still there: ends with round 3
    assert pool(enc, "Orc", "energy") == 3  # Stamina 3 gives only 3 Energy
    for _ in range(3):
        enc.run("act Orc exert")
    assert pool(enc, "Orc", "stamina") == 0
    orc = cond_entries(enc, "Orc")
    assert not orc["unconscious"]["implied"]
    assert orc["unguarded"]["implied"] and orc["exposed"]["implied"]
    refused(enc, "act Orc exert")  # Stamina never goes below 0

    # -- round 4 --------------------------------------------------------------------------------
    enc.run("next")
    assert "exposed" not in cond_entries(enc, "Hero")
    assert pool(enc, "Orc", "energy") == 0  # no Stamina, no Energy
    assert prompts(enc) == [("Orc", "Waking roll")]
    enc.run("resolve Orc value=19")
    assert "unconscious" in cond_entries(enc, "Orc")
    assert pool(enc, "Orc", "stamina") == 0

    # -- round 5 --------------------------------------------------------------------------------
    enc.run("next")
    assert prompts(enc) == [("Orc", "Waking roll")]
    enc.run("resolve Orc value=20")
    assert pool(enc, "Orc", "stamina") == 1
    assert not ({"unconscious", "unguarded", "exposed"} & set(cond_entries(enc, "Orc")))
    assert pool(enc, "Orc", "energy") == 0  # woke after this round's reset

    enc.run("next")
    assert pool(enc, "Orc", "energy") == 1
    assert prompts(enc) == []


def test_energy_on_waking_is_a_reading_the_gm_may_change(enc: Encounter) -> None:
    """"At the beginning of each Round: Your Energy is reset based on your Stamina" and "you roll a 1d20 each
    Round until you get a 20, in which case you wake up and have 1 Stamina": which comes first is not said.
    With `set wake_energy 1` the waking roll comes first, so the Energy is that of the new Stamina."""
    enc.run("add Orc stamina=3")
    enc.run("start")
    enc.run("set wake_energy 1")
    enc.run("spend Orc stamina 3")
    enc.run("next")
    assert pool(enc, "Orc", "energy") == 0 and prompts(enc) == [("Orc", "Waking roll")]
    enc.run("resolve Orc value=20")
    assert pool(enc, "Orc", "stamina") == 1 and pool(enc, "Orc", "energy") == 1


def test_death_roll_bleeding_out_and_death_saves(enc: Encounter) -> None:
    enc.run("add Goblin")
    enc.run("add Hero pc")
    enc.run("start")
    enc.run("dmg Goblin 15")
    assert pool(enc, "Goblin", "aura") == 5
    assert prompts(enc) == []  # Aura left: no Death roll
    enc.run("dmg Goblin 9")
    assert pool(enc, "Goblin", "aura") == 0
    assert prompts(enc) == [("Goblin", "Death roll")]
    enc.run("resolve Goblin value=7")
    goblin = cond_entries(enc, "Goblin")
    assert goblin["exhausted"]["remaining"] is None  # until a short rest: no end of its own
    assert "bleeding-out" in goblin
    assert pool_max(enc, "Goblin", "stamina_swap") == 0  # Exhausted: no Stamina for Energy
    refused(enc, "act Goblin stamina-for-energy")
    assert prompts(enc) == []  # the first Death save waits for the next round start

    enc.run("next")  # round 2
    assert pool(enc, "Goblin", "energy") == 3  # Exhausted: 2 less than Stamina's 5
    assert pool(enc, "Hero", "energy") == 5
    assert prompts(enc) == [("Goblin", "Death save")]
    enc.run("resolve Goblin value=12")
    assert "bleeding-out" in cond_entries(enc, "Goblin")
    # a second bad Death roll in the same round: still one Death save a round
    enc.run("dmg Goblin 1")
    enc.run("resolve Goblin value=6")
    assert prompts(enc) == []

    enc.run("next")  # round 3
    assert prompts(enc) == [("Goblin", "Death save")]
    enc.run("resolve Goblin value=20")  # stabilized
    assert "bleeding-out" not in cond_entries(enc, "Goblin")
    assert "exhausted" in cond_entries(enc, "Goblin")

    enc.run("next")  # round 4
    assert prompts(enc) == []
    enc.run("dmg Goblin 2")
    enc.run("resolve Goblin value=3")  # major injury, bleeding and knocked out
    goblin = cond_entries(enc, "Goblin")
    assert {"bleeding-out", "knocked-out", "unguarded", "exposed"} <= set(goblin)

    enc.run("next")  # round 5: a Death save, and no waking roll after a knock-out from wounds
    assert prompts(enc) == [("Goblin", "Death save")]
    enc.run("resolve Goblin value=1")
    assert "dead" in cond_entries(enc, "Goblin")
    assert enc.view()["active"] == ["Hero"]
    enc.run("next")  # round 6: the dead get no prompts
    assert prompts(enc) == []


def test_regaining_aura_stabilizes(enc: Encounter) -> None:
    enc.run("add Goblin aura=4")
    enc.run("start")
    enc.run("dmg Goblin 6")
    enc.run("resolve Goblin value=9")
    assert "bleeding-out" in cond_entries(enc, "Goblin")
    enc.run("heal Goblin 2")
    assert pool(enc, "Goblin", "aura") == 2
    assert "bleeding-out" not in cond_entries(enc, "Goblin")
    enc.run("next")
    assert prompts(enc) == []


def test_painful_wound_exhausts_to_end_of_next_round(enc: Encounter) -> None:
    enc.run("add Goblin aura=1")
    enc.run("start")
    enc.run("dmg Goblin 3")
    enc.run("resolve Goblin value=16")
    assert cond_entries(enc, "Goblin")["exhausted"]["remaining"] == 1
    enc.run("next")  # round 2: reset while Exhausted
    assert pool(enc, "Goblin", "energy") == 3
    enc.run("next")  # round 3: Exhausted ended with round 2
    assert "exhausted" not in cond_entries(enc, "Goblin")
    assert pool(enc, "Goblin", "energy") == 5
    assert pool_max(enc, "Goblin", "stamina_swap") == 1


def test_exhausted_energy_never_negative(enc: Encounter) -> None:
    enc.run("add Runner con=6")
    enc.run("start")
    for _ in range(5):
        enc.run("act Runner exert")
    assert pool(enc, "Runner", "stamina") == 1
    enc.run("cond Runner exhausted")
    enc.run("next")
    assert pool(enc, "Runner", "energy") == 0  # 1 - 2, not below 0
    refused(enc, "act Runner shift")
    enc.run("uncond Runner exhausted")
    enc.run("next")
    assert pool(enc, "Runner", "energy") == 1


def test_slowed_blocks_agility_and_restraining_holds_it(enc: Encounter) -> None:
    enc.run("add Goblin")
    enc.run("add Wolf")
    enc.run("start")
    enc.run("act Goblin shift-agility")
    assert pool(enc, "Goblin", "agility") == 1
    enc.run("act Goblin unarmed")  # earns 2 Agile Moves
    enc.run("cond Goblin restraining")
    assert cond_entries(enc, "Goblin")["slowed"]["implied"]
    assert pool_max(enc, "Goblin", "agility") == 0
    assert pool(enc, "Goblin", "agile_moves") == 2
    refused(enc, "act Goblin agile-move")  # earned, but no Agility while Slowed
    refused(enc, "uncond Goblin slowed")  # held by Restraining
    enc.run("cond Wolf restrained")
    assert cond_entries(enc, "Wolf")["exposed"]["implied"]
    enc.run("act Wolf defend")
    assert "exposed" in cond_entries(enc, "Wolf")
    enc.run("next")
    assert pool(enc, "Goblin", "agility") == 0  # still Slowed at the reset
    enc.run("uncond Goblin restraining")
    assert "slowed" not in cond_entries(enc, "Goblin")
    enc.run("next")
    assert pool(enc, "Goblin", "agility") == 3


def test_catch_your_breath(enc: Encounter) -> None:
    enc.run("add Hero pc con=12")
    enc.run("start")
    enc.run("act Hero exert")
    enc.run("act Hero exert")
    assert pool(enc, "Hero", "stamina") == 10
    enc.run("act Hero catch-breath")  # 3 Energy
    assert pool(enc, "Hero", "energy") == 2
    assert pool(enc, "Hero", "stamina") == 11
    enc.run("act Hero catch-breath")  # all that is left
    assert pool(enc, "Hero", "energy") == 0
    assert pool(enc, "Hero", "stamina") == 12
    refused(enc, "act Hero catch-breath")  # nothing left to give


def test_options_for_the_contradictions(enc: Encounter) -> None:
    enc.run("add Archer pc")
    enc.run("add Brute con=10")
    enc.run("start")
    enc.run("act Archer ranged")
    assert pool(enc, "Archer", "energy") == 3  # default reading: 2 Energy
    enc.run("set ranged_cost 1")
    enc.run("act Archer ranged")
    assert pool(enc, "Archer", "energy") == 2
    enc.run("set pickup_cost 1")
    enc.run("act Archer pick-up")
    assert pool(enc, "Archer", "energy") == 1
    assert not cond_entries(enc, "Archer")["exposed"]["implied"]
    enc.run("act Archer defend")  # Exposed on its own: Defend ends it
    assert "exposed" not in cond_entries(enc, "Archer")
    assert pool(enc, "Archer", "energy") == 0

    # non-lethal hit at 0 Aura: Exhausted to the end of the next round by default ...
    enc.run("prompt Brute non-lethal-at-zero")
    enc.run("resolve Brute")
    brute = cond_entries(enc, "Brute")
    assert brute["exhausted"]["remaining"] == 1 and "shaken" not in brute
    assert pool(enc, "Brute", "stamina") == 10
    # ... or Shaken and 5 Stamina lost with the other reading
    enc.run("uncond Brute exhausted")
    enc.run("set nonlethal_shaken 1")
    enc.run("prompt Brute non-lethal-at-zero")
    enc.run("resolve Brute")
    brute = cond_entries(enc, "Brute")
    assert "shaken" in brute and "exhausted" not in brute
    assert pool(enc, "Brute", "stamina") == 5
    assert pool_max(enc, "Brute", "stamina_swap") == 0
    enc.run("next")
    assert pool(enc, "Brute", "energy") == 5  # Shaken blocks Stamina, not Energy
    assert pool(enc, "Brute", "stamina_swap") == 0


def test_agile_moves_are_earned_by_energy_on_other_actions(enc: Encounter) -> None:
    enc.run("add Hero pc")
    enc.run("start")
    assert pool(enc, "Hero", "agility") == 3
    refused(enc, "act Hero agile-move")  # nothing spent on a non-movement action yet
    enc.run("act Hero run")  # movement earns none
    refused(enc, "act Hero agile-move")
    enc.run("act Hero equip-light")
    assert pool(enc, "Hero", "agile_moves") == 1
    enc.run("act Hero agile-move")
    assert pool(enc, "Hero", "agility") == 2
    assert pool(enc, "Hero", "agile_moves") == 0
    refused(enc, "act Hero agile-move")
    enc.run("next")
    enc.run("act Hero melee")
    assert pool(enc, "Hero", "agile_moves") == 3
    enc.run("act Hero agile-move")
    enc.run("act Hero agile-move")
    enc.run("act Hero agile-move")
    assert pool(enc, "Hero", "agility") == 0
    refused(enc, "act Hero agile-move")
    enc.run("act Hero stamina-for-energy")
    enc.run("act Hero helpless-strike")
    assert pool(enc, "Hero", "agile_moves") == 1
    enc.run("next")  # both reset at the round start
    assert pool(enc, "Hero", "agile_moves") == 0
    assert pool(enc, "Hero", "agility") == 3


def test_only_damage_past_the_aura_calls_for_a_death_roll(enc: Encounter) -> None:
    enc.run("add Goblin aura=6")
    enc.run("start")
    enc.run("dmg Goblin 6")  # only just empties the Aura
    assert pool(enc, "Goblin", "aura") == 0
    assert prompts(enc) == []
    enc.run("dmg Goblin 0")
    assert prompts(enc) == []
    enc.run("dmg Goblin 1")
    assert prompts(enc) == [("Goblin", "Death roll")]
    enc.run("resolve Goblin value=20")  # just a scratch
    assert cond_entries(enc, "Goblin") == {}
    # non-lethal damage reaching the body takes its own table, not the Death roll
    enc.run("dmg Goblin 2 non-lethal")
    assert prompts(enc) == [("Goblin", "Non-lethal hit with no Aura")]
    enc.run("resolve Goblin")
    assert cond_entries(enc, "Goblin")["exhausted"]["remaining"] == 1
    assert "dead" not in cond_entries(enc, "Goblin")


def test_each_hit_at_zero_aura_calls_for_its_own_death_roll(enc: Encounter) -> None:
    """Every hit taken with no Aura gets a Death roll, even two before the GM resolves either."""
    enc.run("add Goblin aura=1")
    enc.run("start")
    enc.run("dmg Goblin 3")
    enc.run("dmg Goblin 2")
    assert prompts(enc) == [("Goblin", "Death roll"), ("Goblin", "Death roll")]


def test_no_stamina_spending_while_shaken_or_exhausted(enc: Encounter) -> None:
    enc.run("add Hero pc")
    enc.run("start")
    enc.run("act Hero exert")
    assert pool(enc, "Hero", "stamina") == 9
    for cond in ("exhausted", "shaken"):
        enc.run(f"cond Hero {cond}")
        refused(enc, "act Hero sprint")
        refused(enc, "act Hero jump")
        refused(enc, "act Hero stamina-for-energy")
        enc.run("act Hero shift")  # Energy is still fine
        enc.run("act Hero catch-breath")  # gaining Stamina is not spending it
        enc.run(f"uncond Hero {cond}")
        enc.run("next")
    assert pool(enc, "Hero", "stamina") == 10
    enc.run("act Hero sprint")
    assert pool(enc, "Hero", "stamina") == 9
    assert pool(enc, "Hero", "energy") == 2


# -- issue 17: second pass against the text -------------------------------------------------------


def test_exposed_from_a_combat_roll_keeps_its_own_end_while_prone_holds_it(enc: Encounter) -> None:
    """"1-3 You become Exposed (until the end of the next Round)": a timed Exposed given while Prone
    already implies it keeps that end, outlasts the Prone, and ends then."""
    enc.run("add Hero pc")
    enc.run("start")
    enc.run("cond Hero prone")
    enc.run("prompt Hero combat-roll")
    enc.run("resolve Hero value=2")  # round 1: Exposed to the end of round 2
    assert cond_entries(enc, "Hero")["exposed"]["remaining"] == 1
    enc.run("uncond Hero prone")  # standing up does not end the roll's own Exposed
    assert cond_entries(enc, "Hero")["exposed"]["remaining"] == 1
    enc.run("next")  # round 2
    assert "exposed" in cond_entries(enc, "Hero")
    enc.run("next")  # round 3: its own end has come
    assert "exposed" not in cond_entries(enc, "Hero")


def test_exposed_own_end_passes_while_prone_still_holds_it(enc: Encounter) -> None:
    """The roll's Exposed ends at its own end; Prone goes on implying Exposed, which then goes with it."""
    enc.run("add Hero pc")
    enc.run("start")
    enc.run("cond Hero prone")
    enc.run("prompt Hero combat-roll")
    enc.run("resolve Hero value=3")
    enc.run("next")
    enc.run("next")  # round 3: the roll's end passed, Prone still stands
    assert cond_entries(enc, "Hero")["exposed"]["implied"] is True
    enc.run("uncond Hero prone")
    assert "exposed" not in cond_entries(enc, "Hero")


def test_major_injury_exhausts_until_the_next_short_rest(enc: Encounter) -> None:
    """"10-14 ... You are Exhausted until your next Short Rest.\""""
    enc.run("add Goblin aura=1")
    enc.run("start")
    enc.run("dmg Goblin 3")
    enc.run("resolve Goblin value=12")
    enc.run("next")
    enc.run("next")
    assert "exhausted" in cond_entries(enc, "Goblin")  # rounds do not end it
    enc.run("rest short")
    assert "exhausted" not in cond_entries(enc, "Goblin")


def test_a_knock_out_from_death_rolls_gets_no_waking_roll(enc: Encounter) -> None:
    """"Death Rolls/Saves (pain/bleeding out). You make a Death Save each Round until you get a 20 ... It is
    up to the GM to decide when you awaken." Only Stamina loss and non-lethal blows get the d20 waking roll."""
    enc.run("add Goblin aura=1")
    enc.run("add Orc aura=1")
    enc.run("start")
    enc.run("dmg Goblin 3")
    enc.run("resolve Goblin value=3")  # knocked out by the Death roll
    assert "unconscious" not in cond_entries(enc, "Goblin") and "knocked-out" in cond_entries(enc, "Goblin")
    assert cond_entries(enc, "Goblin")["unguarded"]["implied"] is True
    enc.run("dmg Orc 3")
    enc.run("resolve Orc value=7")  # bleeding out, awake
    enc.run("next")
    assert prompts(enc) == [("Goblin", "Death save"), ("Orc", "Death save")]
    enc.run("resolve Goblin value=12")
    enc.run("resolve Orc value=3")  # passes out from the Death save: no waking roll either
    assert "knocked-out" in cond_entries(enc, "Orc")
    enc.run("next")
    assert prompts(enc) == [("Goblin", "Death save"), ("Orc", "Death save")]


def test_restrained_allows_no_movement_or_attack_actions(enc: Encounter) -> None:
    """"Restrained: ... You may make no movement or attack actions and are Exposed." Defending and
    escaping stay allowed; "Restraining: You may not attack.\""""
    enc.run("add Hero pc")
    enc.run("add Orc")
    enc.run("start")
    enc.run("cond Hero restrained")
    for action in ("melee", "ranged", "trip", "run", "shift", "agile-move"):
        refused(enc, f"act Hero {action}")
    enc.run("act Hero defend")
    enc.run("act Hero escape")
    enc.run("uncond Hero restrained")
    enc.run("act Hero shift")
    enc.run("cond Orc restraining")
    refused(enc, "act Orc melee")
    enc.run("act Orc shift")


def test_no_more_than_4_stamina_on_one_attack(enc: Encounter) -> None:
    """"For each attack, you are limited to spending only 4 Stamina to enhance an attack ... Any Stamina
    spent as Energy does not count towards this limit.\""""
    enc.run("add Hero pc con=12")
    enc.run("start")
    enc.run("act Hero melee")
    for _ in range(4):
        enc.run("act Hero boost-attack")
    assert pool(enc, "Hero", "stamina") == 8
    refused(enc, "act Hero boost-attack")
    enc.run("act Hero stamina-for-energy")  # Stamina as Energy: not on the attack
    enc.run("next")
    enc.run("act Hero unarmed")  # a new attack, a new count
    enc.run("act Hero boost-attack")
    assert var(enc, "Hero", "attack_stamina") == 1


def test_an_interrupted_action_still_costs_1_energy(enc: Encounter) -> None:
    """"Typically, at least 1 Energy is still spent if an action is interrupted.\""""
    enc.run("add Hero pc")
    enc.run("start")
    enc.run("act Hero interrupted")
    assert pool(enc, "Hero", "energy") == 4


def test_a_restrained_creature_may_rise_unless_the_option_says_otherwise(enc: Encounter) -> None:
    """Kneeling and standing change posture, not place: allowed while Restrained by default, refused with
    `restrained_may_rise` 0 (rising read as movement)."""
    enc.run("add Hero pc")
    enc.run("start")
    enc.run("cond Hero prone")
    enc.run("cond Hero restrained")
    enc.run("set restrained_may_rise 0")
    refused(enc, "act Hero kneel")
    enc.run("set restrained_may_rise 1")
    enc.run("act Hero kneel")
    assert "prone" not in cond_entries(enc, "Hero")


def test_a_condition_an_ability_removed_is_ignored_until_the_end_of_the_round(enc: Encounter) -> None:
    """"If you have an ability which removes a Condition that is continually applied, you still ignore the
    Condition until the end of the Round. For instance, if you are in a bog which Slows anyone inside it, you
    can use an ability that removes a Slowed condition to spend Agility inside the bog for the rest of the
    Round.\""""
    enc.run("add Hero pc")
    enc.run("start")
    enc.run("cond Hero slowed")  # the bog
    enc.run("uncond Hero slowed until=end-of-round")  # the ability
    enc.run("cond Hero slowed")  # the bog applies it again, this round
    assert "slowed" not in cond_entries(enc, "Hero")
    enc.run("act Hero shift-agility")  # Agility is usable in the bog for the rest of the round
    enc.run("next")  # round 2: the bog slows it again
    enc.run("cond Hero slowed")
    assert "slowed" in cond_entries(enc, "Hero")
    assert pool_max(enc, "Hero", "agility") == 0


def test_a_condition_given_again_in_the_round_refreshes_and_never_stacks(enc: Encounter) -> None:
    """"Unless otherwise specified, when you become Exposed, the Exposure lasts until the end of the Round":
    a second Exposure is one condition, lasting to the later of the two ends."""
    enc.run("add Hero pc")
    enc.run("start")
    enc.run("act Hero pick-up")  # Exposed to the end of this round
    enc.run("prompt Hero combat-roll")
    enc.run("resolve Hero value=2")  # Exposed to the end of the next round
    assert [c["id"] for c in creature(enc, "Hero")["conditions"]].count("exposed") == 1
    enc.run("act Hero pick-up")  # again this round: the later end stays
    assert cond_entries(enc, "Hero")["exposed"]["remaining"] == 1
    enc.run("next")
    assert "exposed" in cond_entries(enc, "Hero")


def test_a_plain_removal_is_not_ignored_afterwards(enc: Encounter) -> None:
    enc.run("add Hero pc")
    enc.run("start")
    enc.run("cond Hero slowed")
    enc.run("uncond Hero slowed")  # the GM's correction, no ability
    enc.run("cond Hero slowed")
    assert "slowed" in cond_entries(enc, "Hero")


def test_a_long_rest_gives_back_all_stamina(enc: Encounter) -> None:
    """Long Rest: "You regain all your Stamina." ... "Anything you can do during a Short Rest, you can do
    during a Long Rest.\""""
    enc.run("add Hero pc con=12")
    enc.run("spend Hero stamina 5")
    enc.run("rest long")
    assert pool(enc, "Hero", "stamina") == 12


def test_a_recovery_surge_restores_the_aura_modifier_and_stabilizes(enc: Encounter) -> None:
    """"When you spend a Recovery Surge to restore your Aura, you regain Aura equal to your Recovery Value:
    Recovery Value = Aura Modifier (min 1)" ... "A creature can be stabilized by gaining Aura.\""""
    enc.run("add Hero pc aura_mod=3")  # Aura 24
    enc.run("add Goblin")  # Aura modifier 0: a surge still gives 1
    enc.run("dmg Hero 10")
    enc.run("act Hero recovery-surge")
    assert pool(enc, "Hero", "aura") == 17 and pool(enc, "Hero", "recovery_surges") == 4
    enc.run("dmg Goblin 20")
    enc.run("cond Goblin bleeding-out")
    enc.run("act Goblin recovery-surge")
    assert pool(enc, "Goblin", "aura") == 1 and "bleeding-out" not in cond_entries(enc, "Goblin")


def test_a_shaken_creature_handling_items_makes_a_chance_roll_not_to_drop_them(enc: Encounter) -> None:
    """Shaken: "You also have a chance to drop items while manipulating them. This includes equipping items,
    stowing items, or loading ammunition (Chance roll with a DC: 5).\""""
    enc.run("add Hero pc")
    enc.run("start")
    enc.run("act Hero equip-light")
    assert prompts(enc) == []
    enc.run("cond Hero shaken")
    for action in ("equip-light", "equip", "load"):
        enc.run(f"act Hero {action}")
        assert prompts(enc) == [("Hero", "Shaken: drop check")]
        enc.run("resolve value=4")


def test_a_maneuver_on_a_target_not_exposed_leaves_the_attacker_unguarded(enc: Encounter) -> None:
    """"If you perform a Combat Maneuver which is not a Swift Attack against a target that is not Exposed,
    you become Unguarded and the target has Advantage on their first Defense roll.\""""
    enc.run("add Hero pc")
    enc.run("add Goblin")
    enc.run("start")
    enc.run("act Hero push on=Goblin")
    assert "unguarded" in cond_entries(enc, "Hero")
    enc.run("uncond Hero unguarded")
    enc.run("cond Goblin exposed")
    enc.run("act Hero trip on=Goblin")  # an Exposed target: no price
    assert "unguarded" not in cond_entries(enc, "Hero")


def test_shaken_from_a_non_lethal_hit_lasts_until_the_next_short_rest(enc: Encounter) -> None:
    """"If you deal Non-Lethal damage to a creature with 0 Aura, then they don't make a Death roll, but
    instead the they are Shaken until their next Short Rest and lose 5 Stamina.\""""
    enc.run("add Brute")
    enc.run("start")
    enc.run("set nonlethal_shaken 1")
    enc.run("dmg Brute 25 non-lethal")
    enc.run("resolve Brute")
    enc.run("next")
    enc.run("next")
    assert "shaken" in cond_entries(enc, "Brute")
    enc.run("rest short")
    assert "shaken" not in cond_entries(enc, "Brute")


def test_a_second_initiative_roll_in_a_round_fails_automatically(enc: Encounter) -> None:
    """"If another situation arises that requires you to roll Initiative after you have already rolled it
    during the Round, you automatically fail.\""""
    enc.run("add Hero pc")
    enc.run("start")
    enc.run("act Hero roll-initiative")
    enc.run("dismiss")
    with pytest.raises(CombatError, match="a second roll fails automatically"):
        enc.run("act Hero roll-initiative")
    enc.run("next")
    enc.run("act Hero roll-initiative")  # a new round
    assert prompts(enc) == [("Hero", "Initiative roll")]


def test_the_target_of_a_maneuver_not_exposed_is_reminded_of_its_advantage(enc: Encounter) -> None:
    """"... and the target has Advantage on their first Defense roll of the Combat Maneuver.\""""
    enc.run("add Hero pc")
    enc.run("add Goblin")
    enc.run("start")
    lines = enc.run("act Hero disarm on=Goblin")
    assert any(line.startswith("Goblin: Advantage on its first Defense roll") for line in lines)
    enc.run("next")
    enc.run("cond Goblin exposed")
    lines = enc.run("act Hero restrain on=Goblin")  # Exposed: no Advantage
    assert not any("Advantage on its first Defense roll" in line for line in lines)


def test_defending_ends_on_moving_more_than_speed_in_a_round(enc: Encounter) -> None:
    """"This defense bonus lasts until you make an attack, cast a spell, or move more than your Speed during
    a Round.": a Run is its Speed, so a move after a Run in the same round is more."""
    enc.run("add Hero pc con=12")
    enc.run("start")
    enc.run("act Hero defend")
    enc.run("act Hero run")  # its Speed: not more
    assert "defending" in cond_entries(enc, "Hero")
    enc.run("act Hero shift")
    assert "defending" not in cond_entries(enc, "Hero")
    enc.run("next")  # a new round: the count starts again
    enc.run("act Hero run")
    enc.run("act Hero defend")  # the round's Run counts too
    enc.run("act Hero shift")
    assert "defending" not in cond_entries(enc, "Hero")


def test_defend_counting_only_later_moves_is_an_option(enc: Encounter) -> None:
    """The other reading: set defend_counts_moves_after 1 and only moves after Defend count."""
    enc.run("add Hero pc con=12")
    enc.run("set defend_counts_moves_after 1")
    enc.run("start")
    enc.run("act Hero run")
    enc.run("act Hero defend")
    enc.run("act Hero shift")
    assert "defending" in cond_entries(enc, "Hero")


def test_push_and_trip_outcomes_turn_on_the_targets_fortitude(enc: Encounter) -> None:
    """Push: "If it fails, the target is Unguarded and pushed 1 meter. If the target succeeds on their
    Fortitude roll, you become Unguarded." Trip: "If the Saving Throw fails the target is knocked Prone.\""""
    enc.run("add Hero pc")
    enc.run("add Goblin")
    enc.run("start")
    enc.run("cond Goblin exposed")  # no price for the maneuver itself
    enc.run("act Hero push on=Goblin")
    assert prompts(enc) == [("Goblin", "Push outcome")]
    enc.run("resolve Goblin value=1")
    assert "unguarded" in cond_entries(enc, "Goblin") and "unguarded" not in cond_entries(enc, "Hero")
    enc.run("act Hero trip on=Goblin")
    assert prompts(enc) == [("Goblin", "Trip outcome")]
    enc.run("resolve Goblin value=1")
    assert "prone" in cond_entries(enc, "Goblin")
    enc.run("next")
    enc.run("act Hero push on=Goblin")
    lines = enc.run("resolve Goblin value=2")
    assert any("the pusher becomes Unguarded" in line for line in lines)
