"""The session: autosave after every change, a failing save keeps everything and retries."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from combat_tui.engine.state.errors import CombatError, SaveError
from combat_tui.paths import saves_dir
from combat_tui.session import Session, catalogue, demo_copy, list_saves
from combat_tui.store import saves


def test_every_change_is_on_disk(tmp_path: Path) -> None:
    s = Session.create(tmp_path / "a.combat", catalogue(), "boon-bane")
    s.run("add Goblin x2 hp=7")
    s.run("dmg 'Goblin 1' 3")
    doc = saves.load(tmp_path / "a.combat")
    assert [c.pools["hp"].current for c in doc.state.roster()] == [4, 7]
    s.run("undo")
    assert saves.load(tmp_path / "a.combat").cursor == 1


def test_a_failed_save_keeps_state_and_retries(tmp_path: Path) -> None:
    folder = tmp_path / "gone"
    folder.mkdir()
    s = Session.create(folder / "a.combat", catalogue(), "boon-bane")
    shutil.rmtree(folder)  # the save and all
    folder.write_text("now a file", encoding="utf-8")  # the folder vanished and something took its name
    s.run("add Goblin")
    assert s.save_error is not None and "kept in memory" in s.save_error
    assert len(s.encounter.state.combatants) == 1
    folder.unlink()
    s.run("add Orc")
    assert s.save_error is None
    assert len(saves.load(folder / "a.combat").state.combatants) == 2


def test_demo_copy_never_touches_the_original(tmp_path: Path) -> None:
    path = demo_copy("time-count")
    assert path.parent == saves_dir()
    s = Session.open(path, catalogue())
    s.run("next")
    from combat_tui.paths import demo_saves_dir

    original = saves.load(demo_saves_dir() / "time-count.json")
    assert original.cursor < s.encounter.doc.cursor
    with pytest.raises(CombatError, match="no demo"):
        demo_copy("chess")


def test_list_saves_newest_first_and_broken_ones_named(tmp_path: Path) -> None:
    a = Session.create(saves_dir() / "a.combat", catalogue(), "boon-bane")
    b = Session.create(saves_dir() / "b.combat", catalogue(), "time-count")
    a.encounter.doc.updated = "2026-01-01T00:00:00+00:00"
    a.save()
    b.encounter.doc.updated = "2026-02-01T00:00:00+00:00"
    b.save()
    (saves_dir() / "c.combat").write_text("{broken", encoding="utf-8")
    (saves_dir() / "d.json").write_text("{broken", encoding="utf-8")  # an older version's save
    infos = list_saves()
    assert [i.name for i in infos if not i.problem] == ["b", "a"]
    broken = {i.path.name: i.problem or "" for i in infos if i.problem}
    assert "not a combat-tui save" in broken["c.combat"] and "bad JSON" in broken["d.json"]


def test_save_as_moves_on_to_the_named_file(tmp_path: Path) -> None:
    s = Session.create(tmp_path / "x.combat", catalogue(), "boon-bane")
    path = s.save_as("Ford ambush!")
    assert path == saves_dir() / "Ford ambush.combat"
    s.run("add Goblin")
    assert len(saves.load(path).state.combatants) == 1
    with pytest.raises(CombatError):
        s.save_as("???")


def test_a_do_while_the_app_has_the_save_open_lands_and_the_app_takes_it_in(tmp_path: Path) -> None:
    import subprocess
    import sys

    path = tmp_path / "a.combat"
    first = Session.create(path, catalogue(), "boon-bane")
    first.save_in_background(lambda: None)
    first.run("add Goblin")
    first.flush()
    assert first.take_in() is None  # its own writes are not someone else's
    cli = subprocess.run([sys.executable, "-m", "combat_tui", "do", str(path), "add Orc"],
                         capture_output=True, text=True)
    assert cli.returncode == 0, cli.stderr
    taken = first.take_in()
    assert taken is not None and [e.command for e in taken] == ["add Orc"]
    assert sorted(c.name for c in first.encounter.state.roster()) == ["Goblin", "Orc"]
    first.run("add Elf")
    first.run("undo")
    first.run("undo")  # reaches back into what the `do` wrote
    first.close()
    doc = saves.load(path)
    assert [c.name for c in doc.state.roster()] == ["Goblin"]
    assert [e.command for e in doc.log] == ["add Goblin", "add Orc", "add Elf"] and doc.cursor == 1


def test_a_save_changed_behind_our_back_is_not_overwritten(tmp_path: Path) -> None:
    import subprocess
    import sys

    path = tmp_path / "a.combat"
    s = Session.create(path, catalogue(), "boon-bane")
    s.run("add Goblin")
    cli = subprocess.run([sys.executable, "-m", "combat_tui", "do", str(path), "add Hobgoblin"],
                         capture_output=True, text=True)
    assert cli.returncode == 0, cli.stderr
    other = path.read_bytes()
    s.run("add Orc")  # not taken in first: two writers at once
    assert s.save_error is not None and "changed by another combat-tui" in s.save_error
    assert "\n" not in s.save_error
    assert path.read_bytes() == other
    s.save_as("rescued")
    assert [c.name for c in saves.load(saves_dir() / "rescued.combat").state.roster()] == ["Goblin", "Orc"]
    assert [c.name for c in saves.load(path).state.roster()] == ["Goblin", "Hobgoblin"]
    s.close()


def test_a_save_replaced_by_another_file_is_not_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "a.combat"
    s = Session.create(path, catalogue(), "boon-bane")
    s.run("add Goblin")
    Session.create(tmp_path / "b.combat", catalogue(), "time-count").close()
    (tmp_path / "b.combat").replace(path)  # a file manager's copy over it
    s.run("add Orc")
    assert s.save_error is not None and "replaced by another file" in s.save_error
    assert saves.load(path).ruleset == "time-count"
    s.close()


def test_a_copy_is_written_whole_and_never_over_a_file(tmp_path: Path) -> None:
    s = Session.create(tmp_path / "a.combat", catalogue(), "boon-bane")
    s.run("add Goblin hp=7")
    s.write_copy(tmp_path / "copy.combat")
    assert saves.load(tmp_path / "copy.combat").state.combatants.keys() == s.encounter.state.combatants.keys()
    (tmp_path / "taken.combat").write_text("{}", encoding="utf-8")
    with pytest.raises(SaveError, match="already exists"):
        s.write_copy(tmp_path / "taken.combat")
    assert (tmp_path / "taken.combat").read_text(encoding="utf-8") == "{}"


def test_a_rescue_goes_beside_the_save_or_else_in_the_saves_folder(tmp_path: Path) -> None:
    folder = tmp_path / "table"
    folder.mkdir()
    s = Session.create(folder / "ford.combat", catalogue(), "boon-bane")
    beside = s.rescue_path()
    assert beside.parent == folder and beside.name.startswith("ford.rescue-2") and beside.suffix == ".combat"
    s.write_copy(beside)
    assert s.rescue_path() != beside  # a second one in the same second gets its own name
    shutil.rmtree(folder)  # the save's folder went away
    assert s.rescue_path(str(tmp_path / "data")).parent == saves_dir(str(tmp_path / "data"))


def test_unsaved_waits_for_the_save_under_way(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import threading

    s = Session.create(tmp_path / "a.combat", catalogue(), "boon-bane")
    s.save_in_background(lambda: None)
    started, release = threading.Event(), threading.Event()

    def slow_and_full(jobs: object) -> None:
        started.set()
        release.wait(10)
        raise SaveError("cannot save a.combat: the disk is full")

    monkeypatch.setattr(s.db, "write", slow_and_full)
    s.run("add Goblin")
    assert started.wait(10)
    threading.Timer(0.05, release.set).start()  # the write ends only after `unsaved` began to wait
    assert s.unsaved and s.save_error is not None and "disk is full" in s.save_error
    monkeypatch.undo()
    assert s.save() is False or s.save_error is None  # handed over in the background
    s.flush()
    assert s.save_error is None
    assert [c.name for c in saves.load(tmp_path / "a.combat").state.roster()] == ["Goblin"]
    s.close()


def test_a_failed_save_as_changes_nothing(tmp_path: Path) -> None:
    s = Session.create(tmp_path / "x.combat", catalogue(), "boon-bane")
    s.run("add Goblin")
    saves_dir().parent.mkdir(parents=True, exist_ok=True)
    saves_dir().write_text("a file where the saves folder should be", encoding="utf-8")
    with pytest.raises(SaveError):
        s.save_as("Ford ambush")
    assert s.encounter.doc.name == "x" and s.path == tmp_path / "x.combat"
    s.run("add Orc")
    assert s.save_error is None and saves.load(tmp_path / "x.combat").name == "x"
    s.close()


HEROES = """ruleset = "energy-stamina"

