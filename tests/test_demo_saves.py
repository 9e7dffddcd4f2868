"""The demo encounters in saves/ load, belong to their ruleset, and are ready to play."""

from __future__ import annotations

import pytest

from combat_tui.engine.encounter import Encounter
from combat_tui.paths import demo_saves_dir
from combat_tui.store import saves
from combat_tui.store.rulesets import Catalogue

SHIPPED = ["three-action", "energy-stamina", "body-injury", "time-count", "boon-bane", "pf2e", "dnd5e"]


@pytest.mark.parametrize("ruleset", SHIPPED)
def test_demo_is_ready(catalogue: Catalogue, ruleset: str) -> None:
    doc = saves.load(demo_saves_dir() / f"{ruleset}.json")
    enc = Encounter(doc, catalogue.get(ruleset))
    v = enc.view()
    assert v["ruleset"] == ruleset and v["started"]
    assert len(v["combatants"]) >= 3 and v["active"]
    assert {c["side"] for c in v["combatants"]} >= {"pc", "npc"}
    enc.run("next")  # playable as it stands
    enc.run("undo")
    assert {**enc.view(), "log": None} == {**v, "log": None}
