"""Starting on the save's face: the first frame is the main screen as the save last showed it, drawn
before the engine is loaded; the session then loads and its main screen takes the face's place, the
same text. Keys typed meanwhile are run on it once each, in order; a load that fails is the one line
the GM got before; a save without a face (or with one amiss) opens as before."""

from __future__ import annotations

import argparse
import html
import re
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from helpers import ROOT

from combat_tui import cli
from combat_tui.engine.state.errors import CombatError
from combat_tui.session import Session, catalogue
from combat_tui.store import face
from combat_tui.ui.app import CombatApp, FaceStart
from combat_tui.ui.screens.face import FaceScreen
from combat_tui.ui.screens.main import MainScreen
from combat_tui.ui.widgets.pick_list import PickList
from combat_tui.ui.widgets.question_bar import QuestionBar

from .keys import press, until

SIZE = (120, 36)


def fight(tmp_path: Path) -> Path:
    path = tmp_path / "ford.combat"
    s = Session.create(path, catalogue(), "three-action", name="Ford", seed=3)
    for line in ("add Kara pc hp=24 init=17", "add Osk pc hp=20 init=12", "add Bandit x3 hp=11",
                 "add Captain hp=26 init=14", "start", 'dmg "Bandit 1" 7', 'cond "Bandit 2" prone'):
        s.run(line)
    s.keep_face()  # as the app does when the GM pauses or quits
    s.close()
    return path


def starting(path: Path, load: Any = None) -> CombatApp:
    shown = face.read(path)
    assert shown is not None
    args = argparse.Namespace(demo=None, fresh=False, file=str(path), data_dir=None)
    return CombatApp(None, face=FaceStart(shown, path.name, load or cli._opener(args)), load_after_first_frame=False)


def screenshot_rows(app: Any) -> list[str]:
    """What the screen shows, cell text only (the colours aside)."""
    svg = app.export_screenshot()
    return [html.unescape(t).replace("\xa0", " ") for t in re.findall(r"<text[^>]*>(.*?)</text>", svg)]


async def loaded(pilot: Any, app: CombatApp) -> None:
    await app.load_session()
    await until(pilot, lambda: isinstance(app.screen, MainScreen) and app.typed is None and not app.keys.busy,
                "the main screen in the face's place")
    await pilot.pause()


