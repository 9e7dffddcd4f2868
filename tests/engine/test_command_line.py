"""One formatter (`command_line`) makes every line the app builds for the parser: a line built for any
command, with awkward names, reads back as the same command, words and `key=value` words."""

from __future__ import annotations

import pytest

from combat_tui.engine.commands import COMMANDS, command_line, parse

SAMPLES = {
    "names": "Garret's Hound", "name": "Captain of the Guard", "add": 'Orc "Big" 2', "prompt": "3",
    "action": "Jump (standing)", "pool": "hp", "amount": "2d6+3", "damage-type": "fire", "condition": "prone",
    "part": "arm.2", "table": "Heal check", "option": "stand_up_cost", "rest": "short", "expr": "1d20+5",
    "text": "afraid of dogs", "party": "Ford Heroes", "save": "fortitude",
}


@pytest.mark.parametrize("name", list(COMMANDS))
def test_a_line_built_for_each_command_parses_back_to_its_arguments(name: str) -> None:
    spec = COMMANDS[name]
    words = [SAMPLES[a.kind] for a in spec.args] + spec.bare_words()
    options = {} if spec.raw else {k: f"{k.title()} of the Guard's" for k in spec.words if k.islower()}
    line = command_line(name, *words, **options)
    cmd, args, kw = parse(line)
    assert (cmd.name, args, kw) == (name, words, options), line


def test_what_the_gm_typed_goes_on_the_end_as_typed() -> None:
    line = command_line("dmg", "Orc 2", typed=" 2d6+3 fire ")
    assert line == 'dmg "Orc 2" 2d6+3 fire'
    assert parse(line)[1:] == (["Orc 2", "2d6+3", "fire"], {})


def test_the_app_builds_its_lines_with_it(make) -> None:  # type: ignore[no-untyped-def]
    from combat_tui.ui.dialogs.initiative import start_lines
    from combat_tui.ui.screens.picks import instance_choices, uncond_line

    assert start_lines([("Garret's Hound", " 1d20+2 "), ("Kara", " ")]) == ['init "Garret\'s Hound" 1d20+2', "start"]
    enc = make("three-action")
    enc.run("add Garret's Hound")
    enc.run('cond "Garret\'s Hound" prone')
    hound = enc.state.combatants["c1"]
    [choice] = instance_choices(enc, hound)
    line = uncond_line(enc, hound, choice.id)
    assert parse(line)[1:] == (["Garret's Hound", "prone"], {"uid": choice.id.split()[1]})
    enc.run(line)
    assert not enc.state.combatants["c1"].conditions
