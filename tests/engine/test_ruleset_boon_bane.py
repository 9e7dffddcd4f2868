"""The `boon-bane` ruleset played through the command API: 3 AP for everyone at each round start,
two attacks and one free action a round, surprise in round 1, saving a turn, combat-roll prompts,
typed damage against armor, shields, resistances and vulnerabilities, and going out at 0 Health."""

from __future__ import annotations

import pytest
from helpers import active, cond, cond_ids, creature, pool, pool_max, prompts

from combat_tui.engine.encounter import Encounter
from combat_tui.engine.state.errors import CommandError

RULESET = "boon-bane"

SEED = 4


def setup_party(enc: Encounter) -> None:
    """Hero and Mage (PCs) against two surprised Goblins; fixed initiative for a known order."""
    enc.run("add Hero pc init=9 ar=3 br=4")
    enc.run("add Goblin x2 init=7 hp=6 ar=1 surprised")
    enc.run("init 'Goblin 2' 5")
    enc.run("add Mage pc init=3")
    enc.run("start")


# -- initiative ----------------------------------------------------------------------------------


def test_initiative_pcs_use_initiative_stat_npcs_use_per(enc: Encounter) -> None:
    enc.run("add Hero pc initiative=10 per=0")
    enc.run("add Orc initiative=0 per=20")
    enc.run("start")
    view = enc.view()
    hero, orc = creature(enc, "Hero")["initiative"], creature(enc, "Orc")["initiative"]
    assert 11 <= hero <= 16  # 1d6 + Initiative
    assert 21 <= orc <= 26  # 1d6 + PER
    assert view["order"] == ["Orc", "Hero"]  # highest first
    assert view["active"] == ["Orc"]
    assert view["round"] == 1


# -- the long play: three rounds -----------------------------------------------------------------


