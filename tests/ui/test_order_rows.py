"""An order row shows what matters first: the name, health, then the conditions, then the other pools.
Narrow, the pools give way (whole, with `…`) and the conditions take a line of their own, never cut to
nothing: at least a readable name and how many more. A creature hidden from the players says so."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.text import Text

from combat_tui.engine.views.gm import OrderRow
from combat_tui.session import Session, catalogue, demo_copy
from combat_tui.ui.app import CombatApp
from combat_tui.ui.render import condition_badges, row_pool
from combat_tui.ui.widgets.order_pane import OrderPane

from .keys import add_condition, highlight, new_session
from .test_order_pane import same_as_a_full_redraw

SIZES = [(60, 20), (80, 24), (100, 30), (200, 60)]


def fight(tmp_path: Path) -> Session:
    return new_session(tmp_path, "add Kara pc hp=24 init=17", "add 'Bandit Captain' hp=26 init=14",
                       "add Osk pc hp=20 init=12", "start",
                       "cond 'Bandit Captain' prone", "cond 'Bandit Captain' poisoned 2",
                       "cond 'Bandit Captain' slowed", "cond Osk shaken", ruleset="three-action")


def row_of(pane: OrderPane, name: str) -> list[str]:
    """The lines of a creature's row, as drawn."""
    cid = next(r.id for r in pane.order if isinstance(r, OrderRow) and r.name == name)
    index = pane.index_of(cid)
    assert index is not None
    return pane.row_text(index).plain.split("\n")


@pytest.mark.parametrize("size", SIZES)
async def test_every_condition_shows_at_least_by_name_and_count(tmp_path: Path, size: tuple[int, int]) -> None:
    s = fight(tmp_path)
    app = CombatApp(s)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        pane = app.screen.query_one(OrderPane)
        width = pane.scrollable_content_region.width
        for c in s.encounter.state.roster():
            lines = row_of(pane, c.name)
            assert all(Text(line).cell_len <= width for line in lines), f"{c.name} at {size}: {lines}"
            below = " ".join(lines[1:])
            health = c.pools["hp"]
            assert f"HP {health.current}/{health.max}" in below, f"{c.name} at {size}: health first: {lines}"
            names = [s.encounter.rs.condition(cs.id).name for cs in c.conditions if cs.direct]
            if not names:
                continue
            shown = [n for n in names if n in below]
            assert shown, f"{c.name} at {size}: a condition cut to nothing: {lines}"
            assert shown == names[:len(shown)], "in the order they were put on"
            if len(shown) < len(names):
                assert f"+{len(names) - len(shown)} more" in below, f"{c.name} at {size}: {lines}"
            if size[0] >= 200:
                assert len(shown) == len(names) and len(lines) == 2, "wide, a row is two lines, all of it shown"


async def test_pools_wrap_whole_before_conditions(tmp_path: Path) -> None:
    """Narrow, the pools go on as many lines as they need, each whole: none is left out, since the GM
    reads Energy and Agility there as much as Aura."""
    s = new_session(tmp_path, "add 'Reaver the Unbroken' hp=20", "add Seren pc", "start",
                    "cond 'Reaver the Unbroken' bleeding-out", ruleset="energy-stamina")
    app = CombatApp(s)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        pane = app.screen.query_one(OrderPane)
        reaver = row_of(pane, "Reaver the Unbroken")
        assert reaver[1].strip().startswith("Au "), "health first"
        assert not any("…" in line for line in reaver[1:]), f"no pool left out: {reaver}"
        assert all(f" {short} " in " ".join(reaver) for short in ("Au", "En", "Ag", "St")), reaver
        assert "Bleeding out" in reaver[-1], f"the condition on a line of its own: {reaver}"
        seren = row_of(pane, "Seren")
        assert not any(part.endswith(("/", "…/")) for line in seren[1:] for part in line.split()), (
            "no pool is cut in the middle")


