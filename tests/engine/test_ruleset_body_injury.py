"""The `body-injury` ruleset played through the command API: budgets, conditions, injuries, prompts.

Hero (init 15) always acts before Goblin (init 10); initiative is given so the order is fixed.
"""

from __future__ import annotations

import pytest
from helpers import conds, creature, pool, pool_max, prompts

from combat_tui.engine.encounter import Encounter
from combat_tui.engine.state.errors import CombatError
from combat_tui.store.rulesets import Catalogue

RULESET = "body-injury"


# -- helpers --------------------------------------------------------------------------------------


def table_name(enc: Encounter, tid: str) -> str:
    return enc.rs.table(tid).name


def actor(enc: Encounter) -> str:
    active = enc.view()["active"]
    assert len(active) == 1
    return str(active[0])


@pytest.fixture
def enc(catalogue: Catalogue) -> Encounter:
    e = Encounter.new(catalogue.get(RULESET), seed=20240611)
    e.run("add Hero pc init=15 str=1 dex=2 con=2 level=3")
    e.run("add Goblin init=10")
    return e


@pytest.fixture
def started(enc: Encounter) -> Encounter:
    enc.run("start")
    assert actor(enc) == "Hero"
    return enc


# -- creation -------------------------------------------------------------------------------------


def test_defaults_let_a_bare_creature_join(enc: Encounter) -> None:
    # Goblin was added with no stats: trained 5 + CON 0 x level 1.
    assert (pool(enc, "Goblin", "stamina"), pool_max(enc, "Goblin", "stamina")) == (5, 5)
    assert pool_max(enc, "Goblin", "exhaustion") == 5
    assert pool_max(enc, "Goblin", "ap") == 3
    assert pool_max(enc, "Goblin", "reactions") == 1
    assert pool(enc, "Goblin", "free_action") == 1
    assert pool(enc, "Goblin", "attacks_this_turn") == 0
    # Hero: 5 + 2 x 3 = 11 stamina; reactions 1 + the better of STR 1 / DEX 2.
    assert pool_max(enc, "Hero", "stamina") == 11
    assert pool_max(enc, "Hero", "reactions") == 3


def test_stamina_never_below_one_and_none_without_con(enc: Encounter) -> None:
    enc.run("add Wretch con=-4 level=5")
    assert pool_max(enc, "Wretch", "stamina") == 1
    enc.run("add Golem no_con=1")
    assert pool_max(enc, "Golem", "stamina") == 0


def test_initiative_adds_dex_only_when_both_sides_were_ready(catalogue: Catalogue) -> None:
    rolls = {}
    for ready in (1, 0):
        e = Encounter.new(catalogue.get(RULESET), seed=3)
        e.run(f"set ready_start {ready}")
        e.run("add Quick dex=30")
        e.run("start")
        rolls[ready] = creature(e, "Quick")["initiative"]
    assert 31 <= rolls[1] <= 50
    assert 1 <= rolls[0] <= 20


# -- the start condition ----------------------------------------------------------------------------


def test_everyone_starts_off_guard_without_reactions(started: Encounter) -> None:
    enc = started
    assert "off-guard" in conds(enc, "Goblin")
    assert pool_max(enc, "Goblin", "reactions") == 0
    with pytest.raises(CombatError):
        enc.run("act Goblin parry")  # no reaction before its first turn
    assert pool(enc, "Goblin", "stamina") == 5


def test_off_guard_ends_at_the_start_of_the_creatures_first_turn(started: Encounter) -> None:
    enc = started
    # Round 1, Hero's turn has started: Hero's own off-guard is over, Goblin's is not.
    assert "off-guard" not in conds(enc, "Hero")
    assert pool(enc, "Hero", "reactions") == 3
    assert "off-guard" in conds(enc, "Goblin")
    enc.run("next")  # round 1, Goblin's turn
    assert actor(enc) == "Goblin"
    assert "off-guard" not in conds(enc, "Goblin")
    assert pool(enc, "Goblin", "reactions") == 1


def test_a_late_joiner_is_off_guard_until_its_own_first_turn(started: Encounter) -> None:
    enc = started
    enc.run("next")  # round 1, Goblin
    enc.run("add Orc init=12")  # its place this round (between Hero and Goblin) has passed
    assert "off-guard" in conds(enc, "Orc")
    enc.run("next")  # round 2, Hero
    assert actor(enc) == "Hero"
    assert "off-guard" in conds(enc, "Orc")
    enc.run("next")  # round 2, Orc's first turn
    assert actor(enc) == "Orc"
    assert "off-guard" not in conds(enc, "Orc")
    assert pool(enc, "Orc", "reactions") == 1


# -- three rounds of budgets ----------------------------------------------------------------------


