"""Shared fixtures: a catalogue of the shipped rulesets, and a data folder of the test's own."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import Make

from combat_tui.engine.encounter import Encounter
from combat_tui.store.rulesets import Catalogue, load_all


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests marked `long` first: on every core, a long one begun last kept one core busy while the
    others had nothing left (the order of the rest is kept)."""
    items.sort(key=lambda item: item.get_closest_marker("long") is None)


@pytest.fixture(scope="session")
def catalogue() -> Catalogue:
    cat = load_all()
    assert not cat.problems, cat.problems
    return cat


@pytest.fixture(autouse=True)
def _isolated_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No test reads or writes the real user folders: both moved into the test's own, and the platform's
    defaults too, for a test that unsets them (or a process it starts without them)."""
    monkeypatch.setenv("COMBAT_TUI_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("COMBAT_TUI_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))


@pytest.fixture
def make(catalogue: Catalogue) -> Make:
    def _make(ruleset: str, seed: int = 1) -> Encounter:
        return Encounter.new(catalogue.get(ruleset), seed=seed)

    return _make


@pytest.fixture
def enc(request: pytest.FixtureRequest, make: Make) -> Encounter:
    """A new encounter of the test module's `RULESET`, rolled with its `SEED` (1 if it names none).
    A module whose encounter starts with creatures in it keeps a fixture of its own by this name."""
    return make(request.module.RULESET, getattr(request.module, "SEED", 1))


@pytest.fixture
def disk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """A folder on a small disk of its own, to fill up or make read-only (see disks.py)."""
    from disks import Disk

    d = Disk(tmp_path / "disk", monkeypatch)
    try:
        yield d
    finally:
        d.close()


@pytest.fixture
def sized_terminal(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> tuple[int, int]:
    """The app's console as wide as the module's pretend terminal (its `SIZE`), whatever the runner's
    own is, and colours on (a module asks for it with `pytestmark = pytest.mark.usefixtures(...)`)."""
    size: tuple[int, int] = request.module.SIZE
    monkeypatch.setenv("COLUMNS", str(size[0]))
    monkeypatch.setenv("LINES", str(size[1]))
    monkeypatch.delenv("NO_COLOR", raising=False)
    return size
