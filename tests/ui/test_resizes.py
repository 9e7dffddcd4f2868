"""A resize redraws at the new size at once (not at the next key), and the order pane keeps the acting
creature, and the highlighted one, in view: on open, after a turn, and after a resize."""

from __future__ import annotations

from pathlib import Path

from helpers import screen_lines, settle

from combat_tui.session import Session
from combat_tui.ui.app import CombatApp
from combat_tui.ui.widgets.order_pane import OrderPane
from combat_tui.ui.widgets.sheet import Sheet

from .keys import highlight, new_session


def bar_cells(app: CombatApp, label: str) -> int:
    """How many cells the bar of the sheet's `label` line is drawn with, on the screen."""
    sheet = app.screen.query_one(Sheet)
    x, y = sheet.region.x, sheet.region.y
    for line in screen_lines(app)[y:y + sheet.region.height]:
        text = line[x:x + sheet.region.width]
        if text.startswith(label + " "):
            return sum(text.count(ch) for ch in "█░")
    raise AssertionError(f"no {label} line on the sheet")


async def test_bars_are_drawn_at_the_new_width_without_a_key(tmp_path: Path) -> None:
    app = CombatApp(new_session(tmp_path, "add Kara pc hp=24 init=17", "start", ruleset="three-action"))
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        narrow = bar_cells(app, "HP")
        await pilot.resize_terminal(200, 60)
        await pilot.pause()
        wide = bar_cells(app, "HP")
        assert wide > narrow, f"bars still {narrow} cells wide after growing"
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        assert bar_cells(app, "HP") == narrow


def crowd(tmp_path: Path, *more: str) -> Session:
    return new_session(tmp_path, "add Kara pc hp=24 init=30", "add Bandit x12 hp=9", "start", *more,
                       ruleset="three-action")


def in_view(pane: OrderPane, cid: str) -> bool:
    index = pane.index_of(cid)
    assert index is not None
    top, height = pane.row_span(index)
    return pane.scroll_y <= top and top + height <= pane.scroll_y + pane.scrollable_content_region.height


def actor(s: Session) -> str:
    return str(s.encounter.view()["active"][0])


def actor_id(s: Session) -> str:
    return next(c.id for c in s.encounter.state.roster() if c.name == actor(s))


async def test_the_actor_is_in_view_on_open_at_60x20(tmp_path: Path) -> None:
    s = crowd(tmp_path, *["next"] * 11)
    app = CombatApp(s)
    async with app.run_test(size=(60, 20)) as pilot:
        await settle(pilot)
        pane = app.screen.query_one(OrderPane)
        assert in_view(pane, actor_id(s)), f"{actor(s)} acts, off screen"


async def test_the_actor_and_the_highlighted_stay_in_view_after_a_resize(tmp_path: Path) -> None:
    s = crowd(tmp_path, *["next"] * 11)
    app = CombatApp(s)
    async with app.run_test(size=(200, 60)) as pilot:
        await settle(pilot)
        pane = app.screen.query_one(OrderPane)
        await pilot.resize_terminal(60, 20)
        await settle(pilot)
        assert in_view(pane, actor_id(s)), "shrunk: the actor went out of view"
        await pilot.resize_terminal(200, 60)
        await settle(pilot)
        await highlight(pilot, app, "Bandit 12")  # two rows below the actor
        await pilot.resize_terminal(60, 20)
        await settle(pilot)
        assert in_view(pane, pane.highlighted_id() or ""), "the highlighted creature went out of view"
        assert in_view(pane, actor_id(s)), "both fit: the actor stays in view too"


async def test_the_actor_stays_in_view_when_a_prompt_takes_a_row(tmp_path: Path) -> None:
    """A prompt at the start of a turn shows its bar and the panes shrink: the actor, at the bottom of
    the pane, must not go under it."""
    s = new_session(tmp_path, "add Kara pc hp=24 init=30", "add Bandit x5 hp=30", "start",
                    "cond 'Bandit 5' bleeding", ruleset="three-action")
    app = CombatApp(s)
    async with app.run_test(size=(60, 20)) as pilot:
        await settle(pilot)
        pane = app.screen.query_one(OrderPane)
        for _ in range(5):
            await pilot.press("n")
            await settle(pilot)
            assert in_view(pane, actor_id(s)), f"{actor(s)} acts, off screen"
        assert s.encounter.state.prompts, "the bleed prompt is waiting (its bar took a row)"
