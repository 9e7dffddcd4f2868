"""A creature's attack judged against the defence its ruleset names: hit, miss or critical with the
numbers, the natural 1 and 20 rules of each text, damage ready only on a hit (a critical as the ruleset
says), and the GM's `hit` and `miss` overruling the verdict."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import pool

from combat_tui.engine.encounter import Encounter
from combat_tui.engine.rules import judging
from combat_tui.engine.state.errors import CombatError
from combat_tui.store import library_files
from combat_tui.store.rulesets import Catalogue

# Dice that always land one way: `mi20` raises the d20 to 20, `ma1` lowers it to 1, both to 10 fixes it.
DUELIST = """ruleset = "{rid}"
[[creature]]
name = "Duelist"
[[creature.action]]
name = "Sure"
hit = "1d20mi20"
damage = "4"
type = "{dtype}"
{speed}
[[creature.action]]
name = "Clumsy"
hit = "1d20ma1 + 30"
damage = "4"
type = "{dtype}"
{speed}
[[creature.action]]
name = "Sure Big"
hit = "1d20mi20"
damage = "2d6"
type = "{dtype}"
{speed}
[[creature.action]]
name = "Plain"
hit = "+5"
damage = "4"
type = "{dtype}"
{speed}
[[creature.action]]
name = "Even"
hit = "1d20mi10ma10"
damage = "2d6"
type = "{dtype}"
{speed}
"""
TYPES = {"three-action": "slashing", "body-injury": "stamina", "time-count": "slashing", "boon-bane": "slashing"}


def fight(catalogue: Catalogue, tmp_path: Path, rid: str, kara: str) -> Encounter:
    """Kara (with the stats given) and the Duelist, whose attacks roll what they say."""
    folder = tmp_path / rid
    folder.mkdir(parents=True)
    speed = "sf = 6" if rid == "time-count" else ""
    (folder / "duelist.toml").write_text(DUELIST.format(rid=rid, dtype=TYPES[rid], speed=speed), encoding="utf-8")
    enc = Encounter.new(catalogue.get(rid), seed=3)
    enc.library = library_files.load(folder, catalogue.get, starter=False)
    enc.run(f"add Kara pc hp=40 init=9 {kara}")
    enc.run("add Duelist init=3")
    if rid == "time-count":  # the Duelist acts on its own TC
        enc.run("start")
    return enc


def test_three_action_meets_physical_defense_and_a_tie_hits(catalogue: Catalogue, tmp_path: Path) -> None:
    enc = fight(catalogue, tmp_path, "three-action", "pdef=10")
    lines = enc.run("act Duelist even on=Kara")
    assert any(line.endswith("= 10 against Physical Defense 10: hit") for line in lines), lines
    assert [r.missed for r in enc.state.ready] == [False]


def test_three_action_a_natural_20_that_hits_doubles_the_damage(catalogue: Catalogue, tmp_path: Path) -> None:
    enc = fight(catalogue, tmp_path, "three-action", "pdef=12")
    lines = enc.run("act Duelist sure on=Kara")
    assert any(line.endswith("against Physical Defense 12: critical hit") for line in lines), lines
    assert [r.amount for r in judging.ready(enc.state)] == [8]


def test_three_action_has_no_automatic_hit_on_a_natural_20(catalogue: Catalogue, tmp_path: Path) -> None:
    enc = fight(catalogue, tmp_path, "three-action", "pdef=25")
    lines = enc.run("act Duelist sure on=Kara")
    assert any(line.endswith("against Physical Defense 25: miss") for line in lines), lines
    assert judging.ready(enc.state) == []
    with pytest.raises(CombatError, match="no damage is ready"):
        enc.run("apply")


def test_the_gm_overrules_a_miss_with_hit_and_a_hit_with_miss(catalogue: Catalogue, tmp_path: Path) -> None:
    enc = fight(catalogue, tmp_path, "three-action", "pdef=25")
    enc.run("act Duelist sure on=Kara")
    lines = enc.run("hit")
    assert lines[-1] == ("Duelist's Sure: a hit after all, the GM says; damage ready for Kara: 4 slashing; "
                         "press A to deal it")
    enc.run("apply")
    assert pool(enc, "Kara", "hp") == 36
    enc.run("edit Kara pdef=0")
    enc.run("act Duelist even on=Kara")
    assert enc.run("miss Kara")[-1] == "Duelist's Even: a miss after all, the GM says; its damage is dropped"
    assert enc.state.ready == [] and pool(enc, "Kara", "hp") == 36
    with pytest.raises(CombatError, match="no judged miss"):
        enc.run("hit")


def test_a_miss_waits_for_hit_only_until_the_next_turn(catalogue: Catalogue, tmp_path: Path) -> None:
    enc = fight(catalogue, tmp_path, "three-action", "pdef=25")
    enc.run("start")
    enc.run("act Duelist sure on=Kara")
    assert [r.missed for r in enc.state.ready] == [True]
    lines = enc.run("next")
    assert enc.state.ready == [] and not any(line.startswith("Left ready") for line in lines)


def test_time_count_natural_1_misses_and_natural_20_hits(catalogue: Catalogue, tmp_path: Path) -> None:
    enc = fight(catalogue, tmp_path, "time-count", "primary_defense=25")
    lines = enc.run("act Duelist clumsy on=Kara")
    assert any(line.endswith("against defense 25: miss (natural 1); Critical fumble") for line in lines), lines
    enc = fight(catalogue, tmp_path / "2", "time-count", "primary_defense=25")
    lines = enc.run("act Duelist sure on=Kara")
    assert any(line.endswith("against defense 25: hit (natural 20)") for line in lines), lines  # short: no critical
    assert [r.amount for r in judging.ready(enc.state)] == [4]


def test_time_count_a_critical_takes_the_dice_at_their_highest(catalogue: Catalogue, tmp_path: Path) -> None:
    enc = fight(catalogue, tmp_path, "time-count", "primary_defense=19")
    lines = enc.run("act Duelist sure on=Kara")
    assert any(line.endswith("against defense 19: critical hit") for line in lines), lines
    assert [r.amount for r in judging.ready(enc.state)] == [4]  # a flat 4 at its highest is 4
    enc = fight(catalogue, tmp_path / "2", "time-count", "primary_defense=9")
    lines = enc.run("act Duelist sure-big on=Kara")
    assert any(line.endswith("at its highest for the critical: 12 slashing; press A to deal it") for line in lines)
    assert [r.amount for r in judging.ready(enc.state)] == [12]


def test_time_count_passive_defense_while_unsteady(catalogue: Catalogue, tmp_path: Path) -> None:
    enc = fight(catalogue, tmp_path, "time-count", "primary_defense=15 passive_defense=11")
    enc.run("cond Kara unsteady")
    lines = enc.run("act Duelist even on=Kara")
    assert any(line.endswith("against defense 11: miss") for line in lines), lines


def test_body_injury_a_natural_20_short_of_the_dv_still_lands(catalogue: Catalogue, tmp_path: Path) -> None:
    enc = fight(catalogue, tmp_path, "body-injury", "dv=22")
    lines = enc.run("act Duelist sure on=Kara")
    assert any(line.endswith("against DV 22: hit (natural 20)") for line in lines), lines
    enc = fight(catalogue, tmp_path / "2", "body-injury", "dv=8 mb=3")
    enc.run("cond Kara defending")
    lines = enc.run("act Duelist even on=Kara")
    assert any(line.endswith("against DV 11: miss") for line in lines), lines  # its martial bonus as a dodge


def test_a_ruleset_without_a_defence_says_so_and_leaves_the_damage(catalogue: Catalogue, tmp_path: Path) -> None:
    enc = fight(catalogue, tmp_path, "boon-bane", "")
    lines = enc.run("act Duelist clumsy on=Kara")
    assert any(line.startswith("The defender tests too") for line in lines), lines
    assert [r.missed for r in enc.state.ready] == [False]


def test_a_players_d20_typed_is_judged_with_the_attacks_bonus(catalogue: Catalogue, tmp_path: Path) -> None:
    enc = fight(catalogue, tmp_path, "three-action", "pdef=12")
    lines = enc.run("act Duelist plain on=Kara d20=20")
    assert any(line.endswith("to hit d20 20 at the table, 20 + 5 = 25 against Physical Defense 12: critical hit")
               for line in lines), lines
    assert [r.amount for r in judging.ready(enc.state)] == [8]
    lines = enc.run("act Duelist plain on=Kara d20=6")
    assert any(line.endswith("= 11 against Physical Defense 12: miss") for line in lines), lines


@pytest.mark.parametrize(("line", "said"), [
    ("act Duelist plain on=Kara d20=21", "1 to 20"),
    ("act Duelist plain on=Kara d20=9 adv", "rolled there too"),
    ("act Duelist even on=Kara d20=9", "rolls no d20"),
    ("act Kara move d20=9", "only a creature's own attack"),
])
def test_a_typed_d20_that_cannot_be_read_is_refused(catalogue: Catalogue, tmp_path: Path, line: str,
                                                     said: str) -> None:
    enc = fight(catalogue, tmp_path, "three-action", "")
    with pytest.raises(CombatError, match=said):
        enc.run(line)


def test_a_miss_set_aside_is_no_damage_for_the_keys_or_the_view(catalogue: Catalogue, tmp_path: Path) -> None:
    from combat_tui.engine.views.gm_view import gm_view, key_state

    enc = fight(catalogue, tmp_path, "three-action", "pdef=25")
    enc.run("act Duelist sure on=Kara")
    assert key_state(enc, "apply") is False and key_state(enc, "prompt_dismiss") is False
    assert gm_view(enc).ready == ()
    enc.run("hit")
    assert key_state(enc, "apply") is True and len(gm_view(enc).ready) == 1
