"""A command given one thing where several wait (prompts) picks none and asks which, by the words that
pick each, never the oldest silently."""

from __future__ import annotations

import pytest
from helpers import Make

from combat_tui.engine.state.errors import CommandError


def test_resolve_name_with_two_prompts_asks_which_and_its_table_picks(make: Make) -> None:
    enc = make("three-action")
    enc.run("add Kara pc hp=30")
    enc.run("add Orc hp=10")
    enc.run("prompt Kara poison")  # waiting since earlier
    enc.run("prompt Orc bleed")
    enc.run("prompt Kara falling")  # the one just queued
    with pytest.raises(CommandError, match=r"2 prompts wait: Kara — Poison, asked by the GM \(resolve Kara Poison\); "
                                           r"Kara — Still falling, asked by the GM \(resolve Kara Still falling\)"):
        enc.run("resolve Kara")
    assert len(enc.state.prompts) == 3
    enc.run("resolve Kara still")
    assert [enc.rs.table(p.table).name for p in enc.state.prompts] == ["Poison", "Bleed table"]
    enc.run("dismiss Kara")  # one of hers left: that one
    assert [p.table for p in enc.state.prompts] == ["bleed"]
    with pytest.raises(CommandError, match="no prompt is waiting for Kara"):
        enc.run("preroll Kara")
