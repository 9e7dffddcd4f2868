"""Bugs the property tests found, each kept with its smallest reproduction."""

from __future__ import annotations

import pytest
from helpers import Make, cond_ids

from combat_tui.engine.state.errors import CommandError


@pytest.mark.parametrize("kill", ["dmg Orc 20", "remove Orc"])
def test_an_end_measured_by_a_creature_that_is_gone_still_comes(make: Make, kill: str) -> None:
    enc = make("three-action")
    enc.run("add Kara pc init=20")
    enc.run("add Orc init=1")
    enc.run("start")
    enc.run("cond Kara slowed for=1 from=Orc")
    enc.run(kill)
    enc.run("next")  # round 2 begins: round 1 has ended, and with it Orc's place in it
    enc.run("next")
    assert "slowed" not in cond_ids(enc, "Kara")


def test_time_count_end_measured_by_a_creature_out_of_the_fight(make: Make) -> None:
    enc = make("time-count")
    enc.run("add Kara pc init=5")
    enc.run("add Orc init=6")
    enc.run("start")
    enc.run("cond Kara distracted from=Orc")
    enc.run("dmg Orc 30")
    enc.run("act Kara sf=4")
    enc.run("next")
    assert enc.view()["tc"] == 9 and "distracted" not in cond_ids(enc, "Kara")


def test_nobody_able_to_act_burns_no_rounds(make: Make) -> None:
    enc = make("boon-bane")
    enc.run("add Orc pc hp=6")
    enc.run("add Kara hp=6")
    enc.run("start")
    enc.run("dmg @all 8")
    enc.run("next")
    v = enc.view()
    assert v["round"] == 1 and v["active"] == [] and v["order"] == []


def test_the_last_creature_removed_then_a_new_one_acts_this_round(make: Make) -> None:
    enc = make("body-injury")
    enc.run("add Orc init=5")
    enc.run("start")
    enc.run("remove Orc")
    enc.run("next")
    enc.run("add Kara init=3")
    enc.run("next")
    assert enc.view()["round"] == 1 and enc.view()["active"] == ["Kara"]


def test_init_never_silently_takes_a_turn(make: Make) -> None:
    enc = make("body-injury")
    enc.run("add Orc pc init=5")
    enc.run("add Kara init=10")
    enc.run("add Zed init=1")
    enc.run("start")  # Kara
    with pytest.raises(CommandError, match="lose its turn"):
        enc.run("init Orc 14")
    enc.run("next")  # Orc's turn
    enc.run("next")  # Zed's: Orc has acted this round, so it may move
    enc.run("init Orc 14")
    assert enc.view()["order"][0] == "Orc"
    enc.run("next")  # round 2 starts with Orc
    assert enc.view()["active"] == ["Orc"] and enc.view()["round"] == 2


def test_time_count_clock_never_runs_back(make: Make) -> None:
    enc = make("time-count")
    enc.run("add Orc pc init=8")
    enc.run("start")
    enc.run("add Kara init=-1")
    enc.run("act Orc sf=3")
    enc.run("next")
    assert enc.view()["tc"] >= 8
    with pytest.raises(CommandError, match="already gone by"):
        enc.run("cond Orc prone until=until-tc:4")


def test_a_turn_start_end_of_one_whose_turn_this_round_went_by(make: Make) -> None:
    """It joined where the round had passed (first turn next round), then a new initiative put its place
    after the turn: what lasts to its next turn start ends in round 2, not at a round-1 turn it will
    not have."""
    enc = make("three-action")
    enc.run("add Kara pc init=3")
    enc.run("start")
    enc.run("add Orc init=9")  # ahead of Kara, whose turn it is: first turn next round
    enc.run("init Orc 1")  # now behind Kara in the order, still without a turn this round
    enc.run("act Orc fly")  # flying lasts to the flier's next turn start
    orc = next(c for c in enc.state.roster() if c.name == "Orc")
    ends = next(cs.ends for cs in orc.conditions if cs.id == "flew")
    assert ends is not None and ends.who == orc.id and ends.round == 2
