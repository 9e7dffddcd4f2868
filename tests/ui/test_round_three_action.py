"""A full round of `three-action` played with keys only, the model checked after every step.

Budgets: 3 actions and 1 reaction refill at the start of the creature's OWN turn (not at the round's
start); a delayed creature's start-of-turn effects still happen at its old place; a subjective
condition records whom it is relative to; On fire asks for its 2d6 at the start of the bearer's turn.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

from helpers import cond_entries, creature, pool, pool_max
from textual.widgets import OptionList

from combat_tui.store import saves
from combat_tui.ui.app import CombatApp
from combat_tui.ui.screens.main import MainScreen
from combat_tui.ui.widgets.order_pane import OrderPane
from combat_tui.ui.widgets.prompt_bar import PromptBar

from .keys import (
    add_condition,
    asking,
    choose,
    entry,
    highlight,
    highlighted,
    list_title,
    new_session,
    picking,
    press,
    turn,
)

SIZE = (120, 40)


make_session = partial(new_session, ruleset="three-action", seed=11)


async def test_a_full_round_of_three_action_with_keys_only(tmp_path: Path) -> None:
    s = make_session(
        tmp_path,
        "add Kara pc init=15 hp=20 energy=6",
        "add Bram pc init=12 hp=16",
        "add Orc init=8 hp=12",
    )
    app = CombatApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MainScreen)
        assert not s.encounter.view()["started"]

        # n before the start starts the fight: round 1, highest initiative first
        await press(pilot, "n")
        v = s.encounter.view()
        assert v["round"] == 1 and v["order"] == ["Kara", "Bram", "Orc"]
        assert turn(s) == ["Kara"]
        assert highlighted(app) == "Kara"
        for name in ("Kara", "Bram", "Orc"):
            assert pool(s, name, "actions") == 3 and pool(s, name, "reactions") == 1

        # Kara: a melee attack (1 action), then Ready (2 actions) -> Readied until her next turn
        await press(pilot, "a")
        await choose(pilot, app, "melee")
        assert list_title(app) == "Melee attack: on whom?"
        await choose(pilot, app, "")  # the foe comes first
        assert s.encounter.history()[-1].command == 'act Kara "Melee attack" on=Orc'
        assert pool(s, "Kara", "actions") == 2
        await press(pilot, "a")
        await choose(pilot, app, "ready an")
        assert pool(s, "Kara", "actions") == 0
        assert cond_entries(s, "Kara")["readied"]["remaining"] == 1  # ends at the start of her round-2 turn
        # a fourth action is refused and changes nothing
        before = s.encounter.view()
        await press(pilot, "a")
        await choose(pilot, app, "move")
        assert s.encounter.view() == before
        assert turn(s) == ["Kara"]

        # the Orc spends its reaction on Kara's turn
        await highlight(pilot, app, "Orc")
        await press(pilot, "a")
        await choose(pilot, app, "reaction")
        assert pool(s, "Orc", "reactions") == 0
        assert pool(s, "Kara", "reactions") == 1

        # Kara sets the Orc on fire; flanks it (relative to Kara, which implies flat-footed to Kara)
        await add_condition(pilot, app, "on fire")
        assert "on-fire" in cond_entries(s, "Orc") and cond_entries(s, "Orc")["on-fire"]["remaining"] is None
        await add_condition(pilot, app, "flanked", relative_to="Kara")
        orc = cond_entries(s, "Orc")
        assert orc["flanked"]["source"] == "Kara" and not orc["flanked"]["implied"]
        assert orc["flat-footed"]["source"] == "Kara" and orc["flat-footed"]["implied"]
        # a valued condition asks for its value (and a duration): Poisoned 2 for 2 rounds
        await add_condition(pilot, app, "poisoned", how_long="2 2")
        assert cond_entries(s, "Orc")["poisoned"]["value"] == 2
        assert cond_entries(s, "Orc")["poisoned"]["remaining"] == 2

        # mark Bram and the Orc and hit both at once: one roll of damage, every hit raises the Bleed Penalty
        await highlight(pilot, app, "Bram")
        await press(pilot, "space")
        await highlight(pilot, app, "Orc")
        await press(pilot, "space")
        assert app.screen.marked == {s.encounter.state.combatants[c].id  # type: ignore[attr-defined,unused-ignore]
                                     for c in s.encounter.state.combatants
                                     if s.encounter.state.combatants[c].name in ("Bram", "Orc")}
        await press(pilot, "d")
        await entry(pilot, app, "5")
        assert pool(s, "Bram", "hp") == 11 and pool(s, "Orc", "hp") == 7 and pool(s, "Kara", "hp") == 20
        assert pool(s, "Bram", "bleed_penalty") == 1 and pool(s, "Orc", "bleed_penalty") == 1
        await press(pilot, "escape")
        assert not app.screen.marked  # type: ignore[attr-defined,unused-ignore]

        # n: Bram's turn. Kara's spent actions stay spent until HER turn; the Orc's reaction too
        await press(pilot, "n")
        assert turn(s) == ["Bram"] and s.encounter.view()["round"] == 1
        assert pool(s, "Kara", "actions") == 0 and pool(s, "Orc", "reactions") == 0
        assert pool(s, "Bram", "actions") == 3
        assert "readied" in cond_entries(s, "Kara")
        assert s.encounter.view()["prompts"] == []

        # Bram delays: out of the order, the Orc's turn starts (its budget refills, its fire and poison prompt)
        await press(pilot, "y")
        v = s.encounter.view()
        assert v["waiting"] == ["Bram"] and turn(s) == ["Orc"]
        assert pool(s, "Orc", "reactions") == 1 and pool(s, "Orc", "actions") == 3
        tables = [p["table"] for p in v["prompts"]]
        assert tables == ["On fire", "Poison"]

        # p rolls the fire (shown, not applied), p again applies it: 2d6 fire off HP, penalty +1
        hp0, pen0 = pool(s, "Orc", "hp"), pool(s, "Orc", "bleed_penalty")
        await press(pilot, "p")
        rolled = s.encounter.state.prompts[0].rolled
        assert rolled is not None and 2 <= rolled.total <= 12
        assert pool(s, "Orc", "hp") == hp0
        bar = str(app.screen.query_one(PromptBar).content)
        assert "Orc" in bar and "On fire" in bar and "rolled" in bar and "[p] apply" in bar and "(+1 more)" in bar
        await press(pilot, "p")
        assert pool(s, "Orc", "hp") == max(hp0 - rolled.total, -12)
        assert pool(s, "Orc", "bleed_penalty") == pen0 + 1
        assert [p["table"] for p in s.encounter.view()["prompts"]] == ["Poison"]

        # v gives the poison's real damage by hand: 3
        hp1 = pool(s, "Orc", "hp")
        await press(pilot, "v")
        await entry(pilot, app, "3")
        assert pool(s, "Orc", "hp") == max(hp1 - 3, -12)
        assert s.encounter.view()["prompts"] == []

        # the Orc went down (0 HP or less): Incapacitated, Prone, Bleeding; 2 fewer actions and reactions
        # (seeded: 12 - 5 - fire - 3 leaves it at -4)
        assert pool(s, "Orc", "hp") == -4
        orc = cond_entries(s, "Orc")
        assert {"incapacitated", "prone", "bleeding"} <= set(orc)
        assert pool_max(s, "Orc", "actions") == 1 and pool_max(s, "Orc", "reactions") == 0
        assert pool(s, "Orc", "actions") == 1 and pool(s, "Orc", "reactions") == 0

        # heal the Orc 2 (h): HP up, Bleed Penalty down 1
        hp2, pen2 = pool(s, "Orc", "hp"), pool(s, "Orc", "bleed_penalty")
        await press(pilot, "h")
        await entry(pilot, app, "2")
        assert pool(s, "Orc", "hp") == hp2 + 2
        assert pool(s, "Orc", "bleed_penalty") == pen2 - 1

        # e: Bram re-enters after the Orc's turn; his budget is not refilled twice this round
        await press(pilot, "e")
        await choose(pilot, app, "Bram")
        assert turn(s) == ["Orc"]  # entering does not take the Orc's turn: it comes when that turn ends
        await press(pilot, "n")
        v = s.encounter.view()
        assert turn(s) == ["Bram"] and v["waiting"] == []
        assert v["order"] == ["Kara", "Orc", "Bram"]
        assert v["round"] == 1

        # Bram spends 2 Energy (s) and gains 1 back (g)
        await press(pilot, "s")
        await choose(pilot, app, "energy")
        await entry(pilot, app, "2")
        assert pool(s, "Bram", "energy") == 8
        await press(pilot, "g")
        await choose(pilot, app, "energy")
        await entry(pilot, app, "1")
        assert pool(s, "Bram", "energy") == 9

        # n: end of round 1 -> round 2, Kara's turn: her actions and reaction back, Readied gone
        await press(pilot, "n")
        v = s.encounter.view()
        assert v["round"] == 2 and turn(s) == ["Kara"]
        assert pool(s, "Kara", "actions") == 3 and pool(s, "Kara", "reactions") == 1
        assert "readied" not in cond_entries(s, "Kara")
        assert cond_entries(s, "Orc")["poisoned"]["remaining"] == 1
        # the Orc's fire and poison wait for the Orc's own turn
        assert v["prompts"] == []

        # C on the Orc: remove Flanked, which takes its implied Flat Footed with it
        await highlight(pilot, app, "Orc")
        await press(pilot, "C")
        assert picking(app) is not None
        await choose(pilot, app, "flanked")
        assert "flanked" not in cond_entries(s, "Orc") and "flat-footed" not in cond_entries(s, "Orc")

        # u / U: undo and redo the removal
        await press(pilot, "u")
        assert "flanked" in cond_entries(s, "Orc") and "flat-footed" in cond_entries(s, "Orc")
        await press(pilot, "U")
        assert "flanked" not in cond_entries(s, "Orc")

        # n: the Orc's turn in round 2 (Bleeding first if it went down); x dismisses a prompt
        await press(pilot, "n")
        assert turn(s) == ["Orc"] and s.encounter.view()["round"] == 2
        prompts = s.encounter.view()["prompts"]
        # Bleeding comes before every other ongoing effect
        assert [p["table"] for p in prompts] == ["Bleed table", "On fire", "Poison"]
        # still Incapacitated: its budget refills to 1 action, 0 reactions
        assert pool(s, "Orc", "actions") == 1 and pool(s, "Orc", "reactions") == 0
        hp3 = pool(s, "Orc", "hp")
        await press(pilot, "x")
        assert [p["table"] for p in s.encounter.view()["prompts"]] == [p["table"] for p in prompts[1:]]
        assert pool(s, "Orc", "hp") == hp3
        while s.encounter.view()["prompts"]:
            await press(pilot, "x")

        # n, n: Bram, then round 3 and Kara again; the poison (2 rounds from Kara's round-1 turn) ran out
        await press(pilot, "n")
        assert turn(s) == ["Bram"]
        await press(pilot, "n")
        assert s.encounter.view()["round"] == 3 and turn(s) == ["Kara"]
        assert "poisoned" not in cond_entries(s, "Orc")
        assert str(app.screen.title).endswith("Round 3")
        assert str(app.screen.sub_title).endswith("autosave: fight.combat")

    # the autosave on disk is the state in memory
    doc = saves.load(tmp_path / "fight.combat")
    assert doc.state == s.encounter.state
    assert doc.cursor == s.encounter.doc.cursor


async def test_hold_with_o_and_enter_with_e(tmp_path: Path) -> None:
    s = make_session(tmp_path, "add Kara pc init=15 hp=20", "add Bram pc init=12", "add Orc init=8", "start")
    app = CombatApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await press(pilot, "o")
        v = s.encounter.view()
        assert v["waiting"] == ["Kara"] and turn(s) == ["Bram"] and v["order"] == ["Bram", "Orc"]
        pane = app.screen.query_one(OrderPane)
        rows = [str(text) for text in pane.row_texts()]
        assert any("Holding / delaying" in r for r in rows)
        assert "Kara" in rows[-1] and "⏸" in rows[-1]
        await press(pilot, "n")
        assert turn(s) == ["Orc"]
        await press(pilot, "e")
        await choose(pilot, app, "Kara")
        assert turn(s) == ["Orc"]
        await press(pilot, "n")
        v = s.encounter.view()
        assert turn(s) == ["Kara"] and v["order"] == ["Bram", "Orc", "Kara"] and v["round"] == 1
        # her place is now after the Orc for the rest of the fight
        await press(pilot, "n")
        assert s.encounter.view()["round"] == 2 and turn(s) == ["Bram"]


async def test_condition_durations_by_key(tmp_path: Path) -> None:
    """Slowed for one round (a critical Grapple) ends once everyone else has had a turn: at the start
    of its source's next turn; Shaken stacks its duration; Enter keeps a condition until removed."""
    s = make_session(tmp_path, "add Kara pc init=15", "add Orc init=8", "start")
    app = CombatApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await highlight(pilot, app, "Orc")
        await add_condition(pilot, app, "slowed", how_long="1")
        assert cond_entries(s, "Orc")["slowed"]["remaining"] == 1
        assert pool_max(s, "Orc", "actions") == 2 and pool_max(s, "Orc", "reactions") == 0
        await add_condition(pilot, app, "shaken", how_long="2")
        await add_condition(pilot, app, "shaken", how_long="1")
        assert cond_entries(s, "Orc")["shaken"]["remaining"] == 3  # a new dose lengthens the old one
        await add_condition(pilot, app, "prone")
        assert cond_entries(s, "Orc")["prone"]["remaining"] is None
        await press(pilot, "n")  # the Orc's turn: still slowed, 2 actions
        await pilot.pause()
        assert turn(s) == ["Orc"] and pool(s, "Orc", "actions") == 2
        assert "slowed" in cond_entries(s, "Orc")
        await press(pilot, "n")  # round 2, Kara's turn: the round-long Slowed is over
        await pilot.pause()
        assert s.encounter.view()["round"] == 2 and turn(s) == ["Kara"]
        assert "slowed" not in cond_entries(s, "Orc") and "shaken" in cond_entries(s, "Orc")
        assert pool_max(s, "Orc", "actions") == 3
        # Escape on the how-long question adds nothing
        before = s.encounter.view()
        await highlight(pilot, app, "Orc")
        await press(pilot, "c")
        await choose(pilot, app, "entangled")
        assert asking(app)
        await press(pilot, "escape")
        assert isinstance(app.screen, MainScreen) and s.encounter.view() == before


