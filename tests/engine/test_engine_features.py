"""Engine features on a small ruleset made for the test, so each is checked apart from any system."""

from __future__ import annotations

import json
import tomllib

import pytest
from helpers import cond_ids, duel

from combat_tui.engine.encounter import Encounter
from combat_tui.engine.ruleset import RulesetDef
from combat_tui.engine.state.errors import CombatError, CommandError

MINI = """
id = "mini"
name = "Mini"
[time]
model = "turn-order"
initiative = "1d20"
[[stats]]
id = "str"
name = "Strength"
default = 2
[[pools]]
id = "hp"
name = "HP"
max = "10 + str"
floor = "-max_hp"
[[pools]]
id = "actions"
name = "Actions"
kind = "pips"
max = 3
refresh = "turn-start"
[[pools]]
id = "hits"
name = "Hits taken"
kind = "counter"
[[conditions]]
id = "prone"
name = "Prone"
description = "Down."
implies = ["exposed"]
ended_by = ["stand"]
[[conditions]]
id = "exposed"
name = "Exposed"
description = "Open."
default_duration = "end-of-round"
ended_by = ["tag:guard"]
[[conditions]]
id = "slowed"
name = "Slowed"
description = "Slow."
effects = [{ pool = "actions", max = -1 }]
[[conditions]]
id = "stunned"
name = "Stunned"
description = "Nothing."
effects = [{ pool = "actions", set_max = 0 }]
[[conditions]]
id = "marked"
name = "Marked"
description = "Marked by someone."
subjective = true
[[conditions]]
id = "weary"
name = "Weary"
description = "Until rested."
default_duration = "short-rest"
[[conditions]]
id = "bleeding"
name = "Bleeding"
description = "Bleeds."
start_of_turn = "bleed"
[[conditions]]
id = "dead"
name = "Dead"
description = "Dead."
tags = ["out"]
[[actions]]
id = "shove"
name = "Shove"
cost = { actions = 1 }
tags = ["attack"]
effects = [{ add = "prone", to = "target" }, { add = "marked", to = "target", source = "other" }]
[[actions]]
id = "stand"
name = "Stand"
cost = { actions = 1 }
[[actions]]
id = "parry"
name = "Parry"
tags = ["guard"]
[[actions]]
id = "rage"
name = "Rage"
requires = "not stunned"
[[actions]]
id = "dash"
name = "Dash"
requires = "own_turn"
refusal = "only on its own turn"
[[tables]]
id = "bleed"
name = "Bleed"
roll = "1d20"
[[tables.rows]]
max = 5
label = "Worse"
effects = [{ damage = "2" }]
[[tables.rows]]
min = 6
label = "Stops"
effects = [{ remove = "bleeding" }]
[[tables]]
id = "pick"
name = "Pick"
roll = "1d6"
choice = true
[[tables.rows]]
min = 1
max = 1
label = "One"
[[tables.rows]]
min = 2
label = "More"
[[tables]]
id = "wound"
name = "Wound"
roll = "1d20"
repeat = true
[[triggers]]
on = "change"
when = "hp <= -max_hp"
effects = [{ add = "dead" }]
[[triggers]]
on = "damage"
when = "before_hp > 0 and hp <= 0"
edge = false
effects = [{ prompt = "wound" }, { pool = "hits", delta = 1 }]
[damage]
absorb = ["hp"]
heal = ["hp"]
[[body]]
id = "head"
name = "Head"
severity = "deadly"
value = 4
[[body]]
id = "tail"
name = "Tail"
severity = "minor"
count = 0
"""


@pytest.fixture
def rs() -> RulesetDef:
    return RulesetDef.model_validate(tomllib.loads(MINI))


@pytest.fixture
def enc(rs: RulesetDef) -> Encounter:
    return duel(rs, seed=4)


def c(enc: Encounter, name: str) -> dict:  # type: ignore[type-arg]
    return next(x for x in enc.view()["combatants"] if x["name"] == name)


def test_formula_max_and_floor(enc: Encounter) -> None:
    assert c(enc, "A")["pools"]["hp"] == {"current": 12, "max": 12}
    enc.run("dmg A 30")
    assert c(enc, "A")["pools"]["hp"]["current"] == -12
    assert "dead" in cond_ids(enc, "A")
    assert enc.view()["order"] == ["B"]


