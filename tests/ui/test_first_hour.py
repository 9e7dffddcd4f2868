"""What a new GM tripped over in the first hour at the table, each driven with keys as the GM pressed
them: the model, the log and the messages show what happened."""

from __future__ import annotations

from pathlib import Path

from helpers import pool
from textual.widgets import Label

from combat_tui.ui.screens.main import MainScreen
from combat_tui.ui.widgets.command_bar import CommandBar
from combat_tui.ui.widgets.log_pane import LogPane

from .keys import (
    RecordingApp,
    asking,
    choose,
    errors,
    highlight,
    highlighted,
    list_title,
    new_session,
    picking,
    press,
)


def log_text(app: RecordingApp) -> list[str]:
    return [text.plain for text, _ in app.screen.query_one(LogPane)._entries]


async def test_r_rolls_the_dice_typed_after_it(tmp_path: Path) -> None:
    s = new_session(tmp_path, "add Kara pc init=15 hp=20", "add Orc init=10 hp=12", "start", ruleset="three-action")
    app = RecordingApp(s)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await press(pilot, "r", *"2d6+3", "enter")
        assert errors(app) == []
        assert log_text(app)[-2:] == ["[R1 Kara] roll 2d6+3", "  Roll 2d6 (3, 5) + 3 = 11"]


async def test_a_failed_line_is_told_once_and_the_next_line_replaces_it(tmp_path: Path) -> None:
    s = new_session(tmp_path, "add Kara pc init=15 hp=20", "add Orc init=10 hp=12", "start", ruleset="three-action")
    app = RecordingApp(s)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MainScreen)
        logged = len(log_text(app))
        await press(pilot, "colon", *"nxt", "enter")
        assert errors(app) == ["unknown command 'nxt': did you mean next?"]
        assert len(log_text(app)) == logged  # told once: the toast, not the log as well
        bar = app.screen.query_one(CommandBar)
        assert bar.value == "nxt"  # kept, to fix it
        await press(pilot, *"dmg Orc 4", "enter")
        assert len(errors(app)) == 1  # the new line ran alone: not "nxtdmg Orc 4"
        assert next(c for c in s.encounter.state.roster() if c.name == "Orc").pools["hp"].current == 8
        assert bar.value == ""


async def test_enter_on_an_empty_question_says_why_and_keeps_asking(tmp_path: Path) -> None:
    s = new_session(tmp_path, "add Aeus pc init=6", "add Garret init=7", "start", ruleset="time-count")
    app = RecordingApp(s)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        before = s.encounter.doc.model_dump()
        await press(pilot, "a")
        await choose(pilot, app, "attack")
        question = asking(app)
        assert question and "speed factor" in question
        await press(pilot, "enter")  # nothing typed: the grey example is not a value
        await pilot.pause()
        assert asking(app) == question  # still asking
        keys = app.screen.query_one("#ask-keys", Label)
        assert "Type a value" in str(keys.render())
        assert s.encounter.doc.model_dump() == before
        await press(pilot, "6", "enter")
        assert asking(app) is None
        assert errors(app) == []
        assert s.encounter.doc.model_dump() != before
        # the next question starts clean
        await press(pilot, "d")
        assert "Type a value" not in str(app.screen.query_one("#ask-keys", Label).render())


