"""The one registry of formula names agrees with the engine that gives them and the loader that checks them."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from mini_ruleset import MINI, SHIPPED

from combat_tui.engine.encounter import Encounter
from combat_tui.engine.rules.ops import names_for
from combat_tui.engine.ruleset import RulesetDef, formula_names
from combat_tui.engine.ruleset.formula import evaluate
from combat_tui.engine.ruleset.formula_names import NAMES, expand, has_shape, known_names
from combat_tui.engine.words import labels
from combat_tui.store.rulesets import load_all

ENGINE = Path(formula_names.__file__).parent.parent  # the engine, the ruleset language inside it


def _creature(rs: RulesetDef) -> tuple[Encounter, str]:
    enc = Encounter.new(rs, seed=1)
    enc.run("add Kara pc")
    return enc, next(iter(enc.state.combatants))


@pytest.fixture(scope="module", params=sorted(SHIPPED))
def rs(request: pytest.FixtureRequest) -> RulesetDef:
    return load_all().get(request.param)


def test_the_engine_gives_every_creature_exactly_the_registrys_names(rs: RulesetDef) -> None:
    enc, cid = _creature(rs)
    given = set(names_for(enc.state, rs, enc.state.combatants[cid]))
    listed = {name for entry, name, _word in expand(rs.formula_items()) if not entry.given}
    assert sorted(given - listed) == [] and sorted(listed - given) == []


def test_each_name_in_the_registry_evaluates(rs: RulesetDef) -> None:
    enc, cid = _creature(rs)
    c = enc.state.combatants[cid]
    for entry, name, _word in expand(rs.formula_items()):
        moment = {name: 3} if entry.given else None  # a name of the moment comes with it
        assert isinstance(evaluate(name, names_for(enc.state, rs, c, moment)), int), name


def test_a_name_of_the_moment_missing_from_the_registry_is_refused() -> None:
    rs = RulesetDef.model_validate(tomllib.loads(MINI))
    enc, cid = _creature(rs)
    with pytest.raises(RuntimeError, match="damage_type"):
        names_for(enc.state, rs, enc.state.combatants[cid], {"damage_type": 1})
    assert names_for(enc.state, rs, enc.state.combatants[cid], {"before_gone": 2})["before_gone"] == 2


def test_every_name_of_the_moment_is_given_somewhere_in_the_engine() -> None:
    """The reverse: a name listed for a moment that no engine code gives would be one the loader lets
    through and play then fails on."""
    source = "\n".join(p.read_text(encoding="utf-8") for p in ENGINE.rglob("*.py") if p.name != "formula_names.py")
    for entry in NAMES:
        if not entry.given:
            continue
        head = entry.name.split("<")[0]
        shape = rf'f"{head}\{{' if "<" in entry.name else rf"""["']{head}["']"""
        assert re.search(shape, source), entry.name


def test_the_gms_words_come_from_the_registry(rs: RulesetDef) -> None:
    words = labels(rs).names
    pool = rs.pools[0]
    key = pool.id.replace("-", "_")
    assert words[key] == pool.name and words[f"max_{key}"] == f"max {pool.name}"
    assert words["round"] == "Round"
    assert set(words) <= known_names(rs.formula_items(), local=True)


def test_names_with_a_kind_have_a_shape_and_others_do_not() -> None:
    assert has_shape("before_anything") and has_shape("roll") and not has_shape("rolled")


BAD = [
    ('max = 10', 'max = "nope + 1"', "pools[hp].max: unknown name 'nope'"),
    # a name one key has is refused in another: `sf` is for `sf_then` only
    ('heal = ["hp"]', 'heal = ["hp"]\n[[actions]]\nid = "hit"\nname = "Hit"\nrequires = "sf > 1"',
     "actions[hit].requires: unknown name 'sf'"),
    ('heal = ["hp"]', 'heal = ["hp"]\n[[actions]]\nid = "hit"\nname = "Hit"\nrequires = "value > 1"',
     "actions[hit].requires: unknown name 'value'"),
]


@pytest.mark.parametrize("old, new, fragment", BAD)
def test_an_unknown_name_in_a_gms_file_is_refused_with_one_line(tmp_path: Path, old: str, new: str,
                                                                 fragment: str) -> None:
    (tmp_path / "mine.toml").write_text(MINI.replace(old, new), encoding="utf-8")
    cat = load_all(tmp_path)
    assert "mini" not in cat.rulesets
    (problem,) = cat.problems
    assert problem.startswith(f"mine.toml: {fragment}") and "\n" not in problem, problem


def test_a_name_of_an_actions_own_is_accepted_where_it_belongs(tmp_path: Path) -> None:
    action = '\n[[actions]]\nid = "cast"\nname = "Cast"\nvalue = "the cost"\nrequires = "value <= hp"\n'
    (tmp_path / "mine.toml").write_text(MINI + action, encoding="utf-8")
    cat = load_all(tmp_path)
    assert cat.problems == [] and "mini" in cat.rulesets
