"""`S`: a mass saving throw from the keys: the marked creatures, the save, the DC, the damage rolled once,
the players' totals typed in one line. One command in the log, one undo."""

from __future__ import annotations

from pathlib import Path

from helpers import pool

from .keys import RecordingApp, answer, asking, errors, goto, list_title, logged, new_session, pick, press

SETUP = ("add Kara pc hp=30 con=2 init=20", "add Osk pc hp=30 init=18", "add Orc hp=30 con=1 init=10",
         "add Elf hp=30 init=5", "start")


async def mark(pilot: object, app: RecordingApp, *names: str) -> None:
    for name in names:
        await goto(pilot, app, name)  # type: ignore[arg-type]
        await press(pilot, "space")  # type: ignore[arg-type]


async def test_a_mass_save_with_damage_and_the_players_totals_typed(tmp_path: Path) -> None:
    app = RecordingApp(new_session(tmp_path, *SETUP, ruleset="body-injury"))
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await mark(pilot, app, "Kara", "Osk", "Orc", "Elf")
        await press(pilot, "S")
        assert list_title(app) == "Save for 4 marked creatures: which?"
        await pick(pilot, app, "con")
        assert "the DC" in (asking(app) or "")
        await answer(pilot, app, "12")
        assert "damage on a failure" in (asking(app) or "")
        await answer(pilot, app, "10")
        assert (asking(app) or "").startswith("Players' totals, in order: Kara, Osk")
        await answer(pilot, app, "20 3")
        assert errors(app) == []
        assert logged(app, len(SETUP)) == ["save Kara,Osk,Orc,Elf con half dc=12 dmg=10 Kara=20 Osk=3"]
        s = app.session
        assert s is not None
        assert pool(s, "Kara", "stamina") == 25 and pool(s, "Osk", "stamina") == 20  # passed: half; failed: all
        await press(pilot, "u")
        assert [pool(s, n, "stamina") for n in ("Kara", "Osk", "Orc", "Elf")] == [30, 30, 30, 30]


async def test_a_save_with_no_damage_and_every_roll_rolled(tmp_path: Path) -> None:
    app = RecordingApp(new_session(tmp_path, *SETUP, ruleset="body-injury"))
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await goto(pilot, app, "Orc")
        await press(pilot, "S")
        await pick(pilot, app, "con")
        await answer(pilot, app, "15")
        await press(pilot, "enter")  # no damage; the Orc is no player: no totals asked
        assert asking(app) is None
        assert logged(app, len(SETUP)) == ["save Orc con dc=15"]


async def test_a_dc_that_is_no_number_is_one_line_and_runs_nothing(tmp_path: Path) -> None:
    app = RecordingApp(new_session(tmp_path, *SETUP, ruleset="body-injury"))
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await goto(pilot, app, "Orc")
        await press(pilot, "S")
        await pick(pilot, app, "con")
        await answer(pilot, app, "hard")
        await press(pilot, "enter")
        assert logged(app, len(SETUP)) == []
        assert errors(app) == ["The DC is a number: hard"]
