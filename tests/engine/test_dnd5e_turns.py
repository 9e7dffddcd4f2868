"""The `dnd5e` ruleset's turns, played through the engine: what a creature has each turn (an action, a
bonus action, a reaction, its speed in movement), the Attack action and its several attacks, initiative
and its ties, a lair on count 20, legendary actions and resistance, and rests with Hit Dice. Each test
says the rule (SRD 5.2) in its own words."""

from __future__ import annotations

from pathlib import Path

import pytest
from dnd5e_fight import fight
from helpers import active, conds, pool, pool_max

from combat_tui.engine.encounter import Encounter
from combat_tui.engine.state.errors import CommandError
from combat_tui.store.rulesets import Catalogue

RULESET = "dnd5e"
SEED = 4


def test_the_contract_ids(catalogue: Catalogue) -> None:
    """The ids the SRD bestiary is converted against: stats, pools, actions, damage types, saves and the
    5.2 conditions; the file says where its rules come from, with the licence line."""
    rs = catalogue.get(RULESET)
    stats = {s.id: s.default for s in rs.stats}
    assert {k: stats[k] for k in ("str", "dex", "con", "int", "wis", "cha", "ac", "init", "pb", "speed", "cr_xp")} \
        == {"str": 0, "dex": 0, "con": 0, "int": 0, "wis": 0, "cha": 0, "ac": 10, "init": 0, "pb": 2, "speed": 30,
            "cr_xp": 0}
    assert {f"save_{a}" for a in ("str", "dex", "con", "int", "wis", "cha")} <= set(stats)
    pools = {p.id for p in rs.pools}
    assert {"hp", "temp_hp", "action", "bonus", "reaction", "movement", "legendary",
            "legendary_resistance"} <= pools
    assert rs.pool("temp_hp").gain == "max" and rs.damage.absorb[0] == "temp_hp"
    assert rs.pool("legendary").only_given and rs.pool("legendary_resistance").only_given
    assert {"attack", "action", "bonus-action", "reaction", "legendary"} <= {a.id for a in rs.actions}
    assert set(rs.damage.types) == {"acid", "bludgeoning", "cold", "fire", "force", "lightning", "necrotic",
                                    "piercing", "poison", "psychic", "radiant", "slashing", "thunder"}
    assert [s.id for s in rs.checks.saves] == ["str", "dex", "con", "int", "wis", "cha"]
    assert rs.checks.save_name == "saving throw" and rs.checks.saves[1].bonus.startswith("dex + save_dex")
    assert {"blinded", "charmed", "deafened", "exhaustion", "frightened", "grappled", "incapacitated", "invisible",
            "paralyzed", "petrified", "poisoned", "prone", "restrained", "stunned",
            "unconscious"} <= {c.id for c in rs.conditions}
    assert rs.condition("exhaustion").valued
    text = (Path(__file__).parents[2] / "rulesets" / "dnd5e.toml").read_text(encoding="utf-8")
    head = text.split("\nid = ")[0]
    assert "System Reference Document 5.2 by Wizards of the Coast LLC" in head and "CC-BY-4.0" in head


def test_each_turn_an_action_a_bonus_action_a_reaction_and_its_speed(catalogue: Catalogue, tmp_path: Path) -> None:
    """On its turn a creature has one action, one bonus action and movement up to its speed; its one
    reaction comes back at the start of its own turn."""
    enc = fight(catalogue, tmp_path, "speed=25")
    assert active(enc) == ["Ogre"]
    enc.run("next")
    assert pool(enc, "Kara", "movement") == 25 and pool(enc, "Kara", "action") == 1
    enc.run("act Kara dash")
    assert pool(enc, "Kara", "movement") == 50 and pool(enc, "Kara", "action") == 0
    with pytest.raises(CommandError, match="Action 0 of 1"):
        enc.run("act Kara dodge")
    enc.run("act Kara bonus-action")
    with pytest.raises(CommandError, match="Bonus action 0 of 1"):
        enc.run("act Kara bonus-action")
    enc.run("act Kara move value=40")
    assert pool(enc, "Kara", "movement") == 10
    enc.run("act Kara reaction")
    enc.run("next")  # the Ogre's turn: Kara's reaction is not back yet
    assert pool(enc, "Kara", "reaction") == 0
    enc.run("next")
    assert pool(enc, "Kara", "reaction") == 1 and pool(enc, "Kara", "movement") == 25