def test_three_rounds_of_budgets(started: Encounter) -> None:
    enc = started
    # Round 1, Hero: two attacks, then a lunge (the turn's free action).
    enc.run("act Hero attack")
    enc.run("act Hero attack")
    assert pool(enc, "Hero", "attacks_this_turn") == 2
    assert pool(enc, "Hero", "ap") == 1
    enc.run("act Hero lunge")
    assert pool(enc, "Hero", "free_action") == 0
    assert pool(enc, "Hero", "stamina") == 10
    assert "lunging" in conds(enc, "Hero")
    with pytest.raises(CombatError):
        enc.run("act Hero cleave")  # free action already used this turn
    assert pool(enc, "Hero", "stamina") == 10
    enc.run("act Hero attack")
    with pytest.raises(CombatError):
        enc.run("act Hero attack")  # out of AP
    assert pool(enc, "Hero", "attacks_this_turn") == 3

    enc.run("next")  # round 1, Goblin
    assert actor(enc) == "Goblin"
    # Nothing of Hero's refreshes on someone else's turn; the lunge lasts until Hero's next turn.
    assert pool(enc, "Hero", "attacks_this_turn") == 3
    assert pool(enc, "Hero", "ap") == 0
    assert pool(enc, "Hero", "free_action") == 0
    assert "lunging" in conds(enc, "Hero")
    with pytest.raises(CombatError, match="Hero cannot Free action: free actions only on its own turn"):
        enc.run("act Hero free")  # free actions only on one's own turn
    enc.run("act Goblin attack")
    enc.run("act Goblin struck")  # bookkeeping on the creature hit is fine off-turn
    assert pool(enc, "Goblin", "strain") == 1
    enc.run("act Hero struck")
    enc.run("act Goblin defend")
    assert {"defending", "no-attack"} <= conds(enc, "Goblin")
    with pytest.raises(CombatError, match="Goblin cannot Attack: it used Defend this turn"):
        enc.run("act Goblin attack")  # Defend forbids attacking for the rest of the turn
    assert pool(enc, "Goblin", "attacks_this_turn") == 1
    assert pool(enc, "Goblin", "ap") == 1

    enc.run("next")  # round 2, Hero
    assert enc.view()["round"] == 2
    assert actor(enc) == "Hero"
    assert "lunging" not in conds(enc, "Hero")
    assert pool(enc, "Hero", "ap") == 3
    assert pool(enc, "Hero", "attacks_this_turn") == 0
    assert pool(enc, "Hero", "free_action") == 1
    assert pool(enc, "Hero", "reactions") == 3
    assert pool(enc, "Hero", "strain") == 1  # strain does not refresh
    # Goblin's turn is over: no-attack ended with it, the dodge bonus stands until its next turn.
    assert "no-attack" not in conds(enc, "Goblin")
    assert "defending" in conds(enc, "Goblin")
    enc.run("act Hero round")  # a round action: all AP, no reactions until next turn
    assert pool(enc, "Hero", "ap") == 0
    assert pool_max(enc, "Hero", "reactions") == 0

    enc.run("next")  # round 2, Goblin
    assert "defending" not in conds(enc, "Goblin")
    assert pool(enc, "Goblin", "reactions") == 1
    assert "round-action" in conds(enc, "Hero")
    with pytest.raises(CombatError):
        enc.run("act Hero reactive-attack")
    enc.run("act Goblin cleave")
    assert "cleaving" in conds(enc, "Goblin")
    assert pool(enc, "Goblin", "stamina") == 4

    enc.run("next")  # round 3, Hero
    assert enc.view()["round"] == 3
    assert "round-action" not in conds(enc, "Hero")
    assert pool(enc, "Hero", "reactions") == 3
    assert pool(enc, "Hero", "ap") == 3
    assert "cleaving" in conds(enc, "Goblin")
    enc.run("act Goblin parry")  # a reaction against Hero's attack
    assert pool(enc, "Goblin", "reactions") == 0
    assert pool(enc, "Goblin", "stamina") == 3
    with pytest.raises(CombatError):
        enc.run("act Goblin parry")  # one reaction only (no STR/DEX bonus)
    enc.run("act Hero reactive-attack")  # off-turn-style reaction: not an attack of this turn
    assert pool(enc, "Hero", "attacks_this_turn") == 0
    assert pool(enc, "Hero", "reactions") == 2

    enc.run("next")  # round 3, Goblin
    assert "cleaving" not in conds(enc, "Goblin")
    assert pool(enc, "Goblin", "reactions") == 1


def test_free_actions_as_many_as_fit_when_the_option_says_so(started: Encounter) -> None:
    enc = started
    enc.run("set free_once_per_turn 0")
    enc.run("act Hero lunge")
    enc.run("act Hero cleave")
    enc.run("act Hero free")
    assert pool(enc, "Hero", "free_action") == 1
    assert pool(enc, "Hero", "stamina") == 9
    assert {"lunging", "cleaving"} <= conds(enc, "Hero")


