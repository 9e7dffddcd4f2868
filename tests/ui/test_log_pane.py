"""The log wraps a long line under its entry, keeps every character, and never draws past its width."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from rich.console import Console
from rich.text import Text
from textual.pilot import Pilot

from combat_tui.ui.app import CombatApp
from combat_tui.ui.widgets.log_pane import BATCH, KEEP, LogPane, hang

from .keys import new_session


@asynccontextmanager
async def logging(tmp_path: Path, width: int, height: int) -> AsyncIterator[tuple[Pilot[None], LogPane]]:
    """The app on a started fight of one, its first frame drawn, and its log."""
    app = CombatApp(new_session(tmp_path, "add Kara pc init=15", "start", ruleset="three-action"))
    async with app.run_test(size=(width, height)) as pilot:
        await pilot.pause()
        yield pilot, app.screen.query_one(LogPane)


LONG = "  Pit Ghoul 1: +2 disadvantage on Acrobatics, Athletics, crafts, Musical Instrument and Thievery."


def test_wrapped_lines_hang_under_their_entry() -> None:
    console = Console(width=120)
    lines = hang(Text(LONG, style="bold"), 40, console)
    assert len(lines) == 3
    assert all(line.cell_len <= 40 for line in lines)
    assert [line.plain[:4] for line in lines[1:]] == ["    ", "    "], "continuations indent two past the entry"
    assert "".join(line.plain.strip() + " " for line in lines).split() == LONG.split(), "no word lost"
    assert lines[1].spans and lines[1].spans[0].style == "bold", "the entry's style carries over"
    assert [t.plain for t in hang(Text("short"), 40, console)] == ["short"]
    two = hang(Text("  first line\n" + LONG.strip()), 40, console)  # written as two lines: wrapped as they are
    assert [line.plain.rstrip() for line in two][:1] == ["  first line"] and all(line.cell_len <= 40 for line in two)
    assert all(line.plain.strip() for line in two), "no blank line where the text broke"
    assert " ".join(line.plain.strip() for line in two).split() == ("first line " + LONG).split()
    narrow = hang(Text(LONG), 22, console)  # too narrow to indent: plain wrapping
    assert all(line.cell_len <= 22 for line in narrow) and not narrow[1].plain.startswith(" ")


async def test_the_pane_wraps_again_when_resized(tmp_path: Path) -> None:
    async with logging(tmp_path, 120, 30) as (pilot, log):
        log.note(LONG)
        await pilot.pause()
        wide = len(log.lines)
        await pilot.resize_terminal(60, 30)
        await pilot.pause()
        width = log.scrollable_content_region.width
        assert len(log.lines) > wide
        assert all(strip.cell_length <= width for strip in log.lines)
        assert log.scroll_y == log.max_scroll_y, "the newest line stays in view"


async def test_a_gm_reading_back_is_not_pulled_to_the_end(tmp_path: Path) -> None:
    async with logging(tmp_path, 100, 30) as (pilot, log):
        for i in range(20):
            log.note(f"line {i}")
        await pilot.pause()
        assert log.scroll_y == log.max_scroll_y > 0
        log.scroll_to(y=0, animate=False, immediate=True)
        log.note("one more")
        await pilot.pause()
        assert log.scroll_y == 0, "the GM's place is kept"
        log.scroll_end(animate=False, immediate=True)
        log.note("and another")
        await pilot.pause()
        assert log.scroll_y == log.max_scroll_y, "back at the end, it follows again"


async def test_rows_drawn_again_show_the_lines_now_in_their_place(tmp_path: Path) -> None:
    """Rows are kept as drawn, by their place: once the oldest entries are let go, or the theme changes,
    a place holds another line, or the same in other colours, and shows that."""
    async with logging(tmp_path, 100, 30) as (pilot, log):
        for i in range(KEEP + BATCH - len(log.lines)):
            log.note(f"line {i}")
        log.scroll_to(y=0, animate=False, immediate=True)
        await pilot.pause()
        first = log.render_line(0)
        assert log.render_line(0) is first, "a row drawn before is not drawn again"
        log.note("one line too many: the oldest entries go")
        log.scroll_to(y=0, animate=False, immediate=True)
        await pilot.pause()
        assert log.render_line(0).text.strip() == log.lines[0].text.strip() != first.text.strip()
        before = log.render_line(0)
        log.app.theme = "textual-light" if log.app.theme != "textual-light" else "textual-dark"
        await pilot.pause()
        assert log.render_line(0).text == before.text and log.render_line(0) != before, "in the new colours"


async def test_a_refused_command_shows_red_and_a_prompt_bold(tmp_path: Path) -> None:
    """The log draws its own lines; a line's own style (not only its spans) must reach the screen."""
    async with logging(tmp_path, 100, 30) as (pilot, log):
        log.note("✗ dmg Nobody 3: no creature called Nobody", style="red")
        await pilot.pause()
        segments = [seg for seg in log.lines[-1] if seg.text.strip()]
        assert segments and all(seg.style is not None and seg.style.color is not None
                                and seg.style.color.name == "red" for seg in segments)
        log.write_event("R1", "roll", ["Prompt: Kara rolls a save"])
        await pilot.pause()
        prompt = [seg for seg in log.lines[-1] if seg.text.strip()]
        assert prompt and all(seg.style is not None and seg.style.bold for seg in prompt)
