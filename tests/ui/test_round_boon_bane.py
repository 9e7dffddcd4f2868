"""A full round of `boon-bane` played with keys only, the model checked after every step.

Budgets: everyone gets 3 AP, 2 attacks and 1 free action when a ROUND starts (not at each turn), and
unspent AP are lost. AP pay for primary actions on one's own turn and for reactions at any time.
Surprised creatures skip their round-1 turn and can neither act nor react in round 1. Saving a turn:
the creature names after whom it acts (hold, then enter).
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

from helpers import cond_entries, pool

from combat_tui.store import saves
from combat_tui.ui.app import CombatApp
from combat_tui.ui.screens.main import MainScreen

from .keys import (
    add_condition,
    asking,
    choose,
    entry,
    highlight,
    list_title,
    new_session,
    picking,
    press,
    turn,
)

SIZE = (120, 40)


make_session = partial(new_session, ruleset="boon-bane", seed=7)


async def test_a_full_round_of_boon_bane_with_keys_only(tmp_path: Path) -> None:
    s = make_session(
        tmp_path,
        "add Kara pc init=6 hp=14",
        "add Orc init=5 hp=12 ar=2",
        "add Bram pc init=4 hp=10",
        "add Goblin init=2 hp=6 surprised",
    )
    app = CombatApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MainScreen)

        # n starts round 1: everyone gets 3 AP, 2 attacks, 1 free action, except the surprised Goblin
        await press(pilot, "n")
        v = s.encounter.view()
        assert v["round"] == 1 and v["order"] == ["Kara", "Orc", "Bram", "Goblin"] and turn(s) == ["Kara"]
        for name in ("Kara", "Orc", "Bram"):
            assert (pool(s, name, "ap"), pool(s, name, "attacks"), pool(s, name, "free_action")) == (3, 2, 1)
        assert (pool(s, "Goblin", "ap"), pool(s, "Goblin", "attacks"), pool(s, "Goblin", "free_action")) == (0, 0, 0)
        assert cond_entries(s, "Goblin")["surprised"]["remaining"] == 0  # ends with this round

        # Kara strikes: 1 AP and one of her two attacks; the combat roll waits for the GM
        await press(pilot, "a")
        await choose(pilot, app, "strike")
        assert (pool(s, "Kara", "ap"), pool(s, "Kara", "attacks")) == (2, 1)
        assert [(p["creature"], p["table"]) for p in s.encounter.view()["prompts"]] == [("Kara", "Combat roll outcome")]
        # v: the GM picks the outcome by name: both passed and the attacker had more successes
        await press(pilot, "v")
        await choose(pilot, app, "both pass: hit")
        assert s.encounter.view()["prompts"] == []
        # the hit on the Orc: 6 slashing, its Armor Rating 2 takes 2 off
        await highlight(pilot, app, "Orc")
        await press(pilot, "d")
        await entry(pilot, app, "6 slashing")
        assert pool(s, "Orc", "hp") == 8

        # the Orc defends on Kara's turn: a reaction, paid from this round's AP (the Orc was just hit:
        # a asks who acts, Kara whose turn it is or the Orc)
        await press(pilot, "a")
        assert list_title(app) == "Who acts?"
        await choose(pilot, app, "orc")
        await choose(pilot, app, "defend")
        assert pool(s, "Orc", "ap") == 2
        # but a primary action (Dash) is only for its own turn: refused, nothing changes
        before = s.encounter.view()
        await press(pilot, "a")
        await choose(pilot, app, "orc")
        await choose(pilot, app, "dash")
        assert s.encounter.view() == before
        # the surprised Goblin cannot even react in round 1
        await highlight(pilot, app, "Goblin")
        await press(pilot, "a")
        await choose(pilot, app, "defend")
        assert s.encounter.view() == before

        # Kara's second strike; x dismisses its combat roll; a third attack this round is refused
        await highlight(pilot, app, "Kara")
        await press(pilot, "a")
        await choose(pilot, app, "strike")
        assert (pool(s, "Kara", "ap"), pool(s, "Kara", "attacks")) == (1, 0)
        await press(pilot, "x")
        assert s.encounter.view()["prompts"] == []
        before = s.encounter.view()
        await press(pilot, "a")
        await choose(pilot, app, "strike")
        assert s.encounter.view() == before
        # one free action a round
        await press(pilot, "a")
        await choose(pilot, app, "free action")
        assert pool(s, "Kara", "free_action") == 0
        before = s.encounter.view()
        await press(pilot, "a")
        await choose(pilot, app, "free action")
        assert s.encounter.view() == before

        # mark the Orc and Bram: 3 piercing to both (the Orc's armor takes 2 off)
        await highlight(pilot, app, "Orc")
        await press(pilot, "space")
        await highlight(pilot, app, "Bram")
        await press(pilot, "space")
        await press(pilot, "d")
        await entry(pilot, app, "3 piercing")
        assert pool(s, "Orc", "hp") == 7 and pool(s, "Bram", "hp") == 7 and pool(s, "Kara", "hp") == 14
        await press(pilot, "escape")

        # n: the Orc's turn. No new AP at a turn: what it spent on Kara's turn stays spent
        await press(pilot, "n")
        assert turn(s) == ["Orc"] and s.encounter.view()["round"] == 1
        assert pool(s, "Orc", "ap") == 2 and pool(s, "Kara", "ap") == 1 and pool(s, "Kara", "attacks") == 0

        # the Orc saves its turn (o): out of the order, Bram is active
        await press(pilot, "o")
        if picking(app) is not None:  # after whom? (see test_saving_a_turn_names_after_whom)
            await choose(pilot, app, "Bram")
        v = s.encounter.view()
        assert turn(s) == ["Bram"]
        assert (v["waiting"], v["order"]) in ((["Orc"], ["Kara", "Bram", "Goblin"]),
                                             ([], ["Kara", "Bram", "Orc", "Goblin"]))

        # Bram: Dash, is knocked Prone, stands up (free movement, 0 AP), is grappled by the Orc
        await press(pilot, "a")
        await choose(pilot, app, "dash")
        assert pool(s, "Bram", "ap") == 2
        await add_condition(pilot, app, "prone")
        assert "prone" in cond_entries(s, "Bram")
        await press(pilot, "a")
        await choose(pilot, app, "stand up")
        assert "prone" not in cond_entries(s, "Bram") and pool(s, "Bram", "ap") == 2
        await add_condition(pilot, app, "grappled", relative_to="Orc")
        assert cond_entries(s, "Bram")["grappled"]["source"] == "Orc"
        # Bram spends 1 AP by hand (s) and the GM gives one back (g)
        await press(pilot, "s")
        await choose(pilot, app, "action points")
        await entry(pilot, app, "1")
        assert pool(s, "Bram", "ap") == 1
        await press(pilot, "g")
        await choose(pilot, app, "action points")
        await entry(pilot, app, "1")
        assert pool(s, "Bram", "ap") == 2

        # the Orc comes back in after Bram (e, or by itself if it named Bram): its turn, AP still 2
        if s.encounter.view()["waiting"]:
            await press(pilot, "e")
            await choose(pilot, app, "Orc")
            assert turn(s) == ["Bram"]  # Bram's turn goes on; the Orc acts when it ends
        await press(pilot, "n")
        v = s.encounter.view()
        assert turn(s) == ["Orc"] and v["waiting"] == [] and v["order"] == ["Kara", "Bram", "Orc", "Goblin"]
        assert pool(s, "Orc", "ap") == 2 and v["round"] == 1
        # h: the Orc heals 2
        await press(pilot, "h")
        await entry(pilot, app, "2")
        assert pool(s, "Orc", "hp") == 9

        # n: the surprised Goblin is skipped -> round 2 with Kara; AP, attacks and the free action refill
        await press(pilot, "n")
        v = s.encounter.view()
        assert v["round"] == 2 and turn(s) == ["Kara"]
        for name in ("Kara", "Orc", "Bram", "Goblin"):
            assert (pool(s, name, "ap"), pool(s, name, "attacks"), pool(s, name, "free_action")) == (3, 2, 1), name
        assert "surprised" not in cond_entries(s, "Goblin")

        # u / U over the round change
        await press(pilot, "u")
        assert s.encounter.view()["round"] == 1 and turn(s) == ["Orc"] and pool(s, "Kara", "ap") == 1
        assert "surprised" in cond_entries(s, "Goblin")
        await press(pilot, "U")
        assert s.encounter.view()["round"] == 2 and turn(s) == ["Kara"] and pool(s, "Kara", "ap") == 3

        # C: the Orc lets go of Bram
        await highlight(pilot, app, "Bram")
        await press(pilot, "C")
        await choose(pilot, app, "grappled")
        assert "grappled" not in cond_entries(s, "Bram")

        # the rest of round 2, in the order as it now stands; the Goblin acts this time
        seen = []
        for _ in range(3):
            await press(pilot, "n")
            seen += turn(s)
        assert seen == ["Bram", "Orc", "Goblin"] and s.encounter.view()["round"] == 2
        # the Goblin spends on its own turn; out of Health it is knocked out and leaves the order
        await press(pilot, "a")
        await choose(pilot, app, "strike")
        assert pool(s, "Goblin", "ap") == 2 and pool(s, "Goblin", "attacks") == 1
        await press(pilot, "x")
        await press(pilot, "d")
        await entry(pilot, app, "9")
        assert pool(s, "Goblin", "hp") == 0 and "unconscious" in cond_entries(s, "Goblin")
        assert "Goblin" not in s.encounter.view()["order"]
        await press(pilot, "n")
        assert s.encounter.view()["round"] == 3 and turn(s) == ["Kara"]
        assert pool(s, "Goblin", "ap") == 0
        assert str(app.screen.title).endswith("Round 3")
        assert str(app.screen.sub_title).endswith("autosave: fight.combat")

    doc = saves.load(tmp_path / "fight.combat")
    assert doc.state == s.encounter.state
    assert doc.cursor == s.encounter.doc.cursor


async def test_saving_a_turn_names_after_whom(tmp_path: Path) -> None:
    """The rules: a creature that saves its turn must say at once after which creature it will act.
    With keys, o should ask for that creature, and the saver then acts when that creature's turn ends."""
    s = make_session(tmp_path, "add Kara pc init=6", "add Orc init=5", "add Bram pc init=4", "add Wolf init=3",
                     "start")
    app = CombatApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert turn(s) == ["Kara"]
        # no delay in this ruleset: y does nothing
        before = s.encounter.view()
        await press(pilot, "y")
        assert isinstance(app.screen, MainScreen) and s.encounter.view() == before
        await press(pilot, "o")
        assert picking(app) is not None, "o saves the turn without asking after whom (the rules require it)"
        await choose(pilot, app, "Bram")
        assert turn(s) == ["Orc"]
        await press(pilot, "n")  # Orc's turn ends -> Bram
        await pilot.pause()
        assert turn(s) == ["Bram"]
        await press(pilot, "n")  # Bram's turn ends -> Kara, as she said
        await pilot.pause()
        assert turn(s) == ["Kara"] and s.encounter.view()["round"] == 1
        await press(pilot, "n")
        assert turn(s) == ["Wolf"]
        await press(pilot, "n")
        assert s.encounter.view()["round"] == 2 and turn(s) == ["Orc"]


