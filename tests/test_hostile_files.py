"""Saves that are not what they claim: device files, endless numbers, and well-typed saves whose parts do not
fit together. Each is refused in one line, quickly, by every way in (list, show, do, the session the app
opens), and left exactly as it was."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from combat_tui.engine.encounter import Encounter
from combat_tui.engine.state.errors import SaveError
from combat_tui.paths import saves_dir
from combat_tui.session import Session, catalogue, list_saves
from combat_tui.store import exchange, saves


def run(*argv: str, timeout: float = 20) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "combat_tui", *argv], capture_output=True, text=True,
                          timeout=timeout, env=os.environ | {"COLUMNS": "200"})


def one_line_refusal(proc: subprocess.CompletedProcess[str], *words: str) -> None:
    assert proc.returncode != 0, proc.stdout
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert "Traceback" not in proc.stderr and "Error:" not in proc.stderr.replace("error:", "")
    for word in words:
        assert word in lines[0], lines[0]


def fight() -> dict[str, Any]:
    enc = Encounter.new(catalogue().get("three-action"), seed=2, name="ford")
    for line in ("add Kara pc hp=20 init=15", "add Orc hp=9", "start", "dmg Orc 4", "dmg Kara 25"):
        enc.run(line)
    data: dict[str, Any] = json.loads(exchange.dumps(enc.doc))
    return data


def write(path: Path, data: dict[str, Any] | str) -> bytes:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path.read_bytes()


def refused_everywhere(path: Path, *words: str) -> None:
    """`show`, `do`, `list` and the app's session all refuse it in one line and change nothing."""
    before = path.read_bytes()
    one_line_refusal(run("show", str(path)), *words)
    one_line_refusal(run("do", str(path), "next"), *words)
    with pytest.raises(SaveError) as info:
        Session.open(path, catalogue())
    assert "\n" not in str(info.value) and all(w in str(info.value) for w in words)
    assert path.read_bytes() == before
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name]  # no lock, journal or temp left


# -- numbers of thousands of digits ---------------------------------------------------------------

@pytest.mark.parametrize("digits", [4000, 4301, 20000])
def test_a_number_of_thousands_of_digits_is_refused(tmp_path: Path, digits: int) -> None:
    path = saves_dir() / "big.json"
    text = json.dumps(fight()).replace('"cursor": 5', f'"cursor": {"9" * digits}')
    assert text.count("9" * digits) == 1
    write(path, text)
    refused_everywhere(path, "big.json", "damaged save")
    [info] = list_saves()
    assert info.problem and "damaged save" in info.problem and len(info.problem) < 200
    out = run("list")
    assert out.returncode == 0 and "unreadable" in out.stdout and "Traceback" not in out.stderr


# -- device files and FIFOs ----------------------------------------------------------------------------

def test_a_fifo_as_a_save_is_refused_at_once(tmp_path: Path) -> None:
    path = tmp_path / "pipe.json"
    os.mkfifo(path)
    for argv in (("show", str(path)), ("do", str(path), "next"), ("player-view", str(path))):
        one_line_refusal(run(*argv, timeout=15), "not a regular file")  # a blocking read would time out
    with pytest.raises(SaveError, match="not a regular file"):
        Session.open(path, catalogue())
    assert stat.S_ISFIFO(os.stat(path).st_mode)


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom", "/dev/null"])
def test_a_device_as_a_save_is_refused_at_once(device: str) -> None:
    if not os.path.exists(device):
        pytest.fail(f"{device} is missing on this system")
    one_line_refusal(run("show", device, timeout=15), "not a regular file")
    with pytest.raises(SaveError, match="not a regular file"):
        saves.load(Path(device))


def test_a_fifo_and_a_device_link_in_the_saves_folder_are_listed_not_read(tmp_path: Path) -> None:
    folder = saves_dir()
    folder.mkdir(parents=True)
    write(folder / "good.json", fight())
    os.mkfifo(folder / "pipe.json")
    (folder / "zero.json").symlink_to("/dev/zero")
    infos = {i.path.name: i for i in list_saves()}
    assert infos["good.json"].problem is None
    assert "not a regular file" in (infos["pipe.json"].problem or "")
    assert "not a regular file" in (infos["zero.json"].problem or "")
    out = run("list", timeout=15)
    assert out.returncode == 0 and "good" in out.stdout and out.stdout.count("unreadable") == 2


# -- well-typed saves whose parts do not fit together ------------------------------------------------

