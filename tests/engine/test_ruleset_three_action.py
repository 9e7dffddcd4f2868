"""The `three-action` ruleset played through the engine's command API.

Three actions and one reaction per turn (both refilled at the creature's own turn start), Slowed /
Incapacitated / Stunned budgets, going down at 0 HP (Incapacitated, Prone, Bleeding), the Bleed
table with its Bleed Penalty, On fire and Poison at turn start, once-per-turn Control and
once-per-round Command, surprise, delay, subjective conditions and their implications.
"""

from __future__ import annotations

import re

import pytest
from helpers import Make, active, cond, cond_ids, creature, pool, pool_max, prompt_tables

from combat_tui.engine.encounter import Encounter
from combat_tui.engine.state.errors import CombatError

RULESET = "three-action"
SEED = 11


# -- helpers ----------------------------------------------------------------------------------


def next_until(enc: Encounter, name: str, limit: int = 12) -> list[str]:
    """`next` until it is NAME's turn; return all the lines."""
    lines: list[str] = []
    for _ in range(limit):
        lines += enc.run("next")
        if enc.view()["active"] == [name]:
            return lines
    raise AssertionError(f"{name} never got a turn")


def damage_taken(lines: list[str], name: str, dtype: str) -> int:
    hits = [int(m.group(1)) for line in lines if (m := re.match(rf"{name} takes (\d+) {dtype} damage", line))]
    assert len(hits) == 1, lines
    return hits[0]


# -- the ruleset itself -------------------------------------------------------------------------


def test_ruleset_shape(catalogue) -> None:  # type: ignore[no-untyped-def]
    rs = catalogue.get(RULESET)
    assert rs.time.order == "descending" and rs.time.hold and rs.time.delay
    assert rs.time.surprise.skip_round_1
    ids = [c.id for c in rs.conditions]
    for needed in ("bleeding", "blinded", "dead", "destroyed", "entangled", "shaken", "grappled", "grappling",
                   "incapacitated", "invisible", "on-fire", "poisoned", "prone", "slowed", "stunned",
                   "squeezing", "unconscious", "flat-footed", "flanked", "seen", "concealed", "hidden",
                   "undetected", "cover"):
        assert needed in ids, needed
    for subj in ("flat-footed", "flanked", "seen", "concealed", "hidden", "undetected", "cover"):
        assert rs.condition(subj).subjective, subj
    with_tables = [c.id for c in rs.conditions if c.start_of_turn]
    assert with_tables[0] == "bleeding"
    assert rs.condition("poisoned").stacking == "separate"
    assert rs.condition("shaken").stacking == "extend"
    assert 8 <= len(rs.rules) <= 20


# -- a three-round fight --------------------------------------------------------------------------


