"""What the terminal shows, frame by frame, is what a whole redraw would show.

The app redraws only what changed, and the question bar and the pick-from-a-list box, widgets of the main
screen on a layer of their own, draw only their box when they come and go. Every frame's bytes are replayed
into a terminal emulator (pyte), and after each key the emulator's screen is compared, cell by cell, with a
whole redraw.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, cast

import pyte
import pytest
from textual import events
from textual.widget import Widget
from textual.widgets import Input, OptionList

from combat_tui import paths
from combat_tui.session import Session, catalogue, demo_copy
from combat_tui.ui.app import CombatApp
from combat_tui.ui.screens.main import MainScreen
from combat_tui.ui.screens.open import OpenScreen
from combat_tui.ui.widgets.pick_list import PickList
from combat_tui.ui.widgets.question_bar import QuestionBar

from .keys import asking, new_session, picking, settled

Cell = tuple[str, str, str, bool, bool, bool]


def cells(screen: pyte.Screen) -> list[list[Cell]]:
    """Each cell's character and look; a space's foreground colour shows nothing, so it is left out."""
    out = []
    for y in range(screen.lines):
        row = screen.buffer[y]
        out.append([(c.data, c.fg if c.data.strip() or c.underscore or c.reverse else "", c.bg, c.bold,
                     c.reverse, c.underscore) for c in (row[x] for x in range(screen.columns))])
    return out


class Terminal:
    """Replays every frame the app draws, as a terminal would receive it."""

    def __init__(self, app: CombatApp, width: int, height: int) -> None:
        self.app = app
        self.screen = pyte.Screen(width, height)
        self.stream = pyte.Stream(self.screen)
        self.frames: list[tuple[str, Any]] = []  # (screen class, update) since the last key
        self.shown: list[list[list[Cell]]] | None = None  # when a list: what the terminal shows after each frame
        original = app._display

        def display(screen: Any, update: Any) -> None:
            if update is not None:
                self.stream.feed(cast(Any, update).render_segments(app.console))
                self.frames.append((type(screen).__name__, update))
                if self.shown is not None:
                    self.shown.append(cells(self.screen))
            original(screen, update)

        app._display = display  # type: ignore[method-assign, assignment]

    def resize(self, width: int, height: int) -> None:
        self.screen.resize(height, width)

    def whole(self) -> list[list[Cell]]:
        """A whole redraw of what is on top now."""
        app = self.app
        update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
        reference = pyte.Screen(self.screen.columns, self.screen.lines)
        pyte.Stream(reference).feed(cast(Any, update).render_segments(app.console))
        return cells(reference)

    def differs(self) -> list[int]:
        shown, whole = cells(self.screen), self.whole()
        return [y for y in range(self.screen.lines) if shown[y] != whole[y]]

    def drawn_outside(self, app: CombatApp, *selectors: str) -> set[int]:
        """Rows with a cell drawn since the last key outside these widgets, the order pane (the focus
        moved to or from it, and Textual redraws such a widget) and the scroll bars (Textual redraws
        them on every layout)."""
        screen = app.screen
        regions = [screen.query_one(selector).region for selector in selectors] + [screen.query_one("#order").region]
        regions += [w.vertical_scrollbar.region for w in screen.query(Widget) if w.show_vertical_scrollbar]
        rows: set[int] = set()
        for _name, update in self.frames:
            spans = update.spans if hasattr(update, "spans") else [
                (y, update.region.x, update.region.right) for y in range(update.region.y, update.region.bottom)]
            for y, x1, x2 in spans:
                if any(not any(r.contains(x, y) for r in regions) for x in range(x1, x2)):
                    rows.add(y)
        return rows

    def rows_drawn(self) -> set[int]:
        rows: set[int] = set()
        for _name, update in self.frames:
            if hasattr(update, "spans"):
                rows |= {y for y, _x1, _x2 in update.spans}
            else:
                rows |= set(range(update.region.y, update.region.bottom))
        return rows


def fight(tmp_path: Path) -> Any:
    return new_session(tmp_path, "add Orc x3 init=12 hp=15", "add Kara init=15 hp=20 side=pc",
                       "add Bram init=8 hp=18 side=pc", "start", "cond \"Orc 2\" prone", ruleset="three-action")


@asynccontextmanager
async def watched(tmp_path: Path) -> AsyncIterator[tuple[CombatApp, Any, Terminal]]:
    """The app on a small fight at 100x30, its frames replayed into a terminal from a whole one on."""
    app = CombatApp(fight(tmp_path))
    async with app.run_test(size=(100, 30)) as pilot:
        term = Terminal(app, 100, 30)
        app.screen.refresh()
        await pilot.pause()
        yield app, pilot, term


async def keys_match(pilot: Any, term: Terminal, *keys: str) -> None:
    for key in keys:
        term.frames.clear()
        await pilot.press(key)
        await pilot.pause()
        assert term.differs() == [], f"after {key!r} these rows show other than a whole redraw"


async def test_turns_and_new_rounds_leave_the_terminal_as_a_whole_redraw(tmp_path: Path) -> None:
    """A new round retitles the header in place (neither a layout nor a whole repaint)."""
    async with watched(tmp_path) as (app, pilot, term):
        await keys_match(pilot, term, *["n"] * 7, "u", "u", "U")
        assert app.session is not None and app.session.encounter.state.clock.round == 2


async def test_a_new_round_is_titled_in_the_frame_of_its_first_turn(tmp_path: Path) -> None:
    """Textual's header hears of a new title a message after the screen set it: the turn was drawn, and
    "Round 2" in the header a frame (a timer's tick) later."""
    async with watched(tmp_path) as (app, pilot, term):
        assert app.session is not None
        while app.session.encounter.state.clock.round == 1:
            term.shown = []
            await keys_match(pilot, term, "n")
        assert term.shown, "the new round was drawn"
        assert term.shown[0] == term.shown[-1], "the first frame of the new round left part of it to a later one"
        assert "Round 2" in "".join(cell[0] for cell in term.shown[0][0]), "the header says the round"

async def test_a_letter_in_the_command_bar_shows_its_completion_in_its_frame(tmp_path: Path) -> None:
    """Textual's suggester answers from a worker, by a message: the grey completion went at each letter and
    came back a frame later, and the input's new width laid the whole screen out at each."""
    async with watched(tmp_path) as (app, pilot, term):
        await keys_match(pilot, term, "colon")
        layouts: list[object] = []
        app.screen.screen_layout_refresh_signal.subscribe(app.screen, layouts.append)
        for key in "dm":
            term.shown = []
            await keys_match(pilot, term, key)
            assert term.shown, f"nothing drawn after {key!r}"
            assert term.shown[0] == term.shown[-1], f"the first frame after {key!r} left part of it to a later one"
        assert layouts == [], "a letter laid the screen out"
        assert term.shown is not None
        bar = "".join(cell[0] for cell in term.shown[-1][-2])
        assert "dmg" in bar, f"no completion shown after dm: {bar!r}"  # the g greyed

async def test_the_footer_changes_with_the_command_bar_in_its_frame(tmp_path: Path) -> None:
    """In the bar the letters type, and the footer shows none of the keys they would be: Textual rebuilt
    the footer after the bar's frame, both ways. It now hides and shows the keys it holds."""
    from combat_tui.ui._textual_compat import FooterKey

    async with watched(tmp_path) as (app, pilot, term):
        held = set(app.screen.query(FooterKey))
        for key, shown in [("colon", False), ("escape", True), ("colon", False), ("escape", True)]:
            term.shown = []
            await keys_match(pilot, term, key)
            assert term.shown, f"nothing drawn after {key!r}"
            assert term.shown[0] == term.shown[-1], f"the first frame after {key!r} left part of it to a later one"
            footer = "".join(cell[0] for cell in term.shown[0][-1])
            assert ("Next" in footer) is shown, f"after {key!r} the footer reads {footer!r}"
        assert set(app.screen.query(FooterKey)) == held, "the footer was built again"

async def test_a_prompt_s_keys_come_into_the_footer_in_the_frame_of_its_turn(tmp_path: Path) -> None:
    """The footer held no key for a prompt until one came, and Textual rebuilt it after the turn's frame:
    the prompt's keys (roll it, give a value, dismiss) a frame after the prompt. It now holds them hidden."""
    app = CombatApp(new_session(tmp_path, "add Orc hp=15 init=12", "add Kara init=15 hp=20 side=pc", "start",
                                "cond Orc poisoned 2", ruleset="three-action"))
    async with app.run_test(size=(120, 30)) as pilot:
        term = Terminal(app, 120, 30)
        app.screen.refresh()
        await pilot.pause()
        term.shown = []
        await keys_match(pilot, term, "n")  # the Orc's turn: its poison's prompt
        assert term.shown
        assert "Prompt" in "".join(cell[0] for cell in term.shown[-1][-1]), "no prompt's keys in the footer"
        assert term.shown[0] == term.shown[-1], "the prompt's keys came into the footer a frame after its turn"


async def test_a_prompt_coming_and_going_restyles_the_footer_once(tmp_path: Path) -> None:
    """The prompt's keys do not fit beside the others in full, so the footer goes compact with them: it went
    back as they went, every turn, and each time every key was restyled and drawn again (most of the
    prompt's key). Compact once at a width, it stays so there."""
    from combat_tui.ui._textual_compat import FooterKey
    from combat_tui.ui.widgets.footer import QuietFooter

    app = CombatApp(new_session(tmp_path, "add Orc hp=15 init=12", "add Kara init=15 hp=20 side=pc", "start",
                                "cond Orc poisoned 2", ruleset="three-action"))
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.pause()
        footer = app.screen.query_one(QuietFooter)
        assert not footer.compact, "the keys fit in full before any prompt"
        looks = []
        for key in ["n", "u", "n", "u"]:  # the Orc's turn brings its poison's prompt; undo takes it away
            await pilot.press(key)
            await settled(app)
            looks.append(footer.compact)
        assert looks == [True, True, True, True], f"the footer's compact look, key by key: {looks}"
        shown = [k.description for k in footer.query(FooterKey) if k.display]
        assert "Next" in shown and "Undo" in shown, f"the footer shows {shown}"


async def test_questions_and_lists_leave_the_terminal_as_a_whole_redraw(tmp_path: Path) -> None:
    async with watched(tmp_path) as (_app, pilot, term):
        await keys_match(pilot, term, "d", "3", "enter", "n", "d", "escape", "h", "2", "enter")
        # a list, then a question that follows from its answer, then the command
        await keys_match(pilot, term, "c", "p", "r", "o", "enter", "1", "enter", "u")
        # the list filtered smaller shows the screen beneath where it was; cancelled, then again
        await keys_match(pilot, term, "c", "b", "l", "i", "escape", "c", "escape", "d", "4", "enter")
        # an answer, then help before the answer's frame: help's dimmed screen leaves nothing behind
        await pilot.press("d", "2", "enter", "question_mark")
        await pilot.pause()
        await keys_match(pilot, term, "escape", "n")


async def test_a_question_shown_again_draws_its_row_and_the_answer_redraws_no_more(tmp_path: Path) -> None:
    async with watched(tmp_path) as (app, pilot, term):
        await pilot.press("d", "escape")  # its first showing draws the whole screen
        await pilot.pause()
        await keys_match(pilot, term, "d")
        assert asking(app)
        assert 28 in term.rows_drawn() and term.drawn_outside(app, "#ask") == set(), \
            "asking again draws the question's row, and the pane it took the focus from, alone"
        await keys_match(pilot, term, "escape")
        assert isinstance(app.screen, MainScreen) and not asking(app)
        assert 28 in term.rows_drawn() and term.drawn_outside(app, "#command") == set(), \
            "a cancelled question redraws its row, and the pane the focus goes back to, alone"
        await keys_match(pilot, term, "d", "5", "enter")
        assert 28 in term.rows_drawn() and len(term.rows_drawn()) < 30, "no whole redraw for an answer"
        await keys_match(pilot, term, "c", "escape")
        await keys_match(pilot, term, "c")
        assert picking(app) is not None
        assert term.drawn_outside(app, "#choose") == set(), \
            "the list draws its box, and the pane it took the focus from, alone"


async def test_a_resize_or_a_message_while_asking_leaves_nothing_behind(tmp_path: Path) -> None:
    async with watched(tmp_path) as (app, pilot, term):
        await keys_match(pilot, term, "d", "escape", "d")
        app.notify("the table's pizza is here", timeout=30)
        await pilot.pause()
        await keys_match(pilot, term, "escape")
        term.resize(90, 26)
        await pilot.resize_terminal(90, 26)
        await pilot.pause()
        await keys_match(pilot, term, "d")
        term.resize(100, 30)
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        await keys_match(pilot, term, "7", "enter", "c", "escape")


async def test_the_question_bar_and_the_list_are_built_before_the_first_question(tmp_path: Path) -> None:
    async with watched(tmp_path) as (app, pilot, _term):
        asker, chooser = app.screen.query_one(QuestionBar), app.screen.query_one(PickList)
        assert asker.is_mounted and chooser.is_mounted, "built with the screen"
        assert not asker.display and not chooser.display, "hidden until asked"
        field = asker.query_one("#ask-input")
        assert isinstance(app.screen, MainScreen)
        await pilot.press("d")
        await pilot.pause()
        assert asking(app) and asker.query_one("#ask-input") is field, "shown, not built again"


async def test_a_question_or_a_list_shown_again_shows_its_cursor_at_once(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """The blink restarts when shown again, not half a second after an earlier showing."""
    restarted: list[Input] = []
    restart = Input._restart_blink

    def spy(self: Input) -> None:
        restarted.append(self)
        restart(self)

    monkeypatch.setattr(Input, "_restart_blink", spy)
    async with watched(tmp_path) as (app, pilot, _term):
        for key, field in [("d", "#ask-input"), ("c", "#filter")] * 3:
            restarted.clear()
            await pilot.press(key)
            shown = app.screen.query_one(field, Input)
            # A blink lasts half a second from its restart: restarted at the showing, the cursor is on for
            # the whole half second, however slowly the machine got here.
            assert shown in restarted, f"the cursor's blink went on from an earlier showing after {key!r}"
            assert shown._cursor_visible, f"the cursor is off after {key!r}"
            await pilot.press("escape")
            await pilot.pause()


async def test_a_list_shown_again_after_a_filter_is_whole_in_its_first_frame(tmp_path: Path) -> None:
    """Hidden, the list cannot measure its lines: filled again with more than it held, it was drawn at
    first with its old height, and it and its scroll bar a frame later."""
    async with watched(tmp_path) as (_app, pilot, term):
        await keys_match(pilot, term, "c", "p", "r", "o", "escape")  # put away holding one entry
        term.shown = []
        await keys_match(pilot, term, "c")
        assert term.shown, "the list was drawn"
        assert term.shown[0] == term.shown[-1], "the first frame after c left part of the list to a later one"



async def test_a_filter_letter_and_the_list_it_filters_are_drawn_in_one_frame(tmp_path: Path) -> None:
    """Textual sends a widget's redraw once that widget is idle: the input's at once, the list's and its
    description's after the screen drew the letter (a frame later, at 60 frames a second)."""
    async with watched(tmp_path) as (_app, pilot, term):
        await keys_match(pilot, term, "c")
        for key in "pr":  # each changes the entries shown, and the description under them
            term.shown = []
            await keys_match(pilot, term, key)
            assert term.shown, f"nothing drawn after {key!r}"
            assert term.shown[0] == term.shown[-1], f"the first frame after {key!r} left the list to a later one"


async def test_a_letter_that_leaves_the_list_as_it_is_draws_the_letter_alone(tmp_path: Path) -> None:
    async with watched(tmp_path) as (app, pilot, term):
        await keys_match(pilot, term, "c", "p", "r", "o")  # one entry left: Prone
        picker = app.screen.query_one(PickList)
        await keys_match(pilot, term, "down")  # stays: the only entry
        term.frames.clear()
        await keys_match(pilot, term, "n")
        assert term.drawn_outside(app, "#filter") == set(), "the list was drawn again, unchanged"
        assert picker.query_one(OptionList).highlighted == 0
        await keys_match(pilot, term, "escape", "c")  # a new pick fills its list again, whole
        assert picker.query_one(OptionList).option_count > 1


async def test_a_list_shown_is_laid_out_once(tmp_path: Path) -> None:
    """Each of its parts asked for the layout once idle; the first asked, the screen laid out and drew,
    and the rest asked again: the same layout, twice."""
    async with watched(tmp_path) as (app, pilot, _term):
        await pilot.press("c", "escape")  # built and sized once
        await pilot.pause()
        layouts: list[object] = []
        app.screen.screen_layout_refresh_signal.subscribe(app.screen, layouts.append)
        await pilot.press("c")
        for _ in range(5):
            await pilot.pause()
        assert picking(app)
        assert len(layouts) == 1, f"{len(layouts)} layouts to show the list"

async def test_a_list_put_away_untouched_leaves_the_next_pick_its_size(tmp_path: Path) -> None:
    """Hidden, the description's box has no width; a pick put away before its description was written
    again never learnt it, so the next pick's box grew to fit and each letter laid the list out again."""
    async with watched(tmp_path) as (app, pilot, term):
        await keys_match(pilot, term, "c", "escape", "c")
        box = app.screen.query_one(PickList).region
        await keys_match(pilot, term, "p", "r")  # other entries, other descriptions
        assert app.screen.query_one(PickList).region == box, "the box was laid out again on a letter"

# -- the first keys after an encounter is opened ------------------------------------------------------

OPENED = ("add Orc x2 hp=500", "add Kara pc hp=500 init=30", "start", "dmg Kara 100")
FIRST_BURSTS = [  # (keys typed in one burst, what the terminal must then show)
    ("d 1 3 5 enter", ["HP 265/500", "Kara takes 135 damage"]),  # in the order pane, the sheet, the log
    ("h 5 0 enter", ["HP 450/500", "Kara heals 50"]),
    ("c p r o n enter enter", ["Prone", "cond Kara prone"]),
    ("a m e l enter enter", ["Actions ●●○", "act Kara \"Melee attack\" on=\"Orc 1\""]),  # on whom: a foe
    ("n", ["▶", "next"]),
    ("colon d m g space K a r a space 7 enter escape", ["HP 393/500", "dmg Kara 7"]),
]


def typed_ahead(app: CombatApp, keys: str) -> None:
    """Every key of `keys` (space-separated, as Textual names them) posted at once, as a terminal
    delivers keys typed ahead."""
    characters = {"space": " ", "colon": ":", "enter": "\r", "escape": "\x1b"}
    for key in keys.split():
        app.post_message(events.Key(key, characters.get(key, key if len(key) == 1 else None)))


def shown(term: Terminal) -> str:
    return "\n".join("".join(cell[0] for cell in row) for row in cells(term.screen))


def opened_save(folder: Path) -> Path:
    session = new_session(folder, *OPENED, ruleset="three-action")
    session.close()
    return session.path


async def first_burst(app: CombatApp, pilot: Any, term: Terminal, keys: str, expect: list[str],
                      at_once: bool = False) -> None:
    """The burst, as a terminal delivers keys typed ahead, once the screen is drawn and its question bar
    and list are built (or `at_once`); then the terminal must show what it did."""
    assert isinstance(app.screen, MainScreen)
    while not (at_once or (app.screen.query_one(PickList).is_mounted and term.frames)):
        await pilot.pause()
    before = len(app.screen.session.encounter.history())
    typed_ahead(app, keys)
    await settled(app)  # every key of the burst, and what it left to do
    await pilot.pause()  # and the frames that follow
    assert isinstance(app.screen, MainScreen), f"{keys!r} left {app.screen!r} open"
    assert len(app.screen.session.encounter.history()) == before + 1, f"{keys!r} ran no command"
    text = shown(term)
    for words in expect:
        assert words in text, f"after {keys!r} the terminal does not show {words!r}:\n{text}"
    assert term.differs() == [], f"after {keys!r} these rows show other than a whole redraw"


@pytest.mark.parametrize("at_once", [False, True], ids=["drawn", "at once"])
@pytest.mark.parametrize(("keys", "expect"), FIRST_BURSTS, ids=[k.split()[0] for k, _e in FIRST_BURSTS])
async def test_the_first_keys_after_opening_a_save_are_drawn(tmp_path: Path, keys: str, expect: list[str],
                                                             at_once: bool) -> None:
    """The first question's answer, typed ahead, ran (and was saved) while the question's first frame was
    still due, and the screen beneath showed nothing of it: 500/500, no line in the log."""
    app = CombatApp(Session.open(opened_save(tmp_path), catalogue()))
    term = Terminal(app, 80, 24)  # from the first frame on
    async with app.run_test(size=(80, 24)) as pilot:
        await first_burst(app, pilot, term, keys, expect, at_once)


async def test_the_first_keys_after_a_demo_are_drawn(tmp_path: Path) -> None:
    app = CombatApp(Session.open(demo_copy("three-action", str(tmp_path)), catalogue()))
    term = Terminal(app, 80, 24)
    async with app.run_test(size=(80, 24)) as pilot:
        await first_burst(app, pilot, term, "d 4 enter", ["takes 4 damage"])


@pytest.mark.parametrize("way", ["open screen", "ctrl+o", "new encounter"])
async def test_the_first_keys_after_the_open_and_new_screens_are_drawn(tmp_path: Path, way: str) -> None:
    data = str(tmp_path)
    saved = opened_save(paths.saves_dir(data))
    app = CombatApp(Session.open(demo_copy("boon-bane", data), catalogue()) if way == "ctrl+o" else None, data)
    term = Terminal(app, 80, 24)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        if way == "ctrl+o":
            await pilot.press("ctrl+o")
            await pilot.pause()
        if way == "new encounter":
            await pilot.press("n")
            rulesets = app.screen.query_one("#ruleset", OptionList)
            rulesets.highlighted = next(i for i in range(rulesets.option_count)
                                        if rulesets.get_option_at_index(i).id == "three-action")
            await pilot.press("tab", *"ford", "tab", "ctrl+a", "ctrl+k", *"Kara pc hp=500 init=30", "ctrl+s")
        else:
            assert isinstance(app.screen, OpenScreen)
            pick = app.screen.query_one(OptionList)
            pick.highlighted = next(i for i in range(pick.option_count)
                                    if pick.get_option_at_index(i).id == f"save:{saved}")
            await pilot.press("enter")
        await pilot.pause()
        await first_burst(app, pilot, term, "d 1 3 5 enter", ["HP 365/500" if way == "new encounter" else "HP 265/500",
                                                              "Kara takes 135 damage"])
