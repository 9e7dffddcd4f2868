"""Opening the app reads only what its first screen shows: the encounter's own ruleset, and no library
file (checking the library's entries reads every ruleset). The library is read after the first frame,
and what is wrong in it is still told."""

from __future__ import annotations

import gc
from pathlib import Path
from typing import Any

import pytest

from combat_tui import paths
from combat_tui.cli import app_parser, main
from combat_tui.engine.library import reading
from combat_tui.session import Session, catalogue, load_library, open_demo
from combat_tui.store import rulesets as loader
from combat_tui.ui.app import CombatApp

from .keys import RecordingApp

BROKEN = 'ruleset = "boon-bane"\n[[creature]]\nname = "Nobody"\nhp = "lots"\n'


def _count_reads(monkeypatch: pytest.MonkeyPatch) -> tuple[list[str], list[str]]:
    rulesets: list[str] = []
    library: list[str] = []
    load_file, read_text = loader.load_file, reading.read_text

    def counted_load(path: Path) -> Any:
        rulesets.append(path.stem)
        return load_file(path)

    def counted_read(path: Path, *args: Any) -> None:
        library.append(path.name)
        read_text(path, *args)

    monkeypatch.setattr(loader, "load_file", counted_load)
    monkeypatch.setattr(reading, "read_text", counted_read)
    return rulesets, library


def test_the_command_line_opens_a_demo_reading_its_ruleset_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    rulesets, library = _count_reads(monkeypatch)
    seen: dict[str, list[str]] = {}

    def run(self: CombatApp) -> None:  # where the app would draw its first frame
        seen["rulesets"], seen["library"] = list(rulesets), list(library)

    monkeypatch.setattr(CombatApp, "run", run)
    assert main(["--demo", "three-action"]) == 0
    assert seen == {"rulesets": ["three-action"], "library": []}
    app_parser().parse_args(["--demo", "three-action"])
    assert rulesets == ["three-action"]  # the parser reads none: their ids are for its help only


def test_the_help_still_lists_every_ruleset(capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "300")  # no id broken at its hyphen by the wrapping
    app_parser().print_help()
    out = " ".join(capsys.readouterr().out.split())
    assert "(a ruleset id: body-injury, boon-bane, dnd5e, energy-stamina, pf2e, three-action, time-count)" in out


async def test_a_bad_library_entry_is_told_after_the_first_frame(monkeypatch: pytest.MonkeyPatch) -> None:
    folder = paths.library_dir(None)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "broken.toml").write_text(BROKEN)
    rulesets, library = _count_reads(monkeypatch)
    cat = catalogue()
    session = Session.open(open_demo("three-action").path, cat, lib=load_library(cat))
    app = RecordingApp(session)
    assert library == [] and rulesets == ["three-action"]
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.pause()
        warned = [m for sev, m in app.notes if sev == "warning" and "broken.toml" in m]
        assert len(warned) == 1
        assert "broken.toml" in library


async def test_the_collector_is_on_again_once_the_app_is_up() -> None:
    """The command launches with it off (launch.py); the app's collector turns it on after the first frame."""
    gc.disable()
    try:
        cat = catalogue()
        app = RecordingApp(Session.open(open_demo("three-action").path, cat))
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.pause()
            assert gc.isenabled()
    finally:
        gc.enable()