def test_three_rounds_of_bookkeeping(enc: Encounter) -> None:
    enc.run("add Hero pc init=15 hp=20 ess=4 level=2")
    enc.run("add Orc init=12 hp=12")
    enc.run("add Goblin init=12 hp=50")
    enc.run("add Rat init=5 surprised")
    enc.run("start")
    v = enc.view()
    assert v["round"] == 1 and active(enc) == ["Hero"]
    assert v["order"][0] == "Hero" and v["order"][-1] == "Rat"
    assert set(v["order"][1:3]) == {"Orc", "Goblin"}  # the tie, broken at random
    tie = v["order"][1:3]
    assert pool(enc, "Hero", "actions") == 3 and pool(enc, "Hero", "reactions") == 1

    # ---- round 1, Hero: Command once a round for each creature, Control once a turn for each spell
    enc.run("act Hero command on=Rat")
    assert pool(enc, "Hero", "actions") == 2 and pool(enc, "Hero", "command") == 0
    with pytest.raises(CombatError):
        enc.run("act Hero command on=Rat")
    assert pool(enc, "Hero", "actions") == 2  # the refused command cost nothing
    enc.run("act Hero control")
    with pytest.raises(CombatError):
        enc.run("act Hero control")
    enc.run("spend Hero energy 6")
    enc.run("act Hero focus")  # floor((4 + 2) / 3) = 2
    assert pool(enc, "Hero", "energy") == 6
    assert pool(enc, "Hero", "actions") == 0
    with pytest.raises(CombatError):
        enc.run("act Hero melee")

    # Flanked brings Flat Footed toward the same creature; the daughter cannot go on its own.
    with pytest.raises(CombatError):
        enc.run("cond Goblin flanked")  # subjective: needs from=
    enc.run("cond Goblin flanked from=Hero")
    ff = cond(enc, "Goblin", "flat-footed")
    assert ff["implied"] and ff["source"] == "Hero"
    with pytest.raises(CombatError):
        enc.run("uncond Goblin flat-footed")

    # Going down: Incapacitated, Prone, Bleeding; the hit itself raises the Bleed Penalty.
    enc.run("dmg Goblin 51")
    assert pool(enc, "Goblin", "hp") == -1
    assert {"incapacitated", "prone", "bleeding"} <= set(cond_ids(enc, "Goblin"))
    assert pool(enc, "Goblin", "bleed_penalty") == 1
    assert pool_max(enc, "Goblin", "actions") == 1 and pool_max(enc, "Goblin", "reactions") == 0
    enc.run("cond Goblin on-fire")
    enc.run("cond Goblin poisoned 3")

    # ---- round 1, the tied pair
    for i, name in enumerate(tie):
        next_until(enc, name)
        assert enc.view()["round"] == 1
        if i == 0:  # the Hero's budget does not refill on others' turns; its reaction is spent here
            assert pool(enc, "Hero", "actions") == 0
            enc.run("act Hero reaction")
            assert pool(enc, "Hero", "reactions") == 0
            with pytest.raises(CombatError):
                enc.run("act Hero reaction")
        if name == "Goblin":  # prompts in file order, Bleeding first
            assert prompt_tables(enc, "Goblin") == ["Bleed table", "On fire", "Poison"]
            assert pool(enc, "Goblin", "actions") == 1  # incapacitated: 3 - 2
            lines = enc.run("resolve Goblin bleed value=8")  # Deteriorate: penalty +1, then 2d6 bleed (+1 again)
            bled = damage_taken(lines, "Goblin", "bleed")
            assert 2 <= bled <= 12
            assert pool(enc, "Goblin", "hp") == -1 - bled
            assert pool(enc, "Goblin", "bleed_penalty") == 3
            assert prompt_tables(enc, "Goblin") == ["On fire", "Poison"]
            lines = enc.run("resolve Goblin on fire")  # 2d6 fire
            burnt = damage_taken(lines, "Goblin", "fire")
            assert 2 <= burnt <= 12 and pool(enc, "Goblin", "bleed_penalty") == 4
            hp = pool(enc, "Goblin", "hp")
            enc.run("dismiss Goblin")  # the GM rules the poison did nothing this time
            assert prompt_tables(enc) == [] and pool(enc, "Goblin", "hp") == hp
            enc.run("act Goblin stand")
            assert "prone" not in cond_ids(enc, "Goblin") and pool(enc, "Goblin", "actions") == 0
            with pytest.raises(CombatError):
                enc.run("act Goblin melee")
            enc.run("uncond Goblin on-fire")

    # ---- round 1 ends: the surprised Rat does not act; round 2 starts with the Hero refreshed
    lines = next_until(enc, "Hero")
    assert any("Rat is surprised" in line for line in lines)
    assert enc.view()["round"] == 2
    assert pool(enc, "Hero", "actions") == 3
    assert pool(enc, "Hero", "reactions") == 1
    assert pool(enc, "Hero", "command") == 1 and pool(enc, "Hero", "control") == 1

    # ---- round 2, Hero: a critical grapple leaves the Orc Slowed for one round
    enc.run("cond Orc slowed for=1")
    assert pool_max(enc, "Orc", "actions") == 2 and pool_max(enc, "Orc", "reactions") == 0
    enc.run("cond Orc shaken for=1")
    enc.run("cond Orc shaken for=2")  # Shaken adds its durations: 3 rounds
    assert cond(enc, "Orc", "shaken")["remaining"] == 3
    enc.run("act Hero command on=Rat")  # a new round: the Rat may be commanded again
    assert pool(enc, "Hero", "command") == 0

    for name in tie:
        next_until(enc, name)
        assert enc.view()["round"] == 2
        if name == "Orc":  # slowed: two actions
            assert pool(enc, "Orc", "actions") == 2
            enc.run("act Orc melee")
            enc.run("act Orc melee")
            with pytest.raises(CombatError):
                enc.run("act Orc melee")
        else:  # Bleeding, then Stabilize
            assert prompt_tables(enc, "Goblin") == ["Bleed table", "Poison"]
            before = pool(enc, "Goblin", "hp")
            lines = enc.run("resolve Goblin bleed value=17")  # bleeding ends, penalty 0, then the 2d6 anyway
            assert "bleeding" not in cond_ids(enc, "Goblin")
            bled = damage_taken(lines, "Goblin", "bleed")
            assert pool(enc, "Goblin", "hp") == before - bled
            assert pool(enc, "Goblin", "bleed_penalty") == 1
            assert "incapacitated" in cond_ids(enc, "Goblin")  # still at 0 HP or below
            lines = enc.run("resolve Goblin")  # poison level 3 as damage
            assert damage_taken(lines, "Goblin", "poison") == 3
            assert pool(enc, "Goblin", "bleed_penalty") == 2

    # ---- round 2, Rat: no longer surprised
    next_until(enc, "Rat")
    assert enc.view()["round"] == 2
    assert "slowed" in cond_ids(enc, "Orc")  # lasts until the Hero's next turn starts

    # ---- round 3: Slowed ends when its source's turn starts, not at the end of the round
    next_until(enc, "Hero")
    assert enc.view()["round"] == 3
    assert "slowed" not in cond_ids(enc, "Orc")
    assert pool_max(enc, "Orc", "actions") == 3 and pool_max(enc, "Orc", "reactions") == 1
    assert cond(enc, "Orc", "shaken")["remaining"] == 2

    # Healing: back above 0 HP ends Incapacitated; each heal lowers the penalty by one.
    enc.run("heal Goblin 60")
    assert pool(enc, "Goblin", "hp") > 0
    assert "incapacitated" not in cond_ids(enc, "Goblin")
    assert pool(enc, "Goblin", "bleed_penalty") == 1
    enc.run("heal Goblin 1")
    enc.run("heal Goblin 1")
    assert pool(enc, "Goblin", "bleed_penalty") == 0  # never below 0

    next_until(enc, "Goblin")
    assert enc.view()["round"] == 3
    assert prompt_tables(enc, "Goblin") == ["Poison"]  # no more Bleed table
    assert pool(enc, "Goblin", "actions") == 3
    assert pool(enc, "Goblin", "reactions") == 1


