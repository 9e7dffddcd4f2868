"""A condition that sets a pool's maximum (grappled: no movement) holds even a pool that may go past its
maximum (a Dash's extra movement): "Movement 20/0" never shows."""

from __future__ import annotations

from pathlib import Path

from mini_ruleset import MINI

from combat_tui.engine.encounter import Encounter
from combat_tui.store.rulesets import load_file

MOVING = MINI.replace('[[conditions]]', '''[[pools]]
id = "movement"
name = "Movement"
kind = "bar"
max = 20
overflow = true
refresh = "turn-start"

[[conditions]]
id = "grappled"
name = "Grappled"
description = "Held: cannot move."
effects = [{ pool = "movement", set_max = 0 }]

[[conditions]]''', 1)


def encounter(tmp_path: Path) -> Encounter:
    path = tmp_path / "moving.toml"
    path.write_text(MOVING, encoding="utf-8")
    enc = Encounter.new(load_file(path), seed=1)
    enc.run("add Kara init=10")
    enc.run("add Orc init=5")
    enc.run("start")
    return enc


def movement(enc: Encounter, name: str) -> tuple[int, int | None]:
    c = next(c for c in enc.state.roster() if c.name == name)
    return c.pools["movement"].current, c.pools["movement"].max


def test_a_condition_zeroing_the_max_holds_a_pool_that_may_overflow(tmp_path: Path) -> None:
    enc = encounter(tmp_path)
    enc.run("gain Kara movement 10")  # a Dash: past the maximum, as the pool allows
    assert movement(enc, "Kara") == (30, 20)
    enc.run("cond Kara grappled")
    assert movement(enc, "Kara") == (0, 0)
    enc.run("gain Kara movement 5")
    assert movement(enc, "Kara") == (0, 0)
    enc.run("next")
    enc.run("next")  # Kara's next turn, still grappled: the refresh stays within the cap
    assert movement(enc, "Kara") == (0, 0)
    enc.run("uncond Kara grappled")
    enc.run("gain Kara movement 25")
    assert movement(enc, "Kara")[0] == 25  # free again: it may overflow
