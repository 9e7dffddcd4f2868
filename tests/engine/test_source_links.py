"""Links between creatures: a condition given from a source (`from=NAME`) that ends when the source loses
a condition (`ends_when_source_loses`: Hold Person's paralysis ends with the caster's Concentration) or
gains one (`ends_when_source_gains`: a grab ends when the grabber is Incapacitated, by itself or through
a condition that implies it); and a duration given from a source counted in the source's turns."""

from __future__ import annotations

import tomllib

import pytest
from helpers import conds

from combat_tui.engine.encounter import Encounter
from combat_tui.engine.ruleset import RulesetDef

LINKS = """
id = "links"
name = "Links"
[time]
model = "turn-order"
initiative = "1d20"
[[pools]]
id = "hp"
name = "HP"
max = 20
[damage]
absorb = ["hp"]
heal = ["hp"]
[[conditions]]
id = "concentration"
name = "Concentration"
description = "Keeps a spell up."
[[conditions]]
id = "incapacitated"
name = "Incapacitated"
description = "No actions."
[[conditions]]
id = "stunned"
name = "Stunned"
description = "Incapacitated."
implies = ["incapacitated"]
[[conditions]]
id = "paralyzed"
name = "Paralyzed"
description = "Held still."
ends_when_source_loses = ["concentration"]
[[conditions]]
id = "grappled"
name = "Grappled"
description = "Held by the source."
subjective = true
ends_when_source_gains = ["incapacitated"]
"""


def rules(text: str = LINKS) -> RulesetDef:
    return RulesetDef.model_validate(tomllib.loads(text))


@pytest.fixture
def enc() -> Encounter:
    e = Encounter.new(rules(), seed=1)
    e.run("add Mage pc init=20")
    e.run("add Orc init=10")
    e.run("add Ogre init=5")
    e.run("start")
    return e


def test_a_held_spell_ends_with_the_casters_concentration(enc: Encounter) -> None:
    enc.run("cond Mage concentration")
    enc.run("cond Orc paralyzed from=Mage")
    enc.run("cond Ogre paralyzed")  # from nobody: no link
    lines = enc.run("uncond Mage concentration")
    assert "Orc: Paralyzed (from Mage) ends with Mage's Concentration" in lines
    assert "paralyzed" not in conds(enc, "Orc") and "paralyzed" in conds(enc, "Ogre")
    enc.run("undo")
    assert "paralyzed" in conds(enc, "Orc") and "concentration" in conds(enc, "Mage")


def test_a_source_that_never_concentrated_keeps_what_it_gave(enc: Encounter) -> None:
    """Only losing the condition ends the link: a paralysis from a creature that never had it stays."""
    enc.run("cond Mage paralyzed from=Ogre")
    enc.run("next")
    enc.run("cond Ogre stunned")
    enc.run("uncond Ogre stunned")
    assert "paralyzed" in conds(enc, "Mage")


def test_a_grab_ends_when_the_grabber_is_incapacitated_through_an_implied_condition(enc: Encounter) -> None:
    enc.run("cond Mage grappled from=Ogre")
    enc.run("cond Orc grappled from=Mage")
    lines = enc.run("cond Ogre stunned")
    assert "Mage: Grappled (to Ogre) ends: Ogre is Incapacitated" in lines
    assert "grappled" not in conds(enc, "Mage") and "grappled" in conds(enc, "Orc")


def test_a_grab_by_an_incapacitated_grabber_ends_at_once(enc: Encounter) -> None:
    enc.run("cond Ogre incapacitated")
    lines = enc.run("cond Mage grappled from=Ogre")
    assert lines[-1] == "Mage: Grappled (to Ogre) ends: Ogre is Incapacitated"
    assert "grappled" not in conds(enc, "Mage")


def test_a_duration_from_a_source_counts_in_the_sources_turns(enc: Encounter) -> None:
    """`for=1` from the Ogre (last in the order) lasts to the start of the Ogre's next turn, not the
    bearer's, nor the end of the round."""
    enc.run("cond Mage paralyzed from=Ogre for=1")
    enc.run("next")  # Orc
    enc.run("next")  # Ogre: its first turn since: not yet a round
    enc.run("next")  # round 2, Mage
    enc.run("next")  # Orc
    assert "paralyzed" in conds(enc, "Mage")
    enc.run("next")  # Ogre's turn starts: a round from when it was given
    assert "paralyzed" not in conds(enc, "Mage")


def test_a_link_names_a_condition_the_ruleset_has() -> None:
    with pytest.raises(ValueError, match="ends_when_source_loses: unknown condition 'focus'"):
        rules(LINKS.replace('ends_when_source_loses = ["concentration"]', 'ends_when_source_loses = ["focus"]'))
