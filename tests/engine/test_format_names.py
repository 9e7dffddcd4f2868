"""Formula names about the creature's place in the fight: its side (`pc`, `npc`, `ally`), `delaying` while
it is out of the order with delay or hold, and `own_turn` in each of the three time models."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from helpers import duel, pool

from combat_tui.engine.encounter import Encounter
from combat_tui.engine.rules.ops import names_for
from combat_tui.engine.ruleset import RulesetDef
from combat_tui.engine.state.errors import CombatError
from combat_tui.store import library_files

SIDES = """
id = "sides"
name = "Sides"
[time]
model = "{model}"
initiative = "1d20"
delay = true
hold = true
[[pools]]
id = "hp"
name = "HP"
max = 10
[[pools]]
id = "rallied"
name = "Rallied"
max = 9
start = 0
[damage]
absorb = ["hp"]
heal = ["hp"]
[[actions]]
id = "rally"
name = "Rally"
requires = "ally or pc"
refusal = "only the party rallies"
gain = {{ rallied = 1 }}
[[actions]]
id = "strike"
name = "Strike"
requires = "own_turn"
refusal = "not its turn"
gain = {{ rallied = 1 }}
[[actions]]
id = "bide"
name = "Bide"
gain = {{ rallied = "5 * delaying" }}
"""


def ruleset(model: str = "turn-order") -> RulesetDef:
    return RulesetDef.model_validate(tomllib.loads(SIDES.format(model=model)))


def names(enc: Encounter, name: str) -> dict[str, int]:
    c = next(c for c in enc.state.combatants.values() if c.name == name)
    return names_for(enc.state, enc.rs, c)


def test_each_side_is_a_name() -> None:
    enc = duel(ruleset(), seed=1)
    enc.run("add Dog ally init=5")
    assert [(names(enc, n)["pc"], names(enc, n)["npc"], names(enc, n)["ally"]) for n in ("A", "B", "Dog")] == \
        [(1, 0, 0), (0, 1, 0), (0, 0, 1)]
    enc.run("act Dog rally")
    assert pool(enc, "Dog", "rallied") == 1
    with pytest.raises(CombatError, match="only the party rallies"):
        enc.run("act B rally")


def test_delaying_is_1_while_out_of_the_order() -> None:
    enc = duel(ruleset(), seed=1)
    assert names(enc, "A")["delaying"] == 0
    enc.run("delay A")
    assert names(enc, "A")["delaying"] == 1
    enc.run("act A bide")
    assert pool(enc, "A", "rallied") == 5
    enc.run("enter A")
    assert names(enc, "A")["delaying"] == 0
    enc.run("act A bide")
    assert pool(enc, "A", "rallied") == 5


def test_own_turn_in_turn_order_is_the_one_whose_turn_it_is() -> None:
    enc = duel(ruleset(), seed=1)
    assert (names(enc, "A")["own_turn"], names(enc, "B")["own_turn"]) == (1, 0)
    with pytest.raises(CombatError, match="not its turn"):
        enc.run("act B strike")


def test_own_turn_in_free_rounds_is_every_creature() -> None:
    enc = duel(ruleset("free-rounds"), seed=1)
    assert (names(enc, "A")["own_turn"], names(enc, "B")["own_turn"]) == (1, 1)
    enc.run("act B strike")
    assert pool(enc, "B", "rallied") == 1


def test_own_turn_in_a_time_count_is_the_one_whose_tc_has_come() -> None:
    enc = Encounter.new(ruleset("time-count"), seed=1)
    enc.run("add A pc init=3")
    enc.run("add B init=7")
    enc.run("start")
    assert (names(enc, "A")["own_turn"], names(enc, "B")["own_turn"]) == (1, 0)
    enc.run("act A strike sf=6")
    assert pool(enc, "A", "rallied") == 1
    with pytest.raises(CombatError, match="not its turn"):
        enc.run("act B strike sf=6")


WOLF = """ruleset = "sides"
[[creature]]
name = "Wolf"
[[creature.action]]
name = "Bite"
hit = "1d20 + 2 * ally"
damage = "1 + 3 * own_turn"
"""


def test_a_bestiary_attack_rolls_with_the_names_of_a_fight(tmp_path: Path) -> None:
    (tmp_path / "wolf.toml").write_text(WOLF, encoding="utf-8")
    rs = ruleset()
    enc = duel(rs, seed=1)
    enc.library = library_files.load(tmp_path, lambda rid: rs, starter=False)
    assert enc.library.problems == []
    enc.run("add Wolf init=30")
    enc.run("act Wolf bite on=B")
    enc.run("apply")
    assert pool(enc, "B", "hp") == 9  # not its turn: 1 + 3 * 0
