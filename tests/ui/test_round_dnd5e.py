"""A round of `dnd5e` played with keys only, the model checked after every step.

Budgets: each creature's turn gives it an action, a bonus action, its speed in movement, and its
reaction back. Concentration: damage asks for a save with its own DC, and losing it ends what it held.
Legendary actions come after other creatures' turns and return at the start of the creature's own.
At 0 HP a character is dying and makes a death save at the start of its turn.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

from helpers import cond_entries, pool

from combat_tui.store import saves
from combat_tui.ui.app import CombatApp
from combat_tui.ui.screens.main import MainScreen
from combat_tui.ui.screens.picks import act_choices

from .keys import add_condition, choose, command, entry, highlight, new_session, press, turn

SIZE = (120, 40)

make_session = partial(new_session, ruleset="dnd5e", seed=7)


async def test_a_round_of_dnd5e_with_keys_only(tmp_path: Path) -> None:
    s = make_session(
        tmp_path,
        "add Lio pc init=17 hp=22 con=1",
        "add Kara pc init=15 hp=30 con=2 save_con=2",
        "add Dragon init=12 hp=100 ac=18 legendary=3",
        "add Goblin init=5 hp=7 ac=15",
    )
    app = CombatApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MainScreen)

        # n starts round 1: Lio first; an action, a bonus action, a reaction and 30 ft each
        await press(pilot, "n")
        v = s.encounter.view()
        assert v["round"] == 1 and v["order"] == ["Lio", "Kara", "Dragon", "Goblin"] and turn(s) == ["Lio"]
        for name in ("Lio", "Kara", "Goblin"):
            assert [pool(s, name, p) for p in ("action", "bonus", "reaction", "movement")] == [1, 1, 1, 30]
        legendary = {c["name"]: "legendary" in c["pools"] for c in v["combatants"]}
        assert legendary == {"Lio": False, "Kara": False, "Dragon": True, "Goblin": False}

        # Lio dashes (its action: 30 ft more), then a bonus action; a second bonus action is refused
        await press(pilot, "a")
        await choose(pilot, app, "dash")
        assert (pool(s, "Lio", "action"), pool(s, "Lio", "movement")) == (0, 60)
        await press(pilot, "a")
        await choose(pilot, app, "bonus action")
        before = s.encounter.view()
        await press(pilot, "a")
        await choose(pilot, app, "bonus action")
        assert s.encounter.view() == before

        # Lio concentrates on holding the Goblin (the paralysis given from Lio)
        await add_condition(pilot, app, "concentration")
        assert "concentration" in cond_entries(s, "Lio")
        await command(pilot, "cond Goblin paralyzed from=Lio")
        assert {"paralyzed", "incapacitated"} <= set(cond_entries(s, "Goblin"))
        assert pool(s, "Goblin", "action") == 0

        # a hit of 12 on Lio: a concentration save at DC 10; v gives the player's 14: it holds
        await press(pilot, "d")
        await entry(pilot, app, "12")
        assert pool(s, "Lio", "hp") == 10
        assert [(p["table"], p["reason"]) for p in s.encounter.view()["prompts"]] == [
            ("Concentration save", "as the rules call for, DC 10")]
        await press(pilot, "v")
        await entry(pilot, app, "14")
        assert s.encounter.view()["prompts"] == [] and "concentration" in cond_entries(s, "Lio")

        # n: Kara. The Dragon takes a legendary action after Lio's turn, on Kara's
        await press(pilot, "n")
        assert turn(s) == ["Kara"] and pool(s, "Lio", "reaction") == 1
        await highlight(pilot, app, "Dragon")
        await press(pilot, "a")
        await choose(pilot, app, "legendary action")
        assert pool(s, "Dragon", "legendary") == 2

        # n: the Dragon's turn: all three back, and none on its own turn
        await press(pilot, "n")
        assert turn(s) == ["Dragon"] and pool(s, "Dragon", "legendary") == 3
        before = s.encounter.view()
        await press(pilot, "a")
        await choose(pilot, app, "legendary action")
        assert s.encounter.view() == before

        # the Dragon breathes on Lio: 30, to 0 HP. Dying and Unconscious; the concentration ends and the
        # Goblin is free
        await highlight(pilot, app, "Lio")
        await press(pilot, "d")
        await entry(pilot, app, "30 fire")
        lio = cond_entries(s, "Lio")
        assert pool(s, "Lio", "hp") == 0 and {"dying", "unconscious", "prone"} <= set(lio)
        assert "concentration" not in lio and "paralyzed" not in cond_entries(s, "Goblin")
        assert s.encounter.view()["prompts"] == []

        # n, n: the Goblin, then round 2 with Lio: a death save waits; v gives a natural 20: 1 HP, awake
        await press(pilot, "n")
        assert turn(s) == ["Goblin"] and pool(s, "Goblin", "action") == 1
        await press(pilot, "n")
        v = s.encounter.view()
        assert v["round"] == 2 and turn(s) == ["Lio"]
        assert [p["table"] for p in v["prompts"]] == ["Death save"]
        await press(pilot, "v")
        await entry(pilot, app, "20")
        assert pool(s, "Lio", "hp") == 1 and set(cond_entries(s, "Lio")) == {"prone"}

        # u / U over it
        await press(pilot, "u")
        assert pool(s, "Lio", "hp") == 0 and [p["table"] for p in s.encounter.view()["prompts"]] == ["Death save"]
        await press(pilot, "U")
        assert pool(s, "Lio", "hp") == 1
        assert str(app.screen.title).endswith("Round 2")

    doc = saves.load(tmp_path / "fight.combat")
    assert doc.state == s.encounter.state


def test_the_act_list_offers_legendary_actions_only_to_a_legendary_creature(tmp_path: Path) -> None:
    """Legendary actions and resistance are paid from pools only a legendary creature has: a PC's act list
    does not offer them."""
    s = make_session(tmp_path, "add Kara pc init=15", "add Dragon init=12 legendary=3 legendary_resistance=2")
    ids = {c.name: c.id for c in s.encounter.state.combatants.values()}
    kara = {ch.id for ch in act_choices(s.encounter, frozenset({ids["Kara"]}))}
    dragon = {ch.id for ch in act_choices(s.encounter, frozenset({ids["Dragon"]}))}
    assert {"legendary", "legendary-resistance"} <= dragon and not {"legendary", "legendary-resistance"} & kara
    assert "dash" in kara and "dash" in dragon