def test_action_effects_land_on_the_target_from_the_actor(enc: Encounter) -> None:
    enc.run("act A shove on=B")
    assert cond_ids(enc, "B") == ["prone", "exposed", "marked"]
    marked = c(enc, "B")["conditions"][2]
    assert marked["source"] == "A"
    assert c(enc, "A")["pools"]["actions"]["current"] == 2
    lines = enc.run("act A shove")  # no target named: the cost is paid, the rest is the GM's
    assert any("on=NAME" in line for line in lines)
    assert c(enc, "A")["pools"]["actions"]["current"] == 1


def test_daughter_held_by_parent_then_freed(enc: Encounter) -> None:
    enc.run("cond B prone")
    with pytest.raises(CommandError, match="held by Prone"):
        enc.run("uncond B exposed")
    enc.run("next")  # B's turn
    enc.run("act B stand")
    assert cond_ids(enc, "B") == []


def test_ended_by_tag(enc: Encounter) -> None:
    enc.run("cond A exposed")
    enc.run("act A parry")
    assert cond_ids(enc, "A") == []


def test_requires(enc: Encounter) -> None:
    enc.run("act A rage")
    enc.run("cond A stunned")
    assert c(enc, "A")["pools"]["actions"] == {"current": 0, "max": 0}
    with pytest.raises(CombatError, match="cannot Rage now"):
        enc.run("act A rage")


def test_own_turn_is_a_name_and_refusal_its_reason(rs: RulesetDef) -> None:
    e = Encounter.new(rs, seed=4)
    e.run("add A pc init=20")
    e.run("add B init=10")
    e.run("act B dash")  # before the fight, anyone may
    e.run("start")
    e.run("act A dash")
    with pytest.raises(CombatError, match=r"^B cannot Dash: only on its own turn$"):
        e.run("act B dash")
    e.run("next")
    e.run("act B dash")
    with pytest.raises(CombatError, match=r"^A cannot Dash: only on its own turn$"):
        e.run("act A dash")


def test_budget_effects_and_refresh(enc: Encounter) -> None:
    enc.run("cond B slowed")
    enc.run("next")
    assert c(enc, "B")["pools"]["actions"] == {"current": 2, "max": 2}
    enc.run("uncond B slowed")
    enc.run("next")
    enc.run("next")
    assert c(enc, "B")["pools"]["actions"] == {"current": 3, "max": 3}


def test_subjective_from_all(enc: Encounter) -> None:
    with pytest.raises(CommandError, match="from=NAME"):
        enc.run("cond A marked")
    enc.run("cond A marked from=all")
    assert c(enc, "A")["conditions"][0]["source"] is None


def test_rest_durations(enc: Encounter) -> None:
    enc.run("cond A weary")
    assert c(enc, "A")["conditions"][0]["remaining"] is None
    for _ in range(6):
        enc.run("next")
    assert cond_ids(enc, "A") == ["weary"]
    enc.run("rest short B")
    assert cond_ids(enc, "A") == ["weary"]
    enc.run("rest short")
    assert cond_ids(enc, "A") == []


def test_end_of_next_turn(enc: Encounter) -> None:
    enc.run("cond A slowed until=end-of-next-turn")  # A is acting: its next turn is in round 2
    enc.run("next")
    enc.run("next")  # round 2, A
    assert "slowed" in cond_ids(enc, "A")
    enc.run("next")  # A's round-2 turn ends
    assert "slowed" not in cond_ids(enc, "A")


def test_choice_table_needs_the_gms_value(enc: Encounter) -> None:
    enc.run("prompt A pick")
    with pytest.raises(CommandError, match="value=N"):
        enc.run("resolve")
    enc.run("resolve value=1")
    assert enc.view()["prompts"] == []


def test_repeat_tables_queue_one_per_hit(enc: Encounter) -> None:
    enc.run("prompt B wound")
    enc.run("prompt B wound")
    assert len(enc.view()["prompts"]) == 2
    enc.run("prompt B pick")
    enc.run("prompt B pick")
    assert len(enc.view()["prompts"]) == 3


