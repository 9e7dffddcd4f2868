"""The open screen: saves told apart, renamed and deleted with keys (deleting asked first), keys typed
ahead in one burst all landing."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import OptionList

from combat_tui import paths
from combat_tui.session import Session, catalogue, list_saves, open_demo
from combat_tui.store import saves
from combat_tui.ui.screens.open import OpenScreen

from .keys import RecordingApp


def make_save(name: str, title: str = "encounter") -> Path:
    path = saves.named(name)
    path.parent.mkdir(parents=True, exist_ok=True)
    Session.create(path, catalogue(), "three-action", name=title).close()
    return path


def listed(app: RecordingApp) -> list[str]:
    ol = app.screen.query_one("#saves", OptionList)
    return [str(ol.get_option_at_index(i).prompt) for i in range(ol.option_count)]


def test_unnamed_saves_are_told_apart_by_their_file_names() -> None:
    make_save("encounter")
    make_save("encounter 2")
    assert sorted(s.name for s in list_saves()) == ["encounter", "encounter 2"]


def test_a_fresh_demo_copy_is_played_now_so_it_comes_first() -> None:
    make_save("older", "Older fight")
    open_demo("three-action", fresh=True)
    first = list_saves()[0]
    assert first.path == paths.saves_dir() / f"demo-three-action{saves.SUFFIX}", [s.name for s in list_saves()]


async def test_rename_then_delete_typed_in_one_burst_all_land() -> None:
    make_save("goblins", "Goblins")
    app = RecordingApp(None)  # type: ignore[arg-type]
    async with app.run_test(size=(110, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, OpenScreen)
        await pilot.press("r", "ctrl+u", *"ford ambush", "enter", "d", "enter", "d", "y", "enter")
        await pilot.pause()
        assert not saves.named("goblins").exists()
        assert not saves.named("ford ambush").exists(), "d, y, Enter deleted the renamed save"
        assert [m for m in app.notes] == [("information", "Renamed goblins to ford ambush"),
                                          ("information", "ford ambush kept"),
                                          ("information", "Deleted ford ambush")]
        assert app.focused is app.screen.query_one("#saves", OptionList)


async def test_escape_while_asked_renames_nothing() -> None:
    make_save("goblins", "Goblins")
    app = RecordingApp(None)  # type: ignore[arg-type]
    async with app.run_test(size=(110, 30)) as pilot:
        await pilot.pause()
        await pilot.press("r", *"xyz", "escape")
        await pilot.pause()
        assert saves.named("goblins").exists() and isinstance(app.screen, OpenScreen)
        assert any("Goblins" in line for line in listed(app))
