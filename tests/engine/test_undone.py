"""What `n` tells the GM is left undone, worked out by the engine (engine/rules/undone.py)."""

from __future__ import annotations

from helpers import Make

from combat_tui.engine.rules.undone import left_undone


def test_nothing_left_undone_says_nothing(make: Make) -> None:
    enc = make("three-action")
    enc.run("add Kara pc init=15 hp=20")
    enc.run("start")
    left = left_undone(enc.state, enc.rs)
    assert left.words == "" and left.ways == ()


def test_a_waiting_prompt_can_be_resolved_or_dismissed(make: Make) -> None:
    enc = make("three-action")
    for line in ("add Kara pc init=15 hp=20", "add Orc init=10 hp=12", "start", "prompt Kara poison"):
        enc.run(line)
    left = left_undone(enc.state, enc.rs)
    assert left.words == "Kara: Poison waits"
    assert [(w.kind, w.label) for w in left.ways] == [("resolve", "Resolve Kara's Poison now"),
                                                      ("dismiss", "Dismiss Kara's Poison")]


def test_in_time_count_a_creature_that_has_not_acted_may_act_now(make: Make) -> None:
    enc = make("time-count")
    for line in ("add Aeus pc init=6", "add Garret init=6", "start", "act Garret sf=6"):
        enc.run(line)
    left = left_undone(enc.state, enc.rs)
    aeus = next(c for c in enc.state.roster() if c.name == "Aeus")
    assert left.words == "Aeus has not acted"
    assert [(w.kind, w.cid, w.label) for w in left.ways] == [("act", aeus.id, "Aeus acts now")]
