"""A number of thousands of digits in a file from outside: Python refuses to read an int of more than
4,300 digits from text (and to write one as text), so the TOML reader raised a bare ValueError. A
library file, a ruleset or the settings file holding one is now one line naming the file, and the
rest loads."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from combat_tui import paths, settings
from combat_tui.cli import main
from combat_tui.store import saves

HUGE = "9" * 5000  # more digits than Python turns into an int
LONG = "9" * 4000  # fewer: read, then refused by the bounds
RULESETS = Path(__file__).parents[2] / "rulesets"


def run(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "combat_tui", *argv], capture_output=True, text=True, timeout=120,
                          check=False, env=dict(os.environ))


def clean(stderr: str) -> list[str]:
    """stderr's lines, each checked to be for a GM: no traceback, no wall of digits."""
    assert "Traceback" not in stderr and "ValueError" not in stderr and "sys.set_int" not in stderr, stderr[-600:]
    assert not re.search(r"[0-9]{40}", stderr), stderr[:300]
    assert "constrained-int" not in stderr, stderr  # pydantic's name for a branch of a union, not a key
    return stderr.splitlines()


def library_with(number: str) -> Path:
    folder = paths.library_dir(None)
    folder.mkdir(parents=True, exist_ok=True)
    huge = f'ruleset = "three-action"\n[[creature]]\nname = "Huge"\npools = {{ hp = {number} }}\n'
    (folder / "huge.toml").write_text(huge, encoding="utf-8")
    (folder / "fine.toml").write_text('ruleset = "three-action"\n[[creature]]\nname = "Imp"\npools = { hp = 4 }\n',
                                      encoding="utf-8")
    return folder


def ruleset_with(number: str) -> Path:
    folder = paths.user_rulesets_dir()
    folder.mkdir(parents=True, exist_ok=True)
    src = (RULESETS / "boon-bane.toml").read_text(encoding="utf-8")
    (folder / "huge.toml").write_text(src.replace('id = "boon-bane"', f'schema_version = {number}\nid = "huge"', 1),
                                      encoding="utf-8")
    (folder / "house.toml").write_text(src.replace('id = "boon-bane"', 'id = "house"', 1), encoding="utf-8")
    return folder


@pytest.mark.parametrize("number", [HUGE, LONG], ids=["5000 digits", "4000 digits"])
def test_a_library_file_with_a_huge_number_is_one_line_and_the_rest_loads(tmp_path: Path, number: str) -> None:
    library_with(number)
    done = run("library", "--ruleset", "three-action")
    assert done.returncode == 0
    lines = clean(done.stderr)
    assert len(lines) == 1 and lines[0].startswith("skipped: huge.toml: "), lines
    assert "Imp" in done.stdout and "Huge" not in done.stdout
    save = tmp_path / "fight.combat"
    assert run("new", str(save), "--ruleset", "three-action").returncode == 0
    done = run("do", str(save), "add Imp")
    assert done.returncode == 0 and clean(done.stderr) == []
    imp = next(c for c in saves.load(save).state.combatants.values() if c.name == "Imp")
    assert imp.pools["hp"].max == 4  # made from the template in the file that was fine


@pytest.mark.parametrize("number", [HUGE, LONG], ids=["5000 digits", "4000 digits"])
def test_a_ruleset_with_a_huge_number_is_one_line_and_the_others_load(number: str) -> None:
    ruleset_with(number)
    done = run("rulesets")
    assert done.returncode == 0
    lines = clean(done.stderr)
    assert len(lines) == 1 and lines[0].startswith("skipped: huge.toml: "), lines
    assert "house" in done.stdout.split() and "three-action" in done.stdout.split()


def test_help_and_do_are_untouched_by_a_ruleset_with_a_huge_number(tmp_path: Path) -> None:
    ruleset_with(HUGE)
    library_with(HUGE)
    done = run("--help")
    assert done.returncode == 0 and clean(done.stderr) == [] and "house" in done.stdout
    save = tmp_path / "fight.combat"
    assert run("new", str(save), "--ruleset", "house").returncode == 0
    done = run("do", str(save), "add Orc hp=5", "start")
    assert done.returncode == 0 and clean(done.stderr) == []
    done = run("do", str(save), "dmg Nobody 3")  # an error of its own: one line, the bad file not in it
    assert done.returncode == 1 and len(clean(done.stderr)) == 1 and "huge" not in done.stderr


def test_main_says_it_in_one_line_too(capsys: pytest.CaptureFixture[str]) -> None:
    ruleset_with(HUGE)
    library_with(HUGE)
    assert main(["rulesets"]) == 0
    assert len(clean(capsys.readouterr().err)) == 1
    assert main(["library"]) == 0
    err = clean(capsys.readouterr().err)
    assert len(err) == 1 and "huge.toml" in err[0] and "number" in err[0]


@pytest.mark.parametrize("number", [HUGE, LONG], ids=["5000 digits", "4000 digits"])
def test_a_settings_file_with_a_huge_number_is_one_line_and_the_defaults(number: str) -> None:
    path = paths.settings_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f'theme = "nord"\nwidth = {number}\n', encoding="utf-8")
    got = settings.load()
    assert got.problem is not None and "settings.toml" in got.problem
    clean(got.problem)
    if number == HUGE:
        assert "number" in got.problem


async def test_the_app_starts_and_names_the_bad_files_once() -> None:
    from combat_tui.ui import app as app_module
    from combat_tui.ui.app import CombatApp
    from combat_tui.ui.screens.main import MainScreen

    ruleset_with(HUGE)
    library_with(HUGE)
    told: list[str] = []

    class App(CombatApp):
        CSS_PATH = str(Path(app_module.__file__).with_name("app.tcss"))

        def notify(self, message: str, **kw: object) -> None:
            told.append(message)
            super().notify(message, **kw)  # type: ignore[arg-type]

    app = App()
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await pilot.pause()
        app.open_demo("three-action")
        await pilot.pause()
        assert isinstance(app.screen, MainScreen)
        assert app.session is not None
        app.session.run("add Imp")
        assert any(c.name == "Imp" for c in app.session.encounter.state.roster())
    assert app.return_code in (None, 0)
    assert any("huge.toml" in m for m in told)
    for m in told:
        clean(m)


@pytest.mark.parametrize("message, expected", [
    (f'["resize", {{"width": {HUGE}, "height": {HUGE}}}]', None),  # not JSON Python reads: dropped
    (f'["resize", {{"width": {LONG}, "height": "{LONG}"}}]', ("resize", (500, 24))),
    (f'["resize", {{"width": 1e999, "height": -{LONG}}}]', ("resize", (80, 1))),
    (f'["ping", {HUGE}]', None),
    (f'["ping", {LONG}]', None),
])
def test_a_browser_sending_huge_numbers_is_bounded(message: str, expected: object) -> None:
    from combat_tui.players.browser_input import read_message

    assert read_message(message) == expected
