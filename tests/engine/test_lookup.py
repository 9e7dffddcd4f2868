"""Lookup finds every named thing of a ruleset: a GM who reads "Rapid" or "Stabilize" in the rules or on
the screen can look it up by that name (issue 17)."""

from __future__ import annotations

import pytest
from mini_ruleset import SHIPPED

from combat_tui.engine.lookup import entries, search
from combat_tui.store.rulesets import Catalogue

ORDERED = sorted(SHIPPED)


def test_a_speed_class_answers_with_its_two_speed_factors(catalogue: Catalogue) -> None:
    """"Rapid 1d4 / 2": a speed class is a random SF for PCs and a static one for NPCs."""
    hits = search(catalogue.get("time-count"), "rapid")
    assert [h.kind for h in hits] == ["speed class"]
    assert hits[0].lines[0] == "Rapid: 1d4 random / 2 static"


def test_a_table_row_is_found_by_its_label(catalogue: Catalogue) -> None:
    """The Bleed table's "16 - 20 Stabilize" row, found by its own name."""
    hits = search(catalogue.get("three-action"), "stabilize")
    assert [(h.kind, h.name) for h in hits] == [("table row", "Stabilize")]
    assert hits[0].lines[0].startswith("Bleed table, 16 or more: Stabilize")


@pytest.mark.parametrize("ruleset", ORDERED)
def test_every_named_thing_is_found_by_its_name(catalogue: Catalogue, ruleset: str) -> None:
    rs = catalogue.get(ruleset)
    named = ([(c.id, c.name) for c in rs.conditions] + [(a.id, a.name) for a in rs.actions]
             + [(t.id, t.name) for t in rs.tables] + [(s.id, s.name) for s in rs.speed_classes]
             + [(f"{t.id}:{i}", r.label) for t in rs.tables for i, r in enumerate(t.rows)]
             + [(p.id, p.name) for p in rs.pools] + [(s.id, s.name) for s in rs.stats]
             + [(b.id, b.name) for b in rs.body] + [(r.id, r.name) for r in rs.rules])
    for key, name in named:
        assert key in {e.id for e in search(rs, name)}, (ruleset, name)
        assert key in {e.id for e in search(rs, name.upper())}, (ruleset, name)


@pytest.mark.parametrize("ruleset", ORDERED)
def test_entries_have_one_key_each(catalogue: Catalogue, ruleset: str) -> None:
    keys = [f"{e.kind}:{e.id}" for e in entries(catalogue.get(ruleset))]  # the app's picker keys
    assert len(keys) == len(set(keys))