def test_ready_shield_lasts_until_the_users_next_turn_not_the_round_end(started: Encounter) -> None:
    enc = started
    enc.run("act Hero ready-shield")
    assert pool(enc, "Hero", "ap") == 2
    enc.run("next")  # Goblin
    enc.run("next")  # round 2: Hero's turn starts, the shield drops
    assert "shield-ready" not in conds(enc, "Hero")
    enc.run("act Hero ready-shield")
    enc.run("next")  # Goblin, round 2
    assert "shield-ready" in conds(enc, "Hero")


# -- stamina and exhaustion -----------------------------------------------------------------------


def test_stamina_runs_into_exhaustion(started: Encounter) -> None:
    enc = started
    enc.run("dmg Goblin 7")
    assert pool(enc, "Goblin", "stamina") == 0
    assert pool(enc, "Goblin", "exhaustion") == 3
    assert "exhausted" in conds(enc, "Goblin")
    enc.run("next")  # Goblin's turn: stamina costs now come off Exhaustion
    enc.run("act Goblin lunge")
    assert pool(enc, "Goblin", "exhaustion") == 2
    assert pool(enc, "Goblin", "stamina") == 0
    enc.run("heal Goblin 4")  # Exhaustion refills first, then Stamina
    assert pool(enc, "Goblin", "exhaustion") == 5
    assert pool(enc, "Goblin", "stamina") == 1
    assert "exhausted" not in conds(enc, "Goblin")


# -- injuries -------------------------------------------------------------------------------------


def test_foot_injuries_raise_the_cost_of_standing(started: Encounter) -> None:
    enc = started
    enc.run("cond Hero prone")
    enc.run("injure Hero foot")
    assert creature(enc, "Hero")["conditions"][-1]["value"] == 1
    enc.run("act Hero stand-up")
    assert pool(enc, "Hero", "ap") == 1
    assert "prone" not in conds(enc, "Hero")


def test_all_legs_injured_puts_it_down_for_good(started: Encounter) -> None:
    enc = started
    enc.run("injure Goblin leg")
    assert "cannot-stand" not in conds(enc, "Goblin")
    enc.run("injure Goblin leg")
    assert {"cannot-stand", "prone"} <= conds(enc, "Goblin")
    with pytest.raises(CombatError):
        enc.run("uncond Goblin prone")  # held by Cannot stand
    hob = next(c for c in creature(enc, "Goblin")["conditions"] if c["id"] == "hobbled")
    assert hob["value"] == 4
    enc.run("next")
    with pytest.raises(CombatError):
        enc.run("act Goblin stand-up")  # 1 + 4 AP is more than 3
    assert "prone" in conds(enc, "Goblin")


def test_both_eyes_blind(started: Encounter) -> None:
    enc = started
    enc.run("injure Goblin eye")
    assert "blinded" not in conds(enc, "Goblin")
    enc.run("injure Goblin eye")
    assert "blinded" in conds(enc, "Goblin")
    assert creature(enc, "Goblin")["injuries"] == {"eye.1": 1, "eye.2": 1}


def test_third_head_injury_knocks_out_and_wakes_at_turn_start(started: Encounter) -> None:
    enc = started
    enc.run("injure Goblin head 3")
    assert {"concussion", "prone"} <= conds(enc, "Goblin")
    names = [t for _, t in prompts(enc)]
    assert names == [table_name(enc, "head-second"), table_name(enc, "head-third")]
    enc.run("resolve Goblin second value=25")  # head-second: dazed, and confused either way
    assert {"dazed", "confused"} <= conds(enc, "Goblin")
    assert "stunned" not in conds(enc, "Goblin")
    enc.run("resolve Goblin value=30")  # head-third passed: knocked out, may wake
    assert {"knocked-out", "unconscious", "helpless"} <= conds(enc, "Goblin")
    assert "coma" not in conds(enc, "Goblin")
    assert prompts(enc) == []

    enc.run("next")  # Goblin's turn: no AP, and no wake-up check in the round it was knocked out
    assert actor(enc) == "Goblin"
    assert pool(enc, "Goblin", "ap") == 0
    assert prompts(enc) == []
    enc.run("next")  # round 2, Hero: nothing for Goblin
    assert prompts(enc) == []
    enc.run("next")  # round 2, Goblin: the first wake-up check
    assert prompts(enc) == [("Goblin", table_name(enc, "wake-check"))]
    enc.run("resolve value=12")
    assert "knocked-out" in conds(enc, "Goblin")
    enc.run("next")
    enc.run("next")  # round 3, Goblin: asked again
    assert prompts(enc) == [("Goblin", table_name(enc, "wake-check"))]
    enc.run("resolve value=31")
    assert not {"knocked-out", "coming-round", "unconscious", "helpless"} & conds(enc, "Goblin")
    assert pool(enc, "Goblin", "ap") == 3  # woken at the start of its turn: the whole turn's AP
    enc.run("next")
    enc.run("next")  # round 4: no more wake checks
    assert prompts(enc) == []


