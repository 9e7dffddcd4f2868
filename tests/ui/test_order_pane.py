"""The order pane redraws only the rows a change touched, and what it draws equals a full redraw.

At 1,000 creatures drawing every row again cost more than the command (see `make bench`), so the
pane keeps each row while nothing it shows has changed. These tests hold it to a full redraw after
every kind of change a GM makes with keys."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot

from combat_tui.session import Session
from combat_tui.ui.app import CombatApp
from combat_tui.ui.widgets.order_pane import OrderPane

from .keys import new_session

SIZE = (100, 40)


def session(tmp_path: Path, ruleset: str, *lines: str) -> Session:
    return new_session(tmp_path, *lines, ruleset=ruleset, seed=5)


def rows(pane: OrderPane) -> list[str]:
    return [str(pane.get_option_at_index(i).prompt) for i in range(pane.option_count)]


async def same_as_a_full_redraw(pilot: Pilot[None], pane: OrderPane) -> None:
    shown, picture = rows(pane), pilot.app.export_screenshot()
    pane._row_cache.clear()
    pane._row_keys = []
    pane.rebuild()
    await pilot.pause()
    assert rows(pane) == shown
    assert pilot.app.export_screenshot() == picture


async def test_a_command_redraws_only_the_rows_it_changed(tmp_path: Path) -> None:
    s = session(tmp_path, "three-action", "add Kara pc hp=20 init=30", "add Orc x40 hp=9", "start")
    app = CombatApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        pane = app.screen.query_one(OrderPane)
        before = list(pane._row_texts)
        await pilot.press("n")  # Kara's turn ends: her row and the next one's change, nobody else's
        await pilot.pause()
        changed = [i for i, (a, b) in enumerate(zip(before, pane._row_texts, strict=True)) if a is not b]
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
            await pilot.press(*keys)
            await pilot.pause()
            await same_as_a_full_redraw(pilot, pane)
        assert s.encounter.doc.cursor > 5  # the steps did change the encounter


async def test_the_time_count_timeline_redraws_as_a_full_redraw_would(tmp_path: Path) -> None:
    s = session(tmp_path, "time-count", "add Zherynn pc", "add Aeus pc", "add Garret", "start")
    app = CombatApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        pane = app.screen.query_one(OrderPane)
        for keys in (["n"], ["d", "3", "enter"], ["n"], ["u"], ["n"]):
            await pilot.press(*keys)
            await pilot.pause()
            await same_as_a_full_redraw(pilot, pane)


async def test_moving_the_highlight_draws_what_a_full_redraw_would(tmp_path: Path) -> None:
    s = session(tmp_path, "three-action", "add Kara pc hp=20 init=30", "add Orc x8 hp=9", "start")
    app = CombatApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        pane = app.screen.query_one(OrderPane)
        for keys in (["down"], ["down", "down"], ["up"], ["end"], ["home"], ["n"], ["down"]):
            before = pane.highlighted
            await pilot.press(*keys)
            await pilot.pause()
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
            await pilot.press("n")
            await pilot.pause()
            line = pane._index_to_line[pane.highlighted or 0]
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
        cache = pane._option_render_cache
        in_frames = [0]
        render_lines = pane.render_lines

        def counted(crop):  # type: ignore[no-untyped-def]
            before = cache.misses
            strips = render_lines(crop)
            in_frames[0] += cache.misses - before
            return strips

        pane.render_lines = counted  # type: ignore[method-assign]
        turns: list[int] = []
        for _ in range(25):
            top, in_frames[0] = pane.scroll_y, 0
            await pilot.press("n")
            await pilot.pause()
            if pane.scroll_y != top:
                turns.append(in_frames[0])
        assert len(turns) >= 2
        assert all(n <= 2 for n in turns), f"rows drawn in each page turn's frame: {turns}"
