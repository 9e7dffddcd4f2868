"""What one key costs in work, counted (never timed): messages handled, whole-screen layouts, frames
drawn and lines sent to the terminal, for next turn, damage, a condition and undo at 10 and 100
creatures. A count above its budget fails: the work a key's frame does not need crept back in.

The counts do not depend on the machine's load: what runs on a timer or another thread (the cursor's
blink, the autosave's message) is left out, and Pilot's own waiting is not counted.

To re-record after a change that rightly costs more (or less): run with RECORD=1 in the environment;
each test prints its counts (`pytest -s`), and the table below takes them.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

import pytest
from textual.message import Message
from textual.pilot import Pilot
from textual.widgets import Input

from combat_tui.engine.encounter import Encounter
from combat_tui.session import Session, catalogue
from combat_tui.ui.app import CombatApp

# Each sequence's last key is the one that changes the encounter; the keys before it are counted together.
KEYS = {"next": ["n"], "damage": ["d", "3", "enter"],
        "condition": ["c", "p", "r", "o", "n", "e", "enter", "enter"], "undo": ["u"]}
NOT_THE_KEYS = ("SaveDone",)  # posted by the autosave thread: it lands whenever the write is done


@dataclass(frozen=True)
class Work:
    messages: int = 0
    layouts: int = 0
    frames: int = 0
    lines: int = 0

    def __add__(self, other: Work) -> Work:
        return Work(*(getattr(self, f.name) + getattr(other, f.name) for f in fields(self)))

    def over(self, budget: Work) -> list[str]:
        return [f"{f.name} {getattr(self, f.name)} > {getattr(budget, f.name)}" for f in fields(self)
                if getattr(self, f.name) > getattr(budget, f.name)]


# (creatures, key) -> (the last key's budget, the keys before it together): the counts as recorded.
BUDGETS: dict[tuple[int, str], tuple[Work, Work]] = {  # Work(messages, layouts, frames, lines)
    (10, "next"): (Work(13, 0, 1, 20), Work(0, 0, 0, 0)),
    (10, "damage"): (Work(30, 1, 1, 17), Work(54, 1, 3, 3)),
    (10, "condition"): (Work(31, 1, 1, 19), Work(155, 2, 9, 144)),
    (10, "undo"): (Work(12, 0, 1, 18), Work(0, 0, 0, 0)),
    (100, "next"): (Work(13, 0, 1, 20), Work(0, 0, 0, 0)),
    (100, "damage"): (Work(30, 1, 1, 17), Work(54, 1, 3, 3)),
    (100, "condition"): (Work(31, 1, 1, 19), Work(155, 2, 9, 144)),
    (100, "undo"): (Work(12, 0, 1, 18), Work(0, 0, 0, 0)),
}
# A message more or less was seen once in ten runs on a busy machine: the budgets allow two.
SLACK = Work(messages=2)


class WorkCounter:
    """Counts what the app does while `on`: messages handled (Pilot's own waiting and the thread's left
    out), layouts of the screen, frames drawn and the lines they send."""

    def __init__(self) -> None:
        self.on = False
        self.messages = self.layouts = self.frames = self.lines = 0

    def take(self) -> Work:
        work = Work(self.messages, self.layouts, self.frames, self.lines)
        self.messages = self.layouts = self.frames = self.lines = 0
        return work

    def message(self, message: Message) -> None:
        if not self.on or type(message).__name__ in NOT_THE_KEYS:
            return
        callback = getattr(message, "callback", None)
        func = getattr(callback, "func", callback)
        if "Pilot" in getattr(func, "__qualname__", ""):  # Pilot waiting for the screen: not the app's work
            return
        self.messages += 1

    def laid_out(self, _screen: object) -> None:
        if self.on:
            self.layouts += 1

    def watch_frames(self, app: CombatApp) -> None:
        original = app._display

        def display(screen: Any, update: Any) -> None:
            if update is not None and self.on:
                self.frames += 1
                spans = getattr(update, "spans", None)  # a partial update: the lines it redraws
                self.lines += len(spans) if spans is not None else len(getattr(update, "strips", ()))
            original(screen, update)

        app._display = display  # type: ignore[method-assign, assignment]


def encounter(n: int) -> Encounter:
    """A hero and n-1 orcs of the three-action rules, started: the benchmark's fight."""
    enc = Encounter.new(catalogue().get("three-action"), seed=1, name=f"{n} creatures")
    enc.run("add Hero pc hp=30 init=30")
    left = n - 1
    while left > 0:
        enc.run(f"add Orc x{min(100, left)} hp=20")
        left -= min(100, left)
    enc.run("start")
    return enc


async def quiet(pilot: Pilot[None], counter: WorkCounter) -> None:
    """Until a pause brings no more frames: a key's last frame may come after Pilot's first idle."""
    for _ in range(10):
        frames = counter.frames
        await pilot.pause()
        if counter.frames == frames:
            return


def no_blink(app: CombatApp) -> None:
    for box in app.screen.query(Input):
        box.cursor_blink = False  # a blink is a frame on the clock, not a key's


async def count_keys(tmp_path: Path, n: int) -> dict[str, tuple[Work, Work]]:
    counter = WorkCounter()
    session = Session.start(encounter(n), tmp_path / "work.combat")
    app = CombatApp(session)
    counter.watch_frames(app)
    out: dict[str, tuple[Work, Work]] = {}
    async with app.run_test(size=(120, 40), message_hook=counter.message) as pilot:
        app.screen.screen_layout_refresh_signal.subscribe(app.screen, counter.laid_out)
        no_blink(app)
        await quiet(pilot, counter)
        for cycle in range(2):  # the first cycle fills what is filled once (the condition list), uncounted
            for name, keys in KEYS.items():
                before = Work()
                for i, key in enumerate(keys):
                    counter.take()
                    counter.on = cycle == 1
                    await pilot.press(key)
                    await quiet(pilot, counter)
                    counter.on = False
                    if i < len(keys) - 1:
                        before += counter.take()
                out[name] = (counter.take(), before)
    session.close()
    return out


@pytest.mark.parametrize("n", [10, 100])
async def test_each_key_costs_no_more_work_than_its_budget(tmp_path: Path, n: int) -> None:
    counted = await count_keys(tmp_path, n)
    if os.environ.get("RECORD"):
        for name, (last, before) in counted.items():
            print(f"    ({n}, {name!r}): ({last}, {before}),")
    over = []
    for name, (last, before) in counted.items():
        budget_last, budget_before = (budget + SLACK for budget in BUDGETS[(n, name)])
        over += [f"{name}: {o}" for o in last.over(budget_last)]
        over += [f"{name}, the keys before: {o}" for o in before.over(budget_before)]
    assert not over, f"more work than the budget at {n} creatures: {over}"
    assert counted["next"][0].frames >= 1  # the counter counts: a key draws at least one frame
