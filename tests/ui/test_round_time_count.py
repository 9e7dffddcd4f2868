"""time-count played with keys only: `n` moves the clock to the next TC with actors, `a` schedules an
actor's next turn (an action with a speed class, a speed class itself, or a speed factor typed in),
creatures on one TC act together, damage runs against the Threshold of Pain, `u`/`U` undo and redo.

After every step the test reads the clock, who is active and each actor's next TC: PCs roll the
class's random SF, NPCs take the static one.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
from helpers import active, combatant, conds, screenshot_text, tc, var
from textual.pilot import Pilot

from combat_tui.engine.state.model import Side
from combat_tui.session import Session, catalogue
from combat_tui.store import saves
from combat_tui.ui.screens.main import MainScreen
from combat_tui.ui.widgets.order_pane import OrderPane

from .keys import RecordingApp as App
from .keys import answer, asking, choose, command, errors, goto, pass_anyway, press

SIZE = (120, 40)

# speed class -> (lowest random SF, highest random SF, static SF), from the speed class table
CLASSES = {
    "free": (0, 0, 0),
    "rapid": (1, 4, 2),
    "swift": (3, 6, 4),
    "fast": (4, 9, 6),
    "standard": (7, 12, 9),
    "slow": (9, 16, 12),
    "recheck": (1, 10, 5),
}


@dataclass(frozen=True)
class Plan:
    """One way to act: what to type in the act dialog, what to answer after, and the SF it gives."""

    choice: str
    entry: str | None = None
    cls: str | None = None  # the speed class it takes
    sf: int | None = None  # or a fixed speed factor


PLANS = [
    Plan("speed class: fast", cls="fast"),  # a speed class itself
    Plan("draw-weapon", cls="rapid"),  # an action of the SF table
    Plan("a speed factor i type", "5", sf=5),  # a number typed in
    Plan("attack", "class=standard", cls="standard"),  # an action without a speed: class given
    Plan("drink-potion", cls="fast"),
    Plan("attack", "7", sf=7),  # an action without a speed: SF given
    Plan("open-door", cls="swift"),
    Plan("speed class: slow", cls="slow"),
]


async def take_turn(pilot: Pilot[None], app: App, s: Session, name: str, plan: Plan) -> int:
    """Act with keys and check the actor's next TC; returns the SF it got."""
    now = tc(s)
    assert combatant(s, name).next_tc == now and name in active(s), (name, now)
    await goto(pilot, app, name)
    await press(pilot, "a")
    await choose(pilot, app, plan.choice)
    if plan.entry is not None:
        await answer(pilot, app, plan.entry)
    assert isinstance(app.screen, MainScreen)
    c = combatant(s, name)
    assert c.next_tc is not None
    sf = c.next_tc - now
    if plan.sf is not None:
        assert sf == plan.sf, (name, plan)
    else:
        assert plan.cls is not None
        lo, hi, static = CLASSES[plan.cls]
        if c.side is Side.PC:
            assert lo <= sf <= hi, (name, plan, sf)
        else:
            assert sf == static, (name, plan, sf)
    assert tc(s) == now  # acting never moves the clock
    assert c.acted == (sf > 0)
    assert (name in active(s)) == (sf == 0)
    return sf


async def press_next(pilot: Pilot[None], app: App, s: Session) -> None:
    """n: the clock goes to the lowest next TC; those who did not act on this TC wait one."""
    now = tc(s)
    living = [c for c in s.encounter.state.roster() if "dead" not in conds(s, c.name)]
    expect_next = {c.name: (now + 1 if c.next_tc == now else c.next_tc) for c in living}
    undone = bool(s.encounter.state.prompts) or any(
        c.next_tc == now and not c.acted for c in living if "out-cold" not in conds(s, c.name))
    await press(pilot, "n")
    assert await pass_anyway(pilot) == undone  # told who has not acted (or a prompt), the GM passes on
    new = tc(s)
    assert new == min(v for v in expect_next.values() if v is not None)
    assert new > now
    assert {c.name: c.next_tc for c in living} == expect_next
    assert sorted(active(s)) == sorted(n for n, v in expect_next.items() if v == new)
    screen = app.screen
    assert isinstance(screen, MainScreen)
    assert str(screen.title).endswith(f"TC {new}")
    # the highlight follows the clock to one of those acting now
    assert screen.query_one(OrderPane).highlighted_id() in {combatant(s, n).id for n in active(s)}


