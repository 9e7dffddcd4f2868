"""The players' view app (Pilot): it follows the GM's save on disk, survives a damaged save, shows no
secret on screen, and changes nothing.

Waits are bounded loops of `pilot.pause` until the screen shows what it should; no test asserts how
long anything took.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from helpers import screen_text
from textual.pilot import Pilot

from combat_tui import cli
from combat_tui.engine.encounter import Encounter
from combat_tui.session import Session
from combat_tui.store import saves
from combat_tui.store.rulesets import Catalogue
from combat_tui.ui.player.app import PlayerApp

SIZE = (100, 30)
pytestmark = pytest.mark.usefixtures("sized_terminal")  # the console as wide as SIZE
WAIT_STEPS = 400  # pauses of 50 ms: gives up after 20 s on a very slow machine


async def wait_for(pilot: Pilot[None], ready: Callable[[], bool], what: str) -> None:
    for _ in range(WAIT_STEPS):
        if ready():
            return
        await pilot.pause(0.05)
    raise AssertionError(f"the players' view never showed {what}:\n{screen_text(pilot.app)}")


def acting_row(text: str) -> str:
    """The creature marked ▶ in the acting order (the left pane)."""
    for line in text.splitlines():
        left = line.split("││")[0]
        if "▶" in left:
            return left.split("▶", 1)[1].strip(" │").lstrip("0123456789 ").split("  ")[0]
    return ""


def fight(path: Path, catalogue: Catalogue) -> Path:
    enc = Encounter.new(catalogue.get("three-action"), seed=3, name="Ford")
    for line in ("add Kara pc init=17 hp=24", "add Bandit init=12 hp=20", "add Lurker init=14 hp=30 hidden",
                 "note Bandit poisoned dagger under the cloak", "start"):
        enc.run(line)
    saves.save(enc.doc, path)
    return path


async def test_it_follows_the_gm_changing_the_save(tmp_path: Path, catalogue: Catalogue) -> None:
    path = fight(tmp_path / "ford.combat", catalogue)
    app = PlayerApp(path, catalogue)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: acting_row(screen_text(app)) == "Kara", "Kara acting")
        assert "Round 1" in screen_text(app)
        # the GM's command line: `combat-tui do FILE next` (one transaction)
        assert cli.main(["do", str(path), "next"]) == 0  # the hidden Lurker's turn: nobody visible acts
        assert cli.main(["do", str(path), "next"]) == 0
        await wait_for(pilot, lambda: acting_row(screen_text(app)) == "Bandit", "Bandit acting")
        # the GM's app: a session, a command, its autosave
        gm = Session.open(path, catalogue)
        try:
            gm.run("next")
            await wait_for(pilot, lambda: "Round 2" in screen_text(app), "round 2")
            assert acting_row(screen_text(app)) == "Kara"
            gm.run("dmg Kara 5")
            await wait_for(pilot, lambda: "19/24" in screen_text(app), "Kara's HP after damage")
        finally:
            gm.close()


async def test_a_damaged_save_keeps_the_last_good_state(tmp_path: Path, catalogue: Catalogue) -> None:
    path = fight(tmp_path / "ford.combat", catalogue)
    good, doc = path.read_bytes(), saves.load(path)
    app = PlayerApp(path, catalogue)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: acting_row(screen_text(app)) == "Kara", "Kara acting")
        path.write_bytes(good[:100] + b"\xff" * (len(good) - 100))  # a damaged save
        await wait_for(pilot, lambda: "showing the last good state" in screen_text(app), "the notice")
        assert acting_row(screen_text(app)) == "Kara" and "Round 1" in screen_text(app)
        path.unlink()  # gone for a moment
        await wait_for(pilot, lambda: "no such save" in screen_text(app), "the missing-file notice")
        enc = Encounter(doc, catalogue.get("three-action"))
        enc.run("dmg Kara 4")
        saves.save(enc.doc, path)
        await wait_for(pilot, lambda: "20/24" in screen_text(app), "the repaired save")
        assert "last good state" not in screen_text(app) and "no such save" not in screen_text(app)


async def test_secrets_never_reach_the_screen(tmp_path: Path, catalogue: Catalogue) -> None:
    path = fight(tmp_path / "ford.combat", catalogue)
    assert cli.main(["do", str(path), "dmg Bandit 7", "cond Kara grappled from=Lurker"]) == 0
    app = PlayerApp(path, catalogue)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: "Bandit" in screen_text(app), "the Bandit")
        text, svg = screen_text(app), app.export_screenshot()
        for shown in (text, svg):
            for secret in ("Lurker", "poisoned dagger", "13/20", "HP 13", ">13<"):
                assert secret not in shown, secret
        assert "hurt" in text and "Grappled" in text and "24/24" in text
        # the GM shows the Bandit's health: now, and only now, the number is there
        assert cli.main(["do", str(path), "show-hp Bandit"]) == 0
        await wait_for(pilot, lambda: "13/20" in screen_text(app), "the Bandit's shown health")
        assert "Lurker" not in screen_text(app)


async def test_names_are_text_never_markup(tmp_path: Path, catalogue: Catalogue) -> None:
    enc = Encounter.new(catalogue.get("three-action"), seed=1, name="[b]Ford")
    enc.run("add '[red]Kara[/]' pc init=17")
    enc.run("add 'Orc [i]' init=3")
    enc.run("start")
    saves.save(enc.doc, tmp_path / "f.combat")
    app = PlayerApp(tmp_path / "f.combat", catalogue, follow=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "[red]Kara[/]" in text and "Orc [i]" in text and "[b]Ford" in text


async def test_keys_change_nothing_and_q_quits(tmp_path: Path, catalogue: Catalogue) -> None:
    path = fight(tmp_path / "ford.combat", catalogue)
    gm = Session.open(path, catalogue)  # the GM's app has it open; the view only reads
    before = path.read_bytes()
    try:
        app = PlayerApp(path, catalogue)
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: "Kara" in screen_text(app), "Kara")
            await pilot.press("n", "d", "7", "enter", "u", "colon", "ctrl+p", "space", "escape", "c", "h")
            await pilot.pause()
            assert path.read_bytes() == before
            await pilot.press("q")
            await pilot.pause()
        assert app.return_code == 0
    finally:
        gm.close()
    assert path.read_bytes() == before


async def test_free_rounds_and_time_count_screens(tmp_path: Path, catalogue: Catalogue) -> None:
    for ruleset, expect in (("energy-stamina", "Everyone acts"), ("time-count", "◀ now")):
        enc = Encounter.new(catalogue.get(ruleset), seed=2, name=ruleset)
        for line in ("add Kara pc", "add Orc x2", "start"):
            enc.run(line)
        path = tmp_path / f"{ruleset}.combat"
        saves.save(enc.doc, path)
        app = PlayerApp(path, catalogue, follow=False)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            text = screen_text(app)
            assert "The party" in text and "Orc 2" in text
            if ruleset == "time-count":
                assert "TC " in text and expect in text and "Round" not in text
            else:
                assert "Round 1" in text and acting_row(text) == "Kara"
