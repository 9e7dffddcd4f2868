"""The GM's `P`: the command for another terminal, and `combat-tui serve` started as a child that the
GM's app stops when it exits."""

from __future__ import annotations

import shlex
from pathlib import Path
from urllib.request import urlopen

import pytest
from helpers import screen_text
from textual.widgets import Static

from combat_tui.players import serving
from combat_tui.session import Session
from combat_tui.store.rulesets import Catalogue
from combat_tui.ui.app import CombatApp
from combat_tui.ui.player.share import ShareDialog

from .test_app import SIZE, fight, wait_for


@pytest.fixture(autouse=True)
def _no_tmux(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TMUX", raising=False)
    monkeypatch.setenv("COLUMNS", str(SIZE[0]))
    monkeypatch.setenv("LINES", str(SIZE[1]))


async def test_p_shows_the_command_and_serves_until_the_app_exits(tmp_path: Path, catalogue: Catalogue) -> None:
    path = fight(tmp_path / "my ford.combat", catalogue)
    app = CombatApp(Session.open(path, catalogue))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("P")
        await pilot.pause()
        assert isinstance(app.screen, ShareDialog)
        command = app.screen.query_one("#share-command", Static).render()
        assert str(command) == f"combat-tui player-view {shlex.quote(str(path))}"
        assert "tmux" not in screen_text(app)  # offered only inside tmux
        await pilot.press("s")
        await wait_for(pilot, lambda: "Open http://127.0.0.1:" in screen_text(app), "the address")
        child = serving.serving(path)
        assert child is not None and child.host == "127.0.0.1"
        with urlopen(child.url, timeout=10) as page:  # the page textual-serve gives a browser
            assert page.status == 200 and b"textual-terminal" in page.read()
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, ShareDialog)
        assert child.alive  # closing the dialog keeps serving
        await pilot.press("P")
        await pilot.pause()
        assert child.url in screen_text(app)  # the same server, shown again
    assert not child.alive and serving.serving(path) is None


async def test_x_stops_the_server(tmp_path: Path, catalogue: Catalogue) -> None:
    path = fight(tmp_path / "ford.combat", catalogue)
    app = CombatApp(Session.open(path, catalogue))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("P", "s")
        await wait_for(pilot, lambda: "Open http://" in screen_text(app), "the address")
        child = serving.serving(path)
        assert child is not None
        await pilot.press("x")
        await wait_for(pilot, lambda: "Not served" in screen_text(app), "the server stopped")
        assert not child.alive