def test_failed_third_head_check_is_a_coma(started: Encounter) -> None:
    enc = started
    enc.run("injure Goblin head 3")
    enc.run("dismiss Goblin second")  # the second-injury check
    enc.run("resolve Goblin value=29")
    assert {"coma", "unconscious"} <= conds(enc, "Goblin")
    enc.run("next")
    assert prompts(enc) == []  # no wake-up checks in a coma


def test_heart_injury_stuns_for_a_round(started: Encounter) -> None:
    enc = started
    enc.run("injure Goblin heart")
    assert prompts(enc) == [("Goblin", table_name(enc, "heart-first"))]
    enc.run("resolve value=3")
    assert {"stunned", "sickened"} <= conds(enc, "Goblin")
    enc.run("next")  # Goblin's turn: stunned, no AP
    assert pool(enc, "Goblin", "ap") == 0
    with pytest.raises(CombatError):
        enc.run("act Goblin attack")
    enc.run("next")  # round 2, Hero: a round has passed since Hero's turn, the stun ends
    assert "stunned" not in conds(enc, "Goblin")
    assert "sickened" in conds(enc, "Goblin")
    enc.run("next")
    assert pool(enc, "Goblin", "ap") == 3


def test_second_heart_injury_kills_and_the_dead_take_no_turns(started: Encounter) -> None:
    enc = started
    enc.run("injure Goblin heart 2")
    assert "dead" in conds(enc, "Goblin")
    enc.run("next")
    assert actor(enc) == "Hero"
    assert enc.view()["round"] == 2


# -- the unconscious CON save ---------------------------------------------------------------------


def test_unconscious_save_on_injury_and_bleed(started: Encounter) -> None:
    enc = started
    enc.run("cond Goblin unconscious")
    enc.run("injure Goblin arm")
    assert prompts(enc) == [("Goblin", table_name(enc, "con-save"))]
    enc.run("resolve value=0")  # holds on
    assert "dead" not in conds(enc, "Goblin")
    enc.run("dmg Goblin 3 bleed")
    assert pool(enc, "Goblin", "bleed") == 3
    assert pool(enc, "Goblin", "stamina") == 5  # bleed does not come off Stamina
    assert prompts(enc) == [("Goblin", table_name(enc, "con-save"))]
    enc.run("resolve value=-1")
    assert "dead" in conds(enc, "Goblin")


def test_conscious_creatures_do_not_save(started: Encounter) -> None:
    enc = started
    enc.run("injure Goblin arm")
    enc.run("dmg Goblin 2 bleed")
    assert prompts(enc) == []
    assert pool(enc, "Goblin", "bleed") == 2


def test_unconscious_save_dc_counts_injury_values_and_bleed(started: Encounter) -> None:
    enc = started
    # 4 arm/leg injuries (severe, value 3 each) = 12, plus 9 bleed: DC 21, beyond 1d20 + 0.
    for part in ("arm", "arm", "leg", "leg"):
        enc.run(f"injure Goblin {part}")
    enc.run("dmg Goblin 9 bleed")
    enc.run("cond Goblin unconscious")
    enc.run("prompt Goblin con-save")
    enc.run("resolve")
    assert "dead" in conds(enc, "Goblin")


def test_critical_unconscious_save_wakes_with_one_stamina(started: Encounter) -> None:
    enc = started
    enc.run("dmg Goblin 8")
    enc.run("dmg Goblin 4 bleed")
    enc.run("cond Goblin knocked-out")
    enc.run("prompt Goblin con-save")
    enc.run("resolve value=10")
    assert not {"knocked-out", "unconscious", "dead"} & conds(enc, "Goblin")
    assert pool(enc, "Goblin", "bleed") == 0
    assert pool(enc, "Goblin", "exhaustion") == 5
    assert pool(enc, "Goblin", "stamina") == 1
    assert "exhausted" not in conds(enc, "Goblin")


def test_undo_takes_back_an_injury_and_its_effects(started: Encounter) -> None:
    enc = started
    enc.run("injure Goblin foot")
    enc.run("injure Goblin foot")
    assert "cannot-stand" in conds(enc, "Goblin")
    enc.run("undo")
    assert "cannot-stand" not in conds(enc, "Goblin")
    assert creature(enc, "Goblin")["injuries"] == {"foot.1": 1}