# -- going down and dying --------------------------------------------------------------------------


def test_death_at_negative_max_hp_takes_the_creature_out(enc: Encounter) -> None:
    enc.run("add Hero pc init=15 hp=20")
    enc.run("add Orc init=10 hp=6")
    enc.run("add Bat init=5 hp=4")
    enc.run("start")
    enc.run("dmg Orc 5")  # 1 HP: still up
    assert cond_ids(enc, "Orc") == [] and pool(enc, "Orc", "bleed_penalty") == 1
    enc.run("dmg Orc 20")
    assert pool(enc, "Orc", "hp") == -6  # the floor is minus max HP
    assert "dead" in cond_ids(enc, "Orc")
    assert "incapacitated" not in cond_ids(enc, "Orc") and "bleeding" not in cond_ids(enc, "Orc")
    enc.run("next")
    assert active(enc) == ["Bat"]  # the dead Orc is passed over
    enc.run("next")
    assert active(enc) == ["Hero"] and enc.view()["round"] == 2


@pytest.mark.parametrize(("hp_after", "at_zero", "result"), [
    (-1, 0, "dead"),
    (0, 0, "unconscious"),
    (0, 1, "dead"),
])
def test_bleed_table_death_row(make: Make, hp_after: int, at_zero: int, result: str) -> None:
    enc = make(RULESET, seed=3)
    enc.run("add Hero pc init=15 hp=20")
    enc.run("add Orc init=10 hp=30")
    enc.run("start")
    enc.run(f"set death_row_at_zero {at_zero}")
    enc.run(f"dmg Orc {30 - hp_after}")
    next_until(enc, "Orc")
    assert prompt_tables(enc, "Orc") == ["Bleed table"]
    enc.run("resolve Orc value=0")
    assert result in cond_ids(enc, "Orc")
    if result == "unconscious":
        assert "prone" in cond_ids(enc, "Orc")
        assert pool_max(enc, "Orc", "actions") == 0 and pool_max(enc, "Orc", "reactions") == 0
        assert "flat-footed" in cond_ids(enc, "Orc")


def test_bleed_table_unconscious_row_and_stabilize_option(enc: Encounter) -> None:
    enc.run("add Hero pc init=15 hp=20")
    enc.run("add Orc init=10 hp=30")
    enc.run("start")
    enc.run("dmg Orc 35")  # -5
    enc.run("act Orc stand")  # gets up from Prone on the Hero's turn (the GM allows it)
    next_until(enc, "Orc")
    enc.run("resolve Orc value=3")  # Unconscious: falls Prone again
    assert {"unconscious", "prone", "bleeding"} <= set(cond_ids(enc, "Orc"))
    assert pool(enc, "Orc", "actions") == 0
    enc.run("set bleed_damage_on_stabilize 0")
    next_until(enc, "Orc")
    hp, penalty = pool(enc, "Orc", "hp"), pool(enc, "Orc", "bleed_penalty")
    lines = enc.run("resolve Orc value=16")
    assert "bleeding" not in cond_ids(enc, "Orc")
    assert pool(enc, "Orc", "hp") == hp and penalty > 0 and pool(enc, "Orc", "bleed_penalty") == 0
    assert not any("bleed damage" in line for line in lines)


