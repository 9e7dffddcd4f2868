"""What many test files ask, written once: an encounter read, the screen read, the command line run.

The encounter's helpers take an encounter or a session (whose encounter they read) and read the
encounter's plain view, as the command line's `show` prints it, so a test states what a GM would read.
"""

from __future__ import annotations

import html
import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Any, Protocol

import pytest
from textual.app import App
from textual.pilot import Pilot
from textual.strip import Strip
from textual.widget import Widget

from combat_tui.cli import main
from combat_tui.engine.encounter import Encounter
from combat_tui.engine.ruleset import RulesetDef
from combat_tui.engine.state.model import Combatant
from combat_tui.session import Session

Source = Encounter | Session


class Make(Protocol):
    """The `make` fixture: a new encounter of a shipped ruleset."""

    def __call__(self, ruleset: str, seed: int = 1) -> Encounter: ...


def encounter_of(src: Source) -> Encounter:
    return src.encounter if isinstance(src, Session) else src


def creature(src: Source, name: str) -> dict[str, Any]:
    """The creature's entry in the view, by its name."""
    return next(c for c in encounter_of(src).view()["combatants"] if c["name"] == name)


def combatant(src: Source, name: str) -> Combatant:
    """The creature's own state in the model, by its name."""
    return next(c for c in encounter_of(src).state.roster() if c.name == name)


def pool(src: Source, name: str, pid: str) -> int:
    return int(creature(src, name)["pools"][pid]["current"])


def var(src: Source, name: str, vid: str) -> int:
    """A var of the creature, bookkeeping no view shows: read from its state, its start while unset."""
    return combatant(src, name).vars.get(vid, encounter_of(src).rs.var(vid).start)


def pool_max(src: Source, name: str, pid: str) -> int | None:
    value = creature(src, name)["pools"][pid]["max"]
    return None if value is None else int(value)


def conds(src: Source, name: str) -> set[str]:
    """The ids of the creature's conditions."""
    return set(cond_ids(src, name))


def cond_ids(src: Source, name: str) -> list[str]:
    """The ids of the creature's conditions in the view's order, each as often as it is held."""
    return [str(c["id"]) for c in creature(src, name)["conditions"]]


def cond_entries(src: Source, name: str) -> dict[str, dict[str, Any]]:
    """Condition id -> the view's entry of the creature's first condition of that id."""
    out: dict[str, dict[str, Any]] = {}
    for c in creature(src, name)["conditions"]:
        out.setdefault(str(c["id"]), c)
    return out


def cond(src: Source, name: str, cid: str) -> dict[str, Any]:
    """The view's entry of the creature's first condition of that id."""
    return next(c for c in creature(src, name)["conditions"] if c["id"] == cid)


def prompts(src: Source, name: str | None = None) -> list[tuple[str, str]]:
    """The prompts waiting, as (creature, table) pairs; only one creature's when named."""
    return [(str(p["creature"]), str(p["table"])) for p in encounter_of(src).view()["prompts"]
            if name is None or p["creature"] == name]


def prompt_tables(src: Source, name: str | None = None) -> list[str]:
    """The tables of the prompts waiting; only one creature's when named."""
    return [table for _, table in prompts(src, name)]


def active(src: Source) -> list[str]:
    """The names of the creatures acting now."""
    return [str(n) for n in encounter_of(src).view()["active"]]


def next_tc(src: Source, name: str) -> int:
    """The time count of the creature's next action (time-count rulesets)."""
    return int(creature(src, name)["next_tc"])


def tc(src: Source) -> int:
    """The time count now (time-count rulesets)."""
    return int(encounter_of(src).view()["tc"])


def screen_lines(app: App[Any]) -> list[str]:
    """The top screen as plain text, a row a line (the compositor the SVG export reads)."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


def screen_text(app: App[Any]) -> str:
    return "\n".join(screen_lines(app))


def screenshot_text(app: App[Any]) -> str:
    """The screenshot the app exports, as text (its markup's entities read back)."""
    return html.unescape(app.export_screenshot()).replace("\xa0", " ")


async def settle(pilot: Pilot[Any]) -> None:
    """Two idle turns of the app: a key's messages, then the refresh they asked for."""
    await pilot.pause()
    await pilot.pause()


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """The `combat-tui` command run in this process: its exit code, what it printed, and its errors."""
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def lines_drawn(widget: Widget) -> list[int]:
    """The y of every line `widget` draws from now on, in order (its `render_line`, watched)."""
    drawn: list[int] = []
    draw = widget.render_line

    def counted(y: int) -> Strip:
        drawn.append(y)
        return draw(y)

    widget.render_line = counted  # type: ignore[method-assign]
    return drawn


ROOT = Path(__file__).parents[1]


def script(path: str) -> ModuleType:
    """A script of the repository (`scripts/capture.py`, `benchmarks/report.py`), loaded as a module."""
    spec = importlib.util.spec_from_file_location(Path(path).stem, ROOT / path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def duel(rs: RulesetDef, seed: int) -> Encounter:
    """A started fight of two on a ruleset written in a test: A (a PC, first) and B."""
    e = Encounter.new(rs, seed=seed)
    e.run("add A pc init=20")
    e.run("add B init=10")
    e.run("start")
    return e
