"""The contract between a ruleset's data and the built-in system its `hooks` key names: the ids the
system's code reads are checked when the file loads, never found missing mid-fight."""

from __future__ import annotations

import pkgutil
from pathlib import Path

import pytest
from mini_ruleset import MINI, SHIPPED

from combat_tui.engine.rules import systems
from combat_tui.engine.rules.systems import REGISTRY, system_for
from combat_tui.engine.state.errors import RulesetError
from combat_tui.store.rulesets import builtin_dir, load_all, load_file


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "mine.toml"
    path.write_text(text)
    return path


def test_every_shipped_system_is_in_the_registry() -> None:
    modules = {m.name for m in pkgutil.iter_modules(systems.__path__)}
    assert set(REGISTRY) == modules


@pytest.mark.parametrize("ruleset_id", sorted(SHIPPED))
def test_each_shipped_ruleset_declares_what_its_system_reads(ruleset_id: str) -> None:
    rs = load_file(builtin_dir() / f"{ruleset_id}.toml")
    assert rs.hooks is None or rs.hooks in REGISTRY
    assert system_for(rs).needs.missing(rs) == []


def test_a_ruleset_without_what_its_system_reads_is_refused_at_load(tmp_path: Path) -> None:
    # Before: this loaded, and the first damage raised KeyError 'top' in the middle of a fight.
    path = write(tmp_path, 'hooks = "time_count"\n' + MINI)
    with pytest.raises(RulesetError) as err:
        load_file(path)
    text = str(err.value)
    assert text.startswith("mine.toml: ")
    assert "pool 'top'" in text and "condition 'out-cold'" in text
    assert "\n" not in text


def test_a_renamed_pool_names_the_pool(tmp_path: Path) -> None:
    text = (builtin_dir() / "energy-stamina.toml").read_text()
    assert text.count('id = "aura"') == 1
    renamed = text.replace('"aura"', '"shield"').replace("aura", "shield")
    with pytest.raises(RulesetError, match="pool 'aura'"):
        load_file(write(tmp_path, renamed))


def test_an_unknown_system_is_refused_at_load_and_the_catalogue_goes_on(tmp_path: Path) -> None:
    write(tmp_path, 'hooks = "os"\n' + MINI)
    catalogue = load_all(tmp_path)
    assert "mini" not in catalogue.rulesets
    assert any(p.startswith("mine.toml: hooks 'os' is not a built-in system") for p in catalogue.problems)
    assert set(catalogue.rulesets) >= SHIPPED
