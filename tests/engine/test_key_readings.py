"""A `key=value` word several commands take is read in one place: `hp=` (`RulesetDef.pool_key`), the
ruleset's hit points whatever it calls them, alike in `add`, `edit`, a library template and the
library's checks; `side=` (`common.side_of`), alike in `add` and `edit`."""

from __future__ import annotations

import pytest

from combat_tui.engine.state.errors import CommandError


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


def test_side_reads_alike_in_add_and_edit(make) -> None:  # type: ignore[no-untyped-def]
    enc = make("three-action")
    enc.run("add Orc side=ALLY")
    enc.run("add Wolf")
    enc.run("edit Wolf side=Ally")
    assert [c.side.value for c in enc.state.roster()] == ["ally", "ally"]
    said = []
    for line in ("add Imp side=foe", "edit Wolf side=foe"):
        with pytest.raises(CommandError) as err:
            enc.run(line)
        said.append(str(err.value))
    assert said == ["side=foe: a side is pc, npc or ally"] * 2
