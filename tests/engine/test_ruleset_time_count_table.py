"""Time-count keys have their own table, `[time_count]`; a file written with them in `[time]` still
reads the same."""

from __future__ import annotations

import tomllib

import pytest
from pydantic import ValidationError

from combat_tui.engine.ruleset import RulesetDef
from combat_tui.store.rulesets import builtin_dir, load_all

KEYS = ("fastest_shift", "past_slowest", "class_shift", "sf_step", "sf_mod")


def _shipped() -> dict[str, object]:
    return tomllib.loads((builtin_dir() / "time-count.toml").read_text(encoding="utf-8"))


def test_the_shipped_file_writes_them_in_their_own_table() -> None:
    data = _shipped()
    assert isinstance(data["time"], dict) and isinstance(data["time_count"], dict)
    assert not set(KEYS) & set(data["time"]) and set(data["time_count"]) == set(KEYS)
    rs = load_all().get("time-count")
    assert rs.time_count.fastest_shift == "rapid" and rs.time_count.past_slowest == 4


def test_a_file_written_the_old_way_reads_the_same() -> None:
    data = _shipped()
    time, count = data["time"], data.pop("time_count")
    assert isinstance(time, dict) and isinstance(count, dict)
    old = {**data, "time": {**time, **count}}
    assert RulesetDef.model_validate(old) == load_all().get("time-count")


def test_a_key_given_in_both_places_is_refused() -> None:
    data = _shipped()
    assert isinstance(data["time"], dict)
    both = {**data, "time": {**data["time"], "past_slowest": 2}}
    with pytest.raises(ValidationError, match=r"time\.past_slowest and time_count\.past_slowest both given"):
        RulesetDef.model_validate(both)
