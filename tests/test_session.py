"""The session: autosave after every change, a failing save keeps everything and retries."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from combat_tui.engine import storage
from combat_tui.engine.errors import CombatError, SaveError
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
    shutil.rmtree(folder)  # the save, its lock and all
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


def test_a_second_tracker_on_one_save_is_refused(tmp_path: Path) -> None:
    import subprocess
    import sys

    path = tmp_path / "a.json"
    first = Session.create(path, catalogue(), "boon-bane")
    # another process (a second terminal) cannot open it, nor change it behind the first one's back
    code = (
        "import sys\n"
        "from pathlib import Path\n"
        "from combat_tui.session import Session, catalogue\n"
        "from combat_tui.engine.errors import CombatError\n"
        "try:\n"
        f"    Session.open(Path({str(path)!r}), catalogue())\n"
        "except CombatError as exc:\n"
        "    print(exc); sys.exit(3)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 3 and "open in another combat-tui" in out.stdout
    cli = subprocess.run([sys.executable, "-m", "combat_tui", "do", str(path), "add Orc"],
                         capture_output=True, text=True)
    assert cli.returncode == 1 and "open in another combat-tui" in cli.stderr
    first.close()
    cli = subprocess.run([sys.executable, "-m", "combat_tui", "do", str(path), "add Orc"],
                         capture_output=True, text=True)
    assert cli.returncode == 0


def test_a_stale_lock_from_a_killed_tracker_is_taken_over(tmp_path: Path) -> None:
    import json
    import socket

    from combat_tui.lock import lock_path

    path = tmp_path / "a.json"
    Session.create(path, catalogue(), "boon-bane").close()
    lock_path(path).write_text(json.dumps({"pid": 2**22 + 12345, "host": socket.gethostname()}), encoding="utf-8")
    (tmp_path / ".a.json.leftover.tmp").write_text("half a save", encoding="utf-8")
    s = Session.open(path, catalogue())
    s.run("add Goblin")
    assert not (tmp_path / ".a.json.leftover.tmp").exists()
    s.close()
    assert not lock_path(path).exists()


def test_a_save_changed_behind_our_back_is_not_overwritten(tmp_path: Path) -> None:
    import os

    path = tmp_path / "a.json"
    s = Session.create(path, catalogue(), "boon-bane")
    s.run("add Goblin")
    other = path.read_text(encoding="utf-8").replace('"name":"Goblin"', '"name":"Hobgoblin"')
    path.write_text(other, encoding="utf-8")
    st = path.stat()
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 10_000_000))
    s.run("add Orc")
    assert s.save_error is not None and "changed on disk" in s.save_error
    assert path.read_text(encoding="utf-8") == other
    s.save_as("rescued")
    assert len(storage.load(saves_dir() / "rescued.json").state.combatants) == 2


def test_a_copy_is_written_whole_and_never_over_a_file(tmp_path: Path) -> None:
    s = Session.create(tmp_path / "a.json", catalogue(), "boon-bane")
    s.run("add Goblin hp=7")
    s.write_copy(tmp_path / "copy.json")
    assert storage.load(tmp_path / "copy.json").state.combatants.keys() == s.encounter.state.combatants.keys()
    (tmp_path / "taken.json").write_text("{}", encoding="utf-8")
    with pytest.raises(SaveError, match="already exists"):
        s.write_copy(tmp_path / "taken.json")
    assert (tmp_path / "taken.json").read_text(encoding="utf-8") == "{}"


def test_a_rescue_goes_beside_the_save_or_else_in_the_saves_folder(tmp_path: Path) -> None:
    folder = tmp_path / "table"
    folder.mkdir()
    s = Session.create(folder / "ford.json", catalogue(), "boon-bane")
    beside = s.rescue_path()
    assert beside.parent == folder and beside.name.startswith("ford.rescue-2") and beside.suffix == ".json"
    s.write_copy(beside)
    assert s.rescue_path() != beside  # a second one in the same second gets its own name
    shutil.rmtree(folder)  # the save's folder went away
    assert s.rescue_path(str(tmp_path / "data")).parent == saves_dir(str(tmp_path / "data"))


def test_unsaved_waits_for_the_save_under_way(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import time

    s = Session.create(tmp_path / "a.json", catalogue(), "boon-bane")
    s.save_in_background(lambda: None)

    import errno
    import os

    real = os.fsync

    def slow_and_full(fd: int) -> None:  # the journal's append ends in an fsync
        time.sleep(0.2)
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", slow_and_full)
    s.run("add Goblin")
    assert s.unsaved and s.save_error is not None
    monkeypatch.setattr(os, "fsync", real)
    s.close()
