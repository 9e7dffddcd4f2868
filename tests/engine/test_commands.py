"""The command language: names, lists, wildcards, sides, prefixes, and one-line errors that change nothing."""

from __future__ import annotations

import json

import pytest
from helpers import Make, pool

from combat_tui.engine.encounter import Encounter
from combat_tui.engine.state.errors import CombatError, CommandError


def names(enc) -> list[str]:  # type: ignore[no-untyped-def]
    return [c["name"] for c in enc.view()["combatants"]]


def hp(enc: Encounter, name: str) -> int:
    return pool(enc, name, "hp")


def test_add_numbers_groups_and_continues(make: Make) -> None:
    enc = make("three-action")
    enc.run("add Goblin x3 hp=7")
    enc.run("add Goblin x2")
    enc.run("add Orc")
    enc.run("add Orc")
    assert names(enc) == ["Goblin 1", "Goblin 2", "Goblin 3", "Goblin 4", "Goblin 5", "Orc", "Orc 2"]
    assert hp(enc, "Goblin 2") == 7


def test_add_side_word_sets_the_side(make: Make) -> None:
    enc = make("three-action")
    enc.run("add Wolf side=ally")
    assert enc.view()["combatants"][0]["side"] == "ally"
    with pytest.raises(CommandError, match="a side is pc, npc or ally"):
        enc.run("add Imp side=foe")
    assert names(enc) == ["Wolf"]


def test_a_stat_whose_key_add_reads_as_initiative_is_set_with_stat_prefix(make: Make) -> None:
    enc = make("three-action")  # its stat `init` is the initiative bonus; `init=` is the initiative
    enc.run("add Kara pc init=17 stat-init=3 pdef=14")
    kara = next(c for c in enc.state.roster() if c.name == "Kara")
    assert (kara.initiative, kara.stats["init"], kara.stats["pdef"]) == (17, 3, 14)
    enc.run("add Orc stat_speed=25")
    assert next(c for c in enc.state.roster() if c.name == "Orc").stats["speed"] == 25
    before = names(enc)
    with pytest.raises(CommandError, match="no stat 'luck'"):
        enc.run("add Imp stat-luck=2")
    assert names(enc) == before


def test_targets_lists_wildcards_sides_and_words(make: Make) -> None:
    enc = make("three-action")
    enc.run("add Orc x3 hp=10")
    enc.run("add Hero pc hp=10")
    enc.run("dmg 'Orc 1,Orc 3' 2")
    assert [hp(enc, n) for n in ("Orc 1", "Orc 2", "Orc 3")] == [8, 10, 8]
    enc.run("dmg Orc* 1")
    assert [hp(enc, n) for n in ("Orc 1", "Orc 2", "Orc 3")] == [7, 9, 7]
    enc.run("dmg @pc 4")
    assert hp(enc, "Hero") == 6
    enc.run("dmg Orc 2 1")  # unquoted two-word name
    assert hp(enc, "Orc 2") == 8
    enc.run('dmg "Orc 3" 1')
    assert hp(enc, "Orc 3") == 6
    enc.run("heal he 2")  # unique prefix, any case
    assert hp(enc, "Hero") == 8


def test_area_damage_rolls_once_for_all(make: Make) -> None:
    enc = make("three-action", seed=3)
    enc.run("add Orc x4 hp=100")
    enc.run("dmg @npc 2d6+3 fire")
    totals = {hp(enc, f"Orc {i}") for i in range(1, 5)}
    assert len(totals) == 1
    assert len(enc.doc.log[-1].rolls) == 1


@pytest.mark.parametrize("line, fragment", [
    ("dmg Nobody 3", "no creature named"),
    ("dmg Orc 3", "could be"),
    ("dmg Orc 1 -3", "cannot be negative"),
    ("dmg Orc 1 1d", "dice"),
    ("dmg Orc 1 1000000d1000000", "dice"),
    ("cond Orc 1 nonsense", "unknown condition"),
    ("frobnicate", "unknown command"),
    ("re", "could be"),
    ("add Bad,Name", "cannot contain"),
    ("add Orc hp=7 wings=2", "unknown key"),
    ("spend Orc 1 actions 9", "has only"),
    ("next", "not started"),
    ("cond 'Orc 1' flanked from=Nobody", "no creature named"),
    ("cond 'Orc 1' flanked", "from=NAME"),
    ("uncond 'Orc 1' prone", "nobody named has"),
    ("dmg 'Orc 1 5", "no creature named"),
    ('dmg "Orc 1 5', "cannot read"),
])
def test_errors_are_one_line_and_change_nothing(make: Make, line: str, fragment: str) -> None:
    enc = make("three-action")
    enc.run("add Orc x2 hp=10")
    before = json.dumps(enc.view(), sort_keys=True)
    events = len(enc.doc.log)
    with pytest.raises(CombatError) as info:
        enc.run(line)
    assert fragment in str(info.value)
    assert "\n" not in str(info.value)
    assert json.dumps(enc.view(), sort_keys=True) == before
    assert len(enc.doc.log) == events


def test_a_mistyped_command_gets_the_closest_names_not_the_whole_list() -> None:
    from combat_tui.engine.commands import find_command

    with pytest.raises(CommandError) as caught:
        find_command("nxt")
    assert str(caught.value) == "unknown command 'nxt': did you mean next?"
    with pytest.raises(CommandError) as caught:
        find_command("zzz")
    assert "try:" in str(caught.value)  # nothing close: the list, so the GM can find it