def test_the_attack_action_covers_every_attack_of_the_turn(catalogue: Catalogue, tmp_path: Path) -> None:
    """The first attack roll of a turn takes the action; the rest of the Attack action (Extra Attack,
    Multiattack) come with it. Off its own turn an attack is an opportunity attack: its reaction."""
    enc = fight(catalogue, tmp_path)
    enc.run("act Ogre slam on=Kara d20=2")
    assert pool(enc, "Ogre", "action") == 0
    enc.run("act Ogre greatclub on=Kara d20=2")
    enc.run("act Ogre javelin on=Kara d20=2")
    assert pool(enc, "Ogre", "action") == 0 and pool(enc, "Ogre", "reaction") == 1
    enc.run("next")
    lines = enc.run("act Ogre greatclub on=Kara d20=2")
    assert lines[0] == "Ogre: Greatclub (Reaction -1)"
    with pytest.raises(CommandError, match="Reaction 0 of 1"):
        enc.run("act Ogre greatclub on=Kara d20=2")
    enc.run("act Kara dash")  # its action spent on something else: no Attack action this turn
    with pytest.raises(CommandError, match="Action 0 of 1"):
        enc.run("act Kara attack on=Ogre")


def test_incapacitated_takes_no_action_bonus_action_or_reaction(enc: Encounter) -> None:
    """Incapacitated (and so Stunned, Paralyzed, Unconscious, Petrified): no action, bonus action or
    reaction; Paralyzed also speed 0."""
    enc.run("add Kara pc init=10")
    enc.run("add Orc init=5")
    enc.run("start")
    enc.run("cond Kara paralyzed")
    assert "incapacitated" in conds(enc, "Kara")
    assert [pool_max(enc, "Kara", p) for p in ("action", "bonus", "reaction", "movement")] == [0, 0, 0, 0]
    enc.run("uncond Kara paralyzed")
    assert pool_max(enc, "Kara", "action") == 1 and pool(enc, "Kara", "movement") == 30


def test_initiative_is_d20_plus_dexterity_plus_its_bonus(enc: Encounter) -> None:
    """Initiative: a d20 + the Dexterity modifier (+ an initiative bonus); Exhaustion takes 2 a level off
    every d20 test, this one too."""
    enc.run("add Quick dex=30 stat-init=10")
    enc.run("add Tired dex=30 stat-init=10")
    enc.run("cond Tired exhaustion 5")
    enc.run("start")
    inits = {c["name"]: c["initiative"] for c in enc.view()["combatants"]}
    assert 41 <= inits["Quick"] <= 60 and 31 <= inits["Tired"] <= 50


def test_ties_go_to_the_characters_and_a_lair_loses_them(enc: Encounter) -> None:
    """On a tie the characters act first (the players' side; the GM's call between a character and a
    monster); a lair acts on count 20 and loses every tie (`add Lair init=20 fixed`)."""
    enc.run("add Lair init=20 fixed")
    enc.run("add Orc init=20")
    enc.run("add Kara pc init=20")
    enc.run("start")
    assert enc.view()["order"] == ["Kara", "Orc", "Lair"]


def test_legendary_actions_come_after_another_creatures_turn(catalogue: Catalogue, tmp_path: Path) -> None:
    """A legendary creature takes its legendary actions one at a time, right after another creature's
    turn, never on its own; a dearer one costs more; they all come back at the start of its own turn.
    Only a creature whose stat block gives some has them."""
    enc = fight(catalogue, tmp_path, start=False)
    enc.run("add Young Dragon init=10")
    enc.run("start")
    view = {c["name"]: c["pools"] for c in enc.view()["combatants"]}
    assert "legendary" not in view["Kara"] and "legendary" not in view["Ogre"]
    assert view["Young Dragon"]["legendary"] == {"current": 3, "max": 3}
    enc.run("act Young Dragon tail-swipe on=Kara d20=2")
    enc.run("act Young Dragon legendary")
    assert pool(enc, "Young Dragon", "legendary") == 1
    enc.run("next")  # the Dragon's own turn: all three back, none usable
    assert active(enc) == ["Young Dragon"] and pool(enc, "Young Dragon", "legendary") == 3
    with pytest.raises(CommandError, match="not on its own"):
        enc.run("act Young Dragon legendary")
    enc.run("next")
    enc.run("cond Young Dragon stunned")
    with pytest.raises(CommandError, match="not while Incapacitated"):
        enc.run("act Young Dragon legendary")
    with pytest.raises(CommandError, match="Ogre cannot Legendary action: has no Legendary actions"):
        enc.run("act Ogre legendary")


