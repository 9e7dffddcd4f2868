"""What used to fail in the middle of a fight is refused when the ruleset is read, in one line naming the
key (a trigger by its label): dice in a formula, names in dice, a name of the moment used where the engine
does not give it, a duration or a damage type the engine cannot read. And `target_X` works in an action's
amounts, where the reference says it is given."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest
from helpers import duel, pool
from mini_ruleset import MINI

from combat_tui.engine.ruleset import RulesetDef
from combat_tui.engine.state.errors import RulesetError
from combat_tui.store.rulesets import load_file

BASE = MINI + """
[[stats]]
id = "dex"
name = "Dex"
default = 1
[[tables]]
id = "t"
name = "T"
roll = "1d20"
[[actions]]
id = "a"
name = "A"
"""
HIT = [{"on": "turn-start", "label": "Hit", "effects": [{"note": "n"}]}]


def data(**changes: Any) -> dict[str, Any]:
    out = tomllib.loads(BASE)
    out["damage"]["types"] = ["fire", "cold"]
    for key, value in changes.items():
        *path, last = key.split("__")
        node: Any = out
        for step in path:
            node = node[int(step)] if step.isdigit() else node[step]
        node[last] = value
    return out


@pytest.mark.parametrize(("changes", "message"), [
    ({"triggers": [{**HIT[0], "when": "1d6 > 3"}]},
     "triggers[Hit].when: '1d6 > 3' has dice in it, and this key is a formula"),
    ({"pools__0__max": "2d6"}, "pools[hp].max: '2d6' has dice in it"),
    ({"actions__0__effects": [{"add": "prone", "value": "1d4"}]}, "actions[a].effects[0].value: '1d4' has dice in it"),
    ({"tables__0__roll": "1d20 + bogus"}, "tables[t].roll: unknown name 'bogus' in dice '1d20 + bogus'"),
    ({"time__initiative": "1d20 + wis"}, "time.initiative: unknown name 'wis' in dice"),
    ({"time__npc_initiative": "1d20 + wis"}, "time.npc_initiative: unknown name 'wis' in dice"),
    ({"triggers": [{**HIT[0], "when": "amount > 3"}]},
     "triggers[Hit].when: 'amount' in formula 'amount > 3' is given only in `damage` and `heal` triggers"),
    ({"triggers": [{**HIT[0], "effects": [{"heal": "roll"}]}]},
     "triggers[Hit].effects[0].heal: 'roll' in formula 'roll' is given only in a table's effects"),
    ({"triggers": [{"on": "heal", "label": "Hit", "effects": [{"heal": "critical"}]}]},
     "triggers[Hit].effects[0].heal: 'critical' in formula 'critical' is given only in `damage` triggers"),
    ({"tables__0__after": [{"heal": "overdue"}]},
     "tables[t].after[0].heal: 'overdue' in formula 'overdue' is given only"),
    ({"actions__0__sf": "bogus"}, "actions[a].sf: unknown name 'bogus' in formula 'bogus'"),
    ({"actions__0__effects": [{"damage": "2", "type": "acid"}]}, "actions.a.effects: unknown damage type 'acid'"),
    ({"conditions__0__default_duration": "fortnights:3"},
     "conditions.prone.default_duration: unknown duration 'fortnights:3'"),
    ({"actions__0__effects": [{"add": "prone", "duration": "turns:2"}]}, "unknown duration 'turns:2'"),
    ({"triggers": [{"on": "turn-start", "effects": [{"heal": "roll"}]}]}, "triggers[0].effects[0].heal: 'roll'"),
    ({"damage__steps": [{"of": "resist", "name": "resists", "how": "divide", "by": 2, "when": "stoned"}]},
     "damage.steps[0].when: unknown name 'stoned'"),
    ({"damage__steps": [{"of": "resist", "name": "resists", "how": "divide", "when": "prone"}]},
     "when: give the step its own number, by"),
])
def test_a_slip_that_reached_the_fight_is_refused_when_the_file_is_read(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match="validation error") as refused:
        RulesetDef.model_validate(data(**changes))
    assert message in str(refused.value)


def test_the_file_names_the_trigger_by_its_label_in_one_line(tmp_path: Path) -> None:
    (tmp_path / "mine.toml").write_text(BASE + """
[[triggers]]
label = "Going down"
on = "turn-end"
when = "amount > 0"
effects = [{ note = "down" }]
""", encoding="utf-8")
    with pytest.raises(RulesetError) as refused:
        load_file(tmp_path / "mine.toml")
    assert str(refused.value) == ("mine.toml: triggers[Going down].when: 'amount' in formula 'amount > 0' is given "
                                  "only in `damage` and `heal` triggers")


def test_a_name_of_the_moment_where_it_is_given_still_loads() -> None:
    RulesetDef.model_validate(data(
        triggers=[{"on": "damage", "when": "amount > 3 and critical", "effects": [{"pool": "hp", "delta": "amount"}]},
                  {"on": "change", "when": "before_hp > hp", "effects": [{"note": "hurt"}]}],
        tables__0__after=[{"heal": "roll"}],
        actions__0__effects=[{"damage": "1d4 + target_prone", "to": "target"}],
        conditions__0__on_end=[{"heal": "overdue"}]))


def test_target_names_reach_an_actions_amounts() -> None:
    rs = RulesetDef.model_validate(data(actions__0__effects=[{"damage": "1 + 2 * target_prone", "to": "target"}]))
    enc = duel(rs, seed=1)
    enc.run("act A a on=B")
    assert pool(enc, "B", "hp") == 9
    enc.run("cond B prone")
    enc.run("act A a on=B")
    assert pool(enc, "B", "hp") == 6


def test_dice_too_long_to_roll_are_refused_when_the_file_is_read() -> None:
    with pytest.raises(ValueError, match=r"tables\[t\]\.roll: dice '1d20 \+ 1 \+ 1.*longer than 200 characters"):
        RulesetDef.model_validate(data(tables__0__roll="1d20" + " + 1" * 60))


def test_the_docs_state_every_limit_from_where_the_engine_keeps_it() -> None:
    from combat_tui.engine import dice
    from combat_tui.engine.ruleset import MAX_ITEMS, formula

    page = (Path(__file__).parents[2] / "docs" / "ruleset-format.md").read_text(encoding="utf-8")
    table = page.split("### Limits", 1)[1].split("###", 1)[0]
    assert f"| a formula | {formula.MAX_LENGTH} characters, brackets nested {formula.MAX_DEPTH} deep" in table
    assert f"{dice.MAX_LENGTH} characters" in table and f"{dice.MAX_FACES:,} faces a die" in table
    assert f"{MAX_ITEMS:,} items" in table


@pytest.mark.parametrize(("trigger", "named"), [
    ({"label": "Going down", "when": "hp <= 0"}, "triggers[Going down].effects: unknown condition 'standing'"),
    ({}, "triggers[0].effects: unknown condition 'standing'"),
    ({"label": "Going down", "when": "hp <= ", "effects": [{"add": "prone"}]},
     "triggers[Going down].when: formula 'hp <=': syntax error"),
])
def test_every_check_names_a_trigger_by_its_label(trigger: dict[str, Any], named: str) -> None:
    with pytest.raises(ValueError, match="validation error") as refused:
        RulesetDef.model_validate(data(triggers=[{"on": "damage", "effects": [{"add": "standing"}], **trigger}]))
    assert named in str(refused.value)
