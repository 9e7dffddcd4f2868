"""The parts that keep a keystroke to one frame: the footer relit in place, views that skip what did
not change, and garbage collected when the GM is quiet. Their speed is measured by `make bench`;
these tests hold what they show to what the slow way would show."""

from __future__ import annotations

import gc
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, cast

from helpers import lines_drawn
from rich.console import Group
from rich.text import Text
from textual.pilot import Pilot
from textual.scroll_view import ScrollView
from textual.widgets._footer import FooterKey

from combat_tui.session import Session, catalogue
from combat_tui.ui import quiet_gc
from combat_tui.ui.app import CombatApp
from combat_tui.ui.widgets.footer import QuietFooter
from combat_tui.ui.widgets.header import QuietTitle
from combat_tui.ui.widgets.order_pane import OrderPane
from combat_tui.ui.widgets.sheet import Sheet
from combat_tui.ui.widgets.view_static import ViewStatic, _signature

from .keys import new_session, press, until


def session(tmp_path: Path) -> Session:
    return new_session(tmp_path, "add Kara pc hp=20 init=20", "add Orc hp=9 init=5", "start",
                       ruleset="three-action", seed=2)


@asynccontextmanager
async def running(tmp_path: Path) -> AsyncIterator[tuple[Session, CombatApp, Pilot[None]]]:
    """The app on Kara and an Orc at 120x30, its first frame drawn."""
    s = session(tmp_path)
    app = CombatApp(s)
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.pause()
        yield s, app, pilot


async def test_the_footer_dims_undo_in_place_and_rebuilds_when_keys_come_and_go(tmp_path: Path) -> None:
    async with running(tmp_path) as (_s, app, pilot):
        footer = app.screen.query_one(QuietFooter)
        keys = {k.action: k for k in footer.query(FooterKey)}
        assert not keys["undo"].disabled
        for _ in range(3):
            await pilot.press("u")  # back to before the fight: nothing left to undo
        await pilot.pause()
        again = {k.action: k for k in footer.query(FooterKey)}
        assert again["undo"] is keys["undo"] and again["undo"].disabled  # the same widget, dimmed
        await pilot.press("U")
        await pilot.pause()
        assert not {k.action: k for k in footer.query(FooterKey)}["undo"].disabled


async def test_a_key_born_dimmed_looks_lit_once_it_works(tmp_path: Path) -> None:
    """Textual gives a footer key born dimmed a look of its own (a class), which the footer's dimming in
    place left on: a new encounter's Undo stayed dimmed after its first command, though it worked."""
    s = Session.create(tmp_path / "new.combat", catalogue(), "three-action")
    app = CombatApp(s)
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.pause()
        undo = {k.action: k for k in app.screen.query(FooterKey)}["undo"]
        assert undo.disabled and undo.has_class("-disabled"), "nothing to undo yet"
        await press(pilot, "colon", *"add Orc hp=5", "enter", "escape")
        await until(pilot, lambda: not undo.disabled, "Undo lit")
        assert not undo.has_class("-disabled"), "Undo works, and still looks dimmed"

async def test_the_footer_is_asked_only_when_a_key_comes_or_goes(tmp_path: Path) -> None:
    async with running(tmp_path) as (s, app, pilot):
        footer = app.screen.query_one(QuietFooter)
        asked: list[bool] = []
        relight = footer.relight

        def relit(screen: Any) -> bool:
            asked.append(True)
            return relight(screen)

        footer.relight = relit  # type: ignore[method-assign]
        await pilot.press("n")  # the screen's first command: the footer hears the keys once
        assert len(asked) == 1
        await pilot.press("n", "n")  # undo was lit already, and stays so: nothing to hear
        assert len(asked) == 1
        for _ in range(len(s.encounter.doc.log)):
            await pilot.press("u")  # back to before the fight: undo goes dim
        await pilot.pause()
        assert asked, "undo's availability changed: the footer hears of it"
        assert {k.action: k for k in footer.query(FooterKey)}["undo"].disabled


async def test_an_answered_question_asks_the_footer_for_its_keys_once_or_twice(tmp_path: Path) -> None:
    """Not while the question holds it (its keys are the question's then): when the focus comes back."""
    async with running(tmp_path) as (_s, app, pilot):
        footer = app.screen.query_one(QuietFooter)
        relight = footer.relight
        asked = 0

        def counting(screen: Any) -> bool:
            nonlocal asked
            asked += 1
            return relight(screen)

        footer.relight = counting  # type: ignore[method-assign]
        for _ in range(2):  # the first damage makes undo possible: the footer's keys change with it
            await pilot.press("d", "3")
            await pilot.pause()
            asked = 0
            await pilot.press("enter")
            for _ in range(3):  # Textual asks for the keys again after the frame
                await pilot.pause()
            assert 1 <= asked <= 2, asked


