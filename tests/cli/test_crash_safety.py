"""Crash safety: `combat-tui do` killed with SIGKILL at every point of a change's transaction never
corrupts or loses a save.

Each ruleset below gets a long scripted fight. Every command runs as `combat-tui do FILE CMD --seed N`
in a process of its own, forked from one that imported combat-tui once (forking.py: the same `main` as
`python -m combat_tui`, without importing everything again for each of hundreds of commands); the first
run of about two commands in three is killed with SIGKILL at a point chosen in turn from every point on
the way to disk (`combat_tui/faults.py`: before the save is read, after, after the command ran, with the
transaction open, with every row written but not committed, and after the commit), so every run kills
the same processes at the same moments. After every attempt the file is read back with `show --json` and
must be exactly the state that point implies: the one after the last command that succeeded, or the one
after the killed command once it committed. A killed command that did not land is run again, as a GM
would. At the end the file holds every command, in order.

A kill inside the transaction can leave SQLite's rollback journal (`NAME-journal`) beside the save; the
next reader rolls the save back with it, and the next writer removes it. The test checks that nothing
else is ever left, and that no finished write leaves one.

The figures are module constants so the docs can quote them; the test asserts them.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import signal
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from forking import Forker

from combat_tui import faults
from combat_tui.cli import main
from combat_tui.engine.encounter import Encounter
from combat_tui.engine.json_view import encounter_view
from combat_tui.engine.state.errors import CombatError
from combat_tui.paths import saves_dir
from combat_tui.session import list_saves
from combat_tui.store import saves
from combat_tui.store.rulesets import Catalogue

SEED = 20261121
# distinct commands, each run by one process at least
COMMANDS_PER_RULESET = {"three-action": 80, "time-count": 75, "boon-bane": 70}
COMMANDS = sum(COMMANDS_PER_RULESET.values())  # 225
MIN_COMMANDS = 200
KILL_SHARE = 0.65  # the share of commands whose first run is killed
ALWAYS = faults.POINTS  # every `do` passes each of them
LANDED = {"committed"}  # the change is in
MIN_KILLS = 100  # processes really killed by SIGKILL; the same every run, since the points are chosen
TIME_BUDGET_SECONDS = 120  # well under a minute on two idle cores; printed, not asserted (a loaded machine is slower)
SAVES = {f"{r}.combat" for r in COMMANDS_PER_RULESET}
JOURNALS = {f"{name}-journal" for name in SAVES}  # SQLite's, during a write or left by a kill inside one

Menu = list[Callable[[random.Random], str]]


def _q(name: str) -> str:
    return f"'{name}'"


THREE_ACTION = ["Kara", "Osk", "Orc 1", "Orc 2", "Orc 3"]
TIME_COUNT = ["Vala", "Brom", "Ghoul 1", "Ghoul 2"]
BOON_BANE = ["Iri", "Tam", "Bandit 1", "Bandit 2"]

SETUP: dict[str, list[str]] = {
    "three-action": ["add Kara pc init=15 hp=30", "add Osk pc init=12 hp=30", "add Orc x3 hp=40", "start"],
    "time-count": ["add Vala pc init=3 hp=30", "add Brom pc init=5 hp=30", "add Ghoul x2 hp=40 init=4", "start"],
    "boon-bane": ["add Iri pc init=5 hp=30", "add Tam pc init=3 hp=30", "add Bandit x2 hp=40", "start"],
}

MENUS: dict[str, Menu] = {
    "three-action": [
        lambda r: "next",
        lambda r: "next",
        lambda r: f"dmg {_q(r.choice(THREE_ACTION))} 1d4",
        lambda r: f"heal {_q(r.choice(THREE_ACTION))} 1d6",
        lambda r: f"cond {_q(r.choice(THREE_ACTION))} {r.choice(['prone', 'slowed', 'shaken', 'blinded'])}",
        lambda r: f"uncond {_q(r.choice(THREE_ACTION))} {r.choice(['prone', 'slowed', 'shaken', 'blinded'])}",
        lambda r: f"act {_q(r.choice(THREE_ACTION))} {r.choice(['melee', 'move', 'interact', 'focus'])}",
        lambda r: "roll 1d20+3",
        lambda r: f"note {_q(r.choice(THREE_ACTION))} round note {r.randrange(100)}",
        lambda r: "undo",
        lambda r: "redo",
        lambda r: "resolve",
    ],
    "time-count": [
        lambda r: "next",
        lambda r: "next",
        lambda r: f"act {_q(r.choice(TIME_COUNT))} class={r.choice(['rapid', 'swift', 'fast', 'standard', 'slow'])}",
        lambda r: f"act {_q(r.choice(TIME_COUNT))} sf={r.randrange(1, 9)}",
        lambda r: f"dmg {_q(r.choice(TIME_COUNT))} 1d4",
        lambda r: f"heal {_q(r.choice(TIME_COUNT))} 1d6",
        lambda r: "roll 2d6",
        lambda r: f"note {_q(r.choice(TIME_COUNT))} tc note {r.randrange(100)}",
        lambda r: "undo",
        lambda r: "redo",
        lambda r: "resolve",
    ],
    "boon-bane": [
        lambda r: "next",
        lambda r: "next",
        lambda r: f"act {_q(r.choice(BOON_BANE))} {r.choice(['strike', 'dash', 'defend', 'free-action', 'search'])}",
        lambda r: f"dmg {_q(r.choice(BOON_BANE))} 1d4",
        lambda r: f"heal {_q(r.choice(BOON_BANE))} 1d6",
        lambda r: f"cond {_q(r.choice(BOON_BANE))} {r.choice(['prone', 'dazed', 'braced'])}",
        lambda r: f"uncond {_q(r.choice(BOON_BANE))} {r.choice(['prone', 'dazed', 'braced'])}",
        lambda r: "roll 1d20+2 boon2",
        lambda r: f"note {_q(r.choice(BOON_BANE))} note {r.randrange(100)}",
        lambda r: "undo",
        lambda r: "redo",
    ],
}


def _plain(view: dict[str, Any]) -> dict[str, Any]:
    """The view as `show --json` prints it (tuples become lists)."""
    out: dict[str, Any] = json.loads(json.dumps(view, ensure_ascii=False))
    return out


@dataclass
class Script:
    """The commands with their seeds, and the view expected after each (views[0]: the new file)."""

    steps: list[tuple[str, int]]
    views: list[dict[str, Any]]
    log: list[str]


def _script(cat: Catalogue, ruleset: str, name: str, count: int, seed: int) -> Script:
    """Pick `count` commands that succeed in turn; each is worked out in memory with the seed its process gets."""
    rng = random.Random(seed)
    enc = Encounter.new(cat.get(ruleset), name=name)
    steps: list[tuple[str, int]] = []
    views = [_plain(encounter_view(enc.doc, enc.rs))]
    queue = list(SETUP[ruleset])
    while len(steps) < count:
        line = queue.pop(0) if queue else rng.choice(MENUS[ruleset])(rng)
        dice_seed = rng.randrange(10**6)
        enc.rng = random.Random(dice_seed)
        try:
            enc.run(line)
        except CombatError:
            assert not queue, f"the setup of {ruleset} failed at {line!r}"
            continue  # not possible right now; the engine changed nothing, pick another
        if line == "undo" and rng.random() < 0.5:
            queue.append("redo")
        steps.append((line, dice_seed))
        views.append(_plain(encounter_view(enc.doc, enc.rs)))
    return Script(steps, views, [e.command for e in enc.doc.log[: enc.doc.cursor]])


_STDOUT = threading.Lock()  # redirect_stdout swaps sys.stdout for every thread: one at a time


def _show(path: Path) -> dict[str, Any]:
    """`combat-tui show FILE --json`; the file must load."""
    buf, err = io.StringIO(), io.StringIO()
    with _STDOUT, contextlib.redirect_stdout(buf), contextlib.redirect_stderr(err):
        code = main(["show", str(path), "--json"])
    assert code == 0, f"the save does not load after a kill: {err.getvalue().strip()}"
    out: dict[str, Any] = json.loads(buf.getvalue())
    return out


@dataclass
class Figures:
    commands: int = 0
    processes: int = 0
    kills: int = 0
    kills_after_record: int = 0
    points_killed: set[str] = field(default_factory=set)
    journals_seen: int = 0  # a kill inside the transaction left SQLite's journal, rolled back by the next reader
    seconds: float = 0.0


def _hammer(cat: Catalogue, ruleset: str, folder: Path, seed: int, env: dict[str, str]) -> Figures:
    path = folder / f"{ruleset}.combat"
    script = _script(cat, ruleset, path.stem, COMMANDS_PER_RULESET[ruleset], seed)
    rng = random.Random(seed + 1)
    points = list(faults.POINTS)
    rng.shuffle(points)
    figs = Figures()
    start = time.monotonic()
    with _STDOUT, contextlib.redirect_stdout(io.StringIO()):
        assert main(["new", str(path), "--ruleset", ruleset]) == 0
    assert _show(path) == script.views[0]
    with contextlib.closing(Forker(env)) as forker:
        i = 0
        turn = 0
        first_try = True
        while i < len(script.steps):
            line, dice_seed = script.steps[i]
            point = None
            if first_try and i >= len(SETUP[ruleset]) and rng.random() < KILL_SHARE:
                point, turn = points[turn % len(points)], turn + 1
            code, stderr = forker.run(["do", str(path), line, "--seed", str(dice_seed)], point)
            figs.processes += 1
            journal = folder / f"{path.name}-journal"
            figs.journals_seen += journal.exists()
            got = _show(path)
            if code == 0:
                assert not journal.exists(), f"{ruleset}: a write that finished left SQLite's journal behind"
            before, after = script.views[i], script.views[i + 1]
            if code == -signal.SIGKILL:
                assert point is not None, f"{ruleset}: {line!r} died unasked"
                figs.kills += 1
                figs.points_killed.add(point)
                landed = point in LANDED
                assert got == (after if landed else before), \
                    f"{ruleset}: killed at {point} during {line!r}, the save is not the state that point implies"
                if landed:
                    figs.kills_after_record += 1
                    i += 1
                    first_try = True
                else:
                    first_try = False  # the GM runs it again
            else:
                assert code == 0, f"{ruleset}: {line!r} failed: {stderr.strip()}"
                assert point is None, f"{ruleset}: {line!r} passed {point} without being killed"
                assert got == after, f"{ruleset}: {line!r} reported success but the save does not hold it"
                i += 1
                first_try = True
            # the folder: the saves and, while a killed write waits to be rolled back, SQLite's journals
            # (the other rulesets' saves share the folder)
            for entry in os.listdir(folder):
                assert entry in SAVES or entry in JOURNALS, f"unexpected file beside the saves: {entry}"
    figs.commands = len(script.steps)
    # zero lost changes: every command is in the log, in order, and the state is the expected one
    doc = saves.load(path)
    assert [e.command for e in doc.log[: doc.cursor]] == script.log
    assert _show(path) == script.views[-1]
    figs.seconds = time.monotonic() - start
    return figs


@pytest.mark.alone  # its processes are killed at chosen moments: no busy worker beside it
def test_sigkill_never_corrupts_or_loses_a_save(catalogue: Catalogue) -> None:
    folder = saves_dir()  # the data folder of this test (conftest), so the list of saves can be checked
    folder.mkdir(parents=True)
    env = dict(os.environ)
    results: dict[str, Figures] = {}
    errors: list[BaseException] = []

    def worker(n: int, ruleset: str) -> None:
        try:
            results[ruleset] = _hammer(catalogue, ruleset, folder, SEED + 100 * n, env)
        except BaseException as exc:  # re-raised below, in the test's own thread
            errors.append(exc)

    start = time.monotonic()
    threads = [threading.Thread(target=worker, args=(n, r)) for n, r in enumerate(COMMANDS_PER_RULESET)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors:
        raise errors[0]
    seconds = time.monotonic() - start

    commands = sum(f.commands for f in results.values())
    kills = sum(f.kills for f in results.values())
    journals = sum(f.journals_seen for f in results.values())
    summary = {r: vars(f) | {"points_killed": sorted(f.points_killed)} for r, f in results.items()}
    print(f"crash safety: {commands} commands, {kills} kills, {journals} hot journals rolled back, "
          f"{seconds:.0f}s (budget {TIME_BUDGET_SECONDS}s): {summary}")

    assert commands == COMMANDS >= MIN_COMMANDS
    assert kills >= MIN_KILLS, summary
    # every point on the way to disk was killed at, inside the transaction too
    assert set().union(*(f.points_killed for f in results.values())) == set(faults.POINTS), summary
    assert journals >= 1, "no kill inside a transaction left a journal to roll back"
    # the folder lists exactly the real saves, none of them unreadable
    listed = list_saves()
    assert sorted(s.path.name for s in listed) == sorted(SAVES)
    assert not [s for s in listed if s.problem]


@pytest.mark.parametrize("ruleset", list(COMMANDS_PER_RULESET))
def test_the_scripts_are_long_and_varied(catalogue: Catalogue, ruleset: str) -> None:
    script = _script(catalogue, ruleset, "x", COMMANDS_PER_RULESET[ruleset], SEED)
    verbs = {line.split()[0] for line, _ in script.steps}
    assert {"next", "dmg", "heal", "act", "undo", "redo", "note", "roll"} <= verbs
    assert len(script.views) == len(script.steps) + 1