async def test_p_on_a_combat_roll_asks_for_the_outcome(tmp_path: Path) -> None:
    """The combat roll is decided by two tests, not one die: p must ask the GM for the outcome (as for
    any table the GM picks from), not 'roll' the constant 0 and then throw the prompt away."""
    s = make_session(tmp_path, "add Kara pc init=6", "add Orc init=5 hp=12", "start")
    app = CombatApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await press(pilot, "a")
        await choose(pilot, app, "strike")
        assert [p["table"] for p in s.encounter.view()["prompts"]] == ["Combat roll outcome"]
        await press(pilot, "p")
        assert picking(app) is not None, "p 'rolled' the combat roll's outcome instead of asking for it"
        await choose(pilot, app, "attacker critical")  # a maneuver follows
        assert [p["table"] for p in s.encounter.view()["prompts"]] == ["Maneuver (critical win)"]
        await press(pilot, "p")
        assert picking(app) is not None
        await choose(pilot, app, "brace")
        assert "braced" in cond_entries(s, "Kara") and s.encounter.view()["prompts"] == []


async def test_v_on_a_combat_roll_lists_the_outcomes_by_name_and_range(tmp_path: Path) -> None:
    """The combat roll's outcome is picked from a list (name and range), not typed as a secret number;
    the pick applies that row."""
    s = make_session(tmp_path, "add Kara pc init=6", "add Orc init=5 hp=12", "start")
    app = CombatApp(s)
    rows = [r for r in s.encounter.rs.table("combat-roll").rows]
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await press(pilot, "a")
        await choose(pilot, app, "strike")
        assert any(line.endswith("the GM picks the outcome") for line in s.encounter.doc.log[-1].lines)
        await press(pilot, "v")
        screen = picking(app)
        assert screen is not None and not asking(app)
        listed = {c.label: c.hint for c in screen.choices}
        assert set(listed) == {r.label for r in rows}
        assert listed["Both pass: miss"] == "6 or more" and listed["Both fail"] == "1"
        await choose(pilot, app, "defender critical")
        assert s.encounter.view()["prompts"] == []
        last = s.encounter.doc.log[-1].lines
        assert any("Defender critical win: The attack is wholly negated" in line for line in last), last
        assert not any("(given)" in line for line in last)
