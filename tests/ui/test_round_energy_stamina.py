"""energy-stamina played with keys only: free rounds the GM closes with `n`, Energy and Agility spent
with `a`, once-per-round markers, damage, parent and daughter conditions, prompts, marking and undo.

Every step is a key (or typed text in a dialog); after each one the test reads the model.
"""

from __future__ import annotations

from pathlib import Path

from helpers import combatant, pool, screenshot_text
from textual.pilot import Pilot

from combat_tui.session import Session, catalogue
from combat_tui.store import saves
from combat_tui.ui.screens.main import MainScreen

from .keys import RecordingApp as App
from .keys import add_condition, answer, choose, command, errors, goto, picking, press

SIZE = (120, 40)


def who_(s: Session, cid: str) -> str:
    return s.encounter.state.combatants[cid].name


def applied(s: Session, name: str) -> dict[str, bool]:
    """Condition id -> applied in its own right (False: only held by a parent)."""
    return {cs.id: cs.direct for cs in combatant(s, name).conditions}


async def condition_on(pilot: Pilot[None], app: App, name: str, cond: str, how_long: str = "") -> None:
    """To the creature with the arrows, then c, the condition, and how long (empty: its default duration)."""
    await goto(pilot, app, name)
    await add_condition(pilot, app, cond, how_long=how_long)


async def act(pilot: Pilot[None], app: App, name: str, action: str) -> None:
    await goto(pilot, app, name)
    await press(pilot, "a")
    await choose(pilot, app, action)


