"""A group made together (`add Ghoul x4`) stands folded in the order as one line, its members' health at
a glance, and unfolds when the highlight or the turn reaches one of them."""

from __future__ import annotations

from pathlib import Path

from combat_tui.engine.views.gm import GroupRow, OrderRow
from combat_tui.session import Session, catalogue, load_library
from combat_tui.ui.app import CombatApp
from combat_tui.ui.widgets.order_pane import OrderPane

from .keys import new_session


def ghouls(tmp_path: Path) -> Session:
    s = new_session(tmp_path, "add Kara pc hp=20 init=30", ruleset="three-action")
    s.encounter.library = load_library(catalogue())
    for line in ("add Ghoul x4", "init 'Ghoul 1' 5", "start", "dmg 'Ghoul 2' 3"):
        s.run(line)
    return s


def shown(pane: OrderPane) -> list[str]:
    return [pane.row_text(i).plain for i in range(pane.row_count)]


async def test_a_group_is_one_line_until_the_highlight_or_the_turn_reaches_a_member(tmp_path: Path) -> None:
    s = ghouls(tmp_path)
    state = s.encounter.state
    members = [c for c in state.roster() if c.group is not None]
    hp = s.encounter.rs.health_pool()
    assert hp is not None
    app = CombatApp(s)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        pane = app.screen.query_one(OrderPane)
        pane.focus()
        await pilot.pause()
        assert pane.row_count == 2 and isinstance(pane.order[1], GroupRow)
        folded = pane.row_text(1).plain
        assert "Ghoul ×4" in folded and len(folded.split("\n")) <= 2  # as tall as a creature's row, or less
        health = [f"{c.pools[hp].current}/{c.pools[hp].max}" for c in members]
        assert " ".join(health) in folded and health[1] != f"{members[1].pools[hp].max}/{members[1].pools[hp].max}"
        await pilot.press("down")  # onto the folded line: its first member, the group open
        await pilot.pause()
        assert pane.row_count == 5 and pane.highlighted_id() == members[0].id
        assert all(any(f" {c.name}" in line for line in shown(pane)) for c in members)
        await pilot.press("down")  # the next member, not past the group
        await pilot.pause()
        assert pane.highlighted_id() == members[1].id
        await pilot.press("down", "down", "down")  # to the last member, and no further: lists do not wrap
        await pilot.pause()
        assert pane.row_count == 5 and pane.highlighted_id() == members[-1].id
        await pilot.press("up")
        await pilot.pause()
        assert pane.highlighted_id() == members[-2].id
        await pilot.press("home")  # to Kara: folded again (Up onto it from below: test_lists_stay.py)
        await pilot.pause()
        assert pane.highlighted_id() == state.roster()[0].id and pane.row_count == 2
        await pilot.press("n")  # the first ghoul's turn
        await pilot.pause()
        assert [r.id for r in pane.order if isinstance(r, OrderRow)][1:] == [c.id for c in members]
        assert any(r.acting for r in pane.order if isinstance(r, OrderRow) and r.id == members[0].id)


async def test_opening_a_group_far_down_keeps_the_pane_where_it_was(tmp_path: Path) -> None:
    s = new_session(tmp_path, *(f"add 'Guard {n}' hp=9 init={40 - n}" for n in range(12)), ruleset="three-action")
    s.encounter.library = load_library(catalogue())
    for line in ("add Ghoul x3", "init 'Ghoul 1' 5", "start"):
        s.run(line)
    app = CombatApp(s)
    async with app.run_test(size=(80, 16)) as pilot:
        await pilot.pause()
        pane = app.screen.query_one(OrderPane)
        pane.focus()
        await pilot.press("end")  # onto the folded line, far below
        await pilot.pause()
        first = next(c for c in s.encounter.state.roster() if c.group is not None)
        assert pane.highlighted_id() == first.id and isinstance(pane.order[pane.index_of(first.id) or 0], OrderRow)
        top, height = pane.row_span(pane.highlighted or 0)
        assert pane.scroll_y > 0 and pane.scroll_y <= top and top + height <= pane.scroll_y + pane.size.height


async def test_a_folded_group_shows_down_members_apart_from_dead_ones(tmp_path: Path) -> None:
    """Down but alive (0 HP, -1 HP) reads "0/N✗", dead reads †, hurt reads its numbers; opened, a down
    member says so by its name."""
    s = ghouls(tmp_path)  # Ghoul 2 hurt 3
    state, hp = s.encounter.state, s.encounter.rs.health_pool()
    assert hp is not None
    members = [c for c in state.roster() if c.group is not None]
    s.run(f"dmg 'Ghoul 1' {members[0].pools[hp].current}")
    s.run(f"dmg 'Ghoul 3' {members[2].pools[hp].current + 1}")
    s.run("dmg 'Ghoul 4' 99")
    app = CombatApp(s)
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.pause()
        pane = app.screen.query_one(OrderPane)
        pane.focus()
        await pilot.pause()
        folded = pane.row_text(1).plain
        top = [c.pools[hp].max for c in members]
        assert f"0/{top[0]}✗ {members[1].pools[hp].current}/{top[1]} -1/{top[2]}✗ †" in folded, folded
        await pilot.press("down")  # opened on Ghoul 1
        await pilot.pause()
        lines = shown(pane)
        assert any("Ghoul 1 ✗ down" in line for line in lines), lines
        assert any(line.lstrip().startswith("† Ghoul 4") for line in lines), lines
