"""Body plans: a creature has the parts of its plan (a human no tail, a wolf four legs), chosen with
`body=` on `add` or `edit`; a save from before plans reads as the default plan; the loader checks plans."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from mini_ruleset import MINI

from combat_tui.engine.encounter import Encounter
from combat_tui.engine.rules.injuries import parts_of
from combat_tui.engine.state.errors import CommandError
from combat_tui.store import saves
from combat_tui.store.rulesets import Catalogue, load_all


def fight(catalogue: Catalogue) -> Encounter:
    enc = Encounter.new(catalogue.get("body-injury"), seed=2)
    enc.run("add Ysolde pc init=12")
    enc.run("add Wolf body=quadruped init=8")
    enc.run("add Wyrm body=dragon init=3")
    return enc


def parts(enc: Encounter, name: str) -> set[str]:
    c = next(c for c in enc.state.roster() if c.name == name)
    return {b.id for b in parts_of(enc.rs, c)}


def test_each_creature_has_its_plans_parts(catalogue: Catalogue) -> None:
    enc = fight(catalogue)
    assert {"tail", "wing", "horn"}.isdisjoint(parts(enc, "Ysolde"))  # a human, by default
    assert {"arm", "hand", "head", "heart"} <= parts(enc, "Ysolde")
    assert {"tail", "leg"} <= parts(enc, "Wolf") and {"arm", "hand", "wing"}.isdisjoint(parts(enc, "Wolf"))
    assert {"tail", "wing", "horn"} <= parts(enc, "Wyrm")


def test_injure_refuses_a_part_the_creature_lacks_by_name(catalogue: Catalogue) -> None:
    enc = fight(catalogue)
    with pytest.raises(CommandError, match=r"Ysolde \(humanoid\) has no tail"):
        enc.run("injure Ysolde tail")
    enc.run("injure Wolf leg.4")
    assert enc.view()["combatants"][1]["injuries"] == {"leg.4": 1}
    with pytest.raises(CommandError, match="has no arm"):
        enc.run("injure Wolf arm")


def test_edit_changes_a_plan_with_undo(catalogue: Catalogue) -> None:
    enc = fight(catalogue)
    assert enc.run("edit Ysolde body=winged") == ["Ysolde: body Humanoid → Winged biped"]
    assert "wing" in parts(enc, "Ysolde")
    enc.run("undo")
    assert "wing" not in parts(enc, "Ysolde")
    with pytest.raises(CommandError, match="unknown body plan 'blob'"):
        enc.run("add Ooze body=blob")


def test_a_save_from_before_plans_reads_as_the_default_plan(catalogue: Catalogue, tmp_path: Path) -> None:
    enc = fight(catalogue)
    path = tmp_path / "old.json"
    saves.save(enc.doc, path)
    raw = json.loads(path.read_text(encoding="utf-8"))
    for c in raw["state"]["combatants"].values():
        c.pop("body")  # written before creatures had a plan
    path.write_text(json.dumps(raw), encoding="utf-8")
    enc = Encounter(saves.load(path), catalogue.get("body-injury"))
    assert parts(enc, "Wolf") == parts(enc, "Ysolde") and "tail" not in parts(enc, "Wolf")


BODY = """
[[body]]
id = "head"
name = "Head"
severity = "deadly"
[[body_plans]]
id = "blob"
name = "Blob"
parts = { head = 1 }
"""


@pytest.mark.parametrize("change, fragment", [
    (("head = 1", "tentacle = 1"), "unknown body part 'tentacle'"),
    (("head = 1", "head = -1"), "body_plans"),
    (('id = "blob"', 'id = "blob"\nlegs = 2'), "body_plans"),
])
def test_the_loader_checks_body_plans(tmp_path: Path, change: tuple[str, str], fragment: str) -> None:
    (tmp_path / "mine.toml").write_text(MINI + BODY.replace(*change), encoding="utf-8")
    cat = load_all(tmp_path)
    assert "mini" not in cat.rulesets
    assert len(cat.problems) == 1 and fragment in cat.problems[0], cat.problems


def test_a_ruleset_with_plans_loads(tmp_path: Path) -> None:
    (tmp_path / "mine.toml").write_text(MINI + BODY, encoding="utf-8")
    assert load_all(tmp_path).rulesets["mini"].body_plans[0].parts == {"head": 1}


def test_a_plan_that_would_drop_an_injured_part_is_refused(catalogue: Catalogue) -> None:
    enc = fight(catalogue)
    enc.run("injure Wolf tail")
    with pytest.raises(CommandError, match="Wolf is injured where a humanoid has no part: tail"):
        enc.run("edit Wolf body=humanoid")
    enc.run("edit Wolf body=dragon")  # a dragon has a tail too
    assert "wing" in parts(enc, "Wolf")