async def test_a_new_round_redraws_the_title_alone(tmp_path: Path) -> None:
    """The title names the round: Textual laid the whole screen out for a new title, and repainted the
    whole screen for the screen's new title besides."""
    async with running(tmp_path) as (s, app, pilot):
        screen, title = app.screen, app.screen.query_one(QuietTitle)
        whole: list[bool] = []
        layouts: list[bool] = []
        screen_refresh, title_refresh = screen.refresh, title.refresh
        def screen_refreshed(*regions: Any, **kw: Any) -> Any:
            whole.append(not regions)
            return screen_refresh(*regions, **kw)

        def title_refreshed(*regions: Any, layout: bool = False, **kw: Any) -> Any:
            layouts.append(layout)
            return title_refresh(*regions, layout=layout, **kw)

        screen.refresh = screen_refreshed  # type: ignore[method-assign]
        title.refresh = title_refreshed  # type: ignore[method-assign]
        await pilot.press("n", "n")  # Kara, the Orc, then Kara again in round 2
        await pilot.pause()
        assert s.encounter.state.clock.round == 2 and "Round 2" in str(title.visual)
        assert layouts and not any(layouts), "the title was redrawn, in place"
        assert not any(whole), "nothing repainted the whole screen"


async def test_a_view_redraws_only_when_its_text_changed(tmp_path: Path) -> None:
    async with running(tmp_path) as (_s, app, pilot):
        sheet = app.screen.query_one(Sheet)
        shown = sheet._shown
        sheet.render_sheet()  # nothing changed: nothing to draw
        assert sheet._shown is shown
        await pilot.press("d", "4", "enter")  # Kara is highlighted and takes 4
        await pilot.pause()
        assert sheet._shown != shown and any("16/20" in line[0] for line in sheet._shown)
    assert _signature(Group(Text("a"), Text("b", style="bold"))) != _signature(Group(Text("a"), Text("b")))
    assert _signature(Group(Text("a"), Group())) == ((("a", (), "")), ())


async def test_a_condition_added_or_a_turn_passed_lays_nothing_out(tmp_path: Path) -> None:
    """The conditions box keeps room for a few: a layout would redraw the pane and take more frames."""
    async with running(tmp_path) as (s, app, pilot):
        box = app.screen.query_one("#on-creature", ViewStatic)
        height = box.size.height
        layouts: list[bool] = []
        refresh = box.refresh  # asked for by `update(layout=...)` and by the view itself
        def refreshed(*regions: Any, layout: bool = False, **kw: Any) -> Any:
            layouts.append(layout)
            return refresh(*regions, layout=layout, **kw)

        box.refresh = refreshed  # type: ignore[method-assign]
        await pilot.press("c", "p", "r", "o", "enter", "2", "enter")  # Kara is Prone: a line that wraps
        await pilot.pause()
        assert [c["id"] for c in s.encounter.view()["combatants"][0]["conditions"]] == ["prone"]
        for key in ("n", "u", "u"):  # the Orc's turn (nothing on it), then back, then Prone undone
            await pilot.press(key)
            await pilot.pause()
        assert layouts and not any(layouts), "no layout while what it shows fits its height"
        assert box.size.height == height and height < 8
        box.show(Group(*[Text(f"condition {i}") for i in range(8)]))  # more than fits: it grows
        assert layouts[-1] is True


async def test_a_turn_passed_draws_the_sheet_and_the_conditions_once_each(tmp_path: Path) -> None:
    """The screen moves both the revision and the selection the widgets are bound to; they draw once."""
    async with running(tmp_path) as (_s, app, pilot):
        drawn: list[str | None] = []
        for view in app.screen.query(ViewStatic):
            def shown(content: Any, view: ViewStatic = view, show: Any = view.show) -> None:
                drawn.append(view.id)
                show(content)

            view.show = shown  # type: ignore[method-assign]
        await pilot.press("n")
        await pilot.pause()
        assert sorted(drawn, key=str) == ["cond-description", "on-creature", "sheet"]  # the conditions' text too
        assert "Orc" in str(app.screen.query_one(Sheet)._shown)


async def test_damage_redraws_only_the_lines_of_the_sheet_it_changed(tmp_path: Path) -> None:
    """The sheet keeps its height: its health's line is drawn again, not the whole box."""
    async with running(tmp_path) as (_s, app, pilot):
        sheet = app.screen.query_one(Sheet)
        draw = sheet.render_line
        drawn = lines_drawn(sheet)
        before = [draw(y).text for y in range(sheet.size.height)]
        await pilot.press("d", "3")
        await pilot.pause()
        drawn.clear()
        await pilot.press("enter")
        await pilot.pause()
        after = [draw(y).text for y in range(sheet.size.height)]
        changed = [y for y, (old, new) in enumerate(zip(before, after, strict=True)) if old != new]
        assert changed and "17" in after[changed[0]], "Kara's health, 20 less 3"
        screen = cast(Any, app.screen._compositor.render_update(full=True)).strips
        top = sheet.region.y
        assert all(after[y].rstrip() in "".join(s.text for s in screen[top + y]) for y in range(len(after)))
        assert sorted(set(drawn)) == changed


