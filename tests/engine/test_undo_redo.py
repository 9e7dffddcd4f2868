"""Undo to the very start and redo to the end give identical views, in every shipped ruleset,
and the log survives a save and reload."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from helpers import Make

from combat_tui.engine.encounter import Encounter
from combat_tui.engine.state.errors import CommandError
from combat_tui.store import exchange, saves
from combat_tui.store.rulesets import Catalogue

RULESETS = ["three-action", "energy-stamina", "body-injury", "time-count", "boon-bane"]


def play(enc: Encounter) -> None:
    rs = enc.rs
    plain = next(c for c in rs.conditions if not c.subjective and not c.skip_turn and c.id != "dead")
    enc.run("add Orc x3 hp=12")
    enc.run("add Hero pc init=3")
    enc.run("start")
    for i in range(8):
        enc.run("dmg 'Orc 1,Orc 2,Orc 3' 1d4")  # full names: they reach the orcs once dead too
        enc.run(f"cond 'Orc {i % 3 + 1}' {plain.id} for=1")
        while enc.state.prompts:
            enc.run("resolve")
        if rs.time.model.value == "time-count":
            for name in enc.view()["active"]:
                enc.run(f"act '{name}' sf=2")
        enc.run("next")
        enc.run("heal Hero 1")
        enc.run("roll 1d20")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_undo_all_then_redo_all(catalogue: Catalogue, ruleset: str, tmp_path: Path) -> None:
    enc = Encounter.new(catalogue.get(ruleset), seed=11)
    empty = json.dumps(enc.view(), sort_keys=True)
    play(enc)
    final = json.dumps(enc.view(), sort_keys=True)
    steps = sum(1 for e in enc.doc.log if e.changes)  # a roll is in the log, not an undo step
    notes = enc.doc.cursor - steps
    assert steps > 20 and notes >= 8
    for _ in range(steps):
        enc.run("undo")
    assert json.dumps(enc.view(), sort_keys=True) == json.dumps({**json.loads(empty), "log": {
        "events": notes, "undone": steps}}, sort_keys=True)
    assert len(enc.history()) == notes and not any(e.changes for e in enc.history())
    with pytest.raises(CommandError):
        enc.run("undo")
    # half-way, through a save and a reload: the log comes along
    for _ in range(steps // 2):
        enc.run("redo")
    path = tmp_path / "mid.combat"
    saves.save(enc.doc, path)
    enc = Encounter(saves.load(path), catalogue.get(ruleset))
    for _ in range(steps - steps // 2):
        enc.run("redo")
    assert json.dumps(enc.view(), sort_keys=True) == final
    with pytest.raises(CommandError):
        enc.run("redo")


def test_new_command_after_undo_drops_the_redo_tail(make: Make) -> None:
    enc = make("three-action")
    enc.run("add Orc hp=10")
    enc.run("dmg Orc 3")
    enc.run("undo")
    enc.run("dmg Orc 1")
    with pytest.raises(CommandError, match="nothing to redo"):
        enc.run("redo")
    assert enc.view()["combatants"][0]["pools"]["hp"]["current"] == 9


def test_redo_does_not_reroll(make: Make) -> None:
    enc = make("three-action", seed=5)
    enc.run("add Orc hp=100")
    enc.run("dmg Orc 3d6")
    hp = enc.view()["combatants"][0]["pools"]["hp"]["current"]
    for _ in range(5):
        enc.run("undo")
        enc.run("redo")
        assert enc.view()["combatants"][0]["pools"]["hp"]["current"] == hp
    assert enc.doc.log[-1].rolls[0].expr.startswith("3d6")


def test_undo_past_expiry_brings_the_condition_back(make: Make) -> None:
    enc = make("three-action")
    enc.run("add A pc init=20")
    enc.run("add B init=10")
    enc.run("start")  # A's turn
    enc.run("cond B slowed for=1")  # ends at the start of A's next turn
    enc.run("next")  # B
    enc.run("next")  # round 2, A: slowed ends
    b = next(c for c in enc.view()["combatants"] if c["name"] == "B")
    assert b["conditions"] == []
    enc.run("undo")
    b = next(c for c in enc.view()["combatants"] if c["name"] == "B")
    assert [c["name"] for c in b["conditions"]] == ["Slowed"]
    assert b["conditions"][0]["remaining"] == 1


def test_a_creature_change_is_logged_as_a_patch_of_what_changed(catalogue: Catalogue) -> None:
    enc = Encounter.new(catalogue.get("three-action"), seed=1)
    enc.run("add Orc hp=12")
    enc.run("dmg Orc 5")
    (change,) = enc.doc.log[-1].changes
    assert change.key.startswith("c:") and change.patch
    assert [["pools", "hp", "current"], 7] in change.after
    assert all(op[0][0] == "pools" for op in change.after)  # only what changed (a hook may move another pool)
    assert len(change.model_dump_json()) < 300  # a whole creature is ~1,000 characters
    enc.run("undo")
    assert enc.state.roster()[0].pools["hp"].current == 12
    enc.run("redo")
    assert enc.state.roster()[0].pools["hp"].current == 7


def test_patches_add_and_delete_keys_both_ways() -> None:
    from combat_tui.engine.state.events import apply_patch, diff

    a = {"x": 1, "pools": {"hp": {"current": 5, "max": 9}, "gone": {"current": 1}}, "tags": [1, 2]}
    b = {"x": 1, "pools": {"hp": {"current": 2, "max": 9}, "new": {"current": 3}}, "tags": [2], "y": None}
    back, forth = diff(a, b)
    assert apply_patch(copy.deepcopy(a), forth) == b
    assert apply_patch(copy.deepcopy(b), back) == a
    assert diff(a, copy.deepcopy(a)) == ([], [])


def test_a_schema_1_log_is_migrated_to_patches() -> None:
    raw = json.loads((Path(__file__).parents[1] / "fixtures" / "save-v1.json").read_text(encoding="utf-8"))
    whole = [ch for ev in raw["log"] for ch in ev["changes"] if ch["key"].startswith("c:")
             and ch["before"] is not None and ch["after"] is not None]
    assert whole  # the fixture has creature changes to migrate
    migrated = exchange.migrate(copy.deepcopy(raw))
    patched = [ch for ev in migrated["log"] for ch in ev["changes"] if ch.get("patch")]
    assert len(patched) == len(whole)
    assert len(json.dumps(migrated)) < len(json.dumps(raw))


def test_a_creature_brought_back_by_redo_gets_the_pools_the_ruleset_gained(catalogue: Catalogue) -> None:
    """A save from before the ruleset gained a pool: loading gives every creature the pool, and so must
    redo, for a creature it brings back from a snapshot taken before the pool existed."""
    rs = catalogue.get("three-action")
    old = rs.model_copy(update={"pools": [pd for pd in rs.pools if pd.id != "energy"]})
    enc = Encounter.new(old, seed=1)
    enc.run("add Orc hp=12")
    enc.run("add Elf hp=9")
    assert "energy" not in enc.state.combatants[next(iter(enc.state.combatants))].pools
    now = Encounter(enc.doc, rs)  # the save opened with today's ruleset
    assert all("energy" in c.pools for c in now.state.combatants.values())
    now.undo()  # the Elf goes
    now.redo()  # and comes back as its snapshot had it
    assert all("energy" in c.pools for c in now.state.combatants.values())
    assert len(now.state.combatants) == 2


def test_a_roll_is_in_the_log_and_undo_takes_back_the_last_change(make: Make, tmp_path: Path) -> None:
    enc = make("three-action")
    enc.run("add Orc hp=10")
    enc.run("dmg Orc 3")
    enc.run("roll 2d6+3")
    assert enc.run("undo")[0].startswith("Undid: dmg Orc 3")
    assert enc.view()["combatants"][0]["pools"]["hp"]["current"] == 10
    assert [e.command for e in enc.history()] == ["add Orc hp=10", "roll 2d6+3"]
    enc.run("roll 1d20")  # a roll after an undo keeps what undo took, to redo
    path = tmp_path / "a.combat"
    saves.save(enc.doc, path)
    enc = Encounter(saves.load(path), enc.rs)
    assert enc.run("redo")[0].startswith("Redid: dmg Orc 3")
    assert [e.command for e in enc.history()] == ["add Orc hp=10", "roll 2d6+3", "roll 1d20", "dmg Orc 3"]
    assert enc.view()["combatants"][0]["pools"]["hp"]["current"] == 7
    enc.run("undo")
    enc.run("undo")
    with pytest.raises(CommandError, match="nothing to undo"):
        enc.run("undo")
    assert [e.command for e in enc.history()] == ["roll 2d6+3", "roll 1d20"]
