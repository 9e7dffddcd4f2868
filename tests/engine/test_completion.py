"""Command-bar completion: the next word from what the encounter knows."""

from __future__ import annotations

from helpers import Make

from combat_tui.engine.commands.completion import TabCycle, complete, completions


def test_commands_creatures_conditions_and_keys(make: Make) -> None:
    enc = make("three-action")
    enc.run("add Goblin x2")
    enc.run("add Kara pc")
    assert complete(enc, "dm") == "dmg "
    assert complete(enc, "re") in ("remove ", "resolve ", "reveal ", "redo ", "rest ")  # ambiguous: the first
    assert complete(enc, "dmg Ka") == "dmg Kara "
    assert complete(enc, "dmg Gob") == "dmg Goblin 1 "
    assert complete(enc, "dmg gob") == "dmg goblin 1 "  # extends what was typed, as the bar shows it
    assert complete(enc, "cond Kara pro") == "cond Kara prone "
    assert complete(enc, "cond Kara prone fo") == "cond Kara prone for="  # a key: no space after `=`
    assert complete(enc, "spend Kara act") == "spend Kara actions "
    assert complete(enc, "dmg @n") == "dmg @npc "
    assert complete(enc, "zzz") is None
    assert complete(enc, "dmg Kara 5 ") is None
    assert complete(enc, "") is None


def test_a_completed_name_is_followed_by_a_space(make: Make) -> None:
    enc = make("three-action")
    enc.run("add Kara pc")
    text = complete(enc, "cond Ka")
    assert text is not None
    typed = text + "pr"  # the GM goes on typing: `cond Ka⇥pr`
    assert typed == "cond Kara pr"
    assert complete(enc, typed) == "cond Kara prone "
    assert enc.run(complete(enc, typed) or "") == ["Kara gains Prone"]


def test_the_living_come_first_and_tab_cycles(make: Make) -> None:
    enc = make("three-action")
    enc.run("add Bandit Captain")
    enc.run("add Bandit x2")
    enc.run("cond Bandit Captain dead")
    assert completions(enc, "dmg Ban") == ["dmg Bandit 1 ", "dmg Bandit 2 ", "dmg Bandit Captain "]
    tab = TabCycle()
    seen = [tab.press(enc, "dmg Ban")]
    for _ in range(3):
        seen.append(tab.press(enc, seen[-1] or ""))
    assert seen == ["dmg Bandit 1 ", "dmg Bandit 2 ", "dmg Bandit Captain ", "dmg Bandit 1 "]
    assert tab.press(enc, "dmg Bandit 1 5") is None  # typing something else starts over
    assert tab.press(enc, "cond Bandit 1 pro") == "cond Bandit 1 prone "


def test_a_name_the_parser_cannot_join_is_quoted(make: Make) -> None:
    enc = make("three-action")
    enc.run("add Captain of the Guard")
    text = complete(enc, "dmg Cap")
    assert text == 'dmg "Captain of the Guard" '
    before = enc.state.combatants["c1"].pools["hp"].current
    enc.run(text + "3")  # the command as completed runs, on that creature
    assert enc.state.combatants["c1"].pools["hp"].current == before - 3
    assert complete(enc, 'heal "Captain of') == 'heal "Captain of the Guard" '  # an open quote is closed


def test_time_count_offers_speed_classes(make: Make) -> None:
    enc = make("time-count")
    enc.run("add Zherynn pc")
    assert complete(enc, "act Zherynn class=sl") == "act Zherynn class=slow "


def test_the_key_words_a_command_takes_complete_from_its_spec(make: Make) -> None:
    enc = make("three-action")
    enc.run("add Kara pc")
    assert complete(enc, "uncond Kara prone ui") == "uncond Kara prone uid="
    assert complete(enc, "hold Kara af") == "hold Kara after="
    assert complete(enc, "resolve Kara va") == "resolve Kara value="
    assert complete(enc, "show-hp Ka") == "show-hp Kara "
    assert complete(enc, "act Kara sf") is None  # a time-count word, not offered here


def test_every_command_completes_from_its_spec(make: Make) -> None:
    from combat_tui.engine.commands import COMMANDS
    from combat_tui.engine.commands.completion import vocabulary

    enc = make("body-injury")
    enc.run("add Kara pc")
    for name in COMMANDS:
        for position in (1, 2, 3):
            vocabulary(enc, name, position, f"{name} Kara ")  # every kind a spec names is known here


def test_add_completes_templates_and_act_a_creatures_own_attacks(catalogue) -> None:  # type: ignore[no-untyped-def]
    from combat_tui.engine.encounter import Encounter
    from combat_tui.store import library_files

    enc = Encounter.new(catalogue.get("three-action"), seed=1)
    enc.library = library_files.load(None, catalogue.get)
    assert completions(enc, "add Gh") == ["add Ghoul "]
    assert "add Bandit Captain " in completions(enc, "add Ban")
    enc.run("add Ghoul x2")
    enc.run("add Kara pc")
    assert completions(enc, "act Ghoul* cl") == ["act Ghoul* claw "]
    assert complete(enc, "act Kara cl") is None  # Kara has no claws
    assert complete(enc, "act Kara mel") == "act Kara melee "
    assert complete(enc, "add Ghoul x2 sp") == "add Ghoul x2 split "
