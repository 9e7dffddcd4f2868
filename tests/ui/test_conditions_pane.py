"""The box below the condition list describes the creature's own conditions; a catalogue entry's
description shows only while the GM browses the list."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import OptionList, Static

from .keys import RecordingApp, highlight, new_session


def description(app: RecordingApp) -> str:
    return str(app.screen.query_one("#cond-description", Static).render())


def in_list(app: RecordingApp) -> bool:
    return isinstance(app.focused, OptionList) and app.focused.id == "all-conditions"


async def test_the_box_describes_the_creatures_own_conditions_until_the_gm_browses(tmp_path: Path) -> None:
    s = new_session(tmp_path, "add Kara pc init=15 hp=20", "add Orc init=10 hp=12", "cond Orc prone", "start",
                    ruleset="three-action")
    rs = s.encounter.rs
    app = RecordingApp(s)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        first = sorted(rs.conditions, key=lambda c: c.name.lower())[0]
        assert description(app).strip() == "", "Kara has no condition: nothing to describe"
        await highlight(pilot, app, "Orc")
        await pilot.pause()
        shown = description(app)
        assert "Prone" in shown and rs.condition("prone").description[:30] in shown
        assert first.description[:30] not in shown  # not the catalogue's first entry
        for _ in range(8):  # Tab to the list, as a GM browses it
            if in_list(app):
                break
            await pilot.press("tab")
        assert in_list(app)
        await pilot.pause()
        assert first.description[:30] in description(app)
        await pilot.press("down")
        await pilot.pause()
        second = sorted(rs.conditions, key=lambda c: c.name.lower())[1]
        assert second.description[:30] in description(app)
        await pilot.press("tab")  # leaving the list: the creature's own again
        await pilot.pause()
        assert not in_list(app)
        assert rs.condition("prone").description[:30] in description(app)