def _unknown_table(d: dict[str, Any]) -> None:
    d["state"]["prompts"] = [{"uid": 90, "cid": "c1", "table": "no_such_table", "reason": "bled"}]


def _other_ruleset(d: dict[str, Any]) -> None:  # switched by hand while a bleed roll waits
    d["state"]["prompts"] = [{"uid": 90, "cid": "c1", "table": "bleed", "reason": "bleeding"}]
    d["ruleset"] = d["state"]["ruleset"] = "boon-bane"


def _unknown_key(d: dict[str, Any]) -> None:
    d["log"][-1]["changes"][0]["key"] = "weather"


def _bad_patch_path(d: dict[str, Any]) -> None:
    ch = next(c for e in d["log"] for c in e["changes"] if c.get("patch"))
    ch["before"] = [[["pools", "hp", "colour"], 3]]


def _missing_creature(d: dict[str, Any]) -> None:
    ch = next(c for e in d["log"] for c in e["changes"] if c.get("patch"))
    ch["key"] = "c:c99"


def _bogus_clock(d: dict[str, Any]) -> None:
    ch = next(c for e in d["log"] for c in e["changes"] if c["key"] == "clock")
    ch["before"]["weather"] = "rain"


INCONSISTENT: list[tuple[str, Callable[[dict[str, Any]], None]]] = [
    ("unknown-table", _unknown_table), ("other-ruleset", _other_ruleset), ("unknown-key", _unknown_key),
    ("bad-patch-path", _bad_patch_path), ("missing-creature", _missing_creature), ("bogus-clock", _bogus_clock),
]


@pytest.mark.parametrize("break_it", [b for _, b in INCONSISTENT], ids=[i for i, _ in INCONSISTENT])
def test_an_inconsistent_save_is_refused_when_it_loads(tmp_path: Path, break_it: Callable[[dict[str, Any]], None]) \
        -> None:
    data = fight()
    break_it(data)
    path = tmp_path / "ford.json"
    write(path, data)
    refused_everywhere(path, "ford.json", "damaged save")


def legacy_save(path: Path, commands: list[str], snapshot_after: int = 1, updated: str = "") -> Path:
    """A save as the version before the database wrote it: a JSON snapshot taken after the first
    `snapshot_after` commands, and beside it a journal with one record for each command after."""
    enc = Encounter.new(catalogue().get("three-action"), seed=2, name="ford")
    data: dict[str, Any] = {}
    records: list[str] = []
    for i, line in enumerate(commands, start=1):
        enc.run(line)
        if i == snapshot_after:
            data = json.loads(exchange.dumps(enc.doc))
            data["journal"] = "abc123"
        elif i > snapshot_after:
            n = i - snapshot_after
            event = json.loads(enc.doc.log[-1].model_dump_json())
            records.append(json.dumps({"n": n, "keep": i - 1, "cursor": i, "updated": updated or f"t{n}",
                                       "add": [event]}) + "\n")
    write(path, data)
    journal = path.with_name(f".{path.name}.abc123.journal")
    journal.write_text(json.dumps({"journal": 1, "gen": "abc123", "after": 0}) + "\n" + "".join(records),
                       encoding="utf-8")
    return journal


def test_an_older_save_with_its_journal_opens_whole_and_is_kept_byte_for_byte(tmp_path: Path) -> None:
    path = tmp_path / "ford.json"
    journal = legacy_save(path, ["add Orc hp=9", "dmg Orc 2", "add Kara pc hp=20"])
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    assert [e.command for e in saves.load(path).log] == ["add Orc hp=9", "dmg Orc 2", "add Kara pc hp=20"]
    assert run("do", str(path), "dmg Orc 1").returncode == 0
    played = path.with_suffix(".combat")
    assert [e.command for e in saves.load(played).log][-2:] == ["add Kara pc hp=20", "dmg Orc 1"]
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir() if p != played} == before, "the old files changed"
    assert journal.exists()
    assert run("do", str(path), "dmg Orc 1").returncode == 0  # the JSON again: its database is used
    assert [e.command for e in saves.load(played).log][-2:] == ["dmg Orc 1", "dmg Orc 1"]