async def test_a_delayed_creature_still_burns_at_its_old_place(tmp_path: Path) -> None:
    s = make_session(tmp_path, "add Kara pc init=15 hp=20", "add Bram pc init=12", "add Orc init=8",
                     "cond Kara on-fire", "start")
    app = CombatApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert turn(s) == ["Kara"]
        assert [p["table"] for p in s.encounter.view()["prompts"]] == ["On fire"]
        await press(pilot, "x")  # the GM drops this one
        await pilot.pause()
        assert s.encounter.view()["prompts"] == []
        await press(pilot, "y")
        v = s.encounter.view()
        assert v["waiting"] == ["Kara"] and turn(s) == ["Bram"] and v["order"] == ["Bram", "Orc"]
        # while she waits she uses her reaction on Bram's turn
        await highlight(pilot, app, "Kara")
        await press(pilot, "a")
        await choose(pilot, app, "reaction")
        assert pool(s, "Kara", "reactions") == 0
        await press(pilot, "n", "n")
        # round 2: Kara's old place passes first; she burns there though she is still waiting
        v = s.encounter.view()
        assert v["round"] == 2 and turn(s) == ["Bram"] and v["waiting"] == ["Kara"]
        assert [(p["creature"], p["table"]) for p in v["prompts"]] == [("Kara", "On fire")]
        assert pool(s, "Kara", "reactions") == 0  # her budget waits for her real turn
        hp = pool(s, "Kara", "hp")
        await press(pilot, "p", "p")
        assert pool(s, "Kara", "hp") < hp and s.encounter.view()["prompts"] == []
        # she enters after Bram's turn; her start-of-turn effects are not run a second time
        await press(pilot, "e")
        await choose(pilot, app, "Kara")
        assert turn(s) == ["Bram"]
        await press(pilot, "n")
        v = s.encounter.view()
        assert turn(s) == ["Kara"] and v["prompts"] == [] and v["order"] == ["Bram", "Kara", "Orc"]
        assert pool(s, "Kara", "actions") == 3 and pool(s, "Kara", "reactions") == 1


