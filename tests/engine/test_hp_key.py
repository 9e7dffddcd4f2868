"""`hp=` is read in one place (`RulesetDef.pool_key`): the ruleset's hit points whatever it calls them,
alike in `add`, `edit`, a library template and the library's checks."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("ruleset", ["three-action", "boon-bane", "body-injury", "energy-stamina", "time-count"])
def test_hp_means_the_rulesets_hit_points(make, ruleset: str) -> None:  # type: ignore[no-untyped-def]
    enc = make(ruleset)
    rs = enc.rs
    health = rs.health_pool()
    assert health is not None
    assert rs.pool_key("hp") == health
    assert rs.pool_key("init") == "init"
    enc.run("add Orc hp=17")
    assert enc.state.combatants["c1"].pools[health].max == 17
    enc.run("edit Orc hp=23")
    assert enc.state.combatants["c1"].pools[health].max == 23


def test_a_pool_called_hp_is_itself(make) -> None:  # type: ignore[no-untyped-def]
    rs = make("time-count").rs
    assert any(p.id == "hp" for p in rs.pools)
    assert rs.pool_key("hp") == "hp"
