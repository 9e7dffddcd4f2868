"""A fight's `end` and what it keeps of the party are one transaction: both on disk, or neither. Before,
the party file was written after the save, so a full disk or a kill between the two left the fight
ended and the party as it was, and `end` could not be given again."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from helpers import cli

from combat_tui.paths import party_state_file
from combat_tui.store import saves


def heroes(capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    code, out, err = cli(capsys, "library", "show", "@Heroes", "--json")
    assert code == 0, err
    return {m["name"]: m["current"]["hp"] for m in json.loads(out)["member"]}


def fight(capsys: pytest.CaptureFixture[str], folder: Path) -> Path:
    """The Heroes (Kara 30, Bryn 20) in a fight of their own, saved in `folder`."""
    setup, path = folder / "setup.combat", folder / "ford.combat"
    for f in (setup, path):
        assert cli(capsys, "new", str(f), "--ruleset", "three-action")[0] == 0
    assert cli(capsys, "do", str(setup), "add Kara pc hp=30", "add Bryn pc hp=20", "party Heroes Kara,Bryn")[0] == 0
    assert cli(capsys, "do", str(path), "add @Heroes", "dmg Kara 4")[0] == 0
    return path


def test_a_full_disk_at_end_keeps_neither_and_end_can_be_given_again(
        capsys: pytest.CaptureFixture[str], disk: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMBAT_TUI_DATA_DIR", str(disk.saves / "data"))  # the party's state on that disk too
    path = fight(capsys, disk.saves)
    before = path.read_bytes()
    disk.fill()
    code, out, err = cli(capsys, "do", str(path), "end")
    assert code == 1 and "nothing saved" in err and err.count("\n") == 1 and out == "", (out, err)
    assert path.read_bytes() == before
    disk.mend()
    assert heroes(capsys) == {"Kara": 30, "Bryn": 20}  # the party kept nothing of a fight not ended
    assert not saves.load(path).state.clock.ended
    code, _, err = cli(capsys, "do", str(path), "end")  # given again: it works now
    assert code == 0, err
    assert heroes(capsys) == {"Kara": 26, "Bryn": 20} and saves.load(path).state.clock.ended


def test_a_party_state_file_that_cannot_be_written_keeps_the_fight_from_ending(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = fight(capsys, tmp_path)
    state = party_state_file()
    held = state.read_bytes()
    state.write_bytes(b"not a database at all, but the GM's notes")
    code, _, err = cli(capsys, "do", str(path), "end")
    assert code == 1 and "nothing saved" in err and err.count("\n") == 1, err
    assert not saves.load(path).state.clock.ended
    assert state.read_bytes() == b"not a database at all, but the GM's notes"  # never written over
    state.write_bytes(held)
    assert cli(capsys, "do", str(path), "end")[0] == 0


@pytest.mark.parametrize("point", ["tx-written", "committed"])
def test_a_kill_at_end_leaves_both_or_neither(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                              point: str) -> None:
    path = fight(capsys, tmp_path)
    proc = subprocess.run([sys.executable, "-m", "combat_tui", "do", str(path), "end"], capture_output=True,
                          env=os.environ | {"COMBAT_TUI_KILL_AT": point})
    assert proc.returncode == -signal.SIGKILL
    ended = saves.load(path).state.clock.ended
    kept = heroes(capsys)["Kara"] == 26
    assert ended == kept == (point == "committed")
