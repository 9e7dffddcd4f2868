"""The JSON form of a save (demos, exports, older saves): atomic, versioned, and a bad file is refused and
left exactly as it was."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import Make

from combat_tui.engine.encounter import Encounter
from combat_tui.engine.state.document import SCHEMA_VERSION
from combat_tui.engine.state.errors import SaveError
from combat_tui.store import exchange, saves


def saved(make: Make, tmp_path: Path) -> Path:
    enc = make("three-action")
    enc.run("add Orc x2 hp=9")
    enc.run("start")
    path = tmp_path / "e.json"
    saves.save(enc.doc, path)
    return path


def test_round_trip_is_identity(make: Make, tmp_path: Path) -> None:
    path = saved(make, tmp_path)
    doc = saves.load(path)
    assert exchange.dumps(doc) == path.read_text(encoding="utf-8")
    assert doc.schema_version == SCHEMA_VERSION


def test_atomic_write_leaves_no_temp_files(make: Make, tmp_path: Path) -> None:
    saved(make, tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["e.json"]


@pytest.mark.parametrize("content, message", [
    ("{not json", "bad JSON"),
    ('{"app": "something-else"}', "not a combat-tui save"),
    ("[1, 2]", "not a combat-tui save"),
    ('{"app": "combat-tui", "schema_version": 99}', "newer combat-tui"),
    ('{"app": "combat-tui", "schema_version": 1, "ruleset": "x", "state": {"ruleset": 5}}', "damaged save"),
    ("", "bad JSON"),
])
def test_bad_files_are_refused_and_untouched(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(SaveError, match=message) as info:
        saves.load(path)
    assert "\n" not in str(info.value)
    assert path.read_text(encoding="utf-8") == content


def test_truncated_save_is_refused(make: Make, tmp_path: Path) -> None:
    path = saved(make, tmp_path)
    text = path.read_text(encoding="utf-8")
    path.write_text(text[: len(text) // 2], encoding="utf-8")
    with pytest.raises(SaveError):
        saves.load(path)


def test_migration_chain_runs_in_order() -> None:
    def v1_to_v2(d: dict) -> dict:  # type: ignore[type-arg]
        d["renamed"] = d.pop("old")
        return d

    out = exchange.migrate({"schema_version": 1, "old": 3}, {1: v1_to_v2}, target=2)
    assert out == {"schema_version": 2, "renamed": 3}
    with pytest.raises(SaveError, match="no migration"):
        exchange.migrate({"schema_version": 1}, {}, target=2)


def test_folder_that_cannot_exist_is_one_line(make: Make, tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    enc = make("three-action")
    with pytest.raises(SaveError, match="cannot save") as info:
        saves.save(enc.doc, blocker / "sub" / "x.json")
    assert "\n" not in str(info.value)


def test_save_into_a_file_path_that_is_a_folder_fails_cleanly(make: Make, tmp_path: Path) -> None:
    enc = make("three-action")
    (tmp_path / "taken.json").mkdir()
    with pytest.raises(SaveError, match="cannot save"):
        saves.save(enc.doc, tmp_path / "taken.json")
    (tmp_path / "taken.combat").mkdir()  # a database is never made over anything
    with pytest.raises(SaveError, match="already exists; not overwritten"):
        saves.save(enc.doc, tmp_path / "taken.combat")
    assert (tmp_path / "taken.combat").is_dir() and not any((tmp_path / "taken.combat").iterdir())


def test_save_holds_the_log(make: Make, tmp_path: Path) -> None:
    path = saved(make, tmp_path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["cursor"] == len(data["log"]) == 2
    assert data["log"][0]["command"] == "add Orc x2 hp=9"
    enc = Encounter(saves.load(path), make("three-action").rs)
    enc.run("undo")
    assert enc.view()["started"] is False