async def test_marked_creatures_share_conditions_actions_and_spending(tmp_path: Path) -> None:
    s = make_session(tmp_path, "add Kara pc init=15", "add Bram pc init=12", "add Orc init=8", "start")
    app = CombatApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()

        async def mark_both() -> None:  # marks are spent by the action that used them: marked again each time
            assert not app.screen.marked  # type: ignore[attr-defined,unused-ignore]
            await highlight(pilot, app, "Bram")
            await press(pilot, "space")
            await highlight(pilot, app, "Orc")
            await press(pilot, "space")

        await mark_both()
        await add_condition(pilot, app, "concealed", relative_to="Kara")
        for name in ("Bram", "Orc"):
            assert cond_entries(s, name)["concealed"]["source"] == "Kara"
        assert cond_entries(s, "Kara") == {}
        await mark_both()
        await add_condition(pilot, app, "shaken", how_long="2")
        assert cond_entries(s, "Bram")["shaken"]["remaining"] == cond_entries(s, "Orc")["shaken"]["remaining"] == 2
        await mark_both()
        await press(pilot, "a")  # marks are targets: whose turn it is acts, not the marked
        assert list_title(app) == "Kara acts"
        await choose(pilot, app, "reaction")
        assert [pool(s, n, "reactions") for n in ("Kara", "Bram", "Orc")] == [0, 1, 1]
        await press(pilot, "escape")  # a reaction aims at nobody: the marks were not used, and stay till cleared
        await pilot.pause()
        await mark_both()
        await press(pilot, "s")
        await choose(pilot, app, "energy")
        await entry(pilot, app, "3")
        assert [pool(s, n, "energy") for n in ("Kara", "Bram", "Orc")] == [10, 7, 7]
        await mark_both()
        await press(pilot, "h")
        await entry(pilot, app, "1")  # already full: nothing changes but nothing breaks
        assert [pool(s, n, "hp") for n in ("Kara", "Bram", "Orc")] == [10, 10, 10]
        # Escape clears the marks; the next hit goes to the highlighted creature only
        await mark_both()
        await press(pilot, "escape")
        await press(pilot, "d")
        await entry(pilot, app, "4")
        assert [pool(s, n, "hp") for n in ("Kara", "Bram", "Orc")] == [10, 10, 6]
        assert str(app.screen.title).endswith("Round 1")


