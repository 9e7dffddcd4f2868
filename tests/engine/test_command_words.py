"""Each command's `key=value` words come from its spec: a word it does not take is one clear error,
naming the words it does take, and changes nothing (`dmg Orc 3 type=fire` dealt untyped damage)."""

from __future__ import annotations

import json

import pytest
from helpers import Make

from combat_tui.engine.commands import COMMANDS
from combat_tui.engine.encounter import Encounter
from combat_tui.engine.state.errors import CommandError

CHECKED = sorted(n for n, c in COMMANDS.items() if not c.raw)


def _fight(make: Make) -> Encounter:
    enc = make("three-action")
    enc.run("add Orc hp=20")
    enc.run("add Kara pc init=15")
    return enc


@pytest.mark.parametrize("name", CHECKED)
def test_an_unknown_word_is_an_error_that_changes_nothing(make: Make, name: str) -> None:
    enc = _fight(make)
    before = json.dumps(enc.view(), sort_keys=True)
    spec = COMMANDS[name]
    short = spec.ruleset_words and sum(not a.optional for a in spec.args) < 2  # add, edit: a name is enough
    with pytest.raises(CommandError) as err:
        enc.run(f"{name} Orc zzz=1" if short else f"{name} Orc 3 zzz=1")
    message = str(err.value)
    assert "zzz" in message and "\n" not in message
    if not spec.ruleset_words:  # add and edit name the ruleset's own keys too, in their own words
        assert all(f"{key}=" in message for key in spec.words)
        assert spec.usage in message
    assert json.dumps(enc.view(), sort_keys=True) == before


def test_damage_with_a_word_dmg_does_not_take_is_refused(make: Make) -> None:
    enc = _fight(make)
    with pytest.raises(CommandError, match=r"dmg does not take type= \(it takes no key=value words\)"):
        enc.run("dmg Orc 3 type=fire")
    assert enc.run("dmg Orc 3 fire")  # the type is a plain word


def test_a_word_a_command_takes_still_works(make: Make) -> None:
    enc = _fight(make)
    enc.run("start")
    assert enc.run("hold Kara after=Orc")


def test_raw_commands_keep_key_value_words_as_text(make: Make) -> None:
    enc = _fight(make)
    enc.run("note Orc weak=fire, afraid of dogs")
    orc = next(c for c in enc.view()["combatants"] if c["name"] == "Orc")
    assert orc["notes"] == "weak=fire, afraid of dogs"


def test_every_word_a_command_takes_is_in_its_usage() -> None:
    for spec in COMMANDS.values():
        for key in spec.words:
            assert f"{key}=" in spec.usage, (spec.name, key)


def test_set_takes_option_equals_value_or_two_words(make: Make) -> None:
    enc = make("boon-bane")
    enc.run("set stand_up_cost=2")
    assert enc.state.options["stand_up_cost"] == 2
    enc.run("set stand_up_cost 3")
    assert enc.state.options["stand_up_cost"] == 3
    with pytest.raises(CommandError, match="unexpected"):
        enc.run("set stand_up_cost 2 3")