def test_bleed_penalty_option_counts_only_hits_while_bleeding(enc: Encounter) -> None:
    enc.run("add Orc init=10 hp=10")
    enc.run("set penalty_only_while_bleeding 1")
    enc.run("dmg Orc 3")
    assert pool(enc, "Orc", "bleed_penalty") == 0
    enc.run("dmg Orc 8")  # goes down; the dropping hit came before the bleeding
    assert "bleeding" in cond_ids(enc, "Orc") and pool(enc, "Orc", "bleed_penalty") == 0
    enc.run("dmg Orc 1")
    assert pool(enc, "Orc", "bleed_penalty") == 1


def test_medicine_ends_bleeding_and_resets_penalty(enc: Encounter) -> None:
    enc.run("add Orc init=10 hp=10")
    enc.run("dmg Orc 4")
    enc.run("dmg Orc 4")
    enc.run("dmg Orc 4")
    assert pool(enc, "Orc", "bleed_penalty") == 3 and "bleeding" in cond_ids(enc, "Orc")
    enc.run("act Orc treat-bleeding")
    assert "bleeding" not in cond_ids(enc, "Orc") and pool(enc, "Orc", "bleed_penalty") == 0
    assert "incapacitated" in cond_ids(enc, "Orc")  # still at -2 HP


# -- budgets -----------------------------------------------------------------------------------


def test_condition_budgets(enc: Encounter) -> None:
    enc.run("add Hero pc init=15")
    enc.run("add Orc init=10")
    enc.run("start")
    enc.run("cond Orc slowed")
    assert (pool_max(enc, "Orc", "actions"), pool_max(enc, "Orc", "reactions")) == (2, 0)
    enc.run("dmg Orc 10")  # incapacitated as well: 3 - 1 - 2 = 0
    assert (pool_max(enc, "Orc", "actions"), pool_max(enc, "Orc", "reactions")) == (0, 0)
    enc.run("uncond Orc slowed")
    assert (pool_max(enc, "Orc", "actions"), pool_max(enc, "Orc", "reactions")) == (1, 0)
    enc.run("cond Hero stunned until=start-of-turn")
    assert pool(enc, "Hero", "actions") == 0
    with pytest.raises(CombatError):
        enc.run("act Hero move")
    assert "flat-footed" in cond_ids(enc, "Hero")
    next_until(enc, "Hero")  # Stunned ends as the Hero's next turn starts, before budgets refill
    assert "stunned" not in cond_ids(enc, "Hero") and "flat-footed" not in cond_ids(enc, "Hero")
    assert pool(enc, "Hero", "actions") == 3 and pool(enc, "Hero", "reactions") == 1


def test_ready_dodge_and_fire(enc: Encounter) -> None:
    enc.run("add Hero pc init=15")
    enc.run("add Orc init=10")
    enc.run("start")
    enc.run("act Hero ready")
    assert pool(enc, "Hero", "actions") == 1 and "readied" in cond_ids(enc, "Hero")
    enc.run("act Hero dodge")
    assert "dodging" in cond_ids(enc, "Hero")
    enc.run("next")
    assert "readied" in cond_ids(enc, "Hero")  # still ready on the Orc's turn
    enc.run("cond Orc on-fire")
    next_until(enc, "Hero")
    assert "readied" not in cond_ids(enc, "Hero")
    next_until(enc, "Orc")
    assert prompt_tables(enc, "Orc") == ["On fire"]
    enc.run("act Orc extinguish")
    assert "on-fire" not in cond_ids(enc, "Orc") and "prone" in cond_ids(enc, "Orc")


# -- conditions --------------------------------------------------------------------------------------