async def test_sixty_tc_with_keys_start_and_turns(tmp_path: Path) -> None:
    """Sixty TC with keys, in three parts (each a test of its own, started where the one before ended)."""
    s = Session.create(tmp_path / "fight.combat", catalogue(), "time-count", seed=3)
    app = App(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MainScreen)
        await command(pilot, "add Zherynn pc init=6")
        await command(pilot, "add Aeus pc init=8 surprised")
        await command(pilot, "add Garret init=7 hp=20")
        await command(pilot, "add Orc init=6 hp=12")
        assert [c.name for c in s.encounter.state.roster()] == ["Zherynn", "Aeus", "Garret", "Orc"]

        # -- start: the lowest initiative acts first; equal ones act together ---------------------
        await press(pilot, "n")
        assert s.encounter.state.clock.started and tc(s) == 6
        assert sorted(active(s)) == ["Orc", "Zherynn"]
        assert str(app.screen.title).endswith("TC 6")
        aeus = combatant(s, "Aeus")
        assert aeus.initiative is not None and 9 <= aeus.initiative <= 14  # 8 + 1d6 for surprise
        assert aeus.next_tc == aeus.initiative
        assert {"surprised", "unsteady"} <= conds(s, "Aeus")
        assert combatant(s, "Garret").next_tc == 7
        # the timeline groups the simultaneous actors under one TC
        text = screenshot_text(app)
        assert "TC 6 ◀ now" in text and "TC 7 (+1)" in text

        # both actors of TC 6 act; the clock stays until n
        await take_turn(pilot, app, s, "Zherynn", Plan("speed class: fast", cls="fast"))
        assert sorted(active(s)) == ["Orc"]
        rolled = combatant(s, "Zherynn").next_tc
        # undo and redo a PC's random SF: redo brings back the same roll
        await press(pilot, "u")
        assert combatant(s, "Zherynn").next_tc == 6 and sorted(active(s)) == ["Orc", "Zherynn"]
        await press(pilot, "U")
        assert combatant(s, "Zherynn").next_tc == rolled and sorted(active(s)) == ["Orc"]
        await take_turn(pilot, app, s, "Orc", Plan("draw-weapon", cls="rapid"))
        assert sorted(active(s)) == [] and combatant(s, "Orc").next_tc == 8

        # undo and redo the Orc's act: the same next TC comes back
        await press(pilot, "u")
        assert combatant(s, "Orc").next_tc == 6 and sorted(active(s)) == ["Orc"]
        await press(pilot, "U")
        assert combatant(s, "Orc").next_tc == 8 and sorted(active(s)) == []

        await press_next(pilot, app, s)
        assert tc(s) == 7 and sorted(active(s)) == ["Garret"]

        # a speed factor typed in
        await take_turn(pilot, app, s, "Garret", Plan("a speed factor i type", "9", sf=9))
        assert combatant(s, "Garret").next_tc == 16

        # a free action does not end the turn; the next action does
        await press_next(pilot, app, s)
        assert tc(s) == 8 and sorted(active(s)) == ["Orc"]
        await take_turn(pilot, app, s, "Orc", Plan("drop-item", cls="free"))
        assert combatant(s, "Orc").next_tc == 8 and not combatant(s, "Orc").acted
        # an actor who does not act waits one TC
        await press_next(pilot, app, s)
        assert tc(s) == 9 and combatant(s, "Orc").next_tc == 9
        await take_turn(pilot, app, s, "Orc", Plan("attack", "class=standard", cls="standard"))
        assert combatant(s, "Orc").next_tc == 18
        assert errors(app) == []
    # the autosave on disk is the session
    assert saves.load(s.path).model_dump() == s.encounter.doc.model_dump()


# Where each part of the sixty TC ends, as its keys ran it: the same seed replays the same rolls.
AT_TC_9 = ("add Zherynn pc init=6", "add Aeus pc init=8 surprised", "add Garret init=7 hp=20", "add Orc init=6 hp=12",
           "start", "act Zherynn class=fast", 'act Orc "Draw a normal weapon"', "next", "act Garret sf=9", "next",
           "next", 'act Orc "Attack with a weapon" class=standard')