def test_three_rounds_of_budgets_surprise_and_limits(enc: Encounter) -> None:
    setup_party(enc)
    view = enc.view()
    assert view["order"] == ["Hero", "Goblin 1", "Goblin 2", "Mage"]

    # Round 1. Surprised goblins: marked until the end of the round, no AP, no attacks, no free action.
    assert active(enc) == ["Hero"]
    for g in ("Goblin 1", "Goblin 2"):
        assert cond_ids(enc, g) == ["surprised"]
        assert cond(enc, g, "surprised")["remaining"] == 0
        assert pool(enc, g, "ap") == 0 and pool_max(enc, g, "ap") == 0
        assert pool(enc, g, "attacks") == 0
        assert pool(enc, g, "free_action") == 0
    for pc in ("Hero", "Mage"):
        assert pool(enc, pc, "ap") == 3 and pool(enc, pc, "attacks") == 2 and pool(enc, pc, "free_action") == 1

    # A surprised goblin cannot react.
    with pytest.raises(CommandError):
        enc.run("act 'Goblin 1' defend")
    assert pool(enc, "Goblin 1", "ap") == 0

    # Hero: a Strike costs 1 AP and one of the two attacks, and asks for the combat roll outcome.
    enc.run("act Hero strike")
    assert pool(enc, "Hero", "ap") == 2
    assert pool(enc, "Hero", "attacks") == 1
    assert prompts(enc) == [("Hero", "Combat roll outcome")]
    # Attacker critical win -> damage; a maneuver prompt follows.
    enc.run("resolve value=2")
    assert prompts(enc) == [("Hero", "Maneuver (critical win)")]
    enc.run("resolve value=2")  # Brace
    assert prompts(enc) == []
    assert "braced" in cond_ids(enc, "Hero")
    enc.run("dmg 'Goblin 1' 4 slashing")  # AR 1 -> 3
    assert pool(enc, "Goblin 1", "hp") == 3

    # Second Strike: the attack budget is empty now, although 1 AP is left.
    enc.run("act Hero strike")
    enc.run("resolve value=1")  # both fail: nothing more
    assert prompts(enc) == []
    assert pool(enc, "Hero", "attacks") == 0 and pool(enc, "Hero", "ap") == 1
    with pytest.raises(CommandError):
        enc.run("act Hero strike")
    with pytest.raises(CommandError):
        enc.run("act Hero opportunity-attack")
    assert pool(enc, "Hero", "ap") == 1

    # One free action a round.
    enc.run("act Hero free-action")
    assert pool(enc, "Hero", "free_action") == 0
    with pytest.raises(CommandError):
        enc.run("act Hero free-action")
    assert pool(enc, "Hero", "ap") == 1  # free actions cost no AP

    # Disengage lasts to the end of Hero's turn; the last AP is gone after it.
    enc.run("act Hero disengage")
    assert "disengaged" in cond_ids(enc, "Hero")
    assert pool(enc, "Hero", "ap") == 0
    with pytest.raises(CommandError):
        enc.run("act Hero dash")

    # Both goblins are skipped in round 1; the Mage is next.
    enc.run("next")
    assert "disengaged" not in cond_ids(enc, "Hero")
    assert active(enc) == ["Mage"]
    assert cond_ids(enc, "Goblin 1") == ["surprised"]  # still round 1
    with pytest.raises(CommandError):
        enc.run("act 'Goblin 2' opportunity-attack")  # still no reactions this round
    # A primary action off one's own turn is refused; a reaction is allowed.
    with pytest.raises(CommandError, match="Hero cannot Dash: primary actions only on its own turn"):
        enc.run("act Hero dash")
    enc.run("act Mage use-magic-reaction")
    enc.run("act Mage manipulate")
    assert pool(enc, "Mage", "ap") == 1

    # Round 2: surprise ends with round 1; everyone gets exactly 3 AP back, unspent AP do not carry.
    enc.run("next")
    assert enc.view()["round"] == 2
    assert active(enc) == ["Hero"]
    for g in ("Goblin 1", "Goblin 2"):
        assert "surprised" not in cond_ids(enc, g)
        assert pool(enc, g, "ap") == 3 and pool_max(enc, g, "ap") == 3
        assert pool(enc, g, "attacks") == 2 and pool(enc, g, "free_action") == 1
    assert pool(enc, "Hero", "ap") == 3 and pool(enc, "Hero", "attacks") == 2
    assert pool(enc, "Hero", "free_action") == 1
    assert pool(enc, "Mage", "ap") == 3

    # Hero ends its turn at once; goblin 1 attacks, Hero defends as a reaction (Braced is used up).
    enc.run("next")
    assert active(enc) == ["Goblin 1"]
    enc.run("act 'Goblin 1' strike")
    enc.run("act Hero defend")
    assert "braced" not in cond_ids(enc, "Hero")
    assert pool(enc, "Hero", "ap") == 2
    enc.run("resolve value=4")  # both pass against a Block
    enc.run("cond Hero blocked")
    enc.run("dmg Hero 9 piercing")  # 9 - AR 3 - BR 4 = 2
    assert pool(enc, "Hero", "hp") == 8
    assert "blocked" not in cond_ids(enc, "Hero")
    enc.run("dmg Hero 5 piercing")  # no block now: 5 - AR 3
    assert pool(enc, "Hero", "hp") == 6

    # Goblin 2's turn, then the Mage's: AP come per round, not per turn, so Hero still has 2.
    enc.run("next")
    assert active(enc) == ["Goblin 2"]
    enc.run("act 'Goblin 2' strike")
    enc.run("act 'Goblin 2' strike")
    enc.run("dismiss")
    with pytest.raises(CommandError):
        enc.run("act 'Goblin 2' strike")
    enc.run("next")
    assert active(enc) == ["Mage"]
    assert pool(enc, "Hero", "ap") == 2
    assert pool(enc, "Goblin 2", "attacks") == 0

    # Round 3: the attack and AP budgets are back for all.
    enc.run("next")
    assert enc.view()["round"] == 3
    assert active(enc) == ["Hero"]
    assert pool(enc, "Hero", "ap") == 3
    assert pool(enc, "Goblin 2", "attacks") == 2 and pool(enc, "Goblin 2", "ap") == 3

    # Hero knocks Goblin 1 out: 0 Health -> Unconscious, which takes it out of the order.
    enc.run("act Hero strike")
    enc.run("resolve value=5")  # both pass, attacker more successes
    enc.run("dmg 'Goblin 1' 10 crushing")
    assert pool(enc, "Goblin 1", "hp") == 0
    assert "unconscious" in cond_ids(enc, "Goblin 1")
    assert pool(enc, "Goblin 1", "ap") == 0
    with pytest.raises(CommandError):
        enc.run("act 'Goblin 1' defend")
    enc.run("next")
    assert active(enc) == ["Goblin 2"]  # Goblin 1 skipped

    # Round 4: the unconscious goblin gets no AP back.
    enc.run("next")
    enc.run("next")
    assert enc.view()["round"] == 4
    assert pool(enc, "Goblin 1", "ap") == 0
    assert pool(enc, "Goblin 2", "ap") == 3