def test_subjective_chains(enc: Encounter) -> None:
    enc.run("add Hero pc init=15")
    enc.run("add Thief init=10")
    enc.run("add Orc init=5")
    enc.run("cond Thief undetected from=Hero")
    mine = {c["id"]: c for c in creature(enc, "Thief")["conditions"]}
    assert set(mine) == {"undetected", "hidden", "concealed"}
    assert all(c["source"] == "Hero" for c in mine.values())
    assert mine["hidden"]["implied"] and mine["concealed"]["implied"]
    enc.run("uncond Thief undetected")
    assert cond_ids(enc, "Thief") == []
    enc.run("cond Orc blinded")
    assert cond(enc, "Orc", "flat-footed")["implied"]
    enc.run("uncond Orc blinded")
    assert cond_ids(enc, "Orc") == []
    enc.run("cond Orc grappled from=Hero")
    assert cond(enc, "Orc", "flat-footed")["source"] == "Hero"


def test_poison_instances_keep_their_own_durations(enc: Encounter) -> None:
    enc.run("add Hero pc init=15")
    enc.run("add Orc init=10 hp=40")
    enc.run("start")
    enc.run("cond Orc poisoned 4 for=1")
    enc.run("cond Orc poisoned 2 for=3")
    assert sorted(c["value"] for c in creature(enc, "Orc")["conditions"]) == [2, 4]
    next_until(enc, "Orc")
    assert prompt_tables(enc, "Orc") == ["Poison"]
    assert damage_taken(enc.run("resolve Orc"), "Orc", "poison") == 4  # the strongest applies
    next_until(enc, "Orc")  # round 2: the 4 ended at the Hero's turn start
    assert [c["value"] for c in creature(enc, "Orc")["conditions"]] == [2]
    assert damage_taken(enc.run("resolve Orc"), "Orc", "poison") == 2


def test_delayed_creature_still_burns_at_its_old_place(enc: Encounter) -> None:
    enc.run("add Hero pc init=15")
    enc.run("add Orc init=10 hp=40")
    enc.run("add Bat init=5")
    enc.run("start")
    enc.run("cond Orc on-fire")
    next_until(enc, "Orc")
    assert prompt_tables(enc, "Orc") == ["On fire"]
    enc.run("resolve Orc")
    enc.run("delay Orc")  # does not want to act yet
    assert active(enc) == ["Bat"] and enc.view()["waiting"] == ["Orc"]
    assert enc.view()["order"] == ["Hero", "Bat"]
    enc.run("act Orc reaction")  # while waiting, it reacts on the Bat's turn
    assert pool(enc, "Orc", "reactions") == 0
    enc.run("next")  # round 2: Hero
    assert active(enc) == ["Hero"] and enc.view()["round"] == 2
    assert prompt_tables(enc) == []
    hp = pool(enc, "Orc", "hp")
    enc.run("next")  # the Orc's old place: the fire burns, but the Orc does not act there
    assert active(enc) == ["Bat"]
    assert prompt_tables(enc, "Orc") == ["On fire"]
    burnt = damage_taken(enc.run("resolve Orc"), "Orc", "fire")
    assert pool(enc, "Orc", "hp") == hp - burnt
    enc.run("enter Orc")  # once the Bat's turn ends
    enc.run("next")
    assert active(enc) == ["Orc"]
    assert enc.view()["order"] == ["Hero", "Bat", "Orc"]
    assert prompt_tables(enc, "Orc") == []  # its start-of-turn effects already happened at the old place
    assert pool(enc, "Orc", "actions") == 3
    assert pool(enc, "Orc", "reactions") == 1  # its own turn has begun: the reaction is back
    next_until(enc, "Orc")  # round 3 at its new place: fire once, not twice
    assert enc.view()["round"] == 3
    assert prompt_tables(enc, "Orc") == ["On fire"]


def test_held_breath_runs_out(enc: Encounter) -> None:
    enc.run("add Hero pc init=15 hp=10 str=1")
    enc.run("add Orc init=10")
    enc.run("start")
    enc.run("cond Hero holding-breath")
    next_until(enc, "Hero")  # one round held: STR 1 used up
    assert "suffocating" in cond_ids(enc, "Hero")
    assert pool(enc, "Hero", "hp") == 0
    assert {"incapacitated", "prone", "bleeding"} <= set(cond_ids(enc, "Hero"))
    assert prompt_tables(enc, "Hero") == []  # first Bleed roll at the next turn
    enc.run("next")  # its turn ends without air
    assert "dead" in cond_ids(enc, "Hero")


def test_breath_refills_when_breathing_again(enc: Encounter) -> None:
    enc.run("add Hero pc init=15 str=3")
    enc.run("add Orc init=10")
    enc.run("start")
    enc.run("cond Hero holding-breath")
    next_until(enc, "Hero")
    assert pool(enc, "Hero", "breath") == 2
    enc.run("uncond Hero holding-breath")
    assert pool(enc, "Hero", "breath") == 3