HURT_AND_HEALED = (*AT_TC_9, "dmg Garret 2", "dmg Garret 5 slashing", "dmg Garret 1", "dmg Garret,Orc 4",
                   "heal Garret 9")


def sixty_from(tmp_path: Path, lines: tuple[str, ...]) -> Session:
    s = Session.create(tmp_path / "fight.combat", catalogue(), "time-count", seed=3)
    for line in lines:
        s.run(line)
    return s


async def test_sixty_tc_with_keys_damage_and_healing(tmp_path: Path) -> None:
    s = sixty_from(tmp_path, AT_TC_9)
    app = App(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        # as the start and the turns left it
        assert tc(s) == 9 and active(s) == []
        assert combatant(s, "Orc").next_tc == 18 and combatant(s, "Garret").next_tc == 16
        # -- damage against the Threshold of Pain (Garret: HP 20, ToP 3) ---------------------------
        await goto(pilot, app, "Garret")
        await press(pilot, "d")
        assert asking(app)
        await answer(pilot, app, "2")
        g = combatant(s, "Garret").pools
        assert (g["hp"].current, g["fatigue"].current, g["top"].current) == (20, 2, 2)  # below ToP: fatigue
        await press(pilot, "d")
        await answer(pilot, app, "5 slashing")
        g = combatant(s, "Garret").pools
        # above ToP 2: 2 to fatigue, 3 off HP, one slashing impairment, ToP down to 1
        assert (g["hp"].current, g["fatigue"].current, g["top"].current) == (17, 4, 1)
        assert g["impair_slashing"].current == 1
        await press(pilot, "d")
        await answer(pilot, app, "1")
        g = combatant(s, "Garret").pools
        # equal to ToP: fatigue only (the default reading); ToP reaches 0, wounded
        assert (g["hp"].current, g["fatigue"].current, g["top"].current) == (17, 5, 0)
        assert "wounded" in conds(s, "Garret")
        # undo the last hit: ToP and wounded come back; redo it
        await press(pilot, "u")
        g = combatant(s, "Garret").pools
        assert (g["fatigue"].current, g["top"].current) == (4, 1) and "wounded" not in conds(s, "Garret")
        await press(pilot, "U")
        assert combatant(s, "Garret").pools["top"].current == 0 and "wounded" in conds(s, "Garret")
        assert s.encounter.state.prompts == []  # fatigue 5 is far below HP 17: no check

        # an area hit on two marked creatures: each splits it by its own Threshold of Pain
        await goto(pilot, app, "Garret")
        await press(pilot, "space")
        await goto(pilot, app, "Orc")
        await press(pilot, "space")
        await press(pilot, "d")
        await answer(pilot, app, "4")
        g, o = combatant(s, "Garret").pools, combatant(s, "Orc").pools
        assert (g["hp"].current, g["fatigue"].current, g["top"].current) == (13, 5, 0)  # ToP 0: all to HP
        assert (o["hp"].current, o["fatigue"].current, o["top"].current) == (11, 3, 2)  # 3 fatigue, 1 HP
        assert combatant(s, "Zherynn").pools["hp"].current == 10 and combatant(s, "Aeus").pools["hp"].current == 10
        await press(pilot, "escape")

        # healing fills Invigoration up to the HP maximum, the rest takes fatigue off
        await goto(pilot, app, "Garret")
        await press(pilot, "h")
        await answer(pilot, app, "9")
        g = combatant(s, "Garret").pools
        assert (g["hp"].current, g["invigoration"].current, g["fatigue"].current) == (13, 7, 3)
        assert tc(s) == 9  # damage and healing never move the clock

        assert errors(app) == []
    # the autosave on disk is the session
    assert saves.load(s.path).model_dump() == s.encounter.doc.model_dump()


@pytest.mark.long
async def test_sixty_tc_with_keys_on_to_tc_60(tmp_path: Path) -> None:
    s = sixty_from(tmp_path, HURT_AND_HEALED)
    app = App(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        g = combatant(s, "Garret").pools  # as the damage and the healing left it
        assert tc(s) == 9 and (g["hp"].current, g["invigoration"].current, g["fatigue"].current) == (13, 7, 3)
        # -- play on to TC 60 and beyond ------------------------------------------------------------
        turn = 0
        waited = False
        undone_next = False
        seen_aeus_turn = False
        simultaneous = 1 if len(active(s)) > 1 else 0
        while tc(s) < 60:
            await press_next(pilot, app, s)
            if not undone_next:
                # undo the clock step: back to where it was; redo: forward again
                now, movers = tc(s), sorted(active(s))
                await press(pilot, "u")
                assert tc(s) < now
                await press(pilot, "U")
                assert tc(s) == now and sorted(active(s)) == movers
                undone_next = True
            if "Aeus" in active(s) and not seen_aeus_turn:
                # surprise lasts until its first turn comes
                assert not {"surprised", "unsteady"} & conds(s, "Aeus")
                seen_aeus_turn = True
            elif not seen_aeus_turn:
                assert {"surprised", "unsteady"} <= conds(s, "Aeus")
            if len(active(s)) > 1:
                simultaneous += 1
            for name in sorted(active(s)):
                if not waited and name == "Zherynn":
                    waited = True  # Zherynn lets this TC pass: press_next checks the one-TC wait
                    continue
                await take_turn(pilot, app, s, name, PLANS[turn % len(PLANS)])
                turn += 1
        assert tc(s) >= 60
        assert seen_aeus_turn and waited
        assert simultaneous >= 2, "some TC should have had more than one actor"
        assert turn >= 12
        assert errors(app) == []

    # the autosave on disk is the session
    assert saves.load(s.path).model_dump() == s.encounter.doc.model_dump()


async def test_out_cold_and_waking_with_keys(tmp_path: Path) -> None:
    s = Session.create(tmp_path / "knockout.combat", catalogue(), "time-count", seed=4)
    app = App(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await command(pilot, "add Zherynn pc init=6")
        await command(pilot, "add Garret init=7 hp=20")
        await command(pilot, "add Orc init=6 hp=12")
        await press(pilot, "n")
        assert tc(s) == 6 and sorted(active(s)) == ["Orc", "Zherynn"]

        # acting out of turn is refused: an error, nothing changed
        before = s.encounter.doc.model_dump()
        await goto(pilot, app, "Garret")
        await press(pilot, "a")
        await choose(pilot, app, "speed class: fast")
        assert errors(app) and "not now" in errors(app)[-1]
        assert s.encounter.doc.model_dump() == before

        await take_turn(pilot, app, s, "Orc", Plan("draw-weapon", cls="rapid"))
        assert combatant(s, "Orc").next_tc == 8
        # Zherynn's blow is nonlethal: all of it goes to fatigue, which reaches the Orc's HP
        await goto(pilot, app, "Orc")
        await press(pilot, "d")
        await answer(pilot, app, "12 nonlethal")
        o = combatant(s, "Orc").pools
        assert (o["hp"].current, o["fatigue"].current, o["top"].current) == (12, 12, 2)
        assert [p.table for p in s.encounter.state.prompts] == ["stay-conscious"]
        assert "Stay conscious" in screenshot_text(app)
        # the check failed by 2: out cold for 20 TC
        await press(pilot, "v")
        await answer(pilot, app, "-2")
        assert {"unconscious", "helpless", "immobile", "out-cold"} <= conds(s, "Orc")
        out = next(cs for cs in combatant(s, "Orc").conditions if cs.id == "out-cold")
        assert out.ends is not None and out.ends.tc == 26
        await take_turn(pilot, app, s, "Zherynn", Plan("a speed factor i type", "30", sf=30))

        # the next turn to start (Garret's) moves the Orc's turn to the end of its time out cold
        await press(pilot, "n")
        assert tc(s) == 7 and sorted(active(s)) == ["Garret"]
        assert combatant(s, "Orc").next_tc == 26
        # x dismisses a prompt: queue one by hand and drop it
        await command(pilot, "prompt Garret natural-d20")
        assert [p.table for p in s.encounter.state.prompts] == ["natural-d20"]
        await press(pilot, "x")
        assert s.encounter.state.prompts == []
        # stand-up needs Prone: refused, nothing changed
        before = s.encounter.doc.model_dump()
        await goto(pilot, app, "Garret")
        await press(pilot, "a")
        await choose(pilot, app, "stand-up")
        assert "Garret" in errors(app)[-1]
        assert s.encounter.doc.model_dump() == before
        # a critical fumble: unsteady until the next turn, which comes at the weapon's SF + 1d6 (the
        # fumble adds the 1d6 itself)
        await goto(pilot, app, "Garret")
        await press(pilot, "a")
        await choose(pilot, app, "fumble")
        await answer(pilot, app, "30")
        garret = combatant(s, "Garret")
        assert garret.next_tc is not None and 7 + 31 <= garret.next_tc <= 7 + 36
        assert {"fumbled", "unsteady"} <= conds(s, "Garret")
        assert sorted(active(s)) == []

        await press(pilot, "n")
        assert tc(s) == 26 and sorted(active(s)) == ["Orc"]
        assert "out-cold" not in conds(s, "Orc") and "unconscious" in conds(s, "Orc")
        assert [p.table for p in s.encounter.state.prompts] == ["regain-consciousness"]
        # stays out: the next check is scheduled by itself, 1d10 TC on
        await press(pilot, "v")
        await answer(pilot, app, "-1")
        assert "unconscious" in conds(s, "Orc") and s.encounter.state.prompts == []
        again = combatant(s, "Orc").next_tc
        assert again is not None and 27 <= again <= 36

        await press_next(pilot, app, s)
        assert tc(s) == again and "Orc" in active(s)
        assert {"fumbled", "unsteady"} <= conds(s, "Garret")  # its next turn has not come yet
        assert [p.table for p in s.encounter.state.prompts] == ["regain-consciousness"]
        await press(pilot, "v")
        await answer(pilot, app, "0")
        assert not {"unconscious", "helpless", "immobile"} & conds(s, "Orc")
        # waking neither raises fatigue nor lowers HP, and the same check was just passed:
        # no new stay-conscious check is due
        assert [p.table for p in s.encounter.state.prompts] == []

    assert saves.load(s.path).model_dump() == s.encounter.doc.model_dump()


async def test_next_skips_a_tc_left_empty_by_a_knockout(tmp_path: Path) -> None:
    """Knocked out on its own TC, the Orc waits a TC and is then moved to TC 26; n should not stop on
    that empty TC 7 but go on to Zherynn at TC 9."""
    s = Session.create(tmp_path / "empty.combat", catalogue(), "time-count", seed=3)
    app = App(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await command(pilot, "add Zherynn pc init=6")
        await command(pilot, "add Orc init=6 hp=12")
        await press(pilot, "n")
        await take_turn(pilot, app, s, "Zherynn", Plan("a speed factor i type", "3", sf=3))
        await goto(pilot, app, "Orc")
        await press(pilot, "d")
        await answer(pilot, app, "12 nonlethal")
        await press(pilot, "v")
        await answer(pilot, app, "-2")
        assert "out-cold" in conds(s, "Orc")
        await press(pilot, "n")
        await pass_anyway(pilot)
        assert combatant(s, "Orc").next_tc == 26
        assert active(s) != [], f"the clock stopped at TC {tc(s)} with nobody to act"
        assert tc(s) == 9 and sorted(active(s)) == ["Zherynn"]


async def test_preparing_a_spell_by_keys_asks_which_spell_its_fatigue_cost_and_the_casting_time(
        tmp_path: Path) -> None:
    """The act list's "Prepare a spell" needs the spell (counted apart for the casting DC) and its
    fatigue cost: the keys ask for each in turn, then for the casting time."""
    s = Session.create(tmp_path / "spell.combat", catalogue(), "time-count", seed=4)
    app = App(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await command(pilot, "add Zherynn pc init=6")
        await press(pilot, "n")
        await goto(pilot, app, "Zherynn")
        await press(pilot, "a")
        await choose(pilot, app, "prepare a spell")
        assert (asking(app) or "").startswith("Prepare a spell: which one?")
        await answer(pilot, app, "Fire Dart")
        assert (asking(app) or "").startswith("Prepare a spell: the spell's fatigue cost?")
        await answer(pilot, app, "2")
        assert asking(app) is not None and "speed factor" in asking(app)  # type: ignore[operator]
        await answer(pilot, app, "12")
        assert not errors(app), errors(app)
        assert s.encounter.history()[-1].command == 'act Zherynn "Prepare a spell" what="Fire Dart" value=2 sf=12'
        z = combatant(s, "Zherynn")
        assert var(s, "Zherynn", "spell_cost") == 2 and z.next_tc == 6 + 12