async def test_the_face_shows_what_the_loaded_main_screen_shows(tmp_path: Path) -> None:
    app = starting(fight(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, FaceScreen) and app.session is None
        before = screenshot_rows(app)
        await loaded(pilot, app)
        after = screenshot_rows(app)
    assert "Ford — Round 1" in " ".join(before) and "Bandit" in " ".join(before)
    assert before == after


async def test_the_face_s_screen_becomes_the_main_screen_its_widgets_kept(tmp_path: Path) -> None:
    """The session loaded, the widgets the face drew are the main screen's: not composed a second time.
    Only what asks questions, which the face never does, is added (its first frame is spared them)."""
    app = starting(fight(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        face_screen, widgets = app.screen, list(app.screen.query("*"))
        assert not app.screen.query(QuestionBar) and not app.screen.query(PickList)
        await loaded(pilot, app)
        assert app.screen is face_screen and isinstance(app.screen, MainScreen)
        now = list(app.screen.query("*"))
        assert [w for w in now if w in widgets] == widgets, "every widget the face drew, kept, in order"
        added = [w for w in now if w not in widgets]
        askers = [w for w in added if isinstance(w, QuestionBar | PickList)]
        assert {type(w) for w in askers} == {QuestionBar, PickList}
        assert all(w in askers or any(a in askers for a in w.ancestors) for w in added), added
        assert app.screen.children[:2] == askers, "first among the screen's widgets, as the main screen has them"
        assert app.focused is app.screen.query_one("#order")


def test_the_main_screen_adds_no_keys_or_styles_to_what_the_face_s_screen_has() -> None:
    """The face's screen becomes the main screen as it is (FaceScreen.become_main): its keys and styles
    were set as it was made, so the main screen may have none the face's screen has not."""
    for name in ("BINDINGS", "DEFAULT_CSS", "CSS", "CSS_PATH", "COMPONENT_CLASSES", "AUTO_FOCUS", "DEFAULT_CLASSES"):
        assert getattr(MainScreen, name) == getattr(FaceScreen, name), name
    styles = (ROOT / "combat_tui" / "ui" / "app.tcss").read_text(encoding="utf-8")
    assert "MainScreen" not in styles and "FaceScreen" not in styles


async def test_a_save_changed_since_its_face_was_read_shows_as_it_is_now(tmp_path: Path) -> None:
    path = fight(tmp_path)
    app = starting(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        before = " ".join(screenshot_rows(app))
        other = Session.open(path, catalogue())  # another process's change, after the face was read
        other.run("dmg Captain 5")
        other.close()
        await loaded(pilot, app)
        after = " ".join(screenshot_rows(app))
    assert "dmg Captain 5" not in before and "dmg Captain 5" in after
    assert "21/26" not in before and "21/26" in after


async def test_keys_typed_before_the_load_run_once_each_in_order(tmp_path: Path) -> None:
    path = fight(tmp_path)
    app = starting(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await press(pilot, "d", "3", "enter", "n")  # damage the one acting (Kara), then the next turn
        assert app.session is None and [k.key for k in app.typed or []] == ["d", "3", "enter", "n"]
        await loaded(pilot, app)
        assert app.session is not None
        enc = app.session.encounter
        kara = next(c for c in enc.state.roster() if c.name == "Kara")
        assert kara.pools["hp"].current == 21  # once
        assert [e.command for e in enc.history()][-2:] == ["dmg Kara 3", "next"]  # in order


async def test_keys_typed_before_the_load_go_before_the_library_check_and_the_collector(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What waits for the first frame of the main screen (reading every ruleset to check the library, the
    collector's first pass) waits for the keys the GM typed ahead too."""
    seen: list[list[str]] = []

    def tell_library(self: CombatApp, lib: object) -> None:
        assert self.session is not None
        seen.append([e.command for e in self.session.encounter.history()][-2:])

    monkeypatch.setattr(CombatApp, "tell_library", tell_library)
    app = starting(fight(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await press(pilot, "d", "3", "enter", "n")
        await loaded(pilot, app)
        await until(pilot, lambda: bool(seen), "the library checked")
    assert seen == [["dmg Kara 3", "next"]]


async def test_keys_typed_as_the_app_loads_by_itself_run_once_each_in_order(tmp_path: Path) -> None:
    path = fight(tmp_path)
    shown = face.read(path)
    assert shown is not None
    args = argparse.Namespace(demo=None, fresh=False, file=str(path), data_dir=None)
    app = CombatApp(None, face=FaceStart(shown, path.name, cli._opener(args)))  # loads after its first frame
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "d", "3", "enter", "n")  # some before the load, maybe some after: all the same
        await until(pilot, lambda: isinstance(app.screen, MainScreen) and app.typed is None and not app.keys.busy,
                    "the main screen in the face's place")
        await pilot.pause()
        assert app.session is not None
        enc = app.session.encounter
        assert next(c for c in enc.state.roster() if c.name == "Kara").pools["hp"].current == 21
        assert [e.command for e in enc.history()][-2:] == ["dmg Kara 3", "next"]


async def test_a_load_that_fails_ends_the_app_with_the_one_line_of_before(tmp_path: Path) -> None:
    path = fight(tmp_path)
    conn = sqlite3.connect(path)
    with conn:  # its ruleset gone from this machine: the face still reads, the session cannot open
        conn.execute("UPDATE meta SET value = 'nowhere' WHERE key = 'ruleset'")
    conn.close()
    args = argparse.Namespace(demo=None, fresh=False, file=str(path), data_dir=None)
    with pytest.raises(CombatError) as before:  # the normal path's error
        cli._opener(args)()
    app = starting(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await app.load_session()
        await until(pilot, lambda: not app.is_running, "the app ended")
    assert app.outcome == (1, f"error: {before.value}")


@pytest.mark.parametrize("amiss", ["none", "damaged", "newer", "stale"])
def test_a_save_whose_face_is_amiss_opens_as_before(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                    amiss: str) -> None:
    path = fight(tmp_path)
    conn = sqlite3.connect(path)
    with conn:
        if amiss == "none":
            conn.execute("DROP TABLE face")
        elif amiss == "damaged":
            conn.execute("UPDATE face SET json = '{\"version\": 1, \"view\": '")
        elif amiss == "newer":
            conn.execute("UPDATE face SET json = json_set(json, '$.version', 99)")
        else:
            conn.execute("UPDATE meta SET value = value + 1 WHERE key = 'revision'")
    conn.close()
    seen: list[tuple[bool, bool]] = []

    def run(self: CombatApp) -> None:
        seen.append((self.face is None, self.session is not None))
        if self.session is not None:
            self.session.close()

    monkeypatch.setattr(CombatApp, "run", run)
    assert cli.main([str(path)]) == 0
    assert seen == [(True, True)]  # no face: the session opened first, as before


def test_a_save_with_its_face_starts_on_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = fight(tmp_path)
    seen: list[tuple[bool, bool]] = []
    monkeypatch.setattr(CombatApp, "run", lambda self: seen.append((self.face is None, self.session is None)))
    assert cli.main([str(path)]) == 0
    assert seen == [(False, True)]  # the face first, no session yet


# What the first frame never needs, face or not: each is imported when the GM first asks for it.
LATER = ("combat_tui.ui.player.share", "combat_tui.players.serving", "combat_tui.ui.screens.open",
         "combat_tui.ui.screens.help", "combat_tui.ui.screens.new", "combat_tui.ui.dialogs.quit", "watchfiles",
         "d20", "combat_tui.engine.dice",  # the dice roller: d20 builds its grammar as it is imported
         "tomllib")  # with no settings file: the face's frame reads no TOML (the engine's rulesets do)

FIRST_FRAME = r"""
import sys
LATER = set(sys.argv.pop(1).split(","))
from combat_tui.launch import main
from textual.app import App
run = App.run
def first_frame(self, *args, **kw):
    display = self._display
    def shown(screen, renderable):
        if renderable is not None:
            loaded = [m for m in sys.modules if m.split(".")[0] == "pydantic" or m.startswith("combat_tui.engine")]
            later = ",".join(sorted(m for m in sys.modules if m in LATER)) or "-"
            print(type(screen).__name__, "pydantic" in sys.modules, len(loaded), later, flush=True)
            self._display = display
            self.exit()
        display(screen, renderable)
    self._display = shown
    return run(self, headless=True, size=(100, 30))
App.run = first_frame
main(sys.argv[1:])
"""


def first_frame(path: Path) -> list[str]:
    """The launch on `path` to its first frame: its screen, whether pydantic is in, how many engine and
    pydantic modules are, and which of LATER."""
    out = subprocess.run([sys.executable, "-c", FIRST_FRAME, ",".join(LATER), str(path)], capture_output=True,
                         text=True, check=True)
    return out.stdout.split()


def test_the_launch_up_to_the_first_frame_imports_no_pydantic(tmp_path: Path) -> None:
    path = fight(tmp_path)
    screen, pydantic, engine, _later = first_frame(path)
    assert (screen, pydantic) == ("FaceScreen", "False")
    conn = sqlite3.connect(path)
    with conn:
        conn.execute("DELETE FROM face")
    conn.close()
    screen, pydantic, engine_without, _later = first_frame(path)
    assert (screen, pydantic) == ("MainScreen", "True")  # without a face, the engine first (as before)
    assert int(engine) * 4 < int(engine_without)  # the face's frame: the few plain engine modules alone


def test_the_first_frame_imports_only_what_it_shows(tmp_path: Path) -> None:
    """Face or no face: the players' view, its server, the other screens come when first asked for."""
    path = fight(tmp_path)
    assert first_frame(path)[::3] == ["FaceScreen", "-"]
    conn = sqlite3.connect(path)
    with conn:
        conn.execute("DELETE FROM face")
    conn.close()
    assert first_frame(path)[::3] == ["MainScreen", "tomllib"]


async def test_the_main_screen_keeps_the_face_once_the_gm_pauses(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """A change does not build the face; a pause after it does, with the change in it."""
    from combat_tui.ui.screens import main as main_screen

    monkeypatch.setattr(main_screen, "FACE_SECONDS", 0.05)
    path = fight(tmp_path)
    app = CombatApp(Session.open(path, catalogue()))
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "n")

        def kept_next() -> bool:
            kept = face.read(path)
            return kept is not None and kept.log[-1][1] == "next"

        await until(pilot, kept_next, "the face kept, the turn passed in it")
