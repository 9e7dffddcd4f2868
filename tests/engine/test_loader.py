"""Ruleset files: the shipped five load; a bad file names its key and is skipped; a GM's own appears."""

from __future__ import annotations

from pathlib import Path

import pytest
from mini_ruleset import MINI, SHIPPED

from combat_tui.engine.ruleset import RulesetDef
from combat_tui.engine.state.errors import RulesetError
from combat_tui.store.rulesets import builtin_dir, load_all, load_file


def test_the_shipped_rulesets_load_cleanly() -> None:
    cat = load_all()
    assert set(cat.rulesets) == SHIPPED
    assert cat.problems == []
    for rs in cat.rulesets.values():
        assert rs.conditions and rs.pools and rs.rules, rs.id
        assert all(c.description.strip() for c in rs.conditions), rs.id


def test_user_ruleset_appears_beside_the_five(tmp_path: Path) -> None:
    (tmp_path / "mini.toml").write_text(MINI, encoding="utf-8")
    cat = load_all(tmp_path)
    assert set(cat.rulesets) == SHIPPED | {"mini"}


@pytest.mark.parametrize("change, fragment", [
    (('name = "Prone"', 'name = "Prone"\nimplie = ["x"]'), "conditions[prone].implie"),
    (("max = 10", 'max = "ten"'), "pools[hp].max: unknown name 'ten'"),
    (("max = 10", 'max = "3 +"'), "pools[hp].max"),
    (('absorb = ["hp"]', 'absorb = ["health"]'), "unknown pool 'health'"),
    (('model = "turn-order"', 'model = "sideways"'), "time.model"),
    (('id = "prone"', 'id = "prone"\nvalued = "maybe"'), "conditions[prone].valued"),
    (('heal = ["hp"]', 'heal = ["hp"]\n[[damage.steps]]\nof = "resist"\nname = "resists"\nhow = "explode"'),
     "damage.steps"),
    (('heal = ["hp"]', 'heal = ["hp"]\n[[damage.steps]]\nof = "resist"\nname = "resists"\nhow = "divide"\nby = 0'),
     "divide by 1 or more"),
    (('heal = ["hp"]', 'heal = ["hp"]\n[[damage.steps]]\nof = "vulnerable"\nname = "x"\nhow = "add"'),
     "damage.steps"),
])
def test_bad_user_file_is_named_and_skipped(tmp_path: Path, change: tuple[str, str], fragment: str) -> None:
    (tmp_path / "mine.toml").write_text(MINI.replace(*change), encoding="utf-8")
    cat = load_all(tmp_path)
    assert "mini" not in cat.rulesets
    assert set(cat.rulesets) == SHIPPED
    assert len(cat.problems) == 1 and cat.problems[0].startswith("mine.toml: ")
    assert fragment in cat.problems[0]


def test_not_toml_is_reported(tmp_path: Path) -> None:
    bad = tmp_path / "broken.toml"
    bad.write_text("id = \n", encoding="utf-8")
    with pytest.raises(RulesetError, match=r"broken\.toml: not valid TOML"):
        load_file(bad)


def test_user_file_cannot_take_a_builtin_id(tmp_path: Path) -> None:
    (tmp_path / "fake.toml").write_text(MINI.replace('id = "mini"', 'id = "three-action"'), encoding="utf-8")
    cat = load_all(tmp_path)
    assert any("already taken" in p for p in cat.problems)
    assert cat.rulesets["three-action"].name != "Mini"


def test_builtin_dir_holds_the_data() -> None:
    assert {p.stem for p in builtin_dir().glob("*.toml")} == SHIPPED


def test_a_builtin_file_is_named_after_its_id_so_get_reads_only_that_file(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from combat_tui.store import rulesets as loader

    for path in loader.builtin_dir().glob("*.toml"):
        assert loader.load_file(path).id == path.stem
    read: list[str] = []
    real = loader.load_file

    def counted(path: Path) -> RulesetDef:
        read.append(path.name)
        return real(path)

    monkeypatch.setattr(loader, "load_file", counted)
    cat = load_all()
    rs = cat.get("time-count")
    assert read == ["time-count.toml"]
    assert set(cat.rulesets) == SHIPPED  # the whole list reads the rest, and keeps what was read
    assert cat.rulesets["time-count"] is rs and read.count("time-count.toml") == 1
