"""Prompts that carry their numbers: each waiting prompt keeps its own DC, worked out when it was
queued, shows it and uses it when resolved (two concentration saves from two hits keep two DCs)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from helpers import cond_ids
from mini_ruleset import SHIPPED

from combat_tui.engine.encounter import Encounter
from combat_tui.engine.ruleset import RulesetDef
from combat_tui.engine.state.errors import CommandError
from combat_tui.store.rulesets import load_all

CARRY = """
id = "carry"
name = "Carry"
[time]
model = "turn-order"
initiative = "1d20"
[[stats]]
id = "con"
name = "Constitution"
default = 2
[[pools]]
id = "hp"
name = "HP"
max = 100
[damage]
absorb = ["hp"]
heal = ["hp"]
[[conditions]]
id = "concentrating"
name = "Concentrating"
description = "Holds a spell; a hit calls for a save."
[[tables]]
id = "concentration"
name = "Concentration save"
roll = "1d20 + con"
repeat = true
carries = { dc = "DC" }
against = "dc"
[[tables.rows]]
min = 0
label = "Holds"
[[tables.rows]]
max = -1
label = "Lost"
effects = [{ remove = "concentrating" }]
[[triggers]]
label = "concentration"
on = "damage"
when = "concentrating"
edge = false
effects = [{ prompt = "concentration", numbers = { dc = "max(10, floor(amount / 2))" } }]
"""


@pytest.fixture
def enc() -> Encounter:
    e = Encounter.new(RulesetDef.model_validate(tomllib.loads(CARRY)), seed=2)
    e.run("add Mage pc init=20")
    e.run("add Orc init=10")
    e.run("start")
    e.run("cond Mage concentrating")
    return e


def test_two_hits_queue_two_saves_each_with_its_own_dc(enc: Encounter) -> None:
    first = enc.run("dmg Mage 30")
    enc.run("dmg Mage 4")
    assert [p.numbers for p in enc.state.prompts] == [{"dc": 15}, {"dc": 10}]
    assert any(line.endswith("(as the rules call for, DC 15): press p to roll it") for line in first)
    assert [p["reason"] for p in enc.view()["prompts"]] == ["as the rules call for, DC 15",
                                                           "as the rules call for, DC 10"]
    low, high = enc.state.prompts[1].uid, enc.state.prompts[0].uid
    lines = enc.run(f"resolve {low} value=12")
    assert "Mage — Concentration save: 12 (given) against DC 10 → Holds" in lines
    assert "concentrating" in cond_ids(enc, "Mage")
    lines = enc.run(f"resolve {high} value=12")
    assert "Mage — Concentration save: 12 (given) against DC 15 → Lost" in lines
    assert "concentrating" not in cond_ids(enc, "Mage")


def test_a_rolled_save_and_a_preroll_use_the_prompts_dc(enc: Encounter) -> None:
    enc.run("dmg Mage 40")  # DC 20
    lines = enc.run("preroll")
    rolled = enc.state.prompts[0].rolled
    assert rolled is not None
    assert lines[-1].endswith(("→ Holds (press p again to apply it)", "→ Lost (press p again to apply it)"))
    assert ("→ Holds" in lines[-1]) == (rolled.total >= 20)
    enc.run("resolve")
    assert ("concentrating" in cond_ids(enc, "Mage")) == (rolled.total >= 20)


def test_the_gm_queues_one_with_its_numbers(enc: Encounter) -> None:
    enc.run("prompt Mage concentration dc=13")
    assert enc.state.prompts[0].numbers == {"dc": 13}
    with pytest.raises(CommandError, match=r"Concentration save needs its DC: dc=N"):
        enc.run("prompt Mage concentration")
    with pytest.raises(CommandError, match=r"prompt does not take bonus= \(it takes part=, dc=\)"):
        enc.run("prompt Mage concentration dc=13 bonus=2")


@pytest.mark.parametrize("change, fragment", [
    ((', numbers = { dc = "max(10, floor(amount / 2))" }', ""),
     "the prompt 'concentration' gives no numbers; its table carries dc"),
    (('numbers = { dc = "max(10, floor(amount / 2))" }', 'numbers = { dc = "half_amount" }'),
     "unknown name 'half_amount'"),
    (('against = "dc"', 'against = "dcc"'), "tables[concentration].against: unknown name 'dcc'"),
    (('description = "Holds a spell; a hit calls for a save."',
      'description = "Holds."\nend_of_turn = "concentration"'), "carries numbers a condition cannot give"),
])
def test_a_prompt_without_its_numbers_is_refused_when_read(tmp_path: Path, change: tuple[str, str],
                                                          fragment: str) -> None:
    (tmp_path / "carry.toml").write_text(CARRY.replace(*change), encoding="utf-8")
    cat = load_all(tmp_path)
    assert set(cat.rulesets) == SHIPPED
    assert len(cat.problems) == 1 and fragment in cat.problems[0], cat.problems


def test_a_formula_against_shows_its_number_not_the_formula() -> None:
    rs = RulesetDef.model_validate(tomllib.loads(CARRY.replace('against = "dc"', 'against = "dc + 2"')))
    enc = Encounter.new(rs, seed=2)
    enc.run("add Mage pc")
    enc.run("prompt Mage concentration dc=10")
    lines = enc.run("resolve value=11")
    assert "Mage — Concentration save: 11 (given) against 12 → Lost" in lines
