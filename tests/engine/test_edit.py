"""`edit` changes a creature mid-fight with `add`'s key=value words: one event, undone, redone, and
still there after a save and reload. Unknown words are refused; names stay unique."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import combatant

from combat_tui.engine.encounter import Encounter
from combat_tui.engine.state.errors import CommandError
from combat_tui.engine.state.model import Side
from combat_tui.store import saves
from combat_tui.store.rulesets import Catalogue


def fight(catalogue: Catalogue) -> Encounter:
    enc = Encounter.new(catalogue.get("three-action"), seed=4)
    for line in ("add Kara pc init=15 hp=20", "add Orc init=10 hp=12", "start", "dmg Orc 3"):
        enc.run(line)
    return enc


def test_edit_renames_changes_side_a_maximum_and_a_stat_with_undo(catalogue: Catalogue, tmp_path: Path) -> None:
    enc = fight(catalogue)
    before = enc.view()
    lines = enc.run("edit Orc name=Boss side=ally hp=30 pdef=14")
    boss = combatant(enc, "Boss")
    assert (boss.side, boss.stats["pdef"], boss.pools["hp"].max, boss.pools["hp"].current) == (Side.ALLY, 14, 30, 9)
    assert lines == ["Orc: renamed Boss, side npc → ally, Physical Defense 10 → 14, HP max 12 → 30"]
    enc.run("undo")
    assert enc.view()["combatants"] == before["combatants"]
    enc.run("redo")
    path = tmp_path / "edited.combat"
    saves.save(enc.doc, path)
    enc = Encounter(saves.load(path), catalogue.get("three-action"))
    assert combatant(enc, "Boss").stats["pdef"] == 14
    enc.run("undo")  # the log came along: undo after a reload
    assert combatant(enc, "Orc").pools["hp"].max == 12


def test_an_unhurt_creature_stays_unhurt_when_its_maximum_is_corrected(catalogue: Catalogue) -> None:
    enc = fight(catalogue)
    enc.run("edit Kara hp=26")
    assert (combatant(enc, "Kara").pools["hp"].current, combatant(enc, "Kara").pools["hp"].max) == (26, 26)
    enc.run("edit Kara hp=10")
    assert (combatant(enc, "Kara").pools["hp"].current, combatant(enc, "Kara").pools["hp"].max) == (10, 10)


@pytest.mark.parametrize(("line", "message"), [
    ("edit Orc name=Kara", "already called Kara"),
    ("edit Orc name=kara", "already called kara"),
    ("edit Orc colour=red", "unknown key 'colour'"),
    ("edit Orc side=monster", "pc, npc or ally"),
    ("edit Orc hp=-1", "cannot be negative"),
    ("edit Orc", "usage: edit NAME"),
    ("edit Orc pdef=10", "nothing to change"),
    ("edit Nobody hp=3", "Nobody"),
])
def test_edit_refuses_what_it_cannot_do_and_changes_nothing(catalogue: Catalogue, line: str, message: str) -> None:
    enc = fight(catalogue)
    before = enc.doc.model_dump()
    with pytest.raises(CommandError, match=message):
        enc.run(line)
    assert enc.doc.model_dump() == before


def test_edit_reaches_a_stat_a_pool_formula_reads(catalogue: Catalogue) -> None:
    enc = Encounter.new(catalogue.get("body-injury"), seed=2)
    enc.run("add Ysolde pc con=1 level=1")
    stamina = combatant(enc, "Ysolde").pools["stamina"].max
    enc.run("edit Ysolde con=3")
    assert combatant(enc, "Ysolde").pools["stamina"].max == (stamina or 0) + 2
