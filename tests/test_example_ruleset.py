"""The example ruleset in docs/ loads as a GM's own file does, from the user rulesets folder, and plays."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from combat_tui import paths, session
from combat_tui.engine.encounter import Encounter

EXAMPLE = Path(__file__).parents[1] / "docs" / "examples" / "example-ruleset.toml"


def _conditions(enc: Encounter, name: str) -> list[str]:
    c = next(c for c in enc.state.combatants.values() if c.name == name)
    return sorted(cs.id for cs in c.conditions)


def test_the_example_ruleset_loads_from_the_gms_folder_and_plays_a_turn(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMBAT_TUI_CONFIG_DIR", str(tmp_path / "config"))
    paths.user_rulesets_dir().mkdir(parents=True)
    shutil.copy(EXAMPLE, paths.user_rulesets_dir() / "mine.toml")
    cat = session.catalogue()
    assert cat.problems == []
    rs = cat.get("example")
    enc = Encounter.new(rs, seed=3)
    enc.run("add Kara pc dex=3 init=15")
    enc.run("add Orc hp=4 init=5")
    enc.run("cond Orc poisoned 5")
    enc.run("start")
    enc.run("act Kara shove on=Orc")
    assert _conditions(enc, "Orc") == ["poisoned", "prone"]
    kara = next(c for c in enc.state.combatants.values() if c.name == "Kara")
    assert kara.pools["actions"].current == 0
    enc.run("next")  # the Orc's turn: its poison is prompted, and the roll is its level
    enc.run("resolve")
    orc = next(c for c in enc.state.combatants.values() if c.name == "Orc")
    assert orc.pools["hp"].current == -1
    assert _conditions(enc, "Orc") == ["down", "poisoned", "prone"]
    enc.run("dmg Orc 1")  # a second hit this round: the var counts it, unseen, and the Orc reels
    assert _conditions(enc, "Orc") == ["down", "poisoned", "prone", "reeling"]
    assert orc.vars == {"hits": 2} and "hits" not in orc.pools


def test_the_examples_fear_fire_and_footing_play(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMBAT_TUI_CONFIG_DIR", str(tmp_path / "config"))
    paths.user_rulesets_dir().mkdir(parents=True)
    shutil.copy(EXAMPLE, paths.user_rulesets_dir() / "mine.toml")
    enc = Encounter.new(session.catalogue().get("example"), seed=3)
    enc.run("add Kara pc hp=40 init=12")
    enc.run("add Orc hp=40 init=12")
    enc.run("start")
    assert [enc.state.combatants[s.cid].name for s in enc.state.order] == ["Orc", "Kara"]  # NPCs first on a tie
    enc.run("cond Orc frightened 1")
    enc.run("cond Orc burning 1d6 fire")
    enc.run("dmg Kara 9")
    enc.run("dmg Kara 12")
    assert [p.numbers for p in enc.state.prompts] == [{"dc": 9}, {"dc": 12}]
    lines = enc.run("next")  # the Orc's turn ends: its fear fades to 0, its fire burns
    assert "frightened" not in _conditions(enc, "Orc")
    assert any(line.startswith("Orc: Burning 1d6 fire at the end of its turn") for line in lines)
    enc.run("dmg Orc 40")
    enc.run("heal Orc 5")  # up again: Down goes, and leaves it Prone
    assert "down" not in _conditions(enc, "Orc") and "prone" in _conditions(enc, "Orc")
