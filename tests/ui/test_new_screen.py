"""The new-encounter screen: it starts on the ruleset played last, letters pick a ruleset by name, and a
whole form typed in one burst lands."""

from __future__ import annotations

from textual.widgets import OptionList

from combat_tui.session import Session, catalogue
from combat_tui.store import saves
from combat_tui.ui.screens.main import MainScreen
from combat_tui.ui.screens.new import NewScreen

from .keys import RecordingApp


async def test_the_new_screen_starts_on_the_ruleset_played_last() -> None:
    path = saves.named("duel")
    path.parent.mkdir(parents=True)
    Session.create(path, catalogue(), "time-count").close()
    app = RecordingApp(None)  # type: ignore[arg-type]
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NewScreen)
        ol = app.screen.query_one("#ruleset", OptionList)
        assert ol.highlighted is not None and ol.get_option_at_index(ol.highlighted).id == "time-count"


async def test_a_ruleset_typed_by_name_then_the_form_in_one_burst_all_land() -> None:
    app = RecordingApp(None)  # type: ignore[arg-type]
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await pilot.press("n", *"ti", "enter", *"duel", "enter", *"Kara pc hp=10", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, MainScreen), app.notes
        enc = app.screen.session.encounter
        assert enc.rs.id == "time-count" and enc.doc.name == "duel"
        assert [c.name for c in enc.state.roster()] == ["Kara"]


async def test_letters_on_the_rulesets_go_by_word_and_start_again_on_no_match() -> None:
    app = RecordingApp(None)  # type: ignore[arg-type]
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        ol = app.screen.query_one("#ruleset", OptionList)

        def at() -> str | None:
            return None if ol.highlighted is None else ol.get_option_at_index(ol.highlighted).id

        await pilot.press("c")  # a word's start: Time Count
        assert at() == "time-count"
        await pilot.press("b")  # no word starts "cb": "b" starts again, a name's start first
        assert at() == "body-injury"
        await pilot.press("o", "o")
        assert at() == "boon-bane"
        await pilot.press("i")  # "booni" nothing, "i" a word only in Body Injury's name
        assert at() == "body-injury"
