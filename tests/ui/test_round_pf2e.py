"""A round of `pf2e` played with keys, the model checked after every step: three actions and a reaction,
the multiple attack penalty on a second Strike, a goblin from the starter bestiary whose Strike is judged
against AC and dealt with A, Frightened fading at the end of its turn, a PC going Dying at 0 HP and its
recovery check rolled with p at the start of its turn, and a basic Reflex save from the command bar."""

from __future__ import annotations

from functools import partial
from pathlib import Path

from helpers import cond_entries, pool, var

from combat_tui.session import catalogue, load_library
from combat_tui.ui.app import CombatApp
from combat_tui.ui.screens.main import MainScreen

from .keys import add_condition, choose, command, entry, highlight, new_session, press, turn

SIZE = (120, 40)

make_session = partial(new_session, ruleset="pf2e", seed=5)


async def test_a_round_of_pf2e_with_keys(tmp_path: Path) -> None:
    s = make_session(tmp_path)
    s.encounter.library = load_library(catalogue())
    for line in ("add Kara pc init=20 hp=20 ac=18 ref=6", 'add "Goblin Warrior" init=10',
                 "add Bram pc init=5 hp=16 ref=3"):
        s.run(line)
    app = CombatApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MainScreen)

        # n starts round 1: Kara first, everyone with three actions and a reaction
        await press(pilot, "n")
        assert s.encounter.view()["order"] == ["Kara", "Goblin Warrior", "Bram"] and turn(s) == ["Kara"]
        for name in ("Kara", "Goblin Warrior", "Bram"):
            assert (pool(s, name, "actions"), pool(s, name, "reactions")) == (3, 1)

        # Kara Strikes twice: an action each, and the multiple attack penalty counts them
        for n in (1, 2):
            await press(pilot, "a")
            await choose(pilot, app, "strike")
            assert pool(s, "Kara", "actions") == 3 - n and var(s, "Kara", "strikes") == n
        # she Strides with her last action; a fourth is refused and changes nothing
        await press(pilot, "a")
        await choose(pilot, app, "stride")
        before = s.encounter.view()
        await press(pilot, "a")
        await choose(pilot, app, "stride")
        assert s.encounter.view() == before and pool(s, "Kara", "actions") == 0

        # she Demoralizes the goblin: Frightened 2
        await highlight(pilot, app, "Goblin Warrior")
        await add_condition(pilot, app, "frightened", how_long="2")
        assert cond_entries(s, "Goblin Warrior")["frightened"]["value"] == 2

        # n: the goblin's turn; t aims its dogslicer at Kara, judged against her AC
        await press(pilot, "n")
        assert turn(s) == ["Goblin Warrior"] and var(s, "Kara", "strikes") == 2
        await press(pilot, "t")
        await choose(pilot, app, "dogslicer")
        await choose(pilot, app, "Kara")
        judged = next(line for line in s.encounter.doc.log[-1].lines if " to hit " in line)
        assert "status penalty: -2" in judged and "against AC 18" in judged, judged
        hit = not judged.endswith("miss")
        waiting = [r for r in s.encounter.state.ready if not r.missed]
        assert len(waiting) == (1 if hit else 0)
        if hit:
            amount = waiting[0].amount
            await press(pilot, "A")
            assert pool(s, "Kara", "hp") == 20 - amount
        # its Frightened falls by 1 as its turn ends
        await press(pilot, "n")
        assert turn(s) == ["Bram"] and cond_entries(s, "Goblin Warrior")["frightened"]["value"] == 1

        # Kara is struck down on Bram's turn: 0 HP, Dying 1, unconscious with no actions
        await highlight(pilot, app, "Kara")
        await press(pilot, "d")
        await entry(pilot, app, "30")
        kara = cond_entries(s, "Kara")
        assert pool(s, "Kara", "hp") == 0 and kara["dying"]["value"] == 1 and "unconscious" in kara

        # round 2: Kara's turn brings her recovery check; p rolls it against 10 + Dying
        await press(pilot, "n")
        assert s.encounter.view()["round"] == 2 and turn(s) == ["Kara"]
        assert [p["table"] for p in s.encounter.view()["prompts"]] == ["Recovery check"]
        await press(pilot, "p")  # rolled and shown first; p again applies it
        rolled_first = s.encounter.state.prompts[0].rolled
        assert rolled_first is not None and 1 <= rolled_first.total <= 20
        assert cond_entries(s, "Kara")["dying"]["value"] == 1
        await press(pilot, "p")
        assert s.encounter.view()["prompts"] == []
        rolled = next(line for line in s.encounter.doc.log[-1].lines if "Recovery check" in line)
        assert "against 11" in rolled, rolled
        kara = cond_entries(s, "Kara")
        assert ("dying" not in kara and kara["wounded"]["value"] == 1) or kara["dying"]["value"] in (2, 3)

        # a basic Reflex save for the two PCs, Bram's roll typed: he fails by 10, double damage
        await command(pilot, "save Kara Bram=2 ref dc=12 basic dmg=3")
        assert pool(s, "Bram", "hp") == 16 - 6
