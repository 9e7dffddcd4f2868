"""Temporary hit points that keep the higher (`gain = "max"`), spent before the pool they shield; maxima
lowered by conditions through a formula on top of a typed `hp=` (Drained, 5.1 exhaustion's halving);
and a refresh held back by a cap (`held`) that comes back when the cap lifts. No shipped ruleset needs
these yet: a small ruleset of the test's own plays them."""

from __future__ import annotations

import tomllib

import pytest
from helpers import pool, pool_max

from combat_tui.engine.encounter import Encounter
from combat_tui.engine.ruleset import RulesetDef
from combat_tui.engine.state.errors import RulesetError

SMALL = """
id = "small"
name = "Small"
[time]
model = "turn-order"
initiative = "1d20"
[[stats]]
id = "level"
name = "Level"
default = 1
[[pools]]
id = "temp_hp"
name = "Temporary HP"
overflow = true
gain = "max"
start = 0
[[pools]]
id = "hp"
name = "HP"
max = 20
[[pools]]
id = "movement"
name = "Movement"
max = 30
refresh = "turn-start"
[[conditions]]
id = "drained"
name = "Drained"
description = "Lower maximum hit points: level times its value."
valued = true
effects = [{ pool = "hp", max = "-drained * level" }]
[[conditions]]
id = "exhausted-4"
name = "Exhausted (4)"
description = "Hit point maximum halved."
effects = [{ pool = "hp", max = "-(base_max - floor(base_max / 2))" }]
[[conditions]]
id = "grappled"
name = "Grappled"
description = "Speed 0; the turn's movement is back once free."
effects = [{ pool = "movement", set_max = 0, held = true }]
[[conditions]]
id = "stuck"
name = "Stuck"
description = "Speed 0; what the refresh would have given is lost."
effects = [{ pool = "movement", set_max = 0 }]
[[actions]]
id = "false-life"
name = "False Life"
effects = [{ pool = "temp_hp", delta = 6 }]
[damage]
health = "hp"
absorb = ["temp_hp", "hp"]
heal = ["hp"]
"""


def small() -> RulesetDef:
    return RulesetDef.model_validate(tomllib.loads(SMALL))


@pytest.fixture
def enc() -> Encounter:
    e = Encounter.new(small(), seed=1)
    e.run("add Kara pc init=20")
    e.run("add Orc init=10")
    e.run("start")
    return e


def test_temporary_hp_keep_the_higher_and_are_spent_first(enc: Encounter) -> None:
    enc.run("gain Kara temp_hp 5")
    assert pool(enc, "Kara", "temp_hp") == 5
    enc.run("gain Kara temp_hp 8")  # the higher, not 13
    assert pool(enc, "Kara", "temp_hp") == 8
    lines = enc.run("gain Kara temp_hp 3")  # lower: the 8 stay, and the log says why
    assert pool(enc, "Kara", "temp_hp") == 8
    assert lines == ["Kara: Temporary HP stays 8 (the higher is kept: 3 given)"]
    enc.run("dmg Kara 10")
    assert (pool(enc, "Kara", "temp_hp"), pool(enc, "Kara", "hp")) == (0, 18)
    enc.run("heal Kara 5")  # healing never refills them
    assert (pool(enc, "Kara", "temp_hp"), pool(enc, "Kara", "hp")) == (0, 20)


def test_an_effect_giving_temporary_hp_keeps_the_higher_too(enc: Encounter) -> None:
    enc.run("gain Kara temp_hp 9")
    enc.run("act Kara false-life")
    assert pool(enc, "Kara", "temp_hp") == 9
    enc.run("dmg Kara 5")
    enc.run("act Kara false-life")
    assert pool(enc, "Kara", "temp_hp") == 6


def test_drained_lowers_a_typed_maximum_by_a_formula_and_gives_it_back(enc: Encounter) -> None:
    enc.run("add Troll hp=50 level=3")
    enc.run("cond Troll drained 2")
    assert pool_max(enc, "Troll", "hp") == 44  # 50, typed, less level 3 × Drained 2
    assert pool(enc, "Troll", "hp") == 44
    enc.run("uncond Troll drained")
    assert pool_max(enc, "Troll", "hp") == 50
    enc.run("edit Troll hp=40")  # the condition reads the new typed maximum
    enc.run("cond Troll drained 1")
    assert pool_max(enc, "Troll", "hp") == 37


def test_exhaustion_halves_the_maximum_rounding_it_down(enc: Encounter) -> None:
    enc.run("add Ogre hp=35")
    enc.run("cond Ogre exhausted-4")
    assert pool_max(enc, "Ogre", "hp") == 17
    enc.run("add Imp")  # the ruleset's own maximum, 20
    enc.run("cond Imp exhausted-4")
    assert pool_max(enc, "Imp", "hp") == 10


def test_a_refresh_held_back_by_a_cap_comes_back_when_it_lifts(enc: Encounter) -> None:
    enc.run("cond Orc grappled")
    enc.run("cond Kara stuck")
    enc.run("next")  # the Orc's turn: its movement refreshes to 0 under the cap
    enc.run("next")  # Kara's
    assert (pool(enc, "Orc", "movement"), pool(enc, "Kara", "movement")) == (0, 0)
    enc.run("uncond Orc grappled")
    enc.run("uncond Kara stuck")
    assert pool(enc, "Orc", "movement") == 30  # held: it comes back
    assert pool(enc, "Kara", "movement") == 0  # not held: lost until the next refresh


def test_a_formula_on_a_maximum_with_an_unknown_name_is_refused() -> None:
    bad = SMALL.replace('max = "-drained * level"', 'max = "-drained * lvl"')
    with pytest.raises((ValueError, RulesetError), match="lvl"):
        RulesetDef.model_validate(tomllib.loads(bad))
