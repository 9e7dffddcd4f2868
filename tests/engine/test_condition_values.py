"""Valued conditions changed by a delta (`shift`, `cond ... by=N`) and a condition's `on_remove`
effects, however it goes, on a small ruleset made for the test."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from helpers import cond, cond_ids, duel
from mini_ruleset import SHIPPED

from combat_tui.engine.encounter import Encounter
from combat_tui.engine.ruleset import RulesetDef
from combat_tui.engine.state.errors import CommandError
from combat_tui.store.rulesets import load_all

VALUED = """
id = "valued"
name = "Valued"
[time]
model = "turn-order"
initiative = "1d20"
[[stats]]
id = "dex"
name = "Dexterity"
default = 0
[[pools]]
id = "hp"
name = "HP"
max = 20
[damage]
absorb = ["hp"]
heal = ["hp"]
[[conditions]]
id = "frightened"
name = "Frightened"
description = "Afraid; it fades by 1 at the end of each of its turns."
valued = true
[[conditions]]
id = "stunned"
name = "Stunned"
description = "Loses actions, spent down."
valued = true
stacking = "add"
[[conditions]]
id = "poisoned"
name = "Poisoned"
description = "Each dose apart."
valued = true
stacking = "separate"
[[conditions]]
id = "terrified"
name = "Terrified"
description = "Holds Frightened."
implies = ["frightened"]
[[conditions]]
id = "prone"
name = "Prone"
description = "Down."
[[conditions]]
id = "dying"
name = "Dying"
description = "Near death; losing it leaves a wound."
valued = true
default_duration = "end-of-round"
on_remove = [{ add = "wounded", value = 1 }]
[[conditions]]
id = "wounded"
name = "Wounded"
description = "Hurt before."
valued = true
stacking = "add"
[[triggers]]
label = "fear fades"
on = "turn-end"
when = "frightened"
edge = false
effects = [{ shift = "frightened", by = -1 }]
"""


@pytest.fixture
def rs() -> RulesetDef:
    return RulesetDef.model_validate(tomllib.loads(VALUED))


@pytest.fixture
def enc(rs: RulesetDef) -> Encounter:
    return duel(rs, seed=3)


def test_a_turn_end_trigger_lowers_the_value_and_it_ends_at_zero(enc: Encounter) -> None:
    enc.run("cond A frightened 2")
    lines = enc.run("next")  # A's turn ends
    assert cond(enc, "A", "frightened")["value"] == 1
    assert "A: Frightened 1" in lines
    enc.run("next")
    lines = enc.run("next")  # A's next turn ends
    assert "frightened" not in cond_ids(enc, "A")
    assert "A: Frightened 1 ends (down to 0)" in lines


def test_the_gm_changes_a_value_by_a_delta_whatever_the_stacking(enc: Encounter) -> None:
    enc.run("cond B stunned 3")
    enc.run("cond B stunned by=-2")
    assert cond(enc, "B", "stunned")["value"] == 1  # lowered, though a new "add" instance would be added
    enc.run("cond B stunned by=2")
    assert cond(enc, "B", "stunned")["value"] == 3
    enc.run("cond B stunned by=-5")
    assert "stunned" not in cond_ids(enc, "B")
    enc.run("undo")
    assert cond(enc, "B", "stunned")["value"] == 3


def test_every_instance_of_a_separate_condition_moves(enc: Encounter) -> None:
    enc.run("cond B poisoned 1")
    enc.run("cond B poisoned 3")
    enc.run("cond B poisoned by=-1")
    assert [c["value"] for c in enc.view()["combatants"][1]["conditions"]] == [2]


def test_by_is_refused_where_it_means_nothing(enc: Encounter) -> None:
    with pytest.raises(CommandError, match="nobody named has Stunned"):
        enc.run("cond B stunned by=-1")
    with pytest.raises(CommandError, match="Prone takes no value"):
        enc.run("cond B prone by=-1")
    with pytest.raises(CommandError, match="no new value or duration"):
        enc.run("cond B stunned 2 by=-1")


def test_one_held_by_its_parent_stays_at_one(enc: Encounter) -> None:
    enc.run("cond B terrified")
    enc.run("cond B frightened by=-3")
    assert cond(enc, "B", "frightened")["value"] == 1
    enc.run("uncond B terrified")
    assert "frightened" not in cond_ids(enc, "B")


def test_on_remove_runs_however_the_condition_goes(enc: Encounter) -> None:
    enc.run("cond A dying 1")
    enc.run("uncond A dying")  # removed by the GM
    assert cond(enc, "A", "wounded")["value"] == 1
    enc.run("cond A dying 2")
    enc.run("cond A dying by=-2")  # lowered to 0
    assert cond(enc, "A", "wounded")["value"] == 2
    enc.run("cond A dying 1")
    enc.run("save A=15 dex dc=10 ends=dying")  # a save ends it
    assert cond(enc, "A", "wounded")["value"] == 3
    enc.run("cond A dying 1")
    enc.run("next")
    enc.run("next")  # the round ends: it runs out
    assert "dying" not in cond_ids(enc, "A")
    assert cond(enc, "A", "wounded")["value"] == 4
    enc.run("undo")
    assert cond(enc, "A", "wounded")["value"] == 3 and "dying" in cond_ids(enc, "A")


@pytest.mark.parametrize("change, fragment", [
    (('by = -1 }]', 'by = -1 }, { shift = "prone", by = 1 }]'), "unknown valued condition 'prone'"),
    (('by = -1 }]', 'by = "fear" }]'), "unknown name 'fear'"),
    (('on_remove = [{ add = "wounded"', 'on_remove = [{ add = "hurt"'), "conditions.dying.on_remove"),
])
def test_a_bad_shift_or_on_remove_is_refused_when_read(tmp_path: Path, change: tuple[str, str],
                                                        fragment: str) -> None:
    (tmp_path / "valued.toml").write_text(VALUED.replace(*change), encoding="utf-8")
    cat = load_all(tmp_path)
    assert set(cat.rulesets) == SHIPPED
    assert len(cat.problems) == 1 and fragment in cat.problems[0]