async def test_C_removes_a_subjective_condition_relative_to_one_creature_only(tmp_path: Path) -> None:
    """Flanked by Kara and by Bram: when Kara steps away, C must be able to end the one relative to
    Kara and leave the one relative to Bram (and its Flat Footed to Bram)."""
    s = make_session(tmp_path, "add Kara pc init=15", "add Bram pc init=12", "add Orc init=8", "start",
                     "cond Orc flanked from=Kara", "cond Orc flanked from=Bram")
    app = CombatApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        sources = sorted(c["source"] for c in creature(s, "Orc")["conditions"] if c["id"] == "flanked")
        assert sources == ["Bram", "Kara"]
        await highlight(pilot, app, "Orc")
        await press(pilot, "C")
        dialog = picking(app)
        assert dialog is not None
        options = dialog.query_one(OptionList)
        labels = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        assert len(labels) == 2, f"C offers {labels}: one Flanked for both flankers"
        await choose(pilot, app, "Kara")
        left = [(c["id"], c["source"]) for c in creature(s, "Orc")["conditions"]]
        assert sorted(left) == [("flanked", "Bram"), ("flat-footed", "Bram")]


async def test_a_creature_killed_by_key_leaves_the_order_and_undo_brings_it_back(tmp_path: Path) -> None:
    s = make_session(tmp_path, "add Kara pc init=15", "add Orc init=10 hp=8", "add Bram pc init=5", "start")
    app = CombatApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await highlight(pilot, app, "Orc")
        await press(pilot, "d")
        await entry(pilot, app, "16")  # down to minus its max: dead at once, no bleeding
        orc = cond_entries(s, "Orc")
        assert "dead" in orc and "bleeding" not in orc and "incapacitated" not in orc
        assert s.encounter.view()["order"] == ["Kara", "Bram"]
        pane = app.screen.query_one(OrderPane)
        rows = [str(text) for text in pane.row_texts()]
        assert any("Out of the fight" in r for r in rows) and "Orc" in rows[-1]
        await press(pilot, "n")
        assert turn(s) == ["Bram"]
        await press(pilot, "u", "u")
        assert turn(s) == ["Kara"] and "dead" not in cond_entries(s, "Orc") and pool(s, "Orc", "hp") == 8
        assert s.encounter.view()["order"] == ["Kara", "Orc", "Bram"]
    assert saves.load(tmp_path / "fight.combat").state == s.encounter.state


