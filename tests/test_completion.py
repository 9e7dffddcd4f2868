"""Command-bar completion: the next word from what the encounter knows."""

from __future__ import annotations

from combat_tui.completion import complete


def test_commands_creatures_conditions_and_keys(make) -> None:  # type: ignore[no-untyped-def]
    enc = make("three-action")
    enc.run("add Goblin x2")
    enc.run("add Kara pc")
    assert complete(enc, "dm") == "dmg "
    assert complete(enc, "re") in ("remove", "resolve", "reveal", "redo", "rest")  # ambiguous: the first
    assert complete(enc, "dmg Ka") == "dmg Kara"
    assert complete(enc, "dmg Gob") == "dmg Goblin 1"
    assert complete(enc, "dmg gob") == "dmg goblin 1"  # extends what was typed, as the bar shows it
    assert complete(enc, "cond Kara pro") == "cond Kara prone"
    assert complete(enc, "cond Kara prone fo") == "cond Kara prone for="
    assert complete(enc, "spend Kara act") == "spend Kara actions"
    assert complete(enc, "dmg @n") == "dmg @npc"
    assert complete(enc, "zzz") is None
    assert complete(enc, "dmg Kara 5 ") is None
    assert complete(enc, "") is None


def test_time_count_offers_speed_classes(make) -> None:  # type: ignore[no-untyped-def]
    enc = make("time-count")
    enc.run("add Zherynn pc")
    assert complete(enc, "act Zherynn class=sl") == "act Zherynn class=slow"
