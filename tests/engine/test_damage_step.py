"""The damage step before the pools: resistance, weakness and immunity by damage type, as the ruleset's
`[damage] steps` say, read from the creature (its template's `resist`, `weak`, `immune`, or typed on
`add` and `edit`); several damage types in one hit, each part through the step."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from helpers import combatant, creature, pool, prompt_tables

from combat_tui.engine.encounter import Encounter
from combat_tui.engine.rules.attacks import ready_words
from combat_tui.engine.ruleset import RulesetDef
from combat_tui.engine.state.errors import CombatError
from combat_tui.engine.views.sheet import sheet_view
from combat_tui.store import library_files
from combat_tui.store.rulesets import Catalogue

# A small ruleset whose steps subtract and add the creature's own degree and ignore immune types, applied
# immunity first, then weakness, then resistance; a trigger counts each hit once.
STEPPED = """
id = "stepped"
name = "Stepped"
[time]
model = "turn-order"
initiative = "1d20"
[[stats]]
id = "dex"
name = "Dexterity"
[[pools]]
id = "hp"
name = "HP"
max = 100
[[pools]]
id = "hits"
name = "Hits"
kind = "counter"
[damage]
absorb = ["hp"]
heal = ["hp"]
types = ["fire", "cold", "poison", "piercing", "necrotic"]
[[damage.steps]]
of = "immune"
name = "immune to"
how = "ignore"
[[damage.steps]]
of = "weak"
name = "weak to"
how = "add"
[[damage.steps]]
of = "resist"
name = "resists"
how = "subtract"
[[triggers]]
on = "damage"
effects = [{ pool = "hits", delta = 1 }]
"""


@pytest.fixture
def stepped() -> Encounter:
    return Encounter.new(RulesetDef.model_validate(tomllib.loads(STEPPED)), seed=1)


def energy(make, seed: int = 1) -> Encounter:  # type: ignore[no-untyped-def]
    return make("energy-stamina", seed)  # type: ignore[no-any-return]


# -- energy-stamina: the rules text ------------------------------------------------------------------

def test_energy_stamina_weakness_doubles_and_the_log_names_it(make) -> None:  # type: ignore[no-untyped-def]
    # "If you have a Weakness to a certain type of damage, then you take double damage."
    enc = energy(make)
    enc.run("add Ghoul weak=fire")
    lines = enc.run("dmg Ghoul 5 fire")
    assert lines[0] == "Ghoul: 5 fire, weak to fire ×2 = 10"
    assert pool(enc, "Ghoul", "aura") == 10


def test_energy_stamina_resistance_halves_rounding_down(make) -> None:  # type: ignore[no-untyped-def]
    # "If you would have taken 1 damage without Resistance, you take 0 damage with Resistance."
    enc = energy(make)
    enc.run("add Ghoul resist=cold")
    enc.run("dmg Ghoul 5 cold")
    assert pool(enc, "Ghoul", "aura") == 18
    enc.run("dmg Ghoul 1 cold")
    assert pool(enc, "Ghoul", "aura") == 18
    enc.run("dmg Ghoul 5 fire")  # another type: untouched
    assert pool(enc, "Ghoul", "aura") == 13


def test_energy_stamina_weakness_and_resistance_cancel_out(make) -> None:  # type: ignore[no-untyped-def]
    # "Weakness and Resistance cancel each other out just like Advantage and Disadvantage."
    enc = energy(make)
    enc.run("add Imp resist=fire weak=fire")
    lines = enc.run("dmg Imp 5 fire")
    assert "cancel out" in lines[0] and lines[0].endswith("= 5")
    assert pool(enc, "Imp", "aura") == 15


def test_energy_stamina_resisted_to_nothing_calls_for_no_death_roll(make) -> None:  # type: ignore[no-untyped-def]
    # the Death roll is for damage that reaches the body: a hit resisted to 0 does not
    enc = energy(make)
    enc.run("add Ghoul resist=cold hp=1")
    enc.run("dmg Ghoul 1")
    assert pool(enc, "Ghoul", "aura") == 0
    enc.run("dmg Ghoul 1 cold")
    assert "Death roll" not in prompt_tables(enc, "Ghoul")
    enc.run("dmg Ghoul 1 fire")
    assert "Death roll" in prompt_tables(enc, "Ghoul")


def test_the_starter_ghoul_is_weak_to_fire(make, catalogue: Catalogue) -> None:  # type: ignore[no-untyped-def]
    enc = energy(make)
    enc.library = library_files.load(None, catalogue.get)
    enc.run("add Ghoul")
    assert creature(enc, "Ghoul")["notes"].startswith("Eater of the dead")
    assert "not applied" not in creature(enc, "Ghoul")["notes"]
    enc.run("dmg Ghoul 4 fire")
    assert pool(enc, "Ghoul", "aura") == 12
    enc.run("add Ghoul weak=none")  # the line's list wins over the template's
    enc.run("dmg 'Ghoul 2' 4 fire")
    assert pool(enc, "Ghoul 2", "aura") == 16


# -- the words on add and edit -------------------------------------------------------------------------

def test_edit_sets_and_clears_a_list_and_undo_takes_it_back(make) -> None:  # type: ignore[no-untyped-def]
    enc = energy(make)
    enc.run("add Ghoul")
    assert enc.run("edit Ghoul weak=fire,acid") == ["Ghoul: weak to fire, acid"]
    enc.run("dmg Ghoul 3 acid")
    assert pool(enc, "Ghoul", "aura") == 14
    enc.run("undo")
    enc.run("undo")
    enc.run("dmg Ghoul 3 acid")
    assert pool(enc, "Ghoul", "aura") == 17
    enc.run("edit Ghoul weak=fire")
    assert enc.run("edit Ghoul weak=none") == ["Ghoul: weak to nothing"]
    with pytest.raises(CombatError, match="already like that"):
        enc.run("edit Ghoul weak=none")


@pytest.mark.parametrize(("rid", "line", "says"), [
    ("energy-stamina", "add Ghoul weak=brimstone", "unknown damage type"),
    ("energy-stamina", "add Ghoul resist=fire:x", "not a degree"),
    ("energy-stamina", "add Ghoul immune=fire", "has no rule for it"),
    ("three-action", "add Ghoul weak=fire", "has no rule for it"),
    ("boon-bane", "add Ghoul resist=fire", "res_TYPE=N"),
])
def test_a_list_the_ruleset_cannot_read_is_refused(make, rid: str, line: str,  # type: ignore[no-untyped-def]
                                                   says: str) -> None:
    enc = make(rid)
    with pytest.raises(CombatError, match=says):
        enc.run(line)
    assert enc.state.combatants == {}


# -- steps that subtract, add and ignore, in order -------------------------------------------------------

def test_steps_apply_the_creatures_degree_in_the_rulesets_order(stepped: Encounter) -> None:
    stepped.run("add Wight resist=cold:3 weak=fire:5 immune=poison")
    assert stepped.run("dmg Wight 4 cold")[0] == "Wight: 4 cold, resists cold −3 = 1"
    assert stepped.run("dmg Wight 4 fire")[0] == "Wight: 4 fire, weak to fire +5 = 9"
    assert stepped.run("dmg Wight 8 poison")[0] == "Wight: 8 poison, immune to poison = 0"
    stepped.run("dmg Wight 2 cold")  # never below 0
    assert pool(stepped, "Wight", "hp") == 100 - 1 - 9
    stepped.run("add Ember resist=fire:2 weak=fire:5")  # weakness first, then resistance: +5 −2
    assert stepped.run("dmg Ember 4 fire")[0] == "Ember: 4 fire, weak to fire +5, resists fire −2 = 7"


# -- several damage types in one hit -------------------------------------------------------------------

def test_dmg_with_several_types_puts_each_part_through_the_step_as_one_hit(stepped: Encounter) -> None:
    stepped.run("add Wight resist=piercing:2 weak=necrotic:3")
    lines = stepped.run("dmg Wight 5 piercing 3 necrotic")
    assert "Wight: 5 piercing + 3 necrotic" not in lines  # the parts after the step, not before
    assert "Wight: 3 piercing + 6 necrotic = 9 in one hit" in lines
    assert pool(stepped, "Wight", "hp") == 91
    assert pool(stepped, "Wight", "hits") == 1  # one hit: its triggers run once


def test_dmg_with_several_types_on_an_area_rolls_each_part_once(stepped: Encounter) -> None:
    stepped.run("add A")
    stepped.run("add B resist=fire:100")
    stepped.run("dmg A,B 2d6 cold 1d4 fire")
    a, b = 100 - pool(stepped, "A", "hp"), 100 - pool(stepped, "B", "hp")
    assert 3 <= a <= 16 and 2 <= b <= 12 and a - b in range(1, 5)


def test_a_word_where_an_amount_goes_is_refused(stepped: Encounter) -> None:
    stepped.run("add A")
    with pytest.raises(CombatError, match="an amount was expected"):
        stepped.run("dmg A 3 fire fire")
    assert pool(stepped, "A", "hp") == 100


def test_boon_bane_takes_armor_off_each_physical_part(make) -> None:  # type: ignore[no-untyped-def]
    enc = make("boon-bane")
    enc.run("add Orc hp=30 ar=2 res_fire=1")
    enc.run("dmg Orc 5 slashing 4 fire")
    assert pool(enc, "Orc", "hp") == 30 - 3 - 3


LIBRARY = """ruleset = "energy-stamina"
[[creature]]
name = "Grave Hound"
weak = ["fire"]
[[creature.action]]
name = "Bite"
uses = "melee"
hit = "1d20mi20"
damage = "4"
type = "lethal"
plus = [{ damage = "2", type = "necrotic" }, { damage = "1", type = "fire" }]
"""


def test_a_library_attack_of_several_parts_is_dealt_through_the_step(make, catalogue: Catalogue,  # type: ignore[no-untyped-def]
                                                                      tmp_path: Path) -> None:
    (tmp_path / "hounds.toml").write_text(LIBRARY, encoding="utf-8")
    enc = make("energy-stamina")
    enc.library = library_files.load(tmp_path, catalogue.get, starter=False)
    enc.run("add Grave Hound")
    enc.run("add Kara pc resist=necrotic weak=fire")
    enc.run("start")
    lines = enc.run("act Grave Hound bite on=Kara")
    assert any("4 lethal + " in line and "2 necrotic + " in line and line.count("fire") == 1 for line in lines), lines
    assert ready_words(enc.state, enc.state.ready[0]) == "Grave Hound's Bite: 4 lethal + 2 necrotic + 1 fire on Kara"
    enc.run("apply")
    assert pool(enc, "Kara", "aura") == 20 - (4 + 1 + 2)
    enc.run("undo")
    enc.run("apply half")  # each part halved, then through the step
    assert pool(enc, "Kara", "aura") == 20 - (2 + 0 + 0)


def test_a_second_part_of_an_unknown_type_is_named_when_the_file_is_read(catalogue: Catalogue,
                                                                          tmp_path: Path) -> None:
    (tmp_path / "bad.toml").write_text(LIBRARY.replace('type = "fire"', 'type = "brimstone"'), encoding="utf-8")
    lib = library_files.load(tmp_path, catalogue.get, starter=False)
    assert not lib.templates_for("energy-stamina")
    assert any("plus[1].type" in p and "brimstone" in p for p in lib.problems), lib.problems


def test_keep_writes_the_lists_and_the_parts_and_they_read_back(make, catalogue: Catalogue,  # type: ignore[no-untyped-def]
                                                                 tmp_path: Path) -> None:
    (tmp_path / "hounds.toml").write_text(LIBRARY, encoding="utf-8")
    enc = make("energy-stamina")
    enc.library = library_files.load(tmp_path, catalogue.get, starter=False)
    enc.run("add Grave Hound resist=cold")
    enc.run("keep 'Grave Hound' as Pit Hound")
    again = library_files.load(tmp_path, catalogue.get, starter=False)
    assert again.problems == []
    kept = again.find_template("energy-stamina", "Pit Hound")
    assert kept is not None and kept.weak == {"fire": 1} and kept.resist == {"cold": 1}
    assert [(p.damage, p.type) for p in kept.actions[0].plus] == [("2", "necrotic"), ("1", "fire")]


def test_the_sheet_shows_the_lists_and_every_part_of_an_attack(make, catalogue: Catalogue,  # type: ignore[no-untyped-def]
                                                                tmp_path: Path) -> None:
    (tmp_path / "hounds.toml").write_text(LIBRARY, encoding="utf-8")
    enc = make("energy-stamina")
    enc.library = library_files.load(tmp_path, catalogue.get, starter=False)
    enc.run("add Grave Hound resist=cold")
    sv = sheet_view(enc.state, enc.rs, combatant(enc, "Grave Hound"))
    assert sv.defences == "resists cold · weak to fire"
    assert sv.attacks[0].damage == "4 lethal + 2 necrotic + 1 fire"
    stepped = Encounter.new(RulesetDef.model_validate(tomllib.loads(STEPPED)), seed=1)
    stepped.run("add Wight resist=cold:3 immune=poison")
    assert sheet_view(stepped.state, stepped.rs, combatant(stepped, "Wight")).defences == \
        "resists cold 3 · immune to poison"


def test_a_save_for_half_deals_each_part_of_two_types_through_the_step(stepped: Encounter) -> None:
    stepped.run("add Wight resist=cold:3 weak=fire:2")
    stepped.run("add Ghast")
    lines = stepped.run('save Wight=5 Ghast=20 dex none dc=10 dmg="6 fire 4 cold"')
    assert "Failures take 6 fire + 4 cold; passes take 0" in lines
    assert pool(stepped, "Wight", "hp") == 100 - (6 + 2) - (4 - 3)
    assert pool(stepped, "Ghast", "hp") == 100
    stepped.run('save Wight=5 Ghast=20 dex half dc=10 dmg="6 fire 4 cold"')
    assert pool(stepped, "Ghast", "hp") == 100 - 3 - 2
    assert pool(stepped, "Wight", "hits") == 2  # each save's damage one hit