def test_undo_restores_the_bleed_roll(enc: Encounter) -> None:
    enc.run("add Hero pc init=15")
    enc.run("add Orc init=10 hp=10")
    enc.run("start")
    enc.run("dmg Orc 11")
    next_until(enc, "Orc")
    hp, penalty = pool(enc, "Orc", "hp"), pool(enc, "Orc", "bleed_penalty")
    enc.run("resolve Orc value=16")
    assert "bleeding" not in cond_ids(enc, "Orc")
    enc.run("undo")
    assert "bleeding" in cond_ids(enc, "Orc")
    assert (pool(enc, "Orc", "hp"), pool(enc, "Orc", "bleed_penalty")) == (hp, penalty)
    assert prompt_tables(enc, "Orc") == ["Bleed table"]


def test_feint_durations_and_release(enc: Encounter) -> None:
    enc.run("add Hero pc init=15")
    enc.run("add Orc init=10")
    enc.run("add Bat init=5")
    enc.run("start")
    enc.run("act Hero maneuver")  # Feint: flat-footed to the Hero for the rest of the Hero's turn
    enc.run("cond Orc flat-footed from=Hero until=end-of-turn")
    enc.run("act Hero maneuver")  # critical Feint: flat-footed to the Bat until the Hero's next turn
    enc.run("cond Orc flat-footed from=Bat until=start-of-turn")
    assert sorted(c["source"] for c in creature(enc, "Orc")["conditions"]) == ["Bat", "Hero"]
    enc.run("next")
    assert [c["source"] for c in creature(enc, "Orc")["conditions"]] == ["Bat"]
    enc.run("cond Hero grappling from=Orc")
    enc.run("cond Orc grappled from=Hero")
    next_until(enc, "Hero")
    assert cond_ids(enc, "Orc") == ["grappled", "flat-footed"]  # the critical Feint has ended
    enc.run("act Hero release")  # a free action
    assert pool(enc, "Hero", "actions") == 3 and "grappling" not in cond_ids(enc, "Hero")


def test_hold_moves_the_place_for_the_rest_of_combat(enc: Encounter) -> None:
    enc.run("add Hero pc init=15")
    enc.run("add Orc init=10")
    enc.run("add Bat init=5")
    enc.run("start")
    enc.run("hold Hero")
    assert active(enc) == ["Orc"] and enc.view()["waiting"] == ["Hero"]
    enc.run("enter Hero after=Orc")
    enc.run("next")
    assert active(enc) == ["Hero"] and pool(enc, "Hero", "actions") == 3
    enc.run("act Hero melee")
    enc.run("next")
    assert active(enc) == ["Bat"]
    enc.run("next")
    assert enc.view()["round"] == 2 and active(enc) == ["Orc"]
    assert enc.view()["order"] == ["Orc", "Hero", "Bat"]
    enc.run("next")
    assert active(enc) == ["Hero"] and pool(enc, "Hero", "actions") == 3


def test_held_creature_bleeds_once_a_round(enc: Encounter) -> None:
    enc.run("add Hero pc init=15 hp=40")
    enc.run("add Orc init=10")
    enc.run("add Bat init=5")
    enc.run("dmg Hero 41")
    enc.run("start")
    assert prompt_tables(enc, "Hero") == ["Bleed table"]
    enc.run("resolve Hero value=12")
    enc.run("hold Hero")  # re-enters after the Orc, for the rest of combat
    enc.run("enter Hero after=Orc")
    enc.run("next")
    assert active(enc) == ["Hero"] and enc.view()["round"] == 1
    assert prompt_tables(enc, "Hero") == []  # its start-of-turn effects came at its first place this round
    enc.run("next")
    enc.run("next")
    assert enc.view()["round"] == 2 and active(enc) == ["Orc"]
    enc.run("next")
    assert active(enc) == ["Hero"] and prompt_tables(enc, "Hero") == ["Bleed table"]


# -- issue 17: second pass against the text ------------------------------------------------------


def _mage_orc_hero(enc: Encounter) -> None:
    enc.run("add Mage pc init=20 hp=10")
    enc.run("add Orc init=15 hp=10")
    enc.run("add Hero pc init=10 hp=10")
    enc.run("start")
    enc.run("cond Orc shaken for=1")  # on the Mage's turn: measured by the Mage's turns


