"""Every message the command line gives is one line written for a GM: argparse's too.

argparse printed its usage and then the error (two lines); `roll -1d4` was taken for an option;
`serve --port 0` announced a server on port 0; tmux's failure showed Python's "[Errno 2] ...".
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from combat_tui.players import serving


def run(*argv: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "combat_tui", *argv], capture_output=True, text=True, timeout=60,
                          check=False, cwd=cwd, env=dict(os.environ))


def one_line(text: str) -> str:
    assert text.endswith("\n") and text.count("\n") == 1, text
    assert text.startswith("error: ") and "Traceback" not in text and "usage:" not in text
    return text


@pytest.mark.parametrize("argv", [
    ("roll",), ("roll", "--seed", "x", "1d4"), ("do",), ("show",), ("new", "x"), ("serve",), ("bogus", "--x"),
    ("lookup", "three-action"), ("show", "x", "--nope"), ("--nope",),
], ids=lambda argv: " ".join(argv) or "nothing")
def test_argparse_errors_are_one_line(argv: tuple[str, ...]) -> None:
    done = run(*argv)
    assert done.returncode == 2 and done.stdout == ""
    one_line(done.stderr)


@pytest.mark.parametrize("argv, total", [
    (("roll", "-5"), "= -5"),
    (("roll", "-1d4", "+", "10", "--seed", "3"), "-1d4 ("),
    (("roll", "--seed", "3", "-1d4", "+", "10"), "-1d4 ("),
    (("roll", "--seed=3", "1d20", "-2"), "1d20 ("),
])
def test_a_roll_may_start_with_a_minus(argv: tuple[str, ...], total: str) -> None:
    done = run(*argv)
    assert done.returncode == 0, done.stderr
    assert total in done.stdout


def test_a_seed_anywhere_gives_the_same_roll() -> None:
    assert run("roll", "-1d20", "--seed", "3").stdout == run("roll", "--seed", "3", "-1d20").stdout


@pytest.mark.parametrize("port", ["0", "-1", "65536", "99999999999"])
def test_serve_refuses_a_port_out_of_range(tmp_path: Path, port: str) -> None:
    save = tmp_path / "ford.combat"
    assert run("new", str(save), "--ruleset", "three-action").returncode == 0
    done = run("serve", str(save), "--port", port)
    assert done.returncode == 1 and "Players' view" not in done.stdout
    assert f"port {port}" in one_line(done.stderr) and "1 to 65535" in done.stderr


def test_tmux_missing_is_told_without_python_text(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    def missing(*args: object, **kwargs: object) -> None:
        raise FileNotFoundError(2, "No such file or directory", "tmux")

    monkeypatch.setattr(subprocess, "run", missing)  # the module serving runs tmux with
    message = serving.open_in_tmux(tmp_path / "ford.combat")
    assert message == "tmux: No such file or directory"


def test_a_refused_command_of_a_page_of_text_is_quoted_by_its_start(tmp_path: Path) -> None:
    """The error named the limit and then repeated all 100,000 characters of the note on one line."""
    save = tmp_path / "f.combat"
    assert run("new", str(save), "--ruleset", "three-action").returncode == 0
    assert run("do", str(save), "add Kara pc").returncode == 0
    done = run("do", str(save), "note Kara " + "x" * 100_000)
    assert done.returncode == 1
    one_line(done.stderr)
    assert done.stderr.startswith("error: 'note Kara xxx") and "…'" in done.stderr
    assert "2,000 characters" in done.stderr and len(done.stderr) < 200, done.stderr[:300]
