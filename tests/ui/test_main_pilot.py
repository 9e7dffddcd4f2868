"""Driving the app with keys: each key runs one command through the session, and the model shows it."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import combatant

from combat_tui import faults
from combat_tui.session import Session
from combat_tui.store import saves
from combat_tui.ui.app import CombatApp
from combat_tui.ui.screens.main import MainScreen

from .keys import asking, new_session, picking, press, searched, until


def make_session(tmp_path: Path, ruleset: str, *lines: str) -> Session:
    return new_session(tmp_path, *lines, ruleset=ruleset)


async def test_next_damage_and_undo_with_keys(tmp_path: Path) -> None:
    s = make_session(tmp_path, "three-action", "add Kara pc init=15 hp=20", "add Orc init=10 hp=12", "start")
    app = CombatApp(s)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MainScreen)
        await press(pilot, "n")
        assert s.encounter.view()["active"] == ["Orc"]
        await press(pilot, "d")
        assert asking(app)
        await press(pilot, "7", "enter")
        assert combatant(s, "Orc").pools["hp"].current == 5
        # autosaved: the file on disk has it (once the autosave's thread is done, however busy the machine)
        s.flush()
        assert Encounter_hp(tmp_path / "fight.combat", "Orc") == 5
        await press(pilot, "u")
        assert combatant(s, "Orc").pools["hp"].current == 12
        await press(pilot, "U")
        assert combatant(s, "Orc").pools["hp"].current == 5


def Encounter_hp(path: Path, name: str) -> int:
    doc = saves.load(path)
    c = next(c for c in doc.state.combatants.values() if c.name == name)
    return c.pools["hp"].current


async def test_condition_from_the_dialog_and_the_sidebar(tmp_path: Path) -> None:
    s = make_session(tmp_path, "three-action", "add Kara pc init=15", "add Orc init=10", "start")
    app = CombatApp(s)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await press(pilot, "c")
        assert picking(app) is not None
        await press(pilot, *"prone", "enter")
        await press(pilot, "enter")  # how long: the default
        await pilot.pause()
        assert [c.id for c in combatant(s, "Kara").conditions] == ["prone"]
        await press(pilot, "C")
        await press(pilot, "enter")
        assert combatant(s, "Kara").conditions == []


async def test_marking_applies_to_all_marked(tmp_path: Path) -> None:
    s = make_session(tmp_path, "three-action", "add Kara pc init=15 hp=20", "add Orc x3 hp=10", "start")
    app = CombatApp(s)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        order = s.encounter.view()["order"]
        before = {c.name: c.pools["hp"].current for c in s.encounter.state.roster()}
        await press(pilot, "down", "space", "down", "down", "space")
        await press(pilot, "d", "3", "enter")
        after = {c.name: c.pools["hp"].current for c in s.encounter.state.roster()}
        hit = {order[1], order[3]}
        assert {n: before[n] - after[n] for n in before} == {n: 3 if n in hit else 0 for n in before}


async def test_command_bar_runs_any_command(tmp_path: Path) -> None:
    s = make_session(tmp_path, "time-count", "add Zherynn pc init=6", "add Garret init=7", "start")
    app = CombatApp(s)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "colon")
        await press(pilot, *"act Zherynn sf=6", "enter")
        await press(pilot, "escape", "n")
        assert s.encounter.view()["tc"] == 7


async def test_bad_command_is_one_line_and_changes_nothing(tmp_path: Path) -> None:
    s = make_session(tmp_path, "three-action", "add Kara pc init=15")
    before = s.encounter.view()
    app = CombatApp(s)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "colon", *"dmg Nobody 5", "enter")
        assert s.encounter.view() == before
        assert any("Nobody" in n.message for n in app._notifications)


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_markup_names_render_as_typed(tmp_path: Path, size: tuple[int, int]) -> None:
    s = make_session(tmp_path, "three-action", 'add "[bold red]Boss[/]" init=12', "start")
    app = CombatApp(s)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        import html

        text = html.unescape(app.export_screenshot()).replace("\xa0", " ")
        assert "[bold red]Boss[/]" in text


def test_duration_words() -> None:
    from combat_tui.engine.rules.durations import duration_words

    assert duration_words("", False) == ""
    assert duration_words("3", False) == "for=3"
    assert duration_words("end-of-round", False) == "until=end-of-round"
    assert duration_words("2 4", True) == "2 for=4"
    assert duration_words("2 from=all", True) == "2 from=all"


async def test_condition_with_a_duration_by_keys(tmp_path: Path) -> None:
    s = make_session(tmp_path, "three-action", "add Kara pc init=15", "add Orc init=10", "start")
    app = CombatApp(s)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await press(pilot, "c", *"slowed", "enter")
        assert asking(app)
        await press(pilot, "2", "enter")
        slowed = combatant(s, "Kara").conditions[0]
        assert slowed.id == "slowed" and slowed.ends is not None and slowed.ends.round == 3


async def test_palette_finds_a_condition_and_shows_it(tmp_path: Path) -> None:
    s = make_session(tmp_path, "energy-stamina", "add Seren pc", "start")
    app = CombatApp(s)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await press(pilot, "ctrl+p")
        await press(pilot, *"Condition: Prone")
        await searched(pilot, "Condition: Prone")
        await press(pilot, "enter")
        from combat_tui.ui.widgets.log_pane import LogPane

        log = app.screen.query_one(LogPane)
        text = "\n".join(line.text for line in log.lines)
        assert "\nProne\n" in text
        assert "Implies: Exposed" in text  # its implication is shown


def test_fatigue_is_drawn_against_hp(catalogue) -> None:  # type: ignore[no-untyped-def]
    from combat_tui.engine.encounter import Encounter
    from combat_tui.engine.views.sheet import pool_view
    from combat_tui.ui.render import pool_text

    enc = Encounter.new(catalogue.get("time-count"), seed=1)
    enc.run("add Hero pc")
    c = enc.state.roster()[0]
    enc.run("gain Hero fatigue 12")
    text = pool_text(pool_view(enc.state, enc.rs, c, enc.rs.pool("fatigue"))).plain
    assert "12 vs Hit points 10" in text and "⚠" in text


async def test_a_full_disk_keeps_everything_and_the_app_retries(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]

    from combat_tui.ui.screens import main as main_module

    monkeypatch.setattr(main_module, "RETRY_SECONDS", 0.1)
    s = make_session(tmp_path, "three-action", "add Kara pc init=15 hp=20", "add Orc init=10 hp=12", "start")
    monkeypatch.setattr(faults, "FAIL", "full")  # every write fails as on a full disk
    app = CombatApp(s)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await press(pilot, "n", "d", "5", "enter")
        s.flush()  # the autosave runs on its own thread
        await pilot.pause()
        assert combatant(s, "Orc").pools["hp"].current == 7  # kept in memory
        assert s.save_error is not None
        assert "unsaved" in str(app.screen.sub_title)
        assert any("kept in memory" in n.message for n in app._notifications)
        monkeypatch.setattr(faults, "FAIL", "")  # the disk has room again

        def retried() -> bool:  # the app's retry timer has saved (on the autosave's thread) and said so
            s.flush()
            return any("Saved again" in n.message for n in app._notifications)

        await until(pilot, retried, "the save retried")
        assert s.save_error is None
        assert any("Saved again" in n.message for n in app._notifications)
        assert "unsaved" not in app.screen.sub_title
        assert Encounter_hp(tmp_path / "fight.combat", "Orc") == 7


async def test_save_as_and_open_use_the_data_folder_the_app_was_given(tmp_path: Path) -> None:
    data = tmp_path / "elsewhere"
    app = CombatApp(make_session(tmp_path, "three-action", "add Kara pc hp=20"), str(data))
    async with app.run_test(size=(100, 30)) as pilot:
        await press(pilot, "ctrl+s", "ctrl+u", *"ford", "enter")
        assert (data / "saves" / "ford.combat").is_file(), "ctrl+s saved outside the --data-dir folder"
        await press(pilot, "ctrl+o")
        from textual.widgets import OptionList

        listed = [app.screen.query_one(OptionList).get_option_at_index(i).id
                  for i in range(app.screen.query_one(OptionList).option_count)]
        assert f"save:{data / 'saves' / 'ford.combat'}" in listed, "ctrl+o listed another folder's saves"


async def test_pool_pickers_show_the_creatures_values_not_the_pools_kind(tmp_path: Path) -> None:
    s = make_session(tmp_path, "energy-stamina", "add Aeus pc", "add Brute", "start", "spend Aeus energy 1")
    app = CombatApp(s)
    aeus = combatant(s, "Aeus")
    energy, aura = aeus.pools["energy"], aeus.pools["aura"]
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for key in ("s", "g"):
            await press(pilot, key)
            dialog = picking(app)
            assert dialog is not None and "Aeus" in dialog.title_text.plain
            hints = {c.id: c.hint for c in dialog.choices}
            assert hints["energy"] == f"{energy.current}/{energy.max}" and energy.current != energy.max
            assert hints["aura"] == f"{aura.current}/{aura.max}"
            kinds = {p.kind.value for p in s.encounter.rs.pools}
            assert not kinds & set(hints.values())
            await press(pilot, "escape")
        await press(pilot, "down", "space", "up", "space", "s")  # both marked: each one's value, by name
        await pilot.pause()
        dialog = picking(app)
        assert dialog is not None
        brute = combatant(s, "Brute").pools["energy"]
        hint = next(c.hint for c in dialog.choices if c.id == "energy")
        assert f"Aeus {energy.current}/{energy.max}" in hint and f"Brute {brute.current}/{brute.max}" in hint