def test_a_journal_that_does_not_fit_its_save_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "ford.json"
    journal = legacy_save(path, ["add Orc hp=9", "dmg Orc 2", "dmg Orc 1"])
    lines = journal.read_text(encoding="utf-8").splitlines(keepends=True)
    journal.write_text(lines[0] + lines[-1], encoding="utf-8")  # a record missing in the middle
    before = journal.read_bytes()
    with pytest.raises(SaveError, match="journal is damaged"):
        saves.load(path)
    one_line_refusal(run("do", str(path), "next"), "journal is damaged")
    assert journal.read_bytes() == before
    assert not path.with_suffix(".combat").exists()


def test_a_half_written_last_record_is_dropped(tmp_path: Path) -> None:
    path = tmp_path / "ford.json"
    journal = legacy_save(path, ["add Orc hp=9"])
    with journal.open("a", encoding="utf-8") as fh:
        fh.write('{"n": 2, "keep": 1, "cursor": 2, "upd')  # a kill in the middle of an append
    assert len(saves.load(path).log) == 1
    assert run("do", str(path), "add Kara pc hp=20").returncode == 0
    assert [e.command for e in saves.load(path.with_suffix(".combat")).log] == ["add Orc hp=9", "add Kara pc hp=20"]


def test_an_escape_sequence_in_an_old_journal_never_reaches_the_terminal(tmp_path: Path) -> None:
    path = saves_dir() / "ford.json"
    path.parent.mkdir(parents=True)
    legacy_save(path, ["add Orc hp=9", "dmg Orc 2"], updated="\x1b]0;pwned\x07")
    out = run("list")
    assert out.returncode == 0 and "ford" in out.stdout
    assert "\x1b" not in out.stdout and "\x07" not in out.stdout
    Session.open(path, catalogue()).close()  # the database made from it, nothing changed since
    assert path.with_suffix(".combat").exists()
    out = run("list")
    assert "\x1b" not in out.stdout and "\x07" not in out.stdout and "]0;pwned" in out.stdout


# -- permissions ------------------------------------------------------------------------------------

def test_a_save_keeps_the_permissions_the_gm_gave_it(tmp_path: Path) -> None:
    path = tmp_path / "ford.combat"
    Session.create(path, catalogue(), "three-action").close()
    os.chmod(path, 0o640)
    for i in range(3):
        assert run("do", str(path), f"add Orc{i} hp=9").returncode == 0
        s = Session.open(path, catalogue())
        s.run(f"add Imp{i}")
        s.close()
        assert stat.S_IMODE(os.stat(path).st_mode) == 0o640
    new = tmp_path / "new.combat"
    assert run("new", str(new), "--ruleset", "boon-bane").returncode == 0
    umask = os.umask(0o022)
    os.umask(umask)
    assert stat.S_IMODE(os.stat(new).st_mode) == 0o666 & ~umask


@pytest.mark.parametrize("generation", ["../../elsewhere", "a/b", "x" * 200, "ABC"])
def test_a_journal_name_that_is_not_a_generation_is_refused(tmp_path: Path, generation: str) -> None:
    data = fight()
    data["journal"] = generation
    path = tmp_path / "ford.json"
    write(path, data)
    refused_everywhere(path, "ford.json", "damaged save")


def test_an_old_journal_flipping_the_cursor_back_and_forth_is_read_in_one_pass(tmp_path: Path,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """Undo and redo, thousands of times, kept in an older version's journal: reading it costs as many
    steps as the log is long (it took minutes), and comes to the same state."""
    from combat_tui.engine.state import events
    from combat_tui.store import legacy_journal

    path = tmp_path / "ford.json"
    journal = legacy_save(path, ["add Orc hp=99", *[f"dmg Orc {i % 3 + 1}" for i in range(30)]])
    lines = journal.read_text(encoding="utf-8").splitlines(keepends=True)
    flips = [json.dumps({"n": len(lines) + k, "keep": 31, "cursor": 31 if k % 2 else 0, "updated": "t", "add": []})
             + "\n" for k in range(3000)]  # all undone, all redone, again and again: it ends redone
    journal.write_text("".join(lines + flips), encoding="utf-8")
    steps = {"n": 0}
    for name in ("undo", "redo"):
        real = getattr(events, name)

        def counted(state: Any, event: Any, real: Any = real) -> None:
            steps["n"] += 1
            real(state, event)

        monkeypatch.setattr(legacy_journal, name, counted)
    doc = saves.load(path)
    assert doc.cursor == 31 and steps["n"] <= 2 * 31, steps
    [orc] = doc.state.roster()
    assert orc.pools["hp"].current == 99 - sum(i % 3 + 1 for i in range(30))