async def test_a_acts_for_whose_turn_it_is_after_hitting_another(tmp_path: Path) -> None:
    s = new_session(tmp_path, "add Kara pc init=10 hp=20", "add Bandit x2 init=15 hp=12", "start",
                    ruleset="three-action")
    app = RecordingApp(s)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert s.encounter.view()["active"] == ["Bandit 1"]
        await highlight(pilot, app, "Kara")
        await press(pilot, "d", "7", "enter")
        assert pool(s, "Kara", "hp") == 13
        assert highlighted(app) == "Kara"  # still on the target, for a condition after the damage
        await press(pilot, "a")  # asks who acts, whose turn it is first: Enter takes it
        assert list_title(app) == "Who acts?"
        await choose(pilot, app, "")
        assert list_title(app) == "Bandit 1 acts"
        await choose(pilot, app, "melee")
        assert list_title(app) == "Melee attack: on whom?"
        await choose(pilot, app, "")  # the one just hit comes first
        assert s.encounter.history()[-1].command == 'act "Bandit 1" "Melee attack" on=Kara'
        assert pool(s, "Bandit 1", "actions") == 2
        assert pool(s, "Kara", "actions") == 3
        # the GM may still choose another (a reaction): in the list of who acts (marks are targets)
        await press(pilot, "a")
        assert list_title(app) == "Who acts?"
        await choose(pilot, app, "kara")
        assert list_title(app) == "Kara acts"
        await choose(pilot, app, "reaction")
        assert pool(s, "Kara", "reactions") == 0 and pool(s, "Bandit 1", "reactions") == 1
        await press(pilot, "d", "1", "enter")  # Kara hit again, then the GM moves on
        await pilot.pause()
        await highlight(pilot, app, "Bandit 2")
        await press(pilot, "a")
        assert list_title(app) == "Bandit 2 acts"


async def test_marks_are_spent_once_an_action_used_them(tmp_path: Path) -> None:
    s = new_session(tmp_path, "add Kara pc init=15 hp=20", "add Orc x3 init=10 hp=10 split", "start",
                    ruleset="three-action")
    app = RecordingApp(s)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, MainScreen)
        await highlight(pilot, app, "Orc 1")
        await press(pilot, "space")
        await highlight(pilot, app, "Orc 3")
        await press(pilot, "space")
        assert len(screen.marked) == 2
        await press(pilot, "d")
        assert asking(app) == "Damage to 2 marked creatures › "
        await press(pilot, "escape")  # cancelled: the marks were not used
        assert len(screen.marked) == 2
        await press(pilot, "d", "4", "enter")
        assert [pool(s, n, "hp") for n in ("Orc 1", "Orc 2", "Orc 3")] == [6, 10, 6]
        assert screen.marked == frozenset()
        await press(pilot, "h")
        assert asking(app) == "Heal Orc 3 › "  # the highlighted one: not "2 marked creatures"


async def test_n_with_a_prompt_waiting_asks_and_the_log_says_what_was_skipped(tmp_path: Path) -> None:
    s = new_session(tmp_path, "add Kara pc init=15 hp=20", "add Orc init=10 hp=12", "start",
                    "prompt Kara poison", ruleset="three-action")
    app = RecordingApp(s)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await press(pilot, "n")
        assert list_title(app) == "Left undone: Kara: Poison waits"
        assert s.encounter.view()["active"] == ["Kara"]  # not passed yet
        await choose(pilot, app, "pass anyway")
        assert s.encounter.view()["active"] == ["Orc"]
        assert "  Left waiting: Kara — Poison" in log_text(app)[-3:]
        assert [p["table"] for p in s.encounter.view()["prompts"]] == ["Poison"]  # still waiting
        await press(pilot, "n")
        await choose(pilot, app, "dismiss")
        assert s.encounter.view()["prompts"] == [] and s.encounter.view()["active"] == ["Orc"]
        await press(pilot, "n")  # nothing left undone: straight on
        await pilot.pause()
        assert picking(app) is None
        assert s.encounter.view()["active"] == ["Kara"]


async def test_n_in_time_count_says_who_has_not_acted_and_lets_it_act(tmp_path: Path) -> None:
    s = new_session(tmp_path, "add Aeus pc init=6", "add Garret init=6", "start", "act Garret sf=6",
                    ruleset="time-count")
    app = RecordingApp(s)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        tc = s.encounter.state.clock.tc
        await press(pilot, "n")
        assert list_title(app) == "Left undone: Aeus has not acted"
        assert s.encounter.state.clock.tc == tc
        await choose(pilot, app, "aeus acts")
        assert list_title(app) == "Aeus acts"
        await choose(pilot, app, "a speed factor")
        await press(pilot, "5", "enter")
        assert errors(app) == []
        await press(pilot, "n")  # both acted: on to the next TC with actors
        await pilot.pause()
        assert picking(app) is None
        assert s.encounter.state.clock.tc > tc
        assert not any("waits a TC" in line for line in log_text(app))
