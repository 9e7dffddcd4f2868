"""A library action that calls for a save (`save = { stat, dc, on_save }`): `act` has each creature on=
save as `save` does, the damage rolled once, one undo; `recharge = N`: spent when used, back on a d6 of N
or more at the start of its creature's turn, or by hand."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import Make, combatant, pool

from combat_tui.engine.encounter import Encounter
from combat_tui.engine.library import reading
from combat_tui.engine.rules.attacks import as_action
from combat_tui.engine.state.errors import CombatError
from combat_tui.engine.views.sheet import sheet_view
from combat_tui.store import library_files
from combat_tui.store.rulesets import Catalogue

DRAKE = """
ruleset = "three-action"

[[creature]]
name = "Drake"
pools = { hp = 40 }

[[creature.action]]
name = "Fire Breath"
uses = "melee"
damage = "4d6"
type = "fire"
save = { stat = "dex", dc = 13, on_save = "half" }
recharge = 5

[[creature.action]]
name = "Roar"
uses = "melee"
save = { stat = "dex", dc = 30 }

[[creature.action]]
name = "Tail"
uses = "melee"
hit = "+4"
damage = "1d8"
type = "slashing"
recharge = 6

[[creature.action]]
name = "Fear Aura"
save = { stat = "dex", dc = 11 }
"""


@pytest.fixture
def fight(make: Make, catalogue: Catalogue, tmp_path: Path) -> Encounter:
    folder = tmp_path / "library"
    folder.mkdir()
    (folder / "drake.toml").write_text(DRAKE, encoding="utf-8")
    enc = make("three-action", 3)
    enc.library = library_files.load(folder, catalogue.get, starter=False)
    assert enc.library.problems == []
    enc.run("add Drake init=20")
    enc.run("add Kara pc hp=30 dex=4 init=10")
    enc.run("add Osk pc hp=30 dex=0 init=5")
    enc.run("add Lia pc hp=30 dex=1 init=1")
    enc.run("start")
    return enc


def test_a_breath_rolls_damage_once_and_each_target_saves(fight: Encounter) -> None:
    lines = fight.run("act Drake fire-breath on=Kara,Osk,Lia Kara=15 Osk=3")
    assert lines[0] == "Drake: Fire Breath (Actions -1)" and "Drake: Fire Breath on Kara, Osk, Lia" in lines
    assert "Kara: DEX save 15 (rolled at the table) against DC 13: passes" in lines
    assert "Osk: DEX save 3 (rolled at the table) against DC 13: fails" in lines
    assert any(line.startswith("Lia: DEX save 1d20") for line in lines)  # rolled with her own bonus
    summary = next(line for line in lines if line.startswith("DEX save, DC 13:"))
    assert "passed Kara 15" in summary and "Osk 3" in summary.split("failed")[1]
    rolled = [line for line in lines if line.startswith("Damage rolled")]
    assert len(rolled) == 1
    n = int(rolled[0].rsplit("=", 1)[1])
    assert pool(fight, "Kara", "hp") == 30 - n // 2
    assert pool(fight, "Osk", "hp") == 30 - n
    assert pool(fight, "Drake", "actions") == 2  # paid as its `uses` says


def test_the_whole_breath_is_one_undo(fight: Encounter) -> None:
    fight.run("act Drake fire-breath on=Kara,Osk Kara=1 Osk=1")
    assert pool(fight, "Kara", "hp") < 30
    fight.run("undo")
    assert (pool(fight, "Kara", "hp"), pool(fight, "Osk", "hp"), pool(fight, "Drake", "actions")) == (30, 30, 3)
    fight.run("act Drake fire-breath on=Kara Kara=20")  # not spent: the undo took that back too


def test_a_typed_roll_for_a_name_of_several_words(fight: Encounter) -> None:
    fight.run("add Old Osk pc hp=30 init=2")
    lines = fight.run('act Drake fire-breath on=Kara "Old Osk=19"')
    assert "Old Osk: DEX save 19 (rolled at the table) against DC 13: passes" in lines


def test_none_on_a_save_without_damage_only_reports(fight: Encounter) -> None:
    lines = fight.run("act Drake roar on=Kara,Osk")
    assert lines[-1].startswith("DEX save, DC 30: passed nobody; failed ")
    assert pool(fight, "Kara", "hp") == 30


def test_a_spent_action_is_refused_with_one_line_until_it_recharges(fight: Encounter) -> None:
    fight.run("act Drake fire-breath on=Kara Kara=20")
    with pytest.raises(CombatError) as err:
        fight.run("act Drake fire-breath on=Kara Kara=20")
    assert str(err.value) == ("Drake's Fire Breath is spent: it comes back on a 5 or more on a d6 at the start of "
                              "its turn (recharge Drake Fire Breath: ready it now)")
    said = fight.run("recharge Drake fire-breath")
    assert said == ["Drake: Fire Breath is ready again, the GM says"]
    fight.run("act Drake fire-breath on=Kara Kara=20")


def test_the_d6_is_rolled_at_the_start_of_its_turn_and_logged(fight: Encounter) -> None:
    fight.run("act Drake fire-breath on=Kara Kara=20")
    spent = True
    for _ in range(12):  # its turns come round; a 5 or 6 brings it back
        for _ in range(4):
            lines = fight.run("next")
        rolled = [line for line in lines if line.startswith("Drake: Fire Breath recharge, d6 ")]
        assert len(rolled) == 1, lines
        face = int(rolled[0].split("d6 ")[1].split()[0])
        assert rolled[0].endswith("ready again" if face >= 5 else "still spent")
        if face >= 5:
            spent = False
            break
    assert not spent
    assert not any("recharge" in line for line in fight.run("next") + fight.run("next") + fight.run("next")
                   + fight.run("next"))  # a ready action rolls nothing
    fight.run("act Drake fire-breath on=Kara Kara=20")


def test_an_attack_that_recharges_is_spent_too(fight: Encounter) -> None:
    fight.run("act Drake tail on=Kara")
    with pytest.raises(CombatError, match="Tail is spent: it comes back on a 6 on a d6"):
        fight.run("act Drake tail on=Kara")


@pytest.mark.parametrize(("line", "said"), [
    ("act Drake fire-breath", "who saves against Fire Breath?"),
    ("act Drake fire-breath on=Kara adv", "has no to-hit"),
    ("act Drake tail on=Kara Kara=12", "act does not take kara="),
    ("recharge Drake roar", "does not recharge"),
    ("recharge Drake fire-breath", "is ready already"),
])
def test_refusals_say_why(fight: Encounter, line: str, said: str) -> None:
    with pytest.raises(CombatError, match=said):
        fight.run(line)


def test_the_loader_names_a_save_the_ruleset_lacks_and_a_save_beside_a_to_hit(catalogue: Catalogue) -> None:
    found = reading.Found()
    both = DRAKE.replace('name = "Tail"', 'name = "Tail"\nsave = { stat = "str", dc = 10 }')
    reading.read_text(Path("drake.toml"), DRAKE.replace('"dex", dc = 13', '"luck", dc = 13'), catalogue.get, found)
    assert found.templates == []
    assert found.problems == ["drake.toml: creature[Drake].action[Fire Breath].save.stat: three-action has no save "
                              "'luck' (it has level, str, dex, ess, init, pdef, mdef, speed)"]
    found = reading.Found()
    reading.read_text(Path("drake.toml"), both, catalogue.get, found)
    assert found.problems == ["drake.toml: creature[Drake].action[Tail].save: an action either rolls to hit or "
                              "calls for a save, not both"]


def test_a_creature_carries_its_save_and_recharge(fight: Encounter) -> None:
    breath = combatant(fight, "Drake").actions[0]
    assert breath.save is not None and (breath.save.stat, breath.save.dc, breath.save.on_save) == ("dex", 13, "half")
    assert breath.recharge == 5


def test_keep_writes_the_save_and_the_recharge_and_they_read_back(fight: Encounter, catalogue: Catalogue,
                                                                   tmp_path: Path) -> None:
    fight.run("keep Drake as Old Drake")
    again = library_files.load(tmp_path / "library", catalogue.get, starter=False)
    assert again.problems == []
    kept = again.find_template("three-action", "Old Drake")
    assert kept is not None and kept.actions[0].save is not None
    assert (kept.actions[0].save.stat, kept.actions[0].save.dc, kept.actions[0].save.on_save) == ("dex", 13, "half")
    assert (kept.actions[0].recharge, kept.actions[2].recharge) == (5, 6)


def test_the_sheet_shows_the_save_and_the_recharge_and_when_it_is_spent(fight: Encounter) -> None:
    def breath() -> tuple[str, str, str]:
        view = sheet_view(fight.state, fight.rs, combatant(fight, "Drake")).attacks[0]
        return view.hit, view.save, view.cost

    assert breath() == ("", "DC 13 DEX save, half", "Actions 1 · recharge 5–6")
    fight.run("act Drake fire-breath on=Kara Kara=20")
    assert breath()[2] == "Actions 1 · recharge 5–6, spent"


def test_a_save_of_its_own_with_no_uses_is_no_attack_and_costs_nothing(fight: Encounter) -> None:
    aura = combatant(fight, "Drake").actions[3]
    action = as_action(fight.rs, aura)
    assert action.tags == [] and action.cost == {}
    lines = fight.run("act Drake fear-aura on=Kara Kara=15")
    assert lines[-1] == "DEX save, DC 11: passed Kara 15; failed nobody"
    assert pool(fight, "Drake", "actions") == 3
