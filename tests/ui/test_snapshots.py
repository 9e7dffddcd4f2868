"""Pictures of the app (pytest-textual-snapshot): each demo's main screen at a classic
80x24 terminal and a roomy 120x40 one, the new-encounter screen, the open screen and the help.

Everything that could change by itself is pinned: the demos are copied into the test's folder,
saves listed on the open screen carry fixed `updated` stamps, cursors do not blink, and the
terminal's width is given to the app's console (as a real terminal would) instead of whatever the
test runner happens to have. After a deliberate change of the look, refresh the baselines with
`pytest tests/ui/test_snapshots.py --snapshot-update` and look at the SVGs before committing them.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from helpers import screen_text
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Input, TextArea

from combat_tui import paths
from combat_tui.engine.ruleset import TimeModel
from combat_tui.session import Session, catalogue
from combat_tui.store import saves
from combat_tui.ui.app import CombatApp
from combat_tui.ui.screens.help import HelpScreen
from combat_tui.ui.screens.main import MainScreen
from combat_tui.ui.screens.new import NewScreen
from combat_tui.ui.screens.open import OpenScreen
from combat_tui.ui.widgets.log_pane import LogPane

RULESETS = ["three-action", "energy-stamina", "body-injury", "time-count", "boon-bane", "dnd5e", "pf2e"]
SIZES = [(80, 24), (120, 40)]
FIXED_UPDATED = ["2026-03-14T19:05:00+00:00", "2026-02-01T20:30:00+00:00"]


Terminal = Callable[[tuple[int, int]], tuple[int, int]]


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> Terminal:
    """Make the app's console as wide as the pretend terminal, and ignore the runner's colour wishes."""

    def _set(size: tuple[int, int]) -> tuple[int, int]:
        monkeypatch.setenv("COLUMNS", str(size[0]))
        monkeypatch.setenv("LINES", str(size[1]))
        monkeypatch.delenv("NO_COLOR", raising=False)
        return size

    return _set


def demo_session(tmp_path: Path, ruleset: str) -> Session:
    """A played copy of the shipped demo in the test's own folder, as the app makes one (a database), so
    the repository is never written."""
    target = tmp_path / "demos" / f"{ruleset}.combat"
    saves.save(saves.read_exchange(paths.demo_saves_dir() / f"{ruleset}.json"), target)
    return Session.open(target, catalogue(), seed=0)


def still(app: App[None]) -> None:
    """No blinking cursors: a picture taken half a second later must be the same."""
    for box in app.screen.query(Input):
        box.cursor_blink = False
    for area in app.screen.query(TextArea):
        area.cursor_blink = False


async def settle_still(pilot: Pilot[None]) -> None:
    await pilot.pause()
    still(pilot.app)
    await pilot.pause()


# -- the main screen of every demo, at two sizes -------------------------------------------------
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("ruleset", RULESETS)
def test_main_screen(snap_compare, terminal: Terminal, tmp_path: Path, ruleset: str, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    terminal(size)
    app = CombatApp(demo_session(tmp_path, ruleset))
    assert snap_compare(app, terminal_size=size, run_before=settle_still)


@pytest.mark.parametrize("theme", ["textual-light", "textual-dark"])
def test_main_screen_in_light_and_dark(snap_compare, terminal: Terminal, tmp_path: Path, theme: str) -> None:  # type: ignore[no-untyped-def]
    """Both themes stay legible: styles use theme variables, never fixed colours."""
    size = terminal((100, 30))
    app = CombatApp(demo_session(tmp_path, "body-injury"))

    async def run_before(pilot: Pilot[None]) -> None:
        pilot.app.theme = theme
        await settle_still(pilot)

    assert snap_compare(app, terminal_size=size, run_before=run_before)


# -- the other screens -----------------------------------------------------------------------------
def make_saves() -> None:
    """Two saves and one broken file in the isolated data folder, with stamps that never move."""
    folder = paths.saves_dir()
    cat = catalogue()
    a = Session.create(folder / "ford ambush.combat", cat, "three-action", seed=1)
    for line in ("add Kara pc init=17 hp=24", "add Bandit x3 init=10 hp=11", "start", "dmg 'Bandit 2' 4"):
        a.run(line)
    b = Session.create(folder / "clock tower.combat", cat, "time-count", seed=1)
    for line in ("add Zherynn pc init=6", "add Garret init=7"):
        b.run(line)
    for session, when in zip((a, b), FIXED_UPDATED, strict=True):
        session.encounter.doc.updated = when
        assert session.save(), session.save_error
    (folder / "scorched.json").write_text("{ not json", encoding="utf-8")


def test_open_screen(snap_compare, terminal: Terminal) -> None:  # type: ignore[no-untyped-def]
    make_saves()
    size = terminal((80, 24))
    app = CombatApp()

    async def run_before(pilot: Pilot[None]) -> None:
        await settle_still(pilot)
        assert isinstance(pilot.app.screen, OpenScreen)

    assert snap_compare(app, terminal_size=size, run_before=run_before)


def test_new_encounter_screen(snap_compare, terminal: Terminal) -> None:  # type: ignore[no-untyped-def]
    size = terminal((80, 24))
    app = CombatApp()

    async def run_before(pilot: Pilot[None]) -> None:
        await pilot.pause()
        await pilot.press("n")
        await settle_still(pilot)
        assert isinstance(pilot.app.screen, NewScreen)

    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_help_screen(snap_compare, terminal: Terminal, tmp_path: Path, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    terminal(size)
    app = CombatApp(demo_session(tmp_path, "three-action"))

    async def run_before(pilot: Pilot[None]) -> None:
        await pilot.pause()
        await pilot.press("question_mark")
        await settle_still(pilot)
        assert isinstance(pilot.app.screen, HelpScreen)

    assert snap_compare(app, terminal_size=size, run_before=run_before)


# -- what the pictures must show, checked in words -------------------------------------------------
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("ruleset", RULESETS)
async def test_main_screen_shows_the_encounter(terminal: Terminal, tmp_path: Path, ruleset: str,
                                               size: tuple[int, int]) -> None:
    session = demo_session(tmp_path, ruleset)
    enc = session.encounter
    size = terminal(size)
    app = CombatApp(session)
    async with app.run_test(size=size) as pilot:
        await settle_still(pilot)
        assert isinstance(app.screen, MainScreen)
        text = screen_text(app)
        rows = text.splitlines()
        assert len(rows) == size[1] and all(len(r) == size[0] for r in rows)
        # the header names the encounter and the moment
        clock = enc.state.clock
        when = f"TC {clock.tc}" if enc.rs.time.model is TimeModel.TIME_COUNT else f"Round {clock.round}"
        assert f"{enc.doc.name} — {when}" in rows[0]
        # the sheet is the acting creature's, and the order pane marks it
        acting = enc.view()["active"][0]
        assert any(f"{acting}  " in r for r in rows[2:5]), text
        assert any("▶" in r and acting in r for r in rows), text
        # the footer offers the keys
        assert "n Next" in rows[-1] and "d Dmg" in rows[-1] and "? Help" in rows[-1]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("ruleset", RULESETS)
async def test_log_lines_fit_the_log_pane(terminal: Terminal, tmp_path: Path, ruleset: str,
                                          size: tuple[int, int]) -> None:
    """A line of the log wider than the pane loses its end under the scrollbar or the border."""
    size = terminal(size)
    app = CombatApp(demo_session(tmp_path, ruleset))
    async with app.run_test(size=size) as pilot:
        await settle_still(pilot)
        log = app.screen.query_one(LogPane)
        visible = log.scrollable_content_region.width
        too_wide = [(s.cell_length, s.text) for s in log.lines if s.text.rstrip() and len(s.text.rstrip()) > visible]
        assert not too_wide, f"visible width {visible}: {too_wide}"


async def test_open_screen_lists_saves_newest_first_with_their_stamps(terminal: Terminal) -> None:
    make_saves()
    size = terminal((120, 30))
    app = CombatApp()
    async with app.run_test(size=size) as pilot:
        await settle_still(pilot)
        rows = screen_text(app).splitlines()
        ford = next(i for i, r in enumerate(rows) if "ford ambush" in r)
        clock = next(i for i, r in enumerate(rows) if "clock tower" in r)
        assert ford < clock
        assert "14 Mar 19:05" in rows[ford] and "round 1" in rows[ford] and "4 creatures" in rows[ford]
        assert "01 Feb 20:30" in rows[clock] and "not started" in rows[clock]
        assert any("scorched" in r and "✗" in r and "not a readable save" in r for r in rows)
        assert sum("▷ Demo:" in r for r in rows) == len(RULESETS)
        assert any("▷ Demo: Ambush at the ford · Three Actions and a Reaction" in r for r in rows)
        assert not any(rid in r for r in rows for rid in RULESETS), rows  # names, never ruleset ids


async def test_open_screen_save_lines_fit_80_columns(terminal: Terminal) -> None:
    """Each save is one row at 80 columns, its last-played stamp included (not wrapped under the name),
    however long its name, its ruleset's name and its state."""
    make_saves()
    long = Session.create(paths.saves_dir() / "the siege of the northern gate.combat", catalogue(), "boon-bane", seed=1)
    for line in ("add Goblin x12 hp=5", "start", *["next"] * 12 * 12, "end"):
        long.run(line)
    long.encounter.doc.updated = FIXED_UPDATED[0]
    assert long.save(), long.save_error
    size = terminal((80, 24))
    app = CombatApp()
    async with app.run_test(size=size) as pilot:
        await settle_still(pilot)
        rows = screen_text(app).splitlines()
        ford = next(i for i, r in enumerate(rows) if "ford ambush" in r)
        assert "14 Mar 19:05" in rows[ford], rows[ford : ford + 2]
        siege = next(i for i, r in enumerate(rows) if "the siege of" in r)
        assert "over, round 13" in rows[siege] and "12 creatures" in rows[siege], rows[siege : siege + 2]
        assert "14 Mar 19:05" in rows[siege], rows[siege : siege + 2]