async def test_stunned_creature_takes_no_free_action_either(tmp_path: Path) -> None:
    """Stunned (and Unconscious): no actions, no reactions, not even free actions such as letting go."""
    s = make_session(tmp_path, "add Kara pc init=15", "add Orc init=8", "start",
                     "cond Kara grappling from=Orc", "cond Orc grappled from=Kara")
    app = CombatApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await add_condition(pilot, app, "stunned", how_long="1")
        assert pool_max(s, "Kara", "actions") == 0 and pool(s, "Kara", "actions") == 0
        assert pool(s, "Kara", "reactions") == 0
        before = s.encounter.view()
        await press(pilot, "a")
        await choose(pilot, app, "move")
        assert s.encounter.view() == before
        await press(pilot, "a")
        await choose(pilot, app, "release")
        assert "grappling" in cond_entries(s, "Kara"), "a Stunned creature let go of its grapple (a free action)"
        assert s.encounter.view() == before


async def test_controlling_a_spell_by_keys_asks_which_spell(tmp_path: Path) -> None:
    """Control is once a turn for each spell: the keys ask which, and a second spell is still free."""
    s = make_session(tmp_path, "add Kara pc hp=24 init=17", "add Orc hp=10 init=3", "start")
    app = CombatApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for spell in ("Wall of Fire", "Spirit Blade"):
            await press(pilot, "a")
            await choose(pilot, app, "control a spell")
            assert (asking(app) or "").startswith("Control a spell: which one?")
            await entry(pilot, app, spell)
        history = [e.command for e in s.encounter.history()]
        assert history[-2:] == ['act Kara "Control a spell" what="Wall of Fire"',
                                'act Kara "Control a spell" what="Spirit Blade"']
        assert pool(s, "Kara", "actions") == 1