def test_a_one_round_effect_ends_at_its_dead_sources_place(enc: Encounter) -> None:
    """"If something has a Duration of 1 Round it will end after all other Creatures have gotten a Turn,
    not the end of the Initiative count": so too when its source has died meanwhile."""
    _mage_orc_hero(enc)
    enc.run("next")  # the Orc's turn
    enc.run("cond Mage dead")
    enc.run("next")  # the Hero's turn
    assert "shaken" in cond_ids(enc, "Orc")
    enc.run("next")  # round 2: the order passes the dead Mage's place, then the Orc acts
    assert enc.view()["round"] == 2 and active(enc) == ["Orc"]
    assert "shaken" not in cond_ids(enc, "Orc")


def test_a_one_round_effect_ends_at_a_removed_sources_place(enc: Encounter) -> None:
    """The same "after all other Creatures have gotten a Turn" when the source has left the fight."""
    _mage_orc_hero(enc)
    enc.run("next")
    enc.run("remove Mage")
    enc.run("next")  # the Hero's turn: the Orc has not yet had its second turn
    assert "shaken" in cond_ids(enc, "Orc")
    enc.run("next")  # round 2, the Orc's turn: everyone else has had a turn
    assert enc.view()["round"] == 2 and active(enc) == ["Orc"]
    assert "shaken" not in cond_ids(enc, "Orc")


def test_a_one_round_effect_from_the_last_in_the_order_that_leaves(enc: Encounter) -> None:
    """Last in the order, its place comes after everyone in the next round: the round ends it, not earlier."""
    enc.run("add Mage pc init=20 hp=10")
    enc.run("add Orc init=15 hp=10")
    enc.run("add Hero pc init=10 hp=10")
    enc.run("start")
    next_until(enc, "Hero")
    enc.run("cond Orc shaken for=1")  # measured by the Hero, last in the order
    enc.run("next")  # round 2, the Mage
    enc.run("remove Hero")
    enc.run("next")  # the Orc's turn in round 2: the Mage has had a turn, the Orc not yet its second
    assert "shaken" in cond_ids(enc, "Orc")
    enc.run("next")  # round 3
    assert enc.view()["round"] == 3 and "shaken" not in cond_ids(enc, "Orc")


def test_an_ambushed_creature_has_no_reaction_until_its_first_turn(enc: Encounter) -> None:
    """"Creatures that are completely unaware of combat ... do not act in the first Round of combat", and
    a reaction comes "per Round starting on their Turn": none for the ambushed until its first turn."""
    enc.run("add Hero pc init=15")
    enc.run("add Guard init=20 surprised")
    enc.run("add Sentry init=12")
    enc.run("cond Sentry unaware")  # marked by hand before the start: the same
    enc.run("start")
    assert active(enc) == ["Hero"]  # the Guard's round-1 turn is skipped
    for name in ("Guard", "Sentry"):
        assert pool_max(enc, name, "reactions") == 0 and pool(enc, name, "reactions") == 0
        with pytest.raises(CombatError):
            enc.run(f"act {name} reaction")
    enc.run("next")  # round 2: the Guard's first turn
    assert enc.view()["round"] == 2 and active(enc) == ["Guard"]
    assert pool(enc, "Guard", "reactions") == 1 and "unaware" not in cond_ids(enc, "Guard")
    assert pool(enc, "Sentry", "reactions") == 0  # its first turn is still to come
    next_until(enc, "Sentry")
    assert pool(enc, "Sentry", "reactions") == 1


def test_command_is_once_a_round_for_each_commanded_creature(enc: Encounter) -> None:
    """"This Action can only be used on a Creature once per Round": a rider commands its mount and its
    hound in one turn, but neither twice, and nobody else commands the mount again that round."""
    enc.run("add Rider pc init=20")
    enc.run("add Squire pc init=18")
    enc.run("add Horse init=3")
    enc.run("add Hound init=2")
    enc.run("start")
    enc.run("act Rider command on=Horse")
    enc.run("act Rider command on=Hound")
    assert pool(enc, "Rider", "actions") == 1 and pool(enc, "Rider", "command") == 0  # used this round
    with pytest.raises(CombatError, match="once a round for each creature"):
        enc.run("act Rider command on=Horse")
    with pytest.raises(CombatError, match="on=NAME"):
        enc.run("act Rider command")
    enc.run("next")
    with pytest.raises(CombatError):
        enc.run("act Squire command on=Horse")
    next_until(enc, "Rider")  # round 2
    enc.run("act Rider command on=Horse")