# -- saving a turn -----------------------------------------------------------------------------


def test_saving_a_turn_moves_the_creature_after_the_named_one(enc: Encounter) -> None:
    setup_party(enc)
    enc.run("next")  # past round 1 (goblins surprised)
    enc.run("next")
    assert enc.view()["round"] == 2 and active(enc) == ["Hero"]
    enc.run("hold Hero after='Goblin 2'")
    assert active(enc) == ["Goblin 1"]
    assert enc.view()["order"] == ["Goblin 1", "Goblin 2", "Hero", "Mage"]
    enc.run("next")
    assert active(enc) == ["Goblin 2"]
    enc.run("next")
    assert active(enc) == ["Hero"]
    assert pool(enc, "Hero", "ap") == 3  # AP were given at round start; the new place changes nothing
    enc.run("act Hero dash")
    enc.run("next")
    assert active(enc) == ["Mage"]
    assert pool(enc, "Hero", "ap") == 2
    # Round 3 keeps the new place.
    enc.run("next")
    assert enc.view()["round"] == 3
    assert enc.view()["order"] == ["Goblin 1", "Goblin 2", "Hero", "Mage"]
    assert pool(enc, "Hero", "ap") == 3


# -- damage --------------------------------------------------------------------------------------


def test_damage_types_armor_resistance_vulnerability(enc: Encounter) -> None:
    enc.run("add Ork hp=40 ar=2 ar_magic=1 res_magic=2 res_fire=3 vuln_crushing=3 res_physical=1 br=5")
    enc.run("dmg Ork 8 slashing")  # 8 - AR 2 - physical resistance 1
    assert pool(enc, "Ork", "hp") == 35
    enc.run("dmg Ork 8 crushing")  # 8 - 2 - 1 + vulnerability 3
    assert pool(enc, "Ork", "hp") == 27
    enc.run("dmg Ork 8 fire")  # 8 - magic AR 1 - max(fire 3, magic 2): resistances do not stack
    assert pool(enc, "Ork", "hp") == 23
    enc.run("dmg Ork 8 frost")  # 8 - 1 - magic 2
    assert pool(enc, "Ork", "hp") == 18
    enc.run("dmg Ork 8 acid")  # no armor, no resistance
    assert pool(enc, "Ork", "hp") == 10
    enc.run("cond Ork blocked")
    enc.run("dmg Ork 8 shock")  # 8 - 1 - 2 - half BR 5 rounded up (3)
    assert pool(enc, "Ork", "hp") == 8
    assert "blocked" not in cond_ids(enc, "Ork")
    enc.run("dmg Ork 2 slashing")  # never below 0 damage
    assert pool(enc, "Ork", "hp") == 8
    enc.run("dmg Ork 3")  # untyped: as given
    assert pool(enc, "Ork", "hp") == 5


def test_zero_health_knocks_unconscious_once(enc: Encounter) -> None:
    enc.run("add Hero pc init=9")
    enc.run("add Orc init=5 hp=4")
    enc.run("start")
    enc.run("dmg Orc 6 slashing")
    assert pool(enc, "Orc", "hp") == 0
    assert cond_ids(enc, "Orc") == ["unconscious"]
    enc.run("dmg Orc 2 slashing")
    assert cond_ids(enc, "Orc") == ["unconscious"]  # fires on going down, not on every hit after
    enc.run("next")
    assert enc.view()["round"] == 2 and active(enc) == ["Hero"]  # the Orc's turn is skipped


# -- conditions, maneuvers and options ------------------------------------------------------------


