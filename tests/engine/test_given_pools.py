"""Pools only some creatures have (`only_given = true`): a creature has one only once its `add` line, its
template or an `edit` gives it a maximum. The others carry nothing of it: no sheet line, no row, no
public view, nothing in a party's file; a formula reads 0 there, and a cost or a `gain` of it is refused
in words. And a counter, which counts up, says nothing at 0. A small ruleset of the test's own plays
them."""

from __future__ import annotations

import tomllib

import pytest
from helpers import pool

from combat_tui.engine.encounter import Encounter
from combat_tui.engine.ruleset import RulesetDef
from combat_tui.engine.state.errors import CommandError
from combat_tui.engine.state.lasting import of_combatant
from combat_tui.engine.views.sheet import row_pools, sheet_view

GIVEN = """
id = "given"
name = "Given"
[time]
model = "turn-order"
initiative = "1d20"
[[pools]]
id = "hp"
name = "HP"
max = 20
[[pools]]
id = "legendary"
name = "Legendary actions"
kind = "pips"
refresh = "turn-start"
summary = true
only_given = true
[[pools]]
id = "strain"
name = "Strain"
kind = "counter"
[[pools]]
id = "fails"
name = "Failures"
kind = "counter"
max = 3
start = 0
[damage]
absorb = ["hp"]
heal = ["hp"]
[[actions]]
id = "legendary"
name = "Legendary action"
cost = { legendary = 1 }
[[actions]]
id = "roar"
name = "Roar"
effects = [{ pool = "legendary", delta = 1 }, { pool = "strain", delta = "1 + legendary" }]
"""


@pytest.fixture
def enc() -> Encounter:
    e = Encounter.new(RulesetDef.model_validate(tomllib.loads(GIVEN)), seed=1)
    e.run("add Kara pc init=20")
    e.run("add Dragon init=10 legendary=3")
    e.run("start")
    return e


def test_only_a_creature_given_a_maximum_has_it(enc: Encounter) -> None:
    kara, dragon = (enc.state.combatants[c] for c in ("c1", "c2"))
    assert "legendary" not in kara.pools and dragon.pools["legendary"].max == 3
    assert pool(enc, "Dragon", "legendary") == 3
    views = {c["name"]: c["pools"] for c in enc.view()["combatants"]}
    assert "legendary" not in views["Kara"] and views["Dragon"]["legendary"] == {"current": 3, "max": 3}
    assert "Legendary actions" not in [p.name for p in sheet_view(enc.state, enc.rs, kara).pools]
    assert "Legendary actions" not in [p.name for p in row_pools(enc.state, enc.rs, kara)]
    assert "Legendary actions" in [p.name for p in row_pools(enc.state, enc.rs, dragon)]


def test_a_party_file_keeps_nothing_of_it(enc: Encounter) -> None:
    assert "legendary" not in of_combatant(enc.state.combatants["c1"]).current
    assert of_combatant(enc.state.combatants["c2"]).current["legendary"] == 3


def test_costs_and_gains_of_it_are_refused_in_words(enc: Encounter) -> None:
    with pytest.raises(CommandError, match="Kara cannot Legendary action: has no Legendary actions"):
        enc.run("act Kara legendary")
    with pytest.raises(CommandError, match="Kara has no Legendary actions"):
        enc.run("gain Kara legendary 1")
    enc.run("act Dragon legendary")
    assert pool(enc, "Dragon", "legendary") == 2


def test_formulas_read_0_and_effects_pass_it_by(enc: Encounter) -> None:
    """An effect changing the pool does nothing on a creature without it; the formula reads 0 there."""
    enc.run("act Kara roar")
    assert pool(enc, "Kara", "strain") == 1 and "legendary" not in enc.state.combatants["c1"].pools
    enc.run("act Dragon roar")
    assert pool(enc, "Dragon", "strain") == 4  # 1 + its 3


def test_edit_gives_it_and_undo_takes_it_back(enc: Encounter) -> None:
    lines = enc.run("edit Kara legendary=2")
    assert lines == ["Kara: Legendary actions 2"] and pool(enc, "Kara", "legendary") == 2
    enc.run("undo")
    assert "legendary" not in enc.state.combatants["c1"].pools
    enc.run("next")  # the sync after an undo does not give it back
    assert "legendary" not in enc.state.combatants["c1"].pools


def test_it_refreshes_on_those_who_have_it(enc: Encounter) -> None:
    enc.run("act Dragon legendary")
    enc.run("next")
    assert pool(enc, "Dragon", "legendary") == 3


def test_a_counter_says_nothing_at_0_even_with_a_top(enc: Encounter) -> None:
    """A counter counts up from 0: at 0 (no failure yet) it is on no sheet, top or not; once it counts,
    it is drawn as a count of its top."""
    kara = enc.state.combatants["c1"]
    assert "Failures" not in [p.name for p in sheet_view(enc.state, enc.rs, kara).pools]
    enc.run("gain Kara fails 1")
    kara = enc.state.combatants["c1"]
    shown = {p.name: p for p in sheet_view(enc.state, enc.rs, kara).pools}
    assert (shown["Failures"].kind.value, shown["Failures"].current, shown["Failures"].max) == ("counter", 1, 3)