def test_legendary_resistance_is_a_few_a_day(catalogue: Catalogue, tmp_path: Path) -> None:
    """Legendary resistance: a few times a day a failed save becomes a success; a long rest gives them back."""
    enc = fight(catalogue, tmp_path, start=False)
    enc.run("add Young Dragon init=10")
    enc.run("start")
    for _ in range(3):
        lines = enc.run("act Young Dragon legendary-resistance")
    assert lines[-1] == "Young Dragon: chooses to succeed on the save it failed."
    with pytest.raises(CommandError, match="Legendary resistance 0 of 1"):
        enc.run("act Young Dragon legendary-resistance")
    enc.run("rest short Young Dragon")
    assert pool(enc, "Young Dragon", "legendary_resistance") == 0
    enc.run("rest long Young Dragon")
    assert pool(enc, "Young Dragon", "legendary_resistance") == 3


def test_hit_dice_on_a_short_rest_all_back_on_a_long_one(catalogue: Catalogue, tmp_path: Path) -> None:
    """A short rest: spend Hit Dice (as many as the level), each the number rolled + Constitution in hit
    points, at least 1. A long rest: all hit points and every spent Hit Die back (5.2)."""
    enc = fight(catalogue, tmp_path)
    enc.run("dmg Kara 20")
    assert pool(enc, "Kara", "hit_dice") == 3
    enc.run("act Kara hit-die value=6")
    assert pool(enc, "Kara", "hp") == 18  # 10 + 6 + 2
    enc.run("edit Kara con=-3")
    enc.run("act Kara hit-die value=1")
    assert pool(enc, "Kara", "hp") == 19  # at least 1
    enc.run("act Kara hit-die value=1")
    with pytest.raises(CommandError, match="Hit Dice 0 of 1"):
        enc.run("act Kara hit-die value=8")
    enc.run("rest long Kara")
    assert pool(enc, "Kara", "hp") == 30 and pool(enc, "Kara", "hit_dice") == 3


def test_prone_crawls_at_double_cost_and_stands_for_half_its_speed(catalogue: Catalogue, tmp_path: Path) -> None:
    """Prone: every foot crawled costs 2; standing up costs half its speed; dropping prone costs nothing."""
    enc = fight(catalogue, tmp_path)
    enc.run("next")
    enc.run("act Kara drop-prone")
    enc.run("act Kara move value=5")
    assert pool(enc, "Kara", "movement") == 20
    enc.run("act Kara stand")
    assert pool(enc, "Kara", "movement") == 5 and "prone" not in conds(enc, "Kara")
    with pytest.raises(CommandError, match="only while Prone"):
        enc.run("act Kara stand")


def test_dodge_lasts_until_its_next_turn_and_a_grab_holds_it_still(catalogue: Catalogue, tmp_path: Path) -> None:
    """Dodge: attacks against it have disadvantage until its next turn starts. Grappled: speed 0 while the
    grab lasts, and its movement is back once free."""
    enc = fight(catalogue, tmp_path)
    enc.run("act Ogre grapple on=Kara")
    assert pool_max(enc, "Kara", "movement") == 0
    enc.run("next")
    enc.run("act Kara escape")  # the check won: the grab ends
    assert "grappled" not in conds(enc, "Kara") and pool(enc, "Kara", "movement") == 30
    enc.run("next")
    enc.run("next")
    enc.run("act Kara dodge")
    enc.run("next")
    lines = enc.run("act Ogre slam on=Kara")
    assert "target Dodging: disadvantage" in lines[1]
    enc.run("next")
    assert "dodging" not in conds(enc, "Kara")
