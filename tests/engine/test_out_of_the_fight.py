"""Sides, wildcards and name prefixes pass over creatures out of the fight; a full name still reaches them."""

from __future__ import annotations

import pytest
from helpers import Make

from combat_tui.engine.encounter import Encounter
from combat_tui.engine.state.errors import CommandError


def _bandits(make: Make) -> Encounter:
    enc = make("three-action")
    enc.run("add Bandit Captain hp=10")
    enc.run("add Bandit x2 hp=10")
    enc.run("add Kara pc hp=10")
    enc.run("cond Bandit Captain dead")
    return enc


def _hp(enc, name: str) -> int:  # type: ignore[no-untyped-def]
    c = next(c for c in enc.state.combatants.values() if c.name == name)
    return int(c.pools["hp"].current)


def test_a_wildcard_and_a_side_skip_the_dead(make: Make) -> None:
    enc = _bandits(make)
    lines = enc.run("dmg Bandit* 3")
    assert not any("Captain" in line for line in lines), lines
    assert (_hp(enc, "Bandit Captain"), _hp(enc, "Bandit 1"), _hp(enc, "Bandit 2")) == (10, 7, 7)
    enc.run("cond @npc prone")
    captain = next(c for c in enc.state.combatants.values() if c.name == "Bandit Captain")
    assert not captain.has("prone")
    assert all(c.has("prone") for c in enc.state.combatants.values() if c.name in ("Bandit 1", "Bandit 2"))


@pytest.mark.parametrize("line", ["heal @npc 2", "gain Bandit* bleed_penalty 1", "spend @all reaction 1",
                                  "init Bandit* 12", "prompt @npc bleed", "act Bandit* move"])
def test_every_command_that_picks_several_skips_the_dead(make: Make, line: str) -> None:
    enc = _bandits(make)
    enc.run("dmg Bandit* 3")
    before = enc.state.combatants["c1"].model_copy(deep=True)
    prompts = len(enc.state.prompts)
    out = enc.run(line)
    assert not any("Captain" in text for text in out), out
    assert enc.state.combatants["c1"] == before
    assert all(p.cid != "c1" for p in enc.state.prompts[prompts:])


def test_a_full_name_still_reaches_the_dead(make: Make) -> None:
    enc = _bandits(make)
    enc.run("dmg Bandit Captain 3")
    assert _hp(enc, "Bandit Captain") == 7
    enc.run("uncond Bandit* dead")  # taking a mistake back reaches the dead through a wildcard
    assert not enc.state.combatants["c1"].has("dead")


def test_picking_only_the_dead_is_refused_in_plain_words(make: Make) -> None:
    enc = _bandits(make)
    enc.run("cond Bandit 1 dead")
    enc.run("cond Bandit 2 dead")
    with pytest.raises(CommandError, match="out of the fight") as err:
        enc.run("dmg Bandit* 3")
    assert "Bandit Captain" in str(err.value) and "\n" not in str(err.value)
    with pytest.raises(CommandError, match="everyone on @npc is out of the fight"):
        enc.run("cond @npc prone")
    with pytest.raises(CommandError, match="out of the fight"):
        enc.run("dmg Bandit C 3")  # a prefix of a dead creature's name does not reach it either


def test_a_prefix_prefers_the_living(make: Make) -> None:
    enc = make("three-action")
    enc.run("add Kara pc hp=10")
    enc.run("add Karl hp=10")
    enc.run("cond Karl dead")
    enc.run("dmg Kar 2")
    assert _hp(enc, "Kara") == 8 and _hp(enc, "Karl") == 10



def test_time_count_a_creature_back_in_the_fight_acts_now_not_in_the_past(make: Make) -> None:
    # Found by the property test: dead when the fight starts, its TC goes by, then it is brought back.
    enc = make("time-count", seed=0)
    for line in ("add Orc pc hp=6", "add Kara npc hp=9", "dmg Orc 9", "start", "next"):
        enc.run(line)
    orc = next(c for c in enc.state.combatants.values() if c.name == "Orc")
    assert orc.next_tc is not None and orc.next_tc < enc.state.clock.tc
    lines = enc.run("uncond Orc dead")
    orc = next(c for c in enc.state.combatants.values() if c.name == "Orc")
    assert orc.next_tc == enc.state.clock.tc
    assert f"Orc is back in the fight: acts at TC {enc.state.clock.tc}" in lines
    enc.undo()
    back = next(c for c in enc.state.combatants.values() if c.name == "Orc").next_tc
    assert back is not None and back < enc.state.clock.tc
