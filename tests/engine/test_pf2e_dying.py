"""The `pf2e` ruleset's Dying from a critical hit, and foes that die at 0 HP, from the Pathfinder 2e
Remaster's public rules (Player Core, GM Core; ORC licence). Each test says the rule in its own words."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import Make, cond, conds

from combat_tui.engine.encounter import Encounter
from combat_tui.store import library_files
from combat_tui.store.rulesets import Catalogue

RULESET = "pf2e"

# `mi20` holds the d20 at a natural 20: a critical hit on any AC it reaches.
OGRE = """ruleset = "pf2e"
[[creature]]
name = "Ogre"
stats = { ac = 17 }
pools = { hp = 50 }
[[creature.action]]
name = "Club"
uses = "strike"
hit = "1d20mi20 + 10"
damage = "5"
type = "bludgeoning"
"""


@pytest.fixture
def enc(make: Make) -> Encounter:
    """Kara (a PC, hp 30), an Orc (a foe, hp 30) and Mira (an ally, hp 20): round 1 started."""
    e = make(RULESET, 4)
    e.run("add Kara pc hp=30 level=3 init=20")
    e.run("add Orc hp=30 init=10")
    e.run("add Mira ally hp=20 init=5")
    e.run("start")
    return e


def test_a_critical_hit_to_0_hp_is_dying_2_plus_wounded(enc: Encounter) -> None:
    """Knocked out by a critical hit: Dying 2 rather than 1, raised by Wounded as ever."""
    enc.run("dmg Kara 40 bludgeoning crit")
    assert cond(enc, "Kara", "dying")["value"] == 2 and "unconscious" in conds(enc, "Kara")
    enc.run("undo")
    enc.run("cond Kara wounded 1")
    enc.run("dmg Kara 40 bludgeoning crit")
    assert cond(enc, "Kara", "dying")["value"] == 3


def test_a_critical_hit_while_dying_raises_it_by_two(enc: Encounter) -> None:
    """Damage while Dying raises it by 1, by 2 from a critical hit."""
    enc.run("dmg Kara 40")
    enc.run("dmg Kara 3 crit")
    assert cond(enc, "Kara", "dying")["value"] == 3


def test_a_judged_critical_strike_knocks_out_with_dying_2(catalogue: Catalogue, tmp_path: Path) -> None:
    """The Ogre's Strike, a critical hit (a natural 20, 10 over AC 15), its doubled damage dealt: Dying 2."""
    (tmp_path / "ogre.toml").write_text(OGRE, encoding="utf-8")
    enc = Encounter.new(catalogue.get(RULESET), seed=5)
    enc.library = library_files.load(tmp_path, catalogue.get, starter=False)
    enc.run("add Kara pc hp=8 ac=15 init=5")
    enc.run("add Ogre init=10")
    enc.run("start")
    assert any("critical hit" in line for line in enc.run("act Ogre club on=Kara"))
    enc.run("apply")
    assert cond(enc, "Kara", "dying")["value"] == 2


def test_a_foe_dies_at_0_hp_a_pc_and_an_ally_go_dying(enc: Encounter) -> None:
    """Most foes die at 0 HP rather than go Dying; the PCs and their allies go Dying."""
    enc.run("dmg Orc 30")
    assert "dead" in conds(enc, "Orc") and "dying" not in conds(enc, "Orc")
    enc.run("dmg Kara 30")
    enc.run("dmg Mira 20")
    for name in ("Kara", "Mira"):
        assert cond(enc, name, "dying")["value"] == 1 and "dead" not in conds(enc, name)


def test_the_gm_may_have_foes_go_dying(enc: Encounter) -> None:
    """The option: a foe the GM keeps alive goes Dying like a PC."""
    enc.run("set foes_go_dying 1")
    enc.run("dmg Orc 30")
    assert cond(enc, "Orc", "dying")["value"] == 1 and "dead" not in conds(enc, "Orc")