@pytest.mark.parametrize("ruleset", ["three-action", "energy-stamina", "body-injury", "time-count", "boon-bane"])
async def test_every_demo_row_shows_each_of_its_pools_whole_and_labelled_at_80_columns(
        tmp_path: Path, ruleset: str) -> None:
    s = Session.open(demo_copy(ruleset, str(tmp_path)), catalogue())
    app = CombatApp(s, str(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        pane = app.screen.query_one(OrderPane)
        width = pane.scrollable_content_region.width
        for row in [r for r in pane.order if isinstance(r, OrderRow)]:
            lines = row_of(pane, row.name)
            below = " ".join(line.strip() for line in lines[1:])
            assert "…" not in below, f"{ruleset} {row.name}: a pool left out: {lines}"
            assert all(Text(line).cell_len <= width for line in lines)
            for pv in row.pools:
                assert pv.short, f"{ruleset}: {pv.name} has no label in the row"
                piece = row_pool(pv).plain
                assert piece in below, f"{ruleset} {row.name}: {piece!r} not whole in {lines}"


def test_a_condition_too_long_for_the_room_keeps_its_start_and_the_count() -> None:
    labels = ["Threshold of Pain reached", "Prone", "Dazed"]
    badge = condition_badges(labels, 16).plain
    assert badge.startswith("Thr") and badge.endswith("… +2 more") and len(badge) <= 16
    badge = condition_badges(labels, 10).plain
    assert badge.startswith("Thr") and badge.endswith("… +2") and len(badge) <= 10
    assert condition_badges(["Prone", "Dazed", "Slowed 1"], 22).plain == "Prone, Dazed, Slowed 1"
    assert condition_badges(["Prone", "Dazed", "Slowed 1"], 21).plain == "Prone, Dazed +1 more"
    assert condition_badges(["Off-guard"], 5).plain == "Off-…"


async def test_a_row_that_gains_a_line_moves_the_rows_below(tmp_path: Path) -> None:
    """A condition that takes a line of its own makes its row taller: the rows below move down, as a
    full redraw would draw them, and the highlight stays on its creature."""
    s = new_session(tmp_path, "add Kara pc hp=24 init=17", "add 'Bandit Captain' hp=26 init=14",
                    "add Osk pc hp=20 init=12", "start", ruleset="three-action")
    app = CombatApp(s)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        pane = app.screen.query_one(OrderPane)
        await highlight(pilot, app, "Bandit Captain")
        before = len(row_of(pane, "Bandit Captain"))
        await add_condition(pilot, app, "poisoned")
        await add_condition(pilot, app, "prone")  # not slowed: its fewer actions would free a line of pools
        assert len(row_of(pane, "Bandit Captain")) == before + 1
        assert pane.highlighted_id() == next(c.id for c in s.encounter.state.roster() if c.name == "Bandit Captain")
        await same_as_a_full_redraw(pilot, pane)
        await pilot.press("u", "u")
        await pilot.pause()
        assert len(row_of(pane, "Bandit Captain")) == before
        await same_as_a_full_redraw(pilot, pane)


@pytest.mark.parametrize("size", [(60, 20), (100, 30)])
async def test_a_hidden_creature_is_marked_in_the_order(tmp_path: Path, size: tuple[int, int]) -> None:
    s = new_session(tmp_path, "add Kara pc init=17", "add 'Bandit Captain of the Ford' init=14 hidden",
                    "add Osk pc init=12", "start", ruleset="three-action")
    app = CombatApp(s)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        pane = app.screen.query_one(OrderPane)
        first = row_of(pane, "Bandit Captain of the Ford")[0]
        assert first.rstrip().endswith(" hidden"), f"the mark survives a long name: {first!r}"
        assert first.split()[1].startswith("Bandit"), "the name keeps its start"
        assert not any(row_of(pane, n)[0].rstrip().endswith("hidden") for n in ("Kara", "Osk"))
        await pilot.press("colon", *"reveal Bandit*", "enter", "escape")
        await pilot.pause()
        assert not row_of(pane, "Bandit Captain of the Ford")[0].rstrip().endswith("hidden")
        await pilot.press("colon", *"hide Osk", "enter", "escape")
        await pilot.pause()
        assert row_of(pane, "Osk")[0].rstrip().endswith(" hidden")


async def test_the_help_says_what_the_hidden_mark_means(tmp_path: Path) -> None:
    app = CombatApp(new_session(tmp_path, "add Kara pc", ruleset="three-action"))
    async with app.run_test(size=(120, 70)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        text = "\n".join(strip.text for strip in app.screen._compositor.render_strips())
        assert "hidden" in text and "players' view leaves" in text


async def test_rows_fit_beside_a_scrollbar_that_came_later(tmp_path: Path) -> None:
    """Ten more creatures bring the scrollbar, and less room: the rows are cut again to what is left."""
    s = new_session(tmp_path, "add 'Aldebrand the Unbowed' pc hp=24 init=17", "add Osk pc init=3", "start",
                    ruleset="three-action")
    app = CombatApp(s)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        pane = app.screen.query_one(OrderPane)
        before = pane.scrollable_content_region.width
        await pilot.press("colon", *"add Bandit x10 hp=9 split", "enter", "escape")
        await pilot.pause()
        await pilot.pause()
        width = pane.scrollable_content_region.width
        assert width < before, "the scrollbar took room"
        name = row_of(pane, "Aldebrand the Unbowed")[0]
        assert Text(name).cell_len <= width and name.endswith("…"), f"cut by the edge, not by the row: {name!r}"
