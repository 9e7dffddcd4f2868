"""The sheet shows what the GM typed about a creature: its stats by the ruleset's names, its note, and
counters only where they say something; health comes first, where a short sheet still shows it."""

from __future__ import annotations

from pathlib import Path

from rich.console import Group
from rich.text import Text

from combat_tui.ui.widgets.sheet import Sheet

from .keys import RecordingApp, highlight, new_session


def sheet_lines(app: RecordingApp) -> list[str]:
    content = app.screen.query_one(Sheet).content
    assert isinstance(content, Group)
    return [line for r in content.renderables if isinstance(r, Text) for line in r.plain.splitlines()]


async def test_the_sheet_shows_stats_by_name_and_the_note(tmp_path: Path) -> None:
    s = new_session(tmp_path, "add Kara pc init=15 hp=20", 'add Orc init=10 hp=12 pdef=14 notes="flees at half"',
                    "start", ruleset="three-action")
    app = RecordingApp(s)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await highlight(pilot, app, "Orc")
        await pilot.pause()
        lines = sheet_lines(app)
        assert lines[0].startswith("Orc")
        assert lines[1].startswith("HP "), lines  # health first
        shown = " ".join(lines)
        assert "Physical Defense 14" in shown and "Mental Defense 10" in shown
        assert "pdef" not in shown  # the ruleset's name, never its id
        assert "Note: flees at half" in lines
        orc = next(c for c in s.encounter.state.roster() if c.name == "Orc")
        for sd in s.encounter.rs.stats:  # each stat whole on one line, never broken across two
            if orc.stats[sd.id] == 0 == sd.default:  # nothing to say: left off
                assert not any(f"{sd.name} 0" in line for line in lines), sd.name
                continue
            assert any(f"{sd.name} {orc.stats[sd.id]}" in line for line in lines), sd.name


async def test_stats_at_a_zero_default_are_left_off_and_a_typed_one_shows(tmp_path: Path) -> None:
    s = new_session(tmp_path, "add Goblin init=6 ar=2", "add Hale pc init=3", "start", ruleset="boon-bane")
    app = RecordingApp(s)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await highlight(pilot, app, "Goblin")
        await pilot.pause()
        shown = " ".join(sheet_lines(app))
        assert "Armor Rating 2" in shown
        assert "Resistance 0" not in shown and "Magical Armor Rating" not in shown, shown


async def test_zero_counters_are_never_counted_in_a_lump(tmp_path: Path) -> None:
    s = new_session(tmp_path, "add Zherynn pc init=6", "add Garret init=7", "start", ruleset="time-count")
    app = RecordingApp(s)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lines = sheet_lines(app)
        assert lines[0].startswith("Zherynn")
        assert not any("counters" in line for line in lines), lines
        assert lines[1].startswith("Hit points")
        shown = " ".join(lines)
        assert "Movement rate (ft) 20" in shown and "Vigor 10" in shown
        await pilot.press("colon", *"gain Zherynn charges 2", "enter", "escape")
        await pilot.pause()
        assert any(line.startswith("Spell charges 2") for line in sheet_lines(app)), sheet_lines(app)


async def test_the_body_map_shows_the_creatures_own_body(tmp_path: Path) -> None:
    s = new_session(tmp_path, "add Ysolde pc init=12", "add Wolf body=quadruped init=8", "start",
                    "injure Wolf leg.2", ruleset="body-injury")
    app = RecordingApp(s)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        human = " ".join(sheet_lines(app))
        assert "Humanoid" in human and "arm×2" in human and "tail" not in human and "wing" not in human
        await highlight(pilot, app, "Wolf")
        await pilot.pause()
        lines = sheet_lines(app)
        wolf = " ".join(lines)
        assert any(line.startswith("Injuries") and "Quadruped" in line for line in lines)
        assert any(line.startswith("leg 2: ") for line in lines), lines
        assert "tail" in wolf and "leg 1" in wolf and "leg 4" in wolf and "arm" not in wolf


async def test_a_template_creature_shows_its_own_attacks_under_its_stats(tmp_path: Path) -> None:
    from combat_tui.session import catalogue, load_library

    s = new_session(tmp_path, "add Kara pc init=15 hp=20", ruleset="three-action")
    s.encounter.library = load_library(catalogue())
    s.run("add Goblin init=10")
    app = RecordingApp(s)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await highlight(pilot, app, "Goblin")
        await pilot.pause()
        lines = sheet_lines(app)
        at = lines.index("Attacks")
        assert lines[at + 1:at + 3] == ["Rusty Blade  +4 to hit · 1d6+1 slashing · Actions 1",
                                        "Sling  +4 to hit · 1d4 bludgeoning · Actions 1"]


async def test_the_sheet_says_what_the_creature_resists_and_is_weak_to(tmp_path: Path) -> None:
    s = new_session(tmp_path, "add Wight weak=fire resist=cold", "add Seren pc", "start", ruleset="energy-stamina")
    app = RecordingApp(s)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await highlight(pilot, app, "Wight")
        await pilot.pause()
        assert "Damage: resists cold · weak to fire" in sheet_lines(app)
