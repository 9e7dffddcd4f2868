"""A condition relative to another creature (subjective) cannot be relative to its own bearer."""

from __future__ import annotations

import pytest
from helpers import Make

from combat_tui.engine.state.errors import CommandError


def test_a_condition_relative_to_its_own_bearer_is_refused(make: Make) -> None:
    enc = make("time-count")
    enc.run("add Aeus pc")
    enc.run("add Brigand")
    with pytest.raises(CommandError) as err:
        enc.run("cond Aeus distracted from=Aeus")
    assert str(err.value) == "Aeus cannot be Distracted from itself: it is relative to another creature"
    assert not enc.state.combatants["c1"].conditions
    enc.run("cond Aeus distracted from=Brigand")  # from another creature it is fine
    assert enc.state.combatants["c1"].has("distracted")
    enc.run("cond Aeus prone from=Aeus")  # an objective condition's from= is only who caused it
    assert enc.state.combatants["c1"].has("prone")
