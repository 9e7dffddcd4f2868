"""What a new GM tripped over in the first hour at the table, each driven with keys as the GM pressed
them: the model, the log and the messages show what happened."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Label

from combat_tui.ui.screens.main import MainScreen
from combat_tui.ui.widgets.command_bar import CommandBar
from combat_tui.ui.widgets.log_pane import LogPane

from .keys import RecordingApp, asking, errors, new_session, pick


def log_text(app: RecordingApp) -> list[str]:
    return [text.plain for text, _ in app.screen.query_one(LogPane)._entries]


async def test_r_rolls_the_dice_typed_after_it(tmp_path: Path) -> None:
    s = new_session(tmp_path, "add Kara pc init=15 hp=20", "add Orc init=10 hp=12", "start", ruleset="three-action")
    app = RecordingApp(s)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("r", *"2d6+3", "enter")
        await pilot.pause()
        assert errors(app) == []
        assert log_text(app)[-2:] == ["[R1 Kara] roll 2d6+3", "  Roll 2d6 (3, 5) + 3 = 11"]


async def test_a_failed_line_is_told_once_and_the_next_line_replaces_it(tmp_path: Path) -> None:
    s = new_session(tmp_path, "add Kara pc init=15 hp=20", "add Orc init=10 hp=12", "start", ruleset="three-action")
    app = RecordingApp(s)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MainScreen)
        logged = len(log_text(app))
        await pilot.press("colon", *"nxt", "enter")
        await pilot.pause()
        assert errors(app) == ["unknown command 'nxt': did you mean next?"]
        assert len(log_text(app)) == logged  # told once: the toast, not the log as well
        bar = app.screen.query_one(CommandBar)
        assert bar.value == "nxt"  # kept, to fix it
        await pilot.press(*"dmg Orc 4", "enter")
        await pilot.pause()
        assert len(errors(app)) == 1  # the new line ran alone: not "nxtdmg Orc 4"
        assert next(c for c in s.encounter.state.roster() if c.name == "Orc").pools["hp"].current == 8
        assert bar.value == ""


async def test_enter_on_an_empty_question_says_why_and_keeps_asking(tmp_path: Path) -> None:
    s = new_session(tmp_path, "add Aeus pc init=6", "add Garret init=7", "start", ruleset="time-count")
    app = RecordingApp(s)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        before = s.encounter.doc.model_dump()
        await pilot.press("a")
        await pick(pilot, app, "attack")
        question = asking(app)
        assert question and "speed factor" in question
        await pilot.press("enter")  # nothing typed: the grey example is not a value
        await pilot.pause()
        assert asking(app) == question  # still asking
        keys = app.screen.query_one("#ask-keys", Label)
        assert "Type a value" in str(keys.render())
        assert s.encounter.doc.model_dump() == before
        await pilot.press("6", "enter")
        await pilot.pause()
        assert asking(app) is None
        assert errors(app) == []
        assert s.encounter.doc.model_dump() != before
        # the next question starts clean
        await pilot.press("d")
        assert "Type a value" not in str(app.screen.query_one("#ask-keys", Label).render())