class FakeApp:
    def __init__(self) -> None:
        self.screen_stack: list[Any] = ["default", "main"]  # Textual's default screen under the main one
        self.intervals: list[float] = []
        self.after_refresh: list[Any] = []

    def set_interval(self, seconds: float, callback: Any) -> None:
        self.intervals.append(seconds)

    def call_after_refresh(self, callback: Any) -> None:
        self.after_refresh.append(callback)


def test_garbage_is_collected_and_frozen_only_when_the_gm_is_quiet(monkeypatch: Any) -> None:
    app = FakeApp()
    collector = quiet_gc.QuietCollector(app)
    before = gc.get_threshold()
    try:
        collector.start()
        assert collector.tidied == 1 and gc.get_freeze_count() > 0 and app.intervals == [quiet_gc.EVERY_SECONDS]
        assert gc.get_threshold() == (*before[:2], quiet_gc.FULL_EVERY)
        collector.key()  # a key just now: not quiet
        assert not gc.isenabled(), "no collection between a key and its frame"
        collector.key()
        assert len(app.after_refresh) == 1
        app.after_refresh.pop()()  # the frame is drawn
        assert gc.isenabled()
        collector.tick()
        assert collector.tidied == 1
        collector.last_key = time.monotonic() - quiet_gc.QUIET_SECONDS - 1
        app.screen_stack.append("dialog")  # a dialog is open: it would be frozen with everything else
        collector.tick()
        assert collector.tidied == 1
        app.screen_stack.pop()
        collector.tick()
        assert collector.tidied == 2
        collector.key()
        collector.stop()  # before the key's frame: the collector is on again all the same
        assert gc.isenabled() and gc.get_threshold() == before and gc.get_freeze_count() == 0
        app.after_refresh.pop()()  # a late frame after stopping leaves it alone
        assert gc.isenabled()
    finally:
        gc.enable()
        gc.unfreeze()
        gc.set_threshold(*before)


PANES = {"order", "log", "all-conditions"}  # the panes behind a question that scroll


async def test_a_question_shown_and_put_away_draws_no_scroll_bar_again(tmp_path: Path) -> None:
    """The panes that scroll keep their sizes: a layout of the screen leaves their scroll bars alone (the
    log's moves as it grows, by itself), and a real change of size still reaches them."""
    redrawn: list[str] = []
    async with running(tmp_path) as (s, app, pilot):
        for pane in (w for w in app.screen.query(ScrollView) if w.id in PANES):
            bar = pane.vertical_scrollbar
            refresh = bar.refresh

            def refreshing(*args: Any, pane: ScrollView = pane, refresh: Any = refresh, **kw: Any) -> Any:
                redrawn.append(str(pane.id))
                return refresh(*args, **kw)

            bar.refresh = refreshing  # type: ignore[method-assign]
        await pilot.press("d", "3")
        await pilot.pause()
        redrawn.clear()
        await pilot.press("enter")
        await pilot.pause()
        hit = s.encounter.state.combatants[app.screen.query_one(OrderPane).highlighted_id() or ""]
        assert hit.pools["hp"].current == 17
        # The order's is restyled as the focus comes back; the log's moves twice as it grows (its length,
        # its end followed), and not a third time for the layout.
        assert "all-conditions" not in redrawn and redrawn.count("log") == 2, redrawn
        redrawn.clear()
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert {"log", "all-conditions"} <= set(redrawn)  # the order has too few rows for a scroll bar


async def test_the_app_tidies_when_the_gm_is_quiet_and_not_while_a_screen_is_over_it(tmp_path: Path) -> None:
    """In the app itself: Textual's default screen lies under the encounter's, which alone is no dialog."""
    app = CombatApp(new_session(tmp_path, "add Orc hp=9", "start", ruleset="three-action"))
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: app.collector.tidied == 1, "the collector started after the first frame")
        app.collector.last_key = time.monotonic() - quiet_gc.QUIET_SECONDS - 1
        app.collector.tick()
        assert app.collector.tidied == 2, "a quiet GM, the encounter's screen on top: collected and frozen"
        await press(pilot, "question_mark")  # the keys' help, over the encounter
        app.collector.last_key = time.monotonic() - quiet_gc.QUIET_SECONDS - 1
        app.collector.tick()
        assert app.collector.tidied == 2, "the help screen would be frozen, and kept once closed"
    assert gc.get_freeze_count() == 0, "the app hands back what it froze"
