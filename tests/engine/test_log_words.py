"""The log and errors in the GM's words: dice shown, no command syntax or internal numbers, a mistyped
name gets the names it was close to, and an area change is one line a creature."""

from __future__ import annotations

import pytest
from helpers import Make

from combat_tui.engine.state.errors import CommandError


def test_area_damage_shows_its_dice_once_and_one_line_a_creature(make: Make) -> None:
    enc = make("three-action")
    enc.run("add Ghoul x4 hp=20")
    lines = enc.run("dmg Ghoul* 3d6 fire")
    assert len(lines) == 5 and lines[0].startswith("Damage rolled: 3d6 (")
    assert all(line.startswith(f"Ghoul {i} takes") for i, line in enumerate(lines[1:], start=1)), lines


def test_errors_name_words_the_gm_typed(make: Make) -> None:
    enc = make("three-action")
    enc.run("add Ghoul hp=20")
    enc.run("add Bryn pc hp=20")
    with pytest.raises(CommandError, match=r"^duration 'x' is not a number or dice \(like 3 or 2d6\)$"):
        enc.run("cond Bryn prone for=x")
    with pytest.raises(CommandError, match=r"^no creature named Gohul; did you mean Ghoul\?$"):
        enc.run("dmg Gohul 5")


def test_prompt_lines_name_keys_not_commands(make: Make) -> None:
    enc = make("three-action")
    enc.run("add Kara pc hp=30")
    queued = enc.run("prompt Kara poison")
    rolled = enc.run("preroll Kara")
    assert "press p to roll it" in queued[-1] and "press p again to apply it" in rolled[-1]
    assert not any("`" in line for line in queued + rolled)


def test_a_prompt_or_damage_picked_by_number_is_logged_by_name(make: Make) -> None:
    enc = make("three-action")
    enc.run("add Kara pc hp=30")
    enc.run("prompt Kara poison")
    enc.run(f"preroll {enc.state.prompts[0].uid}")
    enc.run(f"resolve {enc.state.prompts[0].uid}")
    assert [e.command for e in enc.history()[-2:]] == ["preroll Kara", "resolve Kara"]


def test_a_mistyped_condition_gets_its_names_not_ids(make: Make) -> None:
    enc = make("three-action")
    enc.run("add Bryn pc hp=20")
    with pytest.raises(CommandError, match=r"^unknown condition 'flatfooted'; did you mean Flat Footed\?$"):
        enc.run("cond Bryn flatfooted")
    with pytest.raises(CommandError, match=r"could be .*Flat Footed"):
        enc.run("cond Bryn fl")


def test_healing_several_is_one_line_a_creature(make: Make) -> None:
    enc = make("three-action")
    enc.run("add Ghoul x3 hp=20")
    enc.run("dmg Ghoul* 5")
    lines = enc.run("heal Ghoul* 2")
    assert [line.split(" ")[:2] for line in lines] == [["Ghoul", "1"], ["Ghoul", "2"], ["Ghoul", "3"]], lines
