"""Initiative ties as data: NPCs or PCs first, or a random draw kept with the encounter; a fixed entry
that never rolls and loses every tie (a lair on count 20); initiative rolled again each round."""

from __future__ import annotations

import tomllib

import pytest
from helpers import combatant

from combat_tui.engine.encounter import Encounter
from combat_tui.engine.ruleset import RulesetDef
from combat_tui.engine.state.document import EncounterDoc
from combat_tui.engine.state.errors import CommandError

TIES = """
id = "ties"
name = "Ties"
[time]
model = "turn-order"
initiative = "1d20"
TIES_LINE
[[pools]]
id = "hp"
name = "HP"
max = 10
[[conditions]]
id = "prone"
name = "Prone"
description = "Down."
"""


def _enc(line: str = "", seed: int = 1) -> Encounter:
    rs = RulesetDef.model_validate(tomllib.loads(TIES.replace("TIES_LINE", line)))
    return Encounter.new(rs, seed=seed)


def _order(enc: Encounter) -> list[str]:
    return [enc.state.combatants[s.cid].name for s in enc.state.order]


@pytest.mark.parametrize("line, first", [('ties = "npc-first"', ["Orc", "Goblin", "Kara", "Bram"]),
                                         ('ties = "pc-first"', ["Kara", "Bram", "Orc", "Goblin"])])
def test_a_side_goes_first_on_a_tie(line: str, first: list[str]) -> None:
    for seed in range(1, 6):  # whatever the draw
        enc = _enc(line, seed)
        enc.run("add Kara pc init=12")
        enc.run("add Orc init=12")
        enc.run("add Bram ally init=12")
        enc.run("add Goblin init=12")
        enc.run("start")
        order = _order(enc)
        assert {order.index(n) for n in first[:2]} == {0, 1} and {order.index(n) for n in first[2:]} == {2, 3}


def test_a_random_tie_is_drawn_once_and_kept_through_undo_and_reload() -> None:
    orders = set()
    for seed in range(1, 12):
        enc = _enc(seed=seed)
        enc.run("add Kara pc init=12")
        enc.run("add Orc init=12")
        enc.run("start")
        drawn = _order(enc)
        orders.add(tuple(drawn))
        enc.run("next")
        enc.run("undo")
        enc.run("undo")
        enc.run("redo")
        assert _order(enc) == drawn
        again = Encounter(EncounterDoc.model_validate_json(enc.doc.model_dump_json()), enc.rs)
        assert _order(again) == drawn
    assert len(orders) == 2  # a draw, not a side


def test_a_fixed_entry_never_rolls_and_loses_ties() -> None:
    enc = _enc('ties = "pc-first"\nreroll = true')
    enc.run("add Lair init=20 fixed")
    enc.run("add Kara pc init=20")
    enc.run("add Dragon init=20")
    enc.run("start")
    assert _order(enc) == ["Kara", "Dragon", "Lair"]
    for _ in range(6):  # two more rounds: rolled again, the lair stays on 20
        enc.run("next")
    assert combatant(enc, "Lair").initiative == 20 and combatant(enc, "Lair").fixed
    with pytest.raises(CommandError, match="needs its count: init=N"):
        enc.run("add Lair fixed")


def test_initiative_is_rolled_again_each_round_when_the_ruleset_says_so() -> None:
    enc = _enc("reroll = true", seed=3)
    enc.run("add Kara pc")
    enc.run("add Orc x3")
    enc.run("start")
    seen = [tuple(c.initiative for c in enc.state.roster())]
    lines: list[str] = []
    for _ in range(12):
        lines += enc.run("next")
        seen.append(tuple(c.initiative for c in enc.state.roster()))
    assert any(line.startswith("Initiative again: ") for line in lines)
    assert len(set(seen)) > 1
    orcs = [c for c in enc.state.roster() if c.name.startswith("Orc")]
    assert len({c.initiative for c in orcs}) == 1  # a group still rolls once
    inits = [enc.state.combatants[s.cid].initiative or 0 for s in enc.state.order]
    assert inits == sorted(inits, reverse=True)
    while not any(line.startswith("Initiative again") for line in enc.run("next")):  # a round that rolls again...
        pass
    rolled = [(c.initiative, c.tiebreak) for c in enc.state.roster()]
    enc.run("undo")
    enc.run("redo")  # ...keeps what it rolled through undo and redo
    assert [(c.initiative, c.tiebreak) for c in enc.state.roster()] == rolled


def test_without_reroll_the_order_stays() -> None:
    enc = _enc()
    enc.run("add Kara pc")
    enc.run("add Orc")
    enc.run("start")
    first = _order(enc)
    for _ in range(6):
        enc.run("next")
    assert _order(enc) == first
