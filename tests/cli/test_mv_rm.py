"""`combat-tui mv` and `rm`: a closed save renamed or deleted as one file; never over another save, never
one being written, and `rm` asks first (or takes --yes)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from helpers import cli

from combat_tui.store import saves


def new(capsys: pytest.CaptureFixture[str], name: str) -> Path:
    assert cli(capsys, "new", name, "--ruleset", "three-action")[0] == 0
    return saves.named(name)


def test_mv_renames_and_never_overwrites(capsys: pytest.CaptureFixture[str]) -> None:
    new(capsys, "goblins")
    new(capsys, "orcs")
    code, out, _ = cli(capsys, "mv", "goblins", "ford ambush")
    assert code == 0 and out == "Renamed goblins to ford ambush\n"
    assert saves.named("ford ambush").is_file() and not saves.named("goblins").exists()
    code, _, err = cli(capsys, "mv", "ford ambush", "orcs")
    assert code == 1 and err.count("\n") == 1 and "already there" in err and saves.named("ford ambush").is_file()
    code, _, err = cli(capsys, "mv", "orcs", "../elsewhere")
    assert code == 1 and "not a save's name" in err and saves.named("orcs").is_file()


def test_rm_asks_first_and_deletes_with_yes(capsys: pytest.CaptureFixture[str]) -> None:
    path = new(capsys, "goblins")
    code, _, err = cli(capsys, "rm", "goblins")  # no terminal to ask on: refused, not deleted
    assert code == 1 and "--yes" in err and path.is_file()
    code, out, _ = cli(capsys, "rm", "goblins", "--yes")
    assert code == 0 and out == "Deleted goblins\n" and not path.exists()
    code, _, err = cli(capsys, "rm", "goblins", "--yes")
    assert code == 1 and "no save called" in err


def test_a_save_being_written_is_neither_renamed_nor_deleted(capsys: pytest.CaptureFixture[str]) -> None:
    path = new(capsys, "goblins")
    other = sqlite3.connect(path, isolation_level=None)  # another process in the middle of a change
    try:
        other.execute("BEGIN IMMEDIATE")
        code, _, err = cli(capsys, "mv", "goblins", "orcs")
        assert code == 1 and "writing it" in err and path.is_file()
        code, _, err = cli(capsys, "rm", "goblins", "--yes")
        assert code == 1 and "writing it" in err and path.is_file()
    finally:
        other.close()
    assert cli(capsys, "rm", "goblins", "--yes")[0] == 0 and not path.exists()


def test_rm_on_a_terminal_deletes_only_on_yes(capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    path = new(capsys, "goblins")

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr("sys.stdin", Terminal("n\n"))
    code, out, _ = cli(capsys, "rm", "goblins")
    assert code == 1 and out.endswith("Not deleted\n") and "Delete goblins for good?" in out and path.is_file()
    monkeypatch.setattr("sys.stdin", Terminal("y\n"))
    code, out, _ = cli(capsys, "rm", "goblins")
    assert code == 0 and out.endswith("Deleted goblins\n") and not path.exists()
