"""A save written by schema version 1, kept as it was written. Whatever the schema becomes, this file must
still load (through `exchange.MIGRATIONS`) to the same encounter, with its log, so undo still works."""

from __future__ import annotations

import json
from pathlib import Path

from combat_tui.engine.encounter import Encounter
from combat_tui.engine.state.document import SCHEMA_VERSION
from combat_tui.store import exchange, saves
from combat_tui.store.rulesets import Catalogue

FIXTURES = Path(__file__).parents[1] / "fixtures"


def test_version_1_save_still_loads_to_the_same_encounter(catalogue: Catalogue) -> None:
    raw = json.loads((FIXTURES / "save-v1.json").read_text(encoding="utf-8"))
    assert raw["schema_version"] == 1  # the fixture itself is never rewritten
    doc = saves.load(FIXTURES / "save-v1.json")
    assert doc.schema_version == SCHEMA_VERSION  # migrated to today's version if that is newer
    enc = Encounter(doc, catalogue.get(doc.ruleset))
    expected = json.loads((FIXTURES / "save-v1.view.json").read_text(encoding="utf-8"))
    assert json.loads(json.dumps(enc.view(), sort_keys=True)) == expected
    assert enc.doc.cursor == 9 and len(enc.doc.log) == 10  # the undone hold is still there to redo
    enc.run("redo")
    assert enc.view()["waiting"] == ["Bandit 2"]
    for _ in range(10):
        enc.run("undo")
    assert enc.view()["combatants"] == []


def test_every_version_below_today_has_a_migration() -> None:
    assert all(v in exchange.MIGRATIONS for v in range(1, SCHEMA_VERSION))
