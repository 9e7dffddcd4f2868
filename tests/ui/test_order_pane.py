"""The order pane redraws only the rows a change touched, and what it draws equals a full redraw.

At 1,000 creatures drawing every row again cost more than the command (see `make bench`), so the
pane keeps each row while nothing it shows has changed. These tests hold it to a full redraw after
every kind of change a GM makes with keys."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot

from combat_tui.engine.views.gm_view import gm_view
from combat_tui.session import Session
from combat_tui.ui.app import CombatApp
from combat_tui.ui.screens.main import MainScreen
from combat_tui.ui.widgets.order_pane import OrderPane

from .keys import new_session, press

SIZE = (100, 40)


def session(tmp_path: Path, ruleset: str, *lines: str) -> Session:
    return new_session(tmp_path, *lines, ruleset=ruleset, seed=5)


def rows(pane: OrderPane) -> list[str]:
    return [str(text) for text in pane.row_texts()]


async def same_as_a_full_redraw(pilot: Pilot[None], pane: OrderPane) -> None:
    screen = pane.screen
    assert isinstance(screen, MainScreen)
    assert pane.order == gm_view(screen.session.encounter, screen.selected, screen.marked).order  # kept rows are true
    shown, picture = rows(pane), pilot.app.export_screenshot()
    pane._row_cache.clear()
    pane._row_keys = []
    pane.rebuild()
    await pilot.pause()
    assert rows(pane) == shown
    assert pilot.app.export_screenshot() == picture


async def test_a_command_redraws_only_the_rows_it_changed(tmp_path: Path) -> None:
    s = session(tmp_path, "three-action", "add Kara pc hp=20 init=30", "add Orc x40 hp=9 split", "start")
    app = CombatApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        pane = app.screen.query_one(OrderPane)
        before = pane.row_texts()
        await press(pilot, "n")  # Kara's turn ends: her row and the next one's change, nobody else's
        await pilot.pause()
        changed = [i for i, (a, b) in enumerate(zip(before, pane.row_texts(), strict=True)) if a is not b]
        assert len(changed) == 2
        await same_as_a_full_redraw(pilot, pane)


async def test_every_kind_of_change_draws_what_a_full_redraw_would(tmp_path: Path) -> None:
    s = session(tmp_path, "three-action", "add Kara pc hp=20 init=30", "add Bram pc hp=20 init=25",
                "add Orc x6 hp=9", "start")
    app = CombatApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        pane = app.screen.query_one(OrderPane)
        steps = [["d", "4", "enter"], ["n"], ["down", "space", "down", "space"], ["d", "9", "enter"],
                 ["escape"], ["c", "p", "r", "o", "n", "e", "enter", "enter"], ["u"], ["U"], ["o"],
                 ["n"], ["e"], ["colon", *"remove 'Orc 3'", "enter"], ["u"], ["n", "n", "n"]]
        for keys in steps:
            await press(pilot, *keys)
            await same_as_a_full_redraw(pilot, pane)
        assert s.encounter.doc.cursor > 5  # the steps did change the encounter


async def test_the_time_count_timeline_redraws_as_a_full_redraw_would(tmp_path: Path) -> None:
    s = session(tmp_path, "time-count", "add Zherynn pc", "add Aeus pc", "add Garret", "start")
    app = CombatApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        pane = app.screen.query_one(OrderPane)
        for keys in (["n"], ["d", "3", "enter"], ["n"], ["u"], ["n"]):
            await press(pilot, *keys)
            await same_as_a_full_redraw(pilot, pane)


async def test_moving_the_highlight_draws_what_a_full_redraw_would(tmp_path: Path) -> None:
    s = session(tmp_path, "three-action", "add Kara pc hp=20 init=30", "add Orc x8 hp=9", "start")
    app = CombatApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        pane = app.screen.query_one(OrderPane)
        for keys in (["down"], ["down", "down"], ["up"], ["end"], ["home"], ["n"], ["down"]):
            before = pane.highlighted
            await press(pilot, *keys)
            assert pane.highlighted != before
            await same_as_a_full_redraw(pilot, pane)


async def test_the_turn_pages_the_order_rather_than_creeping(tmp_path: Path) -> None:
    """Past the bottom, the actor goes to the top with those after it below; in between, nothing scrolls."""
    s = session(tmp_path, "three-action", "add Orc x30 hp=9", "start")
    app = CombatApp(s)
    async with app.run_test(size=(100, 24)) as pilot:
        await pilot.pause()
        pane = app.screen.query_one(OrderPane)
        seen = [pane.scroll_y]
        for _ in range(25):
            await press(pilot, "n")
            line = pane.row_span(pane.highlighted or 0)[0]
            top, height = pane.scroll_y, pane.scrollable_content_region.height
            assert top <= line < top + height - 1, "the actor is in view"
            if top != seen[-1]:
                # ... unless the list ends first
                assert line == top or top == pane.max_scroll_y, "when the order scrolls, the actor lands on top"
                seen.append(top)
        assert len(seen) >= 3, "twenty-five turns of two-row creatures went past the pane more than once"
        assert sorted(seen) == seen


async def test_a_page_turn_shows_rows_drawn_beforehand(tmp_path: Path) -> None:
    """The rows the turn pages to are drawn while the GM reads; the page turn's frame draws only the
    rows the turn changed (the new actor's, perhaps the old one's), not a page of them."""
    s = session(tmp_path, "three-action", "add Orc x30 hp=9", "start")
    app = CombatApp(s)
    async with app.run_test(size=(100, 24)) as pilot:
        await pilot.pause()
        pane = app.screen.query_one(OrderPane)
        in_frames = [0]
        render_lines = pane.render_lines

        def counted(crop):  # type: ignore[no-untyped-def]
            before = pane.rows_drawn
            strips = render_lines(crop)
            in_frames[0] += pane.rows_drawn - before
            return strips

        pane.render_lines = counted  # type: ignore[method-assign]
        turns: list[int] = []
        for _ in range(25):
            top, in_frames[0] = pane.scroll_y, 0
            await press(pilot, "n")
            if pane.scroll_y != top:
                turns.append(in_frames[0])
        assert len(turns) >= 2
        assert all(n <= 2 for n in turns), f"rows drawn in each page turn's frame: {turns}"


async def test_keys_and_the_mouse_move_the_highlight_and_skip_headings(tmp_path: Path) -> None:
    """Down wraps round, PageDown and End reach the last creature, a click picks a creature (and the
    sheet follows it), a click on a heading picks nothing."""
    s = session(tmp_path, "three-action", "add Kara pc hp=20 init=30", "add Orc x30 hp=9", "start",
                "hold Kara")
    app = CombatApp(s)
    async with app.run_test(size=(100, 24)) as pilot:
        await pilot.pause()
        pane = app.screen.query_one(OrderPane)
        names = {c.id: c.name for c in s.encounter.state.roster()}
        heading = next(i for i in range(pane.row_count) if pane.row_id(i) is None)
        await press(pilot, "end")
        assert names[pane.highlighted_id() or ""] == "Kara", "the last row, under its heading"
        last = pane.highlighted
        await press(pilot, "down")
        assert pane.highlighted == last != 0, "down from the last row stays there (lists do not wrap)"
        await press(pilot, "home", "up")
        assert pane.highlighted == 0, "up from the first row stays there"
        await press(pilot, "end")
        assert names[pane.highlighted_id() or ""] == "Kara"
        await press(pilot, "home", "pagedown")
        first, _height = pane.row_span(pane.highlighted or 0)
        assert first >= pane.scrollable_content_region.height - 2, "a page down"
        assert pane.scroll_y > 0 and pane.row_id(pane.highlighted or 0) is not None
        await press(pilot, "home")
        assert pane.highlighted == 0 and pane.scroll_y == 0
        assert await pilot.click(OrderPane, offset=(4, 1 + pane.row_span(2)[0]))
        await pilot.pause()
        assert pane.highlighted == 2 and app.screen.selected == pane.row_id(2), "the click picked it"  # type: ignore[attr-defined]
        await press(pilot, "end")
        top = pane.row_span(heading)[0] - round(pane.scroll_y)
        assert await pilot.click(OrderPane, offset=(4, 1 + top))
        await pilot.pause()
        assert names[pane.highlighted_id() or ""] == "Kara", "a heading is never highlighted"
        await same_as_a_full_redraw(pilot, pane)