[[party]]
name = "Heroes"

[[party.member]]
name = "Kara"
side = "pc"
current = { stamina = 2 }
"""


def test_a_rest_of_a_party_typed_in_an_encounter_is_in_its_log_after_reopening(tmp_path: Path) -> None:
    from combat_tui.session import load_library

    folder = tmp_path / "library"
    folder.mkdir()
    (folder / "party-heroes.toml").write_text(HEROES, encoding="utf-8")
    cat = catalogue()
    path = tmp_path / "a.combat"
    Session.create(path, cat, "energy-stamina").close()
    s = Session.open(path, cat, lib=load_library(cat, str(tmp_path)))
    s.run("add Goblin hp=7")
    lines = s.run("rest short @Heroes")
    s.close()
    again = Session.open(path, cat, lib=load_library(cat, str(tmp_path)))
    last = again.encounter.history()[-1]
    again.close()
    assert last.command == "rest short @Heroes" and last.lines == lines


def test_rolls_around_an_undo_are_kept_in_order_through_a_reopening(tmp_path: Path) -> None:
    path = tmp_path / "a.combat"
    s = Session.create(path, catalogue(), "three-action")
    for line in ("add Orc hp=10", "dmg Orc 3", "roll 1d6", "undo", "roll 1d8"):
        s.run(line)
    s.close()
    s = Session.open(path, catalogue())
    assert [e.command for e in s.encounter.history()] == ["add Orc hp=10", "roll 1d6", "roll 1d8"]
    s.run("redo")
    s.close()
    doc = saves.load(path)
    assert [e.command for e in doc.log] == ["add Orc hp=10", "roll 1d6", "roll 1d8", "dmg Orc 3"]
    assert doc.cursor == 4 and doc.state.roster()[0].pools["hp"].current == 7
