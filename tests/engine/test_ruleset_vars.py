"""`[[vars]]`: bookkeeping the rules keep and the GM never reads. Formulas read a var and effects set it as
they would a pool, but it is on no sheet, in no row, in no view and in no log line; a save made when it was
a pool opens with its number kept."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from helpers import Make, combatant, creature, var
from mini_ruleset import MINI

from combat_tui.engine.encounter import Encounter
from combat_tui.engine.ruleset import RulesetDef
from combat_tui.engine.state.model import PoolState
from combat_tui.engine.views.gm_view import gm_view
from combat_tui.paths import demo_saves_dir
from combat_tui.store import saves
from combat_tui.store.rulesets import Catalogue

RULESET = "time-count"


def _casting(enc: Encounter) -> None:
    enc.run("add Mage pc init=5 hp=40")
    enc.run("add Ogre init=900")
    enc.run("start")
    enc.run("act Mage prepare-spell sf=1 what=Fireball value=2")


def test_an_effect_sets_a_var_a_formula_reads_and_no_screen_shows(enc: Encounter) -> None:
    _casting(enc)
    assert var(enc, "Mage", "casting_dc") == 10 + 2 and var(enc, "Mage", "spell_cost") == 2
    mage = combatant(enc, "Mage")
    assert "casting_dc" not in mage.pools and "casting_dc" not in creature(enc, "Mage")["pools"]
    sheet = gm_view(enc, mage.id).sheet
    assert sheet is not None and sheet.name == "Mage"
    assert sheet.pools and {p.id for p in sheet.pools} <= {p.id for p in enc.rs.pools}
    assert not {"Casting DC", "Spell's fatigue cost"} & {p.name for p in sheet.pools}
    said = [line for event in enc.doc.log for line in event.lines]
    assert said and not any("Casting DC" in line or "fatigue cost" in line for line in said), said


def test_a_var_in_a_roll_is_shown_in_its_words(enc: Encounter) -> None:
    _casting(enc)
    enc.run("next")
    enc.run("act Mage cast-spell")
    assert var(enc, "Mage", "last_dc") == 12 and var(enc, "Mage", "casting_dc") == 0
    lines = enc.run("resolve")  # the Arcana check, against the DC just kept
    assert any("− Last casting DC 12 =" in line for line in lines), lines


def test_a_var_goes_back_to_its_start_at_its_reset(enc: Encounter) -> None:
    _casting(enc)
    enc.run("next")
    enc.run("act Mage cast-spell")
    assert var(enc, "Mage", "casts_today") == 1
    enc.run("undo")
    assert var(enc, "Mage", "casts_today") == 0  # undone like any change
    enc.run("redo")
    enc.run("rest short")
    assert var(enc, "Mage", "casts_today") == 1
    enc.run("rest long")
    assert var(enc, "Mage", "casts_today") == 0


def test_a_save_from_when_the_vars_were_pools_opens_with_their_numbers(catalogue: Catalogue, tmp_path: Path) -> None:
    doc = saves.load(demo_saves_dir() / "time-count.json")
    rs = catalogue.get("time-count")
    cid, first = next(iter(doc.state.combatants.items()))
    for vd in rs.vars:  # as an older version wrote them: pools
        first.pools[vd.id] = PoolState(current=0)
        first.vars.pop(vd.id, None)
    first.pools["casting_dc"].current = 14
    enc = Encounter(doc, rs)
    c = enc.state.combatants[cid]
    assert c.vars["casting_dc"] == 14 and not {vd.id for vd in rs.vars} & set(c.pools)
    enc.run("next")  # playable as it stands


@pytest.mark.parametrize("change, fragment", [
    ('[[vars]]\nid = "hp"', "duplicate pool or var id(s): hp"),
    ('[[vars]]\nid = "tally_mark"\n[[triggers]]\non = "damage"\neffects = [{ var = "tallymark", delta = 1 }]',
     "unknown var 'tallymark'"),
    ('[[vars]]\nid = "marks"\n[[triggers]]\non = "damage"\neffects = [{ var = "marks" }]',
     "a var effect needs exactly one of delta or set"),
])
def test_a_wrong_var_is_refused_when_read(change: str, fragment: str) -> None:
    with pytest.raises(ValueError, match=re.escape(fragment)):
        RulesetDef.model_validate(tomllib.loads(MINI + change))


def test_a_var_counts_in_a_gms_own_file(make: Make) -> None:
    rs = RulesetDef.model_validate(tomllib.loads(MINI + '[[vars]]\nid = "hits"\nmax = 2\n[[triggers]]\n'
                                                        'on = "damage"\neffects = [{ var = "hits", delta = 1 }, '
                                                        '{ add = "prone", when = "hits >= 2" }]'))
    enc = Encounter.new(rs, seed=1)
    enc.run("add Orc")
    for _ in range(3):
        enc.run("dmg Orc 1")
    assert var(enc, "Orc", "hits") == 2 and combatant(enc, "Orc").conditions[0].id == "prone"
