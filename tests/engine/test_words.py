"""The ruleset's names as a GM reads them: every formula name has words, rows have names, the
log says what happened in words that fit every condition."""

from __future__ import annotations

import random
import re

import pytest
from helpers import Make
from mini_ruleset import SHIPPED

from combat_tui.engine import dice
from combat_tui.engine.encounter import Encounter
from combat_tui.engine.lookup import action_cost, entries
from combat_tui.engine.state.errors import CommandError
from combat_tui.engine.words import labels
from combat_tui.store.rulesets import Catalogue

ORDERED = sorted(SHIPPED)


@pytest.mark.parametrize("ruleset", ORDERED)
def test_every_formula_name_has_words(catalogue: Catalogue, ruleset: str) -> None:
    rs = catalogue.get(ruleset)
    words = labels(rs).names
    names = {"round", "tc", "level", "roll", "amount"} | {o.id.replace("-", "_") for o in rs.options}
    names |= {p.id.replace("-", "_") for p in rs.pools} | {s.id.replace("-", "_") for s in rs.stats}
    for n in names:
        assert n in words and "_" not in words[n], (n, words.get(n))


@pytest.mark.parametrize("ruleset", ORDERED)
def test_table_rows_and_lookups_read_as_words(catalogue: Catalogue, ruleset: str) -> None:
    rs = catalogue.get(ruleset)
    for t in rs.tables:
        for r in t.rows:
            assert re.search(r"[A-Za-z]", r.label), f"{t.name}: a row named {r.label!r}"
    for e in entries(rs):
        for line in e.lines:
            for o in rs.options:
                assert o.id not in line, (e.name, line)


def test_a_cost_is_a_number_for_the_actor_and_words_without_one(catalogue: Catalogue) -> None:
    rs = catalogue.get("body-injury")
    lunge = next(a for a in rs.actions if a.id == "lunge")
    assert action_cost(rs, lunge) == lunge.cost_words
    names = {"stamina": 2, "free_once_per_turn": 1, "exhaustion": 0}
    assert action_cost(rs, lunge, names) == "Free action 1, Stamina 1"
    names["stamina"] = 0
    assert action_cost(rs, lunge, names) == "Free action 1, Exhaustion 1"


def test_what_an_action_gains_reads_as_a_plus(catalogue: Catalogue) -> None:
    rs = catalogue.get("energy-stamina")
    melee = next(a for a in rs.actions if a.gain and a.cost)
    shown = action_cost(rs, melee)
    pool = rs.pool(next(iter(melee.gain))).name
    assert "; +" in shown and shown.endswith(f" {pool}") and "gains" not in shown, shown


def test_a_roll_reads_as_dice_and_named_numbers(catalogue: Catalogue) -> None:
    rs = catalogue.get("three-action")
    result = dice.roll("1d20 - bleed_penalty", random.Random(4), {"bleed_penalty": 2}, labels(rs))
    die = result.total + 2
    assert result.shown == f"1d20 {die} − Bleed Penalty 2 = {result.total}"


@pytest.mark.parametrize("ruleset", ORDERED)
def test_a_condition_gained_reads_right_for_every_condition(catalogue: Catalogue, ruleset: str) -> None:
    """Not "Ysolde is Concussion": the line reads "gains" whatever the condition is called."""
    rs = catalogue.get(ruleset)
    enc = Encounter.new(rs, seed=2)
    enc.run("add Ysolde pc")
    enc.run("add Other")
    for cd in rs.conditions:
        carried = f" 1d6 {rs.damage.types[0]}" if cd.carries_damage else ""  # persistent damage: its dice
        lines = enc.run(f"cond Ysolde {cd.id}{carried}" + (" from=Other" if cd.subjective else ""))
        assert any(line.startswith(f"Ysolde gains {cd.name}") for line in lines), lines
        assert not any(" is " + cd.name in line for line in lines), lines
        enc.run("undo")


def test_a_typed_speed_factor_says_it_once(catalogue: Catalogue) -> None:
    enc = Encounter.new(catalogue.get("time-count"), seed=2)
    enc.run("add Zherynn pc init=6")
    enc.run("start")
    lines = enc.run("act Zherynn sf=5")
    assert "Zherynn: SF 5, next acts at TC 11" in lines and not any("SF → SF" in line for line in lines)


def test_what_a_condition_has_left_reads_as_said() -> None:
    from combat_tui.engine.rules.timekeeping import left_words

    assert left_words(0, "rd") == "ends this round"  # was "0 rd left"
    assert left_words(0, "TC") == "ends this TC"
    assert left_words(1, "rd") == "1 rd left"
    assert left_words(4, "TC") == "4 TC left"


def test_a_condition_ending_this_round_says_so_on_the_sheet(make: Make) -> None:
    from combat_tui.engine.views.sheet import condition_view
    from combat_tui.ui.render import condition_text

    enc = make("three-action")
    enc.run("add Kara pc hp=10")
    enc.run("add Orc hp=10")
    enc.run("start")
    enc.run("cond Kara prone until=end-of-round")
    kara = next(c for c in enc.state.roster() if c.name == "Kara")
    view = condition_view(enc.state, enc.rs, kara.conditions[0])
    assert condition_text(view).plain == view.words == "Prone  ends this round  to end of round 1"


def test_an_injury_names_the_part_as_the_gm_reads_it(make: Make) -> None:
    enc = make("body-injury")
    enc.run("add Ghoul hp=5")
    lines = enc.run("injure Ghoul arm")
    assert lines[0] == "Ghoul: Arm 1 injured (1 injury there, severe)", lines  # was "Arm (arm.1) injured, 1 in all"
    assert enc.run("injure Ghoul head")[0].startswith("Ghoul: Head injured (1 injury there")
    with pytest.raises(CommandError, match=r"Ghoul has Arm 1, Arm 2$"):
        enc.run("injure Ghoul arm.3")


def test_an_order_row_leaves_out_pips_a_creature_has_none_of(make: Make) -> None:
    from combat_tui.engine.views.sheet import row_pools
    from combat_tui.ui.render import row_pool

    enc = make("body-injury")
    enc.run("add Ghoul hp=5")
    ghoul = enc.state.roster()[0]
    before = [row_pool(p).plain for p in row_pools(enc.state, enc.rs, ghoul)]
    pid = next(p.id for p in enc.rs.pools if p.kind.value == "pips" and p.id in ghoul.pools and p.id != "ap")
    ghoul.pools[pid].max = 0
    after = [row_pool(p).plain for p in row_pools(enc.state, enc.rs, ghoul)]
    assert not any("none" in p for p in after), after
    assert len(after) == len(before) - 1