async def test_two_free_rounds_with_keys_round_1(tmp_path: Path) -> None:
    s = Session.create(tmp_path / "fight.combat", catalogue(), "energy-stamina", seed=11)
    app = App(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MainScreen)
        # -- setup through the command bar --------------------------------------------------------
        await command(pilot, "add Kara pc con=12 leg_agility=1")
        await command(pilot, "add Brakk con=4")
        await command(pilot, "add Orc x2 aura_mod=-3")
        assert [c.name for c in s.encounter.state.roster()] == ["Kara", "Brakk", "Orc 1", "Orc 2"]
        assert pool(s, "Orc 1", "aura") == 16  # floor(20 - 3 * 4 / 3)
        assert pool(s, "Brakk", "stamina") == 4

        # -- round 1 -------------------------------------------------------------------------------
        await press(pilot, "n")  # not started: n starts
        await pilot.pause()
        st = s.encounter.state
        assert st.clock.started and st.clock.round == 1
        assert str(app.screen.title).endswith("Round 1")
        assert sorted(s.encounter.view()["active"]) == ["Brakk", "Kara", "Orc 1", "Orc 2"]
        # Energy from Stamina: 12 -> 5 (capped), 4 -> 4; Agility 3 + Leg Strength
        assert {c.name: c.pools["energy"].current for c in st.roster()} == {
            "Kara": 5, "Brakk": 4, "Orc 1": 5, "Orc 2": 5}
        assert pool(s, "Kara", "agility") == 4 and pool(s, "Brakk", "agility") == 3

        # a melee attack: 3 Energy, 3 Agile Moves earned
        await act(pilot, app, "Kara", "melee")
        assert pool(s, "Kara", "energy") == 2
        assert pool(s, "Kara", "agile_moves") == 3
        # an Agile Move: 1 Agility and one of the earned moves
        await act(pilot, app, "Kara", "agile-move")
        assert (pool(s, "Kara", "agility"), pool(s, "Kara", "agile_moves")) == (3, 2)
        # Swift Attack: 1 Energy and the once-a-round marker
        await act(pilot, app, "Kara", "swift-attack")
        assert pool(s, "Kara", "energy") == 1 and pool(s, "Kara", "swift_attack") == 0
        # the second Swift Attack in the round is refused: an error, nothing changed
        before, seen = s.encounter.doc.model_dump(), len(errors(app))
        await act(pilot, app, "Kara", "swift-attack")
        assert len(errors(app)) == seen + 1 and "Swift Attack" in errors(app)[-1]
        assert s.encounter.doc.model_dump() == before

        # Stamina for Energy, once a round: Brakk 4 Stamina -> 3, Energy 4 -> 5
        await act(pilot, app, "Brakk", "stamina-for-energy")
        assert (pool(s, "Brakk", "stamina"), pool(s, "Brakk", "energy")) == (3, 5)
        before, seen = s.encounter.doc.model_dump(), len(errors(app))
        await act(pilot, app, "Brakk", "stamina-for-energy")
        assert len(errors(app)) == seen + 1
        assert s.encounter.doc.model_dump() == before

        # Initiative, once a round: it queues the roll, p rolls it, p again applies it
        await act(pilot, app, "Brakk", "roll-initiative")
        assert pool(s, "Brakk", "initiative_roll") == 0
        assert [p.table for p in s.encounter.state.prompts] == ["initiative"]
        await press(pilot, "p")
        assert s.encounter.state.prompts[0].rolled is not None
        await press(pilot, "p")
        assert s.encounter.state.prompts == []
        before, seen = s.encounter.doc.model_dump(), len(errors(app))
        await act(pilot, app, "Brakk", "roll-initiative")
        assert len(errors(app)) == seen + 1
        assert s.encounter.doc.model_dump() == before

        # damage to one Orc: off its Aura
        await goto(pilot, app, "Orc 1")
        await press(pilot, "d")
        await answer(pilot, app, "7")
        assert pool(s, "Orc 1", "aura") == 9
        assert s.encounter.state.prompts == []  # Aura left: no Death roll

        # mark both Orcs (space) and hit them together: one roll for all
        await goto(pilot, app, "Orc 1")
        await press(pilot, "space")
        await goto(pilot, app, "Orc 2")
        await press(pilot, "space")
        screen = app.screen
        assert isinstance(screen, MainScreen)
        assert {s.encounter.state.combatants[m].name for m in screen.marked} == {"Orc 1", "Orc 2"}
        await press(pilot, "d")
        await answer(pilot, app, "10")
        assert (pool(s, "Orc 1", "aura"), pool(s, "Orc 2", "aura")) == (0, 6)
        assert pool(s, "Kara", "aura") == 20 and pool(s, "Brakk", "aura") == 20
        # the hit got past Orc 1's Aura: a Death roll waits
        assert [(p.table, who_(s, p.cid)) for p in s.encounter.state.prompts] == [("death-roll", "Orc 1")]
        await press(pilot, "escape")  # unmark
        await pilot.pause()
        assert screen.marked == frozenset()

        # v gives the GM's number: 12 is a major injury, Exhausted until a short rest
        await press(pilot, "v")
        await answer(pilot, app, "12")
        assert s.encounter.state.prompts == []
        assert "exhausted" in applied(s, "Orc 1")

        # another hit on an empty Aura: another Death roll, dismissed with x
        await goto(pilot, app, "Orc 1")
        await press(pilot, "d")
        await answer(pilot, app, "2")
        assert [p.table for p in s.encounter.state.prompts] == ["death-roll"]
        await press(pilot, "x")
        assert s.encounter.state.prompts == []

        # Prone brings Exposed (a daughter, not direct)
        await condition_on(pilot, app, "Kara", "prone")
        assert applied(s, "Kara") == {"prone": True, "exposed": False}
        # C offers only what was applied directly: Exposed cannot be picked while Prone holds it
        await press(pilot, "C")
        assert picking(app) is not None
        await press(pilot, *"exposed", "enter")
        assert picking(app) is not None  # nothing to choose: the list stays
        await press(pilot, "escape")
        assert applied(s, "Kara") == {"prone": True, "exposed": False}
        # Defend does not end Exposed while Prone holds it
        await act(pilot, app, "Kara", "defend")
        assert pool(s, "Kara", "energy") == 0
        assert applied(s, "Kara") == {"prone": True, "exposed": False, "defending": True}
        # removing the parent takes the daughter with it
        await press(pilot, "C")
        await choose(pilot, app, "prone")
        assert applied(s, "Kara") == {"defending": True}

        # a standing jump: 2 Energy and 1 Stamina, lands Unguarded (which brings Exposed)
        await act(pilot, app, "Orc 2", "jump")
        assert (pool(s, "Orc 2", "energy"), pool(s, "Orc 2", "stamina")) == (3, 9)
        assert applied(s, "Orc 2") == {"unguarded": True, "exposed": False}
        # Defend ends both (no parent holds Unguarded)
        await act(pilot, app, "Orc 2", "defend")
        assert applied(s, "Orc 2") == {"defending": True}
        assert pool(s, "Orc 2", "energy") == 2
        # an attack ends Defending
        await act(pilot, app, "Orc 2", "unarmed")
        assert pool(s, "Orc 2", "energy") == 0
        assert applied(s, "Orc 2") == {}

        # Exposed applied directly lasts to the end of the round; Defend would end it
        await condition_on(pilot, app, "Brakk", "exposed")
        assert applied(s, "Brakk") == {"exposed": True}
        exposed = next(cs for cs in combatant(s, "Brakk").conditions if cs.id == "exposed")
        assert exposed.ends is not None and (exposed.ends.kind, exposed.ends.round) == ("round-end", 1)
        # not enough Energy is refused: Kara has 0 and wants to Run
        before, seen = s.encounter.doc.model_dump(), len(errors(app))
        await act(pilot, app, "Kara", "run")
        assert len(errors(app)) == seen + 1 and "Energy" in errors(app)[-1]
        assert s.encounter.doc.model_dump() == before

        # -- undo / redo ---------------------------------------------------------------------------
        await press(pilot, "u")
        assert applied(s, "Brakk") == {}
        await press(pilot, "U")
        assert applied(s, "Brakk") == {"exposed": True}
    # the autosave on disk is the session
    assert saves.load(s.path).model_dump() == s.encounter.doc.model_dump()