def test_conditions_ended_by_actions_and_subjective_ones(enc: Encounter) -> None:
    enc.run("add Hero pc init=9")
    enc.run("add Orc init=5 hp=12")
    enc.run("start")
    # Prone ends with Stand up, which costs no AP by default (read as part of free movement).
    enc.run("cond Hero prone")
    enc.run("act Hero stand-up")
    assert "prone" not in cond_ids(enc, "Hero")
    assert pool(enc, "Hero", "ap") == 3
    enc.run("set stand_up_cost 1")
    enc.run("cond Hero prone")
    enc.run("act Hero stand-up")
    assert pool(enc, "Hero", "ap") == 2
    # Subjective conditions need the other creature.
    with pytest.raises(CommandError):
        enc.run("cond Orc grappled")
    enc.run("cond Orc grappled from=Hero")
    enc.run("cond Hero grappling from=Orc")
    assert cond(enc, "Orc", "grappled")["source"] == "Hero"
    enc.run("act Hero release")
    assert "grappling" not in cond_ids(enc, "Hero")
    assert "grappled" in cond_ids(enc, "Orc")  # the grappled side is cleared by hand
    # Feinting is used up by the next action, whatever it is.
    enc.run("cond Hero feinting from=Orc")
    enc.run("act Hero strike")
    assert "feinting" not in cond_ids(enc, "Hero")
    enc.run("dismiss")
    # Maneuver Brace gives Braced; Defend uses it up.
    enc.run("act Hero brace")
    assert "braced" in cond_ids(enc, "Hero")
    assert pool(enc, "Hero", "ap") == 0
    enc.run("next")
    enc.run("next")  # round 2: AP back; Braced has no time limit
    enc.run("next")
    assert active(enc) == ["Orc"] and enc.view()["round"] == 2
    assert "braced" in cond_ids(enc, "Hero")
    enc.run("act Hero defend")
    assert "braced" not in cond_ids(enc, "Hero")


def test_opportunity_attack_option(enc: Encounter) -> None:
    enc.run("add Hero pc init=9")
    enc.run("add Orc init=5")
    enc.run("start")
    enc.run("next")
    assert active(enc) == ["Orc"]
    enc.run("act Hero opportunity-attack")  # a reaction: allowed on the Orc's turn
    assert pool(enc, "Hero", "attacks") == 1
    assert pool(enc, "Hero", "ap") == 2
    assert prompts(enc) == [("Hero", "Combat roll outcome")]
    enc.run("dismiss")
    enc.run("set opportunity_uses_attack 0")
    enc.run("act Hero opportunity-attack")
    assert pool(enc, "Hero", "attacks") == 1
    assert pool(enc, "Hero", "ap") == 1
    enc.run("dismiss")
    enc.run("set ap_per_action 2")
    with pytest.raises(CommandError):
        enc.run("act Hero defend")  # 1 AP left, 2 asked
    assert pool(enc, "Hero", "ap") == 1


def test_size_table_and_resolve_without_value(enc: Encounter) -> None:
    enc.run("add Hero pc")
    enc.run("prompt Hero size-matters")
    lines = enc.run("resolve value=-3")
    assert any("fails its test automatically" in line for line in lines)
    enc.run("prompt Hero size-matters")
    lines = enc.run("resolve value=1")
    assert any("with a boon" in line for line in lines)
    enc.run("prompt Hero combat-roll")
    with pytest.raises(CommandError, match="value=N") as info:  # the GM picks: no number, nothing used up
        enc.run("resolve")
    assert "critical" in str(info.value).lower()
    assert [p["table"] for p in enc.view()["prompts"]] == ["Combat roll outcome"]


# -- issue 17: surprise given as a condition ------------------------------------------------------


def test_surprised_given_with_cond_before_start_skips_round_1_like_add_surprised(enc: Encounter) -> None:
    """"Observing characters are surprised if the fail the contest, losing their first turn in the
    initiative structure": the same whether the GM marks them with `add ... surprised` or `cond`."""
    enc.run("add Hero pc init=9")
    enc.run("add Goblin init=7 hp=6")
    enc.run("add Orc init=5 hp=6 surprised")
    enc.run("cond Goblin surprised")
    enc.run("start")
    assert cond_ids(enc, "Goblin") == ["surprised"]  # one instance, not a second one added by `start`
    assert active(enc) == ["Hero"]
    enc.run("next")
    log = [line for e in enc.doc.log for line in e.lines]
    assert "Goblin is surprised and does not act in round 1" in log
    assert "Orc is surprised and does not act in round 1" in log
    assert enc.view()["round"] == 2 and active(enc) == ["Hero"]
    enc.run("next")
    assert active(enc) == ["Goblin"] and pool(enc, "Goblin", "ap") == 3


def test_a_grappled_creature_cannot_dash_or_sneak(enc: Encounter) -> None:
    """"Grapple. You use a free hand to hold your foe, prohibiting them from moving.\""""
    enc.run("add Hero pc init=9")
    enc.run("add Goblin init=7")
    enc.run("start")
    enc.run("next")  # the Goblin's turn
    enc.run("cond Goblin grappled from=Hero")
    for action in ("dash", "sneak"):
        with pytest.raises(CommandError, match="Grappled"):
            enc.run(f"act Goblin {action}")
    enc.run("uncond Goblin grappled")
    enc.run("act Goblin dash")
