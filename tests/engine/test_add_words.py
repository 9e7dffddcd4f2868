"""`add` reads some words as options (xN, split, pc, npc, ally, surprised, hidden), but only after a
name: `add X2` said "a name cannot be empty", having taken the name for a count. The first word is
always the name; a line with no name says how `add` goes."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from helpers import Make, combatant

from combat_tui.engine.encounter import Encounter
from combat_tui.engine.state.errors import CommandError
from combat_tui.engine.state.model import Side
from combat_tui.session import load_library
from combat_tui.store.rulesets import Catalogue


def names(enc: Encounter) -> list[str]:
    return [c.name for c in enc.state.roster()]


@pytest.mark.parametrize("word", ["X2", "x2", "x100", "pc", "NPC", "Ally", "hidden", "Surprised", "split"])
def test_a_lone_option_word_is_the_name(make: Make, word: str) -> None:
    enc = make("three-action")
    enc.run(f"add {word} hp=5")
    assert names(enc) == [word]
    c = combatant(enc, word)
    assert c.side is Side.NPC and not c.hidden and not c.surprised and c.pools["hp"].max == 5


def test_option_words_after_the_name_are_options(make: Make) -> None:
    enc = make("three-action")
    enc.run("add X2 x3 pc hidden")
    assert names(enc) == ["X2 1", "X2 2", "X2 3"]
    assert all(c.side is Side.PC and c.hidden for c in enc.state.combatants.values())
    enc.run("add Pc ally surprised")
    assert combatant(enc, "Pc").side is Side.ALLY and combatant(enc, "Pc").surprised
    enc.run("add Orc Boss x2")
    assert names(enc)[-2:] == ["Orc Boss 1", "Orc Boss 2"]


def test_split_without_a_template_is_no_part_of_the_name(make: Make) -> None:
    enc = make("three-action")
    enc.run("add Orc x2 split")
    assert names(enc) == ["Orc 1", "Orc 2"]


def test_a_template_after_the_count_word(catalogue: Catalogue) -> None:
    enc = Encounter.new(catalogue.get("three-action"), seed=1)
    enc.library = load_library(catalogue)
    enc.run("add Ghoul x2 split")
    assert names(enc) == ["Ghoul 1", "Ghoul 2"]
    assert all(c.template == "Ghoul" and c.group is None for c in enc.state.combatants.values())


@pytest.mark.parametrize("line", ["add", "add init=5", "add hp=7 notes=x", "add side=pc"])
def test_no_name_says_how_add_goes(make: Make, line: str) -> None:
    enc = make("three-action")
    with pytest.raises(CommandError) as err:
        enc.run(line)
    message = str(err.value)
    assert "add NAME" in message and "empty" not in message, message
    assert enc.state.combatants == {}


@pytest.mark.parametrize("line", ["dmg X2 3", "spend X2 actions 1", "cond X2 prone", "init X2 12", "edit X2 hp=9",
                                  "dmg pc 3", "cond Hidden prone", "remove split"])
def test_other_commands_find_a_creature_named_like_an_option(make: Make, line: str) -> None:
    enc = make("three-action")
    for name in ("X2", "pc", "Hidden", "split"):
        enc.run(f"add {name} hp=10 init=5")
    before = enc.state.model_copy(deep=True)
    enc.run(line)
    assert enc.state != before


@pytest.mark.parametrize("line", ["add @Heroes x2", "add @Heroes hp=5"])
def test_a_party_with_more_words_says_a_party_takes_none(make: Make, line: str) -> None:
    enc = make("three-action")
    with pytest.raises(CommandError, match="add @PARTY takes nothing more"):
        enc.run(line)


def test_do_adds_a_creature_named_x2(tmp_path: Path) -> None:
    save = tmp_path / "fight.combat"
    run = [sys.executable, "-m", "combat_tui"]
    assert subprocess.run([*run, "new", str(save), "--ruleset", "three-action"], capture_output=True,
                          check=False).returncode == 0
    done = subprocess.run([*run, "do", str(save), "add X2"], capture_output=True, text=True, check=False)
    assert done.returncode == 0 and done.stderr == "" and "Added X2 (npc)" in done.stdout


def test_speed_words_outside_time_count_say_so(make: Make) -> None:
    """Ignored, they said "Nothing changed."."""
    enc = make("three-action")
    enc.run("add X2 hp=10 init=5")
    for line in ("act X2 sf=3", "act X2 class=Swift", "act X2 move mod=2"):
        with pytest.raises(CommandError, match="is for time count; Three Actions"):
            enc.run(line)
    enc = make("time-count")
    enc.run("add X2 hp=10 init=5")
    enc.run("start")
    assert "SF 3" in " ".join(enc.run("act X2 sf=3"))


def test_apply_does_not_drop_the_hit_of_a_creature_named_miss(catalogue: Catalogue) -> None:
    enc = Encounter.new(catalogue.get("three-action"), seed=1)
    enc.library = load_library(catalogue)
    enc.run("add Ghoul init=20")
    enc.run("add Miss hp=30 init=5")
    enc.run("start")
    enc.run("act Ghoul claw on=Miss")
    assert len(enc.state.ready) == 1
    with pytest.raises(CommandError, match="Miss is also a word of apply"):
        enc.run("apply Miss")
    assert len(enc.state.ready) == 1  # not dropped
    enc.run(f"apply {enc.state.ready[0].uid}")
    assert enc.state.ready == []