# Round 1 as the keys above played it: the same seed replays the same rolls.
ROUND_1 = ("add Kara pc con=12 leg_agility=1", "add Brakk con=4", "add Orc x2 aura_mod=-3", "start",
           'act Kara "Melee Attack"', "act Kara agile-move", 'act Kara "Swift Attack (melee)"',
           "act Brakk stamina-for-energy", "act Brakk roll-initiative", "preroll Brakk", "resolve Brakk",
           'dmg "Orc 1" 7', 'dmg "Orc 1,Orc 2" 10', "resolve Orc 1 value=12", 'dmg "Orc 1" 2', "dismiss Orc 1",
           "cond Kara prone", "act Kara defend", "uncond Kara prone uid=10", 'act "Orc 2" "Jump (standing)"',
           'act "Orc 2" defend', 'act "Orc 2" "Unarmed Attack"', "cond Brakk exposed")


async def test_two_free_rounds_with_keys_from_round_2(tmp_path: Path) -> None:
    """The second part of the two free rounds (a test of its own, so xdist can spread them)."""
    s = Session.create(tmp_path / "fight.combat", catalogue(), "energy-stamina", seed=11)
    for line in ROUND_1:
        s.run(line)
    app = App(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        # as round 1 left it
        assert s.encounter.state.clock.round == 1 and applied(s, "Brakk") == {"exposed": True}
        assert pool(s, "Kara", "energy") == 0 and pool(s, "Brakk", "stamina") == 3

        # -- round 2 ------------------------------------------------------------------------------
        await press(pilot, "n")
        st = s.encounter.state
        assert st.clock.round == 2
        assert str(app.screen.title).endswith("Round 2")
        # Energy refreshed from current Stamina: Brakk spent 1 (3 left), Orc 1 Exhausted (5 - 2)
        assert {c.name: c.pools["energy"].current for c in st.roster()} == {
            "Kara": 5, "Brakk": 3, "Orc 1": 3, "Orc 2": 5}
        assert pool(s, "Kara", "agility") == 4
        assert pool(s, "Kara", "agile_moves") == 0
        # the once-a-round markers are back
        for name in ("Kara", "Brakk"):
            c = combatant(s, name)
            assert (c.pools["swift_attack"].current, c.pools["initiative_roll"].current,
                    c.pools["stamina_swap"].current) == (1, 1, 1), name
        # Exhausted forbids the swap: its marker has no room this round
        assert combatant(s, "Orc 1").pools["stamina_swap"].current == 0
        # Exposed ran out with round 1; Defending and the long Exhausted stay
        assert applied(s, "Brakk") == {}
        assert applied(s, "Kara") == {"defending": True}
        assert "exhausted" in applied(s, "Orc 1")

        # the Swift Attack is allowed again in the new round
        await act(pilot, app, "Kara", "swift-attack")
        assert pool(s, "Kara", "swift_attack") == 0 and pool(s, "Kara", "energy") == 4
        assert applied(s, "Kara") == {}  # attacking ends Defending

        # Exhausted Orc 1 cannot Sprint (it costs Stamina): refused, nothing changed
        before, seen = s.encounter.doc.model_dump(), len(errors(app))
        await act(pilot, app, "Orc 1", "sprint")
        assert len(errors(app)) == seen + 1 and "Stamina" in errors(app)[-1]
        assert s.encounter.doc.model_dump() == before

        # Brakk drains his Stamina: Catch Your Breath is 3 Energy for 1 Stamina
        await act(pilot, app, "Brakk", "catch-breath")
        assert (pool(s, "Brakk", "energy"), pool(s, "Brakk", "stamina")) == (0, 4)

        # a Combat roll that exposes the attacker: p rolls only by hand here, so give the value
        await goto(pilot, app, "Orc 2")
        await command(pilot, "prompt 'Orc 2' combat-roll")
        assert [p.table for p in s.encounter.state.prompts] == ["combat-roll"]
        await press(pilot, "v")
        await answer(pilot, app, "2")
        assert s.encounter.state.prompts == []
        exposed = next(cs for cs in combatant(s, "Orc 2").conditions if cs.id == "exposed")
        assert exposed.ends is not None and exposed.ends.round == 3  # to the end of the NEXT round

        # -- undo across the round boundary and redo it ----------------------------------------------
        steps = s.encounter.doc.cursor
        for _ in range(5):  # resolve, prompt, catch breath, swift attack, next
            await press(pilot, "u")
        assert s.encounter.doc.cursor == steps - 5
        assert s.encounter.state.clock.round == 1
        assert pool(s, "Kara", "energy") == 0 and pool(s, "Brakk", "stamina") == 3
        assert applied(s, "Brakk") == {"exposed": True}
        for _ in range(5):
            await press(pilot, "U")
        assert s.encounter.doc.cursor == steps
        assert s.encounter.state.clock.round == 2
        assert (pool(s, "Brakk", "energy"), pool(s, "Brakk", "stamina")) == (0, 4)
        assert "exposed" in applied(s, "Orc 2")

        # -- round 3 -------------------------------------------------------------------------------
        await press(pilot, "n")
        assert s.encounter.state.clock.round == 3
        assert {c.name: c.pools["energy"].current for c in s.encounter.state.roster()} == {
            "Kara": 5, "Brakk": 4, "Orc 1": 3, "Orc 2": 5}
        assert "exposed" in applied(s, "Orc 2")  # ends with round 3
        await press(pilot, "n")
        assert s.encounter.state.clock.round == 4
        assert "exposed" not in applied(s, "Orc 2")

        # -- round 4: several act together, in the command bar (marks are the targets of `a`, not its actors)
        await command(pilot, 'act "Orc 1,Orc 2" quick-run')
        assert (pool(s, "Orc 1", "energy"), pool(s, "Orc 2", "energy")) == (1, 3)
        assert (pool(s, "Kara", "energy"), pool(s, "Brakk", "energy")) == (5, 4)
        await press(pilot, "escape")

        # two parents hold Exposed: removing one leaves it, removing both ends it
        await condition_on(pilot, app, "Brakk", "dazed")
        await condition_on(pilot, app, "Brakk", "prone")
        assert applied(s, "Brakk") == {"dazed": True, "exposed": False, "prone": True}
        await press(pilot, "C")
        await choose(pilot, app, "dazed")
        assert applied(s, "Brakk") == {"exposed": False, "prone": True}
        # typed in the command bar, removing the held daughter is refused too
        before = s.encounter.doc.model_dump()
        await command(pilot, "uncond Brakk exposed")
        assert "Prone" in errors(app)[-1]
        assert s.encounter.doc.model_dump() == before
        await goto(pilot, app, "Brakk")
        await press(pilot, "C")
        await choose(pilot, app, "prone")
        assert applied(s, "Brakk") == {}

    # the autosave on disk is the session
    on_disk = saves.load(s.path)
    assert on_disk.model_dump() == s.encounter.doc.model_dump()


async def test_surprise_knockout_and_bleeding_out_with_keys(tmp_path: Path) -> None:
    s = Session.create(tmp_path / "ambush.combat", catalogue(), "energy-stamina", seed=5)
    app = App(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await command(pilot, "add Kara pc surprised")
        await command(pilot, "add Brakk con=4")
        await command(pilot, "add Orc aura_mod=-3")
        await press(pilot, "n")
        assert s.encounter.state.clock.round == 1
        # Surprised brings Unguarded, which brings Exposed
        assert applied(s, "Kara") == {"surprised": True, "unguarded": False, "exposed": False}

        # Defend cannot lift Unguarded or Exposed while Surprised holds them
        await act(pilot, app, "Kara", "defend")
        assert pool(s, "Kara", "energy") == 4
        assert applied(s, "Kara") == {"surprised": True, "unguarded": False, "exposed": False, "defending": True}
        # and C offers only the conditions applied in their own right
        await press(pilot, "C")
        dialog = picking(app)
        assert dialog is not None
        assert sorted(c.id.split()[0] for c in dialog.choices) == ["defending", "surprised"]
        await press(pilot, "escape")

        # spending all Stamina (s, pool, amount) knocks Brakk out
        await goto(pilot, app, "Brakk")
        await press(pilot, "s")
        await choose(pilot, app, "stamina")
        await answer(pilot, app, "4")
        assert pool(s, "Brakk", "stamina") == 0
        assert applied(s, "Brakk") == {"unconscious": True, "unguarded": False, "exposed": False}

        # non-lethal damage past the Aura: its own table, not a Death roll
        await goto(pilot, app, "Orc")
        await press(pilot, "d")
        await answer(pilot, app, "20 non-lethal")
        assert pool(s, "Orc", "aura") == 0
        assert [p.table for p in s.encounter.state.prompts] == ["non-lethal-at-zero"]
        await press(pilot, "p")  # roll
        await pilot.pause()
        await press(pilot, "p")  # apply
        await pilot.pause()
        assert s.encounter.state.prompts == []
        exhausted = next(cs for cs in combatant(s, "Orc").conditions if cs.id == "exhausted")
        assert exhausted.ends is not None and exhausted.ends.round == 2  # to the end of the next round

        # lethal damage at 0 Aura: Death roll 6 = bleeding out
        await press(pilot, "d")
        await answer(pilot, app, "3")
        assert [p.table for p in s.encounter.state.prompts] == ["death-roll"]
        assert "Death roll" in screenshot_text(app)
        await press(pilot, "v")
        await answer(pilot, app, "6")
        assert {"exhausted", "bleeding-out"} <= set(applied(s, "Orc"))

        # -- round 2 ------------------------------------------------------------------------------
        await press(pilot, "n")
        assert s.encounter.state.clock.round == 2
        assert applied(s, "Kara") == {"defending": True}  # Surprised ended with round 1, daughters with it
        # Energy from Stamina: 0 Stamina gives none; Exhausted gives 2 less
        assert {c.name: c.pools["energy"].current for c in s.encounter.state.roster()} == {
            "Kara": 5, "Brakk": 0, "Orc": 3}
        # round-start rolls: the waking roll and the Death save
        assert [(who_(s, p.cid), p.table) for p in s.encounter.state.prompts] == [
            ("Brakk", "waking-roll"), ("Orc", "death-save")]
        assert "Waking roll" in screenshot_text(app)
        # a 20 wakes Brakk with 1 Stamina
        await press(pilot, "v")
        await answer(pilot, app, "20")
        assert pool(s, "Brakk", "stamina") == 1
        assert applied(s, "Brakk") == {}
        # a 20 on the Death save stabilizes the Orc
        await press(pilot, "v")
        await answer(pilot, app, "20")
        assert "bleeding-out" not in applied(s, "Orc")
        assert s.encounter.state.prompts == []

        # -- round 3 ------------------------------------------------------------------------------
        await press(pilot, "n")
        assert s.encounter.state.clock.round == 3
        assert {c.name: c.pools["energy"].current for c in s.encounter.state.roster()} == {
            "Kara": 5, "Brakk": 1, "Orc": 3}
        assert s.encounter.state.prompts == []  # stabilized and awake: nothing to roll
        # undo the round, redo it
        await press(pilot, "u")
        assert s.encounter.state.clock.round == 2 and pool(s, "Brakk", "energy") == 0
        await press(pilot, "U")
        assert s.encounter.state.clock.round == 3 and pool(s, "Brakk", "energy") == 1

    assert saves.load(s.path).model_dump() == s.encounter.doc.model_dump()


async def test_healing_a_bleeding_creature_drops_its_pending_death_save(tmp_path: Path) -> None:
    """Regaining Aura stabilizes: the Death save already waiting for this round has no cause left."""
    s = Session.create(tmp_path / "heal.combat", catalogue(), "energy-stamina", seed=5)
    app = App(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await command(pilot, "add Orc aura_mod=-3")
        await press(pilot, "n")
        await press(pilot, "d")
        await answer(pilot, app, "17")  # 1 past the Aura
        await press(pilot, "v")
        await answer(pilot, app, "6")  # bleeding out
        assert "bleeding-out" in applied(s, "Orc")
        await press(pilot, "n")
        assert [p.table for p in s.encounter.state.prompts] == ["death-save"]
        await press(pilot, "h")
        await answer(pilot, app, "1")
        assert pool(s, "Orc", "aura") == 1
        assert "bleeding-out" not in applied(s, "Orc")
        assert [p.table for p in s.encounter.state.prompts] == []


async def test_agility_comes_back_when_slowed_ends_mid_round(tmp_path: Path) -> None:
    """Restraining brings Slowed, and Slowed blocks Agility. Letting go ends both; the Agility Kara never
    spent this round should be usable again (the rules text: once Slowed is removed, Agility may be
    spent for the rest of the round)."""
    s = Session.create(tmp_path / "slowed.combat", catalogue(), "energy-stamina", seed=5)
    app = App(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await command(pilot, "add Kara pc")
        await command(pilot, "add Orc")
        await press(pilot, "n")
        assert pool(s, "Kara", "agility") == 3
        await condition_on(pilot, app, "Kara", "restraining")
        assert applied(s, "Kara") == {"restraining": True, "slowed": False}
        # Slowed: no Agility may be used
        before = s.encounter.doc.model_dump()
        await act(pilot, app, "Kara", "shift-agility")
        assert "Agility" in errors(app)[-1]
        assert s.encounter.doc.model_dump() == before
        # she lets go: Restraining and Slowed end
        await press(pilot, "C")
        await choose(pilot, app, "restraining")
        assert applied(s, "Kara") == {}
        assert combatant(s, "Kara").pools["agility"].max == 3
        assert pool(s, "Kara", "agility") == 3, "unspent Agility stays lost for the rest of the round"
        await act(pilot, app, "Kara", "shift-agility")
        assert pool(s, "Kara", "agility") == 1
