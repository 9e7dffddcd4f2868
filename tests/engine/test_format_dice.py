"""Dice sized by a stat (`1d{hit_die}`, `{level}d6`), refused when the file loads if the name is unknown and
at roll time, in one line, when the size is out of bounds; and a surprise rule that replaces the roll."""

from __future__ import annotations

import re
import tomllib
from typing import Any

import pytest
from helpers import pool

from combat_tui.engine.encounter import Encounter
from combat_tui.engine.ruleset import RulesetDef
from combat_tui.engine.state.errors import CombatError

HIT_DICE = """
id = "hd"
name = "Hit dice"
[time]
model = "turn-order"
initiative = "1d20"
[[stats]]
id = "hit_die"
name = "Hit die"
default = 8
[[stats]]
id = "level"
name = "Level"
default = 1
[[pools]]
id = "hp"
name = "HP"
max = 1000
start = 1
[damage]
absorb = ["hp"]
heal = ["hp"]
[[actions]]
id = "spend-hit-die"
name = "Spend a hit die"
effects = [{ heal = "1d{hit_die} + level" }]
[[actions]]
id = "burst"
name = "Burst"
effects = [{ heal = "{level}d1" }]
[[tables]]
id = "second-wind"
name = "Second wind"
roll = "2d{hit_die}"
after = [{ heal = "roll" }]
"""


def load(text: str = HIT_DICE, changes: dict[str, Any] | None = None, **more: Any) -> RulesetDef:
    data = tomllib.loads(text)
    for key, value in {**(changes or {}), **more}.items():
        *path, last = key.split(".")
        table = data
        for step in path:
            table = table.setdefault(step, {})
        table[last] = value
    return RulesetDef.model_validate(data)


@pytest.fixture
def enc() -> Encounter:
    e = Encounter.new(load(), seed=5)
    e.run("add Kara pc init=12 hit_die=10 level=1")
    e.run("add Orc init=4 hit_die=1")
    e.run("start")
    return e


def test_a_die_sized_by_a_stat_rolls_that_die(enc: Encounter) -> None:
    enc.run("act Orc spend-hit-die")
    assert pool(enc, "Orc", "hp") == 3  # 1 + 1d1 + level 1
    healed = []
    for _ in range(10):
        before = pool(enc, "Kara", "hp")
        enc.run("act Kara spend-hit-die")
        healed.append(pool(enc, "Kara", "hp") - before - 1)
    assert all(1 <= n <= 10 for n in healed) and len(set(healed)) > 1, healed  # d10s


def test_a_count_from_a_stat_rolls_that_many(enc: Encounter) -> None:
    enc.run("edit Orc level=4")
    enc.run("act Orc burst")
    assert pool(enc, "Orc", "hp") == 5


def test_a_table_rolls_dice_sized_by_a_stat(enc: Encounter) -> None:
    enc.run("prompt Orc second-wind")
    enc.run("resolve Orc")
    assert pool(enc, "Orc", "hp") == 3


def test_a_size_out_of_bounds_is_refused_in_one_line_naming_the_stat(enc: Encounter) -> None:
    enc.run("edit Orc hit_die=0")
    with pytest.raises(CombatError) as refused:
        enc.run("act Orc spend-hit-die")
    assert str(refused.value).endswith("Hit die is 0: a die has 1 to 10,000 faces")
    assert "\n" not in str(refused.value)
    assert pool(enc, "Orc", "hp") == 1  # nothing changed


@pytest.mark.parametrize(("key", "value", "where"), [
    ("actions", [{"id": "x", "name": "X", "effects": [{"heal": "1d{hit_dice}"}]}], "actions[x].effects[0].heal"),
    ("tables", [{"id": "t", "name": "T", "roll": "1d{hitdie}"}], "tables[t].roll"),
    ("tables", [{"id": "t", "name": "T", "roll": "1d20 + bogus"}], "tables[t].roll"),
    ("time.initiative", "1d20 + dex", "time.initiative"),
    ("triggers", [{"on": "turn-start", "label": "bleed", "effects": [{"damage": "1d6 + bleed"}]}],
     "triggers[bleed].effects[0].damage"),
])
def test_an_unknown_name_in_dice_is_refused_when_the_file_loads(key: str, value: Any, where: str) -> None:
    with pytest.raises(ValueError, match=rf"{re.escape(where)}: unknown name"):
        load(changes={key: value})


SURPRISE = HIT_DICE.replace('initiative = "1d20"', 'initiative = "1d20 + 100"')


def test_a_surprised_creature_takes_the_rule_instead_of_the_roll() -> None:
    rs = load(SURPRISE, {"time.surprise": {"initiative": "level - 10"}})
    enc = Encounter.new(rs, seed=1)
    enc.run("add Kara pc")
    enc.run("add Orc surprised level=3")
    lines = enc.run("start")
    orc = next(c for c in enc.state.combatants.values() if c.name == "Orc")
    kara = next(c for c in enc.state.combatants.values() if c.name == "Kara")
    assert orc.initiative == -7 and kara.initiative is not None and kara.initiative > 100
    assert "Orc is surprised: initiative -7" in lines


def test_the_surprise_rule_may_be_dice() -> None:
    enc = Encounter.new(load(SURPRISE, {"time.surprise": {"initiative": "1d1"}}), seed=1)
    enc.run("add Orc surprised")
    enc.run("start")
    assert [c.initiative for c in enc.state.combatants.values()] == [1]


def test_the_surprise_rule_and_a_penalty_are_one_or_the_other() -> None:
    with pytest.raises(ValueError, match=r"time\.surprise: `initiative` replaces the roll"):
        load(changes={"time.surprise": {"initiative": "0", "initiative_penalty": "1d6"}})
    with pytest.raises(ValueError, match="unknown name 'bogus'"):
        load(changes={"time.surprise": {"initiative": "bogus"}})