def test_damage_triggers_see_the_before_values(enc: Encounter) -> None:
    enc.run("dmg B 12")  # 12 -> 0: crosses
    assert c(enc, "B")["pools"]["hits"]["current"] == 1
    enc.run("dmg B 1")  # already at 0: no new wound
    assert c(enc, "B")["pools"]["hits"]["current"] == 1
    assert len(enc.view()["prompts"]) == 1


def test_start_of_turn_table_resolves(enc: Encounter) -> None:
    enc.run("cond B bleeding")
    enc.run("next")
    assert [p["table"] for p in enc.view()["prompts"]] == ["Bleed"]
    enc.run("resolve value=9")
    assert cond_ids(enc, "B") == []


def test_body_part_counts_per_creature(rs: RulesetDef) -> None:
    e = Encounter.new(rs, seed=1)
    e.run("add Hydra head=3 tail=1")
    e.run("add Man")
    e.run("injure Hydra head")
    e.run("injure Hydra head.3 2")
    assert c(e, "Hydra")["injuries"] == {"head.1": 1, "head.3": 2}
    e.run("injure Hydra tail")
    with pytest.raises(CommandError, match="has no tail"):
        e.run("injure Man tail")


def test_new_pools_appear_in_old_saves(rs: RulesetDef) -> None:
    e = Encounter.new(rs, seed=1)
    e.run("add A")
    data = json.loads(e.doc.model_dump_json())
    for comb in data["state"]["combatants"].values():
        del comb["pools"]["hits"]
    from combat_tui.engine.state.document import EncounterDoc

    again = Encounter(EncounterDoc.model_validate(data), rs)
    assert c(again, "A")["pools"]["hits"] == {"current": 0, "max": None}
    again.run("undo")
    again.run("redo")
    assert "hits" in c(again, "A")["pools"]


def test_preroll_then_resolve_applies_the_same_roll(enc: Encounter) -> None:
    enc.run("cond B bleeding")
    enc.run("next")
    enc.run("preroll")
    rolled = enc.state.prompts[0].rolled
    assert rolled is not None
    enc.run("resolve")
    expected = [] if rolled.total >= 6 else ["bleeding"]
    assert cond_ids(enc, "B") == expected
    assert len(enc.doc.log[-1].rolls) == 0  # resolve rolled nothing new
    enc.run("undo")
    enc.run("undo")
    assert enc.state.prompts[0].rolled is None


def test_a_lifted_cap_gives_the_budget_back(enc: Encounter) -> None:
    enc.run("cond A slowed")
    assert c(enc, "A")["pools"]["actions"] == {"current": 2, "max": 2}
    enc.run("uncond A slowed")
    assert c(enc, "A")["pools"]["actions"] == {"current": 3, "max": 3}
    enc.run("spend A actions 1")
    enc.run("cond A stunned")
    enc.run("uncond A stunned")
    assert c(enc, "A")["pools"]["actions"]["current"] == 2  # what was spent stays spent


def test_a_prompt_goes_with_its_condition(enc: Encounter) -> None:
    enc.run("cond B bleeding")
    enc.run("next")
    assert len(enc.view()["prompts"]) == 1
    enc.run("uncond B bleeding")
    assert enc.view()["prompts"] == []
    enc.run("undo")
    assert len(enc.view()["prompts"]) == 1


def test_uncond_one_instance_or_one_source(enc: Encounter) -> None:
    enc.run("cond B marked from=A")
    enc.run("cond B marked from=all")
    uids = [cs.uid for cs in enc.state.combatants["c2"].conditions]
    enc.run(f"uncond B marked uid={uids[1]}")
    assert [x["source"] for x in c(enc, "B")["conditions"]] == ["A"]
    with pytest.raises(CommandError, match="like that"):
        enc.run(f"uncond B marked uid={uids[1]}")
    enc.run("cond B prone")
    exposed = next(cs for cs in enc.state.combatants["c2"].conditions if cs.id == "exposed")
    with pytest.raises(CommandError, match="held by Prone"):
        enc.run(f"uncond B exposed uid={exposed.uid}")
