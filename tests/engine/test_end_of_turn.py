"""At the end of a turn: a condition's end-of-turn table, the damage a condition carries (persistent
1d6 fire) and the flat check that ends it, on a small ruleset made for the test."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from helpers import combatant, cond_ids, creature, pool, prompt_tables
from mini_ruleset import SHIPPED

from combat_tui.engine.encounter import Encounter
from combat_tui.engine.rules.durations import duration_words
from combat_tui.engine.ruleset import RulesetDef
from combat_tui.engine.state.errors import CommandError
from combat_tui.engine.views.sheet import condition_labels
from combat_tui.store.rulesets import load_all

ENDS = """
id = "ends"
name = "Ends"
[time]
model = "turn-order"
initiative = "1d20"
[[pools]]
id = "hp"
name = "HP"
max = 200
[damage]
absorb = ["hp"]
heal = ["hp"]
types = ["fire", "bleed"]
[[conditions]]
id = "persistent"
name = "Persistent damage"
description = "Burns or bleeds at the end of each turn until a flat check ends it."
carries_damage = true
end_check = 15
[[conditions]]
id = "choking"
name = "Choking"
description = "Rolls at the end of each turn."
end_of_turn = "choke"
[[actions]]
id = "ignite"
name = "Ignite"
effects = [{ add = "persistent", dice = "1d4", type = "fire", to = "target" }]
[[tables]]
id = "choke"
name = "Choke"
roll = "1d20"
[[tables.rows]]
max = 10
label = "Chokes"
effects = [{ damage = "3" }]
[[tables.rows]]
min = 11
label = "Breathes"
effects = [{ remove = "choking" }]
"""


@pytest.fixture
def enc() -> Encounter:
    e = Encounter.new(RulesetDef.model_validate(tomllib.loads(ENDS)), seed=5)
    e.run("add A pc init=20")
    e.run("add Orc init=10")
    e.run("start")
    return e


def test_an_end_of_turn_table_comes_when_the_turn_ends(enc: Encounter) -> None:
    enc.run("cond A choking")
    assert prompt_tables(enc) == []  # not at once, nor at the start of a turn
    enc.run("next")
    assert prompt_tables(enc, "A") == ["Choke"]
    enc.run("resolve value=12")
    assert cond_ids(enc, "A") == []


def test_a_condition_carries_its_dice_and_type_and_deals_them_at_the_end_of_the_turn(enc: Encounter) -> None:
    enc.run("cond Orc persistent 1d6 fire")
    assert creature(enc, "Orc")["conditions"][0]["value"] is None
    lines = enc.run("next")  # A's turn ends: nothing of Orc's
    assert pool(enc, "Orc", "hp") == 200
    lines = enc.run("next")  # Orc's turn ends
    dealt = 200 - pool(enc, "Orc", "hp")
    assert 1 <= dealt <= 6
    assert any(line.startswith("Orc: Persistent damage 1d6 fire at the end of its turn:") for line in lines)
    check = next(line for line in lines if "flat check" in line)
    assert "against DC 15" in check
    assert ("persistent" in cond_ids(enc, "Orc")) == check.endswith("it goes on")
    enc.run("undo")
    assert pool(enc, "Orc", "hp") == 200 and cond_ids(enc, "Orc") == ["persistent"]


def test_the_flat_check_ends_it_sooner_or_later(enc: Encounter) -> None:
    enc.run("cond Orc persistent 1 bleed")
    for _ in range(40):
        if "persistent" not in cond_ids(enc, "Orc"):
            break
        enc.run("next")
    assert "persistent" not in cond_ids(enc, "Orc")


def test_one_instance_a_type_the_higher_kept(enc: Encounter) -> None:
    enc.run("cond Orc persistent 1d6 fire")
    enc.run("cond Orc persistent 2d6 fire")
    enc.run("cond Orc persistent 1d4 fire")
    enc.run("cond Orc persistent 1d4 bleed")
    carried = [(cs.dice, cs.dtype) for cs in combatant(enc, "Orc").conditions]
    assert carried == [("2d6", "fire"), ("1d4", "bleed")]
    assert [c["damage"] for c in creature(enc, "Orc")["conditions"]] == [{"dice": "2d6", "type": "fire"},
                                                                         {"dice": "1d4", "type": "bleed"}]
    assert condition_labels(enc.rs, combatant(enc, "Orc")) == ("Persistent damage 2d6 fire",
                                                              "Persistent damage 1d4 bleed")


@pytest.mark.parametrize("line, fragment", [
    ("cond Orc persistent", "give its dice and type"),
    ("cond Orc persistent 1d6x fire", "give its dice and type"),
    ("cond Orc persistent 1d6 cold", "unknown damage type 'cold'"),
])
def test_carried_damage_is_checked_when_given(enc: Encounter, line: str, fragment: str) -> None:
    with pytest.raises(CommandError, match=fragment):
        enc.run(line)


def test_an_effect_gives_the_damage_a_condition_carries(enc: Encounter) -> None:
    enc.run("act A ignite on=Orc")
    assert [(cs.dice, cs.dtype) for cs in combatant(enc, "Orc").conditions] == [("1d4", "fire")]


@pytest.mark.parametrize("change, fragment", [
    (('dice = "1d4", type = "fire", ', ""), "'persistent' carries damage: give its `dice`"),
    (('add = "persistent", dice = "1d4"', 'add = "choking", dice = "1d4"'), "'choking' carries no damage"),
    (('dice = "1d4"', 'dice = "1d4x"'), "dice '1d4x'"),
    (('type = "fire"', 'type = "cold"'), "unknown damage type 'cold'"),
])
def test_an_effect_carrying_damage_is_checked_when_read(tmp_path: Path, change: tuple[str, str],
                                                         fragment: str) -> None:
    (tmp_path / "ends.toml").write_text(ENDS.replace(*change), encoding="utf-8")
    cat = load_all(tmp_path)
    assert set(cat.rulesets) == SHIPPED
    assert len(cat.problems) == 1 and fragment in cat.problems[0], cat.problems


def test_the_apps_answer_for_carried_damage_reads_dice_and_type_first() -> None:
    assert duration_words("1d6 fire", False, carried=True) == "1d6 fire"
    assert duration_words("2d4 bleed 3", False, carried=True) == "2d4 bleed for=3"
    assert duration_words("1d6 end-of-round", False, carried=True) == "1d6 until=end-of-round"
    assert duration_words("1d6 fire", False) == "until=1d6 until=fire"  # one that carries nothing: as before


def test_in_free_rounds_the_end_of_a_round_is_the_end_of_a_turn() -> None:
    free = RulesetDef.model_validate(tomllib.loads(ENDS.replace('model = "turn-order"', 'model = "free-rounds"')))
    enc = Encounter.new(free, seed=5)
    enc.run("add Orc")
    enc.run("start")
    enc.run("cond Orc choking")
    enc.run("cond Orc persistent 5 fire")
    lines = enc.run("next")  # the round ends
    assert pool(enc, "Orc", "hp") == 195
    assert prompt_tables(enc, "Orc") == ["Choke"]
    assert any("flat check" in line for line in lines)