def test_control_is_once_a_turn_for_each_spell(enc: Encounter) -> None:
    """"You can only Control a Spell once per Turn": two spells, one Control each in the same turn."""
    enc.run("add Mage pc init=20")
    enc.run("add Orc init=5")
    enc.run("start")
    enc.run("act Mage control what=Fireball")
    enc.run("act Mage control what=Wall")
    with pytest.raises(CombatError, match="once a turn for each one"):
        enc.run("act Mage control what=fireball")
    assert pool(enc, "Mage", "actions") == 1 and pool(enc, "Mage", "control") == 0
    next_until(enc, "Mage")
    enc.run("act Mage control what=Fireball")  # a new turn


def test_a_commanded_companions_ongoing_effects_come_at_its_commanders_turn(enc: Encounter) -> None:
    """"Any Creature that can be commanded this way consider the start of the last Creature to Command its
    Turn as the start of their Turn for determining continuous Effects ... even if they are not commanded
    that Turn.\""""
    enc.run("add Rider pc init=20")
    enc.run("add Druid pc init=15")
    enc.run("add Orc init=10")
    enc.run("add Wolf init=5")
    enc.run("start")
    enc.run("act Rider command on=Wolf")
    enc.run("cond Wolf on-fire")
    next_until(enc, "Wolf")  # its own turn: the fire does not burn now
    assert prompt_tables(enc, "Wolf") == []
    enc.run("next")  # round 2, the Rider's turn: the Wolf burns, though not commanded this round
    assert active(enc) == ["Rider"] and prompt_tables(enc, "Wolf") == ["On fire"]
    enc.run("dismiss Wolf")
    next_until(enc, "Druid")
    enc.run("act Druid command on=Wolf")  # the last to command it now
    assert cond(enc, "Wolf", "commanded")["source"] == "Druid"
    next_until(enc, "Rider")  # round 3
    assert prompt_tables(enc, "Wolf") == []
    enc.run("next")
    assert active(enc) == ["Druid"] and prompt_tables(enc, "Wolf") == ["On fire"]


def test_the_strict_reaction_reading_is_an_option(enc: Encounter) -> None:
    """"Every Creature gets 1 Reaction per Round starting on their Turn": with the option set, nobody has
    a reaction before its first turn; by default only the ambushed wait."""
    enc.run("set reaction_from_first_turn 1")
    enc.run("add Hero pc init=15")
    enc.run("add Orc init=10")
    enc.run("start")
    assert pool(enc, "Hero", "reactions") == 1  # its turn has started
    assert pool(enc, "Orc", "reactions") == 0
    with pytest.raises(CombatError):
        enc.run("act Orc reaction")
    enc.run("next")
    assert pool(enc, "Orc", "reactions") == 1


def test_by_default_everyone_but_the_ambushed_may_react_at_once(enc: Encounter) -> None:
    enc.run("add Hero pc init=15")
    enc.run("add Orc init=10")
    enc.run("start")
    enc.run("act Orc reaction")
    assert pool(enc, "Orc", "reactions") == 0


def test_choking_a_grappled_creature_stops_its_breath_for_a_round(enc: Encounter) -> None:
    """"As an Action you may prevent the Creature you are Grappling from breathing for the next Round.\""""
    enc.run("add Hero pc init=15 str=2")
    enc.run("add Orc init=10 str=1")
    enc.run("start")
    with pytest.raises(CombatError, match="Grappling"):
        enc.run("act Hero choke on=Orc")
    enc.run("cond Hero grappling from=Orc")
    enc.run("act Hero choke on=Orc")
    assert "holding-breath" in cond_ids(enc, "Orc")
    enc.run("next")  # the Orc's turn: a round of held breath used
    assert pool(enc, "Orc", "breath") == 0
    enc.run("next")  # round 2, the Hero's turn: the choke is over, the Orc breathes again
    assert "holding-breath" not in cond_ids(enc, "Orc") and pool(enc, "Orc", "breath") == 1


def test_a_flier_that_does_not_fly_on_its_turn_falls(enc: Encounter) -> None:
    """"If you do not spend an Action on your Turn to fly you fall as normal.\""""
    enc.run("add Harpy init=15")
    enc.run("add Hero pc init=10")
    enc.run("start")
    enc.run("act Harpy fly")
    assert "flying" in cond_ids(enc, "Harpy")
    enc.run("next")  # the Harpy flew this turn: it stays up
    assert "falling" not in cond_ids(enc, "Harpy")
    enc.run("next")  # round 2, the Harpy's turn: it attacks and does not fly
    enc.run("act Harpy melee")
    enc.run("next")
    assert "falling" in cond_ids(enc, "Harpy") and "flying" not in cond_ids(enc, "Harpy")
