"""The session: autosave after every change, a failing save keeps everything and retries."""

from __future__ import annotations

from pathlib import Path

import pytest

from combat_tui.engine import storage
from combat_tui.engine.errors import CombatError
from combat_tui.paths import saves_dir
from combat_tui.session import Session, catalogue, demo_copy, list_saves


def test_every_change_is_on_disk(tmp_path: Path) -> None:
    s = Session.create(tmp_path / "a.json", catalogue(), "boon-bane")
    s.run("add Goblin x2 hp=7")
    s.run("dmg 'Goblin 1' 3")
    doc = storage.load(tmp_path / "a.json")
    assert [c.pools["hp"].current for c in doc.state.roster()] == [4, 7]
    s.run("undo")
    assert storage.load(tmp_path / "a.json").cursor == 1


def test_a_failed_save_keeps_state_and_retries(tmp_path: Path) -> None:
    folder = tmp_path / "gone"
    folder.mkdir()
    s = Session.create(folder / "a.json", catalogue(), "boon-bane")
    (folder / "a.json").unlink()
    folder.rmdir()
    folder.write_text("now a file", encoding="utf-8")  # the folder vanished and something took its name
    s.run("add Goblin")
    assert s.save_error is not None and "kept in memory" in s.save_error
    assert len(s.encounter.state.combatants) == 1
    folder.unlink()
    s.run("add Orc")
    assert s.save_error is None
    assert len(storage.load(folder / "a.json").state.combatants) == 2


def test_demo_copy_never_touches_the_original(tmp_path: Path) -> None:
    path = demo_copy("time-count")
    assert path.parent == saves_dir()
    s = Session.open(path, catalogue())
    s.run("next")
    from combat_tui.paths import demo_saves_dir

    original = storage.load(demo_saves_dir() / "time-count.json")
    assert original.cursor < s.encounter.doc.cursor
    with pytest.raises(CombatError, match="no demo"):
        demo_copy("chess")


def test_list_saves_newest_first_and_broken_ones_named(tmp_path: Path) -> None:
    a = Session.create(saves_dir() / "a.json", catalogue(), "boon-bane")
    b = Session.create(saves_dir() / "b.json", catalogue(), "time-count")
    a.encounter.doc.updated = "2026-01-01T00:00:00+00:00"
    a.save()
    b.encounter.doc.updated = "2026-02-01T00:00:00+00:00"
    b.save()
    (saves_dir() / "c.json").write_text("{broken", encoding="utf-8")
    infos = list_saves()
    assert [i.name for i in infos if not i.problem] == ["b", "a"]
    broken = [i for i in infos if i.problem]
    assert len(broken) == 1 and "bad JSON" in (broken[0].problem or "")


def test_save_as_moves_on_to_the_named_file(tmp_path: Path) -> None:
    s = Session.create(tmp_path / "x.json", catalogue(), "boon-bane")
    path = s.save_as("Ford ambush!")
    assert path == saves_dir() / "Ford ambush.json"
    s.run("add Goblin")
    assert len(storage.load(path).state.combatants) == 1
    with pytest.raises(CombatError):
        s.save_as("???")