def test_a_failure_midway_rolls_back_the_whole_command(make: Make) -> None:
    enc = make("energy-stamina")
    enc.run("add Ann pc")
    enc.run("add Bo pc")
    enc.run("start")
    enc.run("spend Bo energy 5")
    before = json.dumps(enc.view(), sort_keys=True)
    with pytest.raises(CommandError):
        enc.run("act Ann,Bo melee")  # Ann can pay, Bo cannot: neither pays
    assert json.dumps(enc.view(), sort_keys=True) == before


def test_markup_in_names_is_kept_as_text(make: Make) -> None:
    enc = make("three-action")
    enc.run('add "[bold red]Boss[/]" hp=5')
    assert names(enc) == ["[bold red]Boss[/]"]
    enc.run("dmg [bold* 1")
    assert hp(enc, "[bold red]Boss[/]") == 4


def test_control_characters_are_stripped_from_names(make: Make) -> None:
    enc = make("three-action")
    enc.run("add 'Evil\x1b[31mTwin'")
    assert names(enc) == ["Evil[31mTwin"]


def test_hold_and_enter(make: Make) -> None:
    enc = make("three-action")
    for name, init in (("A", 20), ("B", 15), ("C", 10)):
        enc.run(f"add {name} init={init}")
    enc.run("start")
    enc.run("hold A")
    v = enc.view()
    assert v["active"] == ["B"] and v["waiting"] == ["A"]
    enc.run("enter A")  # B's turn goes on; A acts when it ends
    assert enc.view()["active"] == ["B"]
    enc.run("next")
    assert enc.view()["active"] == ["A"]
    enc.run("next")
    assert enc.view()["active"] == ["C"]
    enc.run("next")
    assert enc.view()["order"] == ["B", "A", "C"]  # A keeps its new place
    assert enc.view()["active"] == ["B"] and enc.view()["round"] == 2


def test_entering_does_not_take_the_current_creatures_turn(make: Make) -> None:
    enc = make("three-action")
    for name, init in (("Ghoul", 20), ("Aldric", 15), ("Bryn", 10)):
        enc.run(f"add {name} init={init}")
    enc.run("start")
    enc.run("hold Ghoul")
    lines = enc.run("enter Ghoul")  # at the start of Aldric's turn, before Aldric has acted
    assert any("Aldric" in line for line in lines)  # the log says when the Ghoul acts
    assert enc.view()["active"] == ["Aldric"]
    enc.run("act Aldric interact")  # Aldric's turn is still there to use
    enc.run("next")
    assert enc.view()["active"] == ["Ghoul"]
    enc.run("next")
    assert enc.view()["active"] == ["Bryn"]
    assert enc.view()["order"] == ["Aldric", "Ghoul", "Bryn"]


def test_delay_keeps_start_of_turn_effects_at_the_old_place(make: Make) -> None:
    enc = make("three-action")
    for name, init in (("A", 20), ("B", 15)):
        enc.run(f"add {name} init={init} hp=30")
    enc.run("start")
    enc.run("cond A on-fire")
    enc.run("delay A")
    assert enc.view()["waiting"] == ["A"] and enc.view()["active"] == ["B"]
    enc.run("next")  # round 2: A's old place comes first, fire burns, B acts
    v = enc.view()
    assert v["round"] == 2 and v["active"] == ["B"]
    assert [p["creature"] for p in v["prompts"]] == ["A"]
    assert "fire" in v["prompts"][0]["table"].lower()


def test_hold_after_someone_in_one_command(make: Make) -> None:
    enc = make("boon-bane")
    for name, init in (("Kara", 6), ("Orc", 5), ("Bram", 4)):
        enc.run(f"add {name} init={init}")
    enc.run("start")
    enc.run("hold Kara after=Bram")
    assert enc.view()["active"] == ["Orc"] and enc.view()["waiting"] == []
    enc.run("next")
    enc.run("next")
    assert enc.view()["active"] == ["Kara"] and enc.view()["round"] == 1
    assert enc.view()["order"] == ["Orc", "Bram", "Kara"]
    enc.run("undo")
    enc.run("undo")
    enc.run("undo")
    assert enc.view()["active"] == ["Kara"]


@pytest.mark.parametrize("name", ["Kara", "Garret's Hound", "Orc 2", 'The "Boss"', "back\\slash", "Kara,Orc 2"])
def test_quote_reads_as_typed_and_back(name: str) -> None:
    """A name in a command line reads as a GM types it (double quotes, no shell escapes for an
    apostrophe) and the parser reads it back whole."""
    from combat_tui.engine.commands import quote, split

    line = f"act {quote(name)} strike"
    assert split(line) == ["act", name, "strike"]
    assert "'\"'\"'" not in line
    if "'" in name and '"' not in name:
        assert f'"{name}"' in line


def test_named_uses_a_name_that_reads_back_else_the_id() -> None:
    from combat_tui.engine.commands import named

    items = [("prone", "Prone"), ("melee", "Melee attack"), ("other", "melee")]
    assert named("prone", items) == "prone"
    assert named("melee", items) == "Melee attack"
    assert named("other", items) == "other"  # its name "melee" reads back as another item's id


def test_one_function_puts_a_command_line_together() -> None:
    """Names quoted once, in one place, so the parser reads each back whole; options after the words;
    what the GM typed goes last, as typed."""
    from combat_tui.engine.commands import command_line, split

    line = command_line("cond", "Garret's Hound,Orc 2", "Melee attack", from_="Orc 2", uid=None, typed="2 for=3")
    assert line == 'cond "Garret\'s Hound,Orc 2" "Melee attack" from="Orc 2" 2 for=3'
    assert split(line) == ["cond", "Garret's Hound,Orc 2", "Melee attack", "from=Orc 2", "2", "for=3"]
    assert command_line("hold", "Kara") == "hold Kara"