async def test_help_lists_every_key_of_the_main_screen(terminal: Terminal, tmp_path: Path) -> None:
    size = terminal((120, 40))
    app = CombatApp(demo_session(tmp_path, "three-action"))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await settle_still(pilot)
        assert isinstance(app.screen, HelpScreen)
        text = "\n".join(strip.text for strip in app.screen._compositor.render_strips())
        await pilot.press("end")  # the list is longer than the screen: the rest is a scroll away
        await settle_still(pilot)
        text += "\n".join(strip.text for strip in app.screen._compositor.render_strips())
        for description in ("next turn", "own attacks, then on whom", "damage the marked", "add a condition",
                            "undo the last", "redo what",
                            "this list of keys", "quit"):
            assert description in text, description


async def test_new_encounter_format_hint_fits_80_columns(terminal: Terminal) -> None:
    """The one-line format of a creature is the only guide on this screen: it must show whole."""
    size = terminal((80, 24))
    app = CombatApp()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await settle_still(pilot)
        assert isinstance(app.screen, NewScreen)
        text = screen_text(app)
        assert "[init=N|dice]" in text and "[pc|npc|ally]" in text, text.splitlines()[2]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_footer_shows_the_help_key(terminal: Terminal, tmp_path: Path, size: tuple[int, int]) -> None:
    """With the footer full of keys, ? (which lists all of them) must still be in sight."""
    size = terminal(size)
    app = CombatApp(demo_session(tmp_path, "three-action"))
    async with app.run_test(size=size) as pilot:
        await settle_still(pilot)
        footer = screen_text(app).splitlines()[-1]
        assert "? Help" in footer, footer
