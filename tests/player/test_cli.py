"""`combat-tui player-view` and `combat-tui serve` refuse bad input in one line, with no traceback."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from combat_tui import cli
from combat_tui.store.rulesets import Catalogue

from .test_app import fight


def one_error(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1 and "Traceback" not in err, err
    return err


@pytest.mark.parametrize("command", ["player-view", "serve"])
def test_a_missing_or_damaged_save_is_one_line(command: str, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main([command, str(tmp_path / "nope.combat")]) == 1
    assert "no such save" in one_error(capsys)
    bad = tmp_path / "bad.json"
    bad.write_text('{"app": "combat-tui", "schema_', encoding="utf-8")
    assert cli.main([command, str(bad)]) == 1
    assert "not a readable save" in one_error(capsys)
    bad = tmp_path / "bad.combat"
    bad.write_bytes(b"SQLite format 3\x00" + b"\xff" * 2000)  # a database's start, then nothing sound
    assert cli.main([command, str(bad)]) == 1
    assert "bad.combat" in one_error(capsys)


def test_a_port_in_use_is_one_line(tmp_path: Path, catalogue: Catalogue, capsys: pytest.CaptureFixture[str]) -> None:
    path = fight(tmp_path / "ford.combat", catalogue)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert cli.main(["serve", str(path), "--port", str(port)]) == 1
    assert f"cannot listen on 127.0.0.1 port {port}" in one_error(capsys)
    assert cli.main(["serve", str(path), "--port", "70000"]) == 1
    assert "port 70000" in one_error(capsys)
