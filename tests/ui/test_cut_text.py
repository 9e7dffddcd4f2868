"""Text a GM reads is never cut where it matters, at 80x24 and 60x20: the title loses its least useful
part first, the footer shows whole keys, a question's hints and keys have a row of their own when the
question's row has no room."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import screen_lines, settle
from textual.widgets import Input
from textual.widgets._footer import FooterKey

from combat_tui.session import Session, catalogue, demo_copy
from combat_tui.ui.app import CombatApp
from combat_tui.ui.widgets.header import fit_title

from .keys import asking

RULESETS = ["three-action", "energy-stamina", "body-injury", "time-count", "boon-bane", "dnd5e", "pf2e"]
SIZES = [(80, 24), (60, 20)]


def words(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("ruleset", RULESETS)
async def test_title_keeps_the_round_and_drops_the_least_useful_part(tmp_path: Path, ruleset: str,
                                                                     size: tuple[int, int]) -> None:
    session = Session.open(demo_copy(ruleset, str(tmp_path)), catalogue())
    app = CombatApp(session, str(tmp_path))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        top = screen_lines(app)[0]
        when = (app.screen.title or "").rsplit(" — ", 1)[1]
        assert f"— {when}" in top, top  # the round (or TC) is never cut
        assert "…" not in top or size[0] < 60, top
        rs = session.encounter.rs.name
        plain = rs.split(" (")[0]
        if plain in top:  # the ruleset's name is whole when it shows, never cut mid-word
            assert f"{plain}" in top and not top.rstrip().endswith("(…")
        await pilot.resize_terminal(200, 60)
        await settle(pilot)
        assert rs in screen_lines(app)[0]  # the room back, the whole of it again


def test_fit_title_drops_the_save_then_the_bracket_then_the_ruleset() -> None:
    title, sub = "Ambush at the ford — Round 4", "Three Actions (d20, bleed) · autosave: ford.combat"
    full = f"{title} — {sub}"
    assert fit_title(title, sub, len(full)) == (title, sub)
    assert fit_title(title, sub, len(full) - 1) == (title, "Three Actions (d20, bleed)")
    assert fit_title(title, sub, len(title) + 3 + len("Three Actions")) == (title, "Three Actions")
    assert fit_title(title, sub, len(title) + 5) == (title, "")
    assert fit_title(title, sub, 20) == ("Ambush at… — Round 4", "")
    assert fit_title(title, "unsaved! · Three Actions (d20)", len(title) + 12) == (title, "unsaved!")


@pytest.mark.parametrize("size", SIZES)
async def test_footer_keys_are_whole_and_help_always_shows(tmp_path: Path, size: tuple[int, int]) -> None:
    app = CombatApp(Session.open(demo_copy("three-action", str(tmp_path)), catalogue()), str(tmp_path))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        bottom = words(screen_lines(app)[-1])
        shown = [k for k in app.screen.query(FooterKey) if k.display]
        assert any(k.action == "help" for k in shown) and any(k.action == "next" for k in shown)
        for key in shown:
            assert words(f"{key.key_display} {key.description}") in bottom, bottom
            assert key.region.right <= size[0]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("ruleset", ["three-action", "time-count"])
async def test_duration_question_shows_every_hint(tmp_path: Path, ruleset: str, size: tuple[int, int]) -> None:
    app = CombatApp(Session.open(demo_copy(ruleset, str(tmp_path)), catalogue()), str(tmp_path))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        # a condition with no duration of its own, so Enter's default reads "until removed"
        rs = catalogue().get(ruleset)
        plain = next(cd for cd in sorted(rs.conditions, key=lambda cd: cd.name)
                     if cd.default_duration is None and not cd.subjective)
        await pilot.press("c", *plain.name.lower(), "enter")
        await settle(pilot)
        assert asking(app)
        screen = words(" ".join(screen_lines(app)[-5:]))
        for hint in ("Enter: until removed", "end-of-round", "start-of-turn", "how long?"):
            assert hint in screen, screen
        assert app.screen.query_one("#ask-input", Input).size.width >= 12  # room to see what is typed


@pytest.mark.parametrize("size", SIZES)
async def test_a_long_question_wraps_and_keeps_room_to_type(tmp_path: Path, size: tuple[int, int]) -> None:
    session = Session.open(demo_copy("three-action", str(tmp_path)), catalogue())
    session.run("cond Kara bleeding")
    while not session.encounter.state.prompts:
        session.run("next")
    app = CombatApp(session, str(tmp_path))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await pilot.press("v")
        await settle(pilot)
        question = asking(app) or ""
        assert question
        screen = words(" ".join(screen_lines(app)[-6:]))
        assert words(question) in screen, screen  # all of it, over two or three rows
        assert "Esc cancels" in screen or size[0] < 80
        assert app.screen.query_one("#ask-input", Input).size.width >= 12
