"""What a GM finds by name must have one name each: a party's members (two Karas made two creatures of
one name on `add @PARTY`), a member's own actions, and a ruleset's ids of every kind, however the GM
writes them (`bonus_hp` and `Bonus-HP` are one word to the command line)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from combat_tui.engine import library
from combat_tui.engine.encounter import Encounter
from combat_tui.engine.state.errors import CommandError, RulesetError
from combat_tui.store import library_files
from combat_tui.store.rulesets import Catalogue, builtin_dir, load_file

FINE = 'ruleset = "three-action"\n[[creature]]\nname = "Imp"\n'


def party_file(*members: str, extra: str = "") -> str:
    text = 'ruleset = "three-action"\n[[party]]\nname = "Heroes"\n'
    for m in members:
        text += f'[[party.member]]\nname = "{m}"\n'
    return text + extra


def loaded(folder: Path, catalogue: Catalogue, text: str) -> library.Library:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "heroes.toml").write_text(text, encoding="utf-8")
    (folder / "fine.toml").write_text(FINE, encoding="utf-8")
    return library_files.load(folder, catalogue.get, starter=False)


@pytest.mark.parametrize("members", [("Kara", "Kara"), ("kara", "Kara"), ("Bram", "Kara", "KARA "), ("Kara", "Kara ")])
def test_a_party_with_two_members_of_one_name_is_refused_in_one_line(tmp_path: Path, catalogue: Catalogue,
                                                                     members: tuple[str, ...]) -> None:
    lib = loaded(tmp_path / "lib", catalogue, party_file(*members))
    assert lib.parties_for("three-action") == []
    assert len(lib.problems) == 1
    problem = lib.problems[0]
    assert problem.startswith("heroes.toml: party[Heroes]") and "two members named" in problem, problem
    assert "\n" not in problem
    assert [t.name for t in lib.templates_for("three-action")] == ["Imp"]  # the rest of the library loads


def test_add_of_such_a_party_makes_no_creature(tmp_path: Path, catalogue: Catalogue) -> None:
    enc = Encounter.new(catalogue.get("three-action"), seed=1)
    enc.library = loaded(tmp_path / "lib", catalogue, party_file("Kara", "kara"))
    with pytest.raises(CommandError, match="no party"):
        enc.run("add @Heroes")
    assert enc.state.combatants == {}


def test_distinct_members_still_make_a_party(tmp_path: Path, catalogue: Catalogue) -> None:
    enc = Encounter.new(catalogue.get("three-action"), seed=1)
    enc.library = loaded(tmp_path / "lib", catalogue, party_file("Kara", "Bram"))
    assert enc.library.problems == []
    enc.run("add @Heroes")
    assert sorted(c.name for c in enc.state.combatants.values()) == ["Bram", "Kara"]


@pytest.mark.parametrize("name, why", [
    ("Kara, Bram", ","), ("Kara*", "*"), ("Ka=ra", "="), ("@Kara", "@"), ("Kara?", "?"),
])
def test_a_member_named_as_no_creature_can_be_is_refused(tmp_path: Path, catalogue: Catalogue, name: str,
                                                         why: str) -> None:
    """A creature's name cannot hold what picks several creatures; a member's becomes one, so neither can it."""
    lib = loaded(tmp_path / "lib", catalogue, party_file("Bram", name))
    assert lib.parties_for("three-action") == []
    assert len(lib.problems) == 1 and lib.problems[0].startswith("heroes.toml: party[Heroes]"), lib.problems
    assert why in lib.problems[0]


def test_a_member_with_two_actions_of_one_name_is_refused(tmp_path: Path, catalogue: Catalogue) -> None:
    actions = '[[party.member.action]]\nname = "Bite"\n[[party.member.action]]\nname = "bite"\n'
    lib = loaded(tmp_path / "lib", catalogue, party_file("Kara", extra=actions))
    assert lib.parties_for("three-action") == []
    assert len(lib.problems) == 1 and "two actions of one name" in lib.problems[0], lib.problems


def test_the_starter_bestiary_has_one_template_of_each_name(catalogue: Catalogue) -> None:
    """The GM's own files are checked as they merge; the starter's override each other silently."""
    found = library_files.read_folder(library_files.builtin_dir(), catalogue.get)
    names = Counter((t.ruleset, t.name.lower()) for t, _ in found.templates)
    assert [k for k, n in names.items() if n > 1] == []
    parties = Counter((p.ruleset, p.name.lower()) for p, _ in found.parties)
    assert [k for k, n in parties.items() if n > 1] == []


BASE = (builtin_dir() / "time-count.toml").read_text(encoding="utf-8").replace(
    'id = "time-count"', 'id = "house"', 1)


@pytest.mark.parametrize("added, kind", [
    ('[[speed_classes]]\nid = "free"\nname = "Free again"\nrandom = "0"\nstatic = 0\n', "speed class"),
    ('[[rules]]\nid = "time-count-basics"\nname = "Again"\ntext = "x"\n', "rule"),
    ('[[options]]\nid = "check_at_equal"\nname = "Again"\ndefault = 0\ndescription = "x"\n', "option"),
    ('[[stats]]\nid = "base-top"\nname = "Again"\ndefault = 0\n', "stat"),
    ('[[stats]]\nid = "CON"\nname = "Again"\ndefault = 0\n', "stat"),
], ids=["speed class", "rule", "option", "stat by dash", "stat by case"])
def test_a_ruleset_with_two_ids_a_gm_types_alike_is_refused_in_one_line(tmp_path: Path, added: str,
                                                                        kind: str) -> None:
    path = tmp_path / "house.toml"
    path.write_text(BASE + "\n" + added, encoding="utf-8")
    with pytest.raises(RulesetError) as err:
        load_file(path)
    message = str(err.value)
    assert message.startswith("house.toml: ") and f"duplicate {kind} id" in message and "\n" not in message, message


def test_the_shipped_rulesets_still_load(tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    path.write_text(BASE, encoding="utf-8")
    assert load_file(path).id == "house"
