"""A full round of `body-injury` played with keys only, the model checked after every step.

Budgets: 3 AP, 1 + the better of STR/DEX bonus reactions, one free action and the attack counter all
refill at the start of the creature's OWN turn. Every combatant is off-guard (no reactions) until its
first turn. Injuries go on body parts; an unconscious creature saves on every new injury. This
ruleset has no hold or delay, so o, y and e do nothing.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

from helpers import cond_entries, creature, pool, pool_max
from rich.console import Group
from rich.text import Text
from textual.widgets import OptionList

from combat_tui.store import saves
from combat_tui.ui.app import CombatApp
from combat_tui.ui.screens.main import MainScreen
from combat_tui.ui.widgets.sheet import Sheet

from .keys import (
    add_condition,
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


make_session = partial(new_session, ruleset="body-injury", seed=5)


async def test_a_full_round_of_body_injury_with_keys_only(tmp_path: Path) -> None:
    s = make_session(
        tmp_path,
        "add Kara pc init=18 str=2",  # reactions 1 + 2
        "add Bram pc init=12 dex=1",  # reactions 1 + 1
        "add Orc init=6 con=1",  # Stamina 5 + 1
    )
    app = CombatApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MainScreen)

        # n starts the fight: Kara first; everyone else off-guard with no reactions until its first turn
        await press(pilot, "n")
        v = s.encounter.view()
        assert v["round"] == 1 and v["order"] == ["Kara", "Bram", "Orc"] and turn(s) == ["Kara"]
        assert "off-guard" not in cond_entries(s, "Kara")
        assert pool(s, "Kara", "ap") == 3 and pool(s, "Kara", "reactions") == 3
        for name in ("Bram", "Orc"):
            assert "off-guard" in cond_entries(s, name)
            assert pool_max(s, name, "reactions") == 0 and pool(s, name, "reactions") == 0
        assert pool(s, "Orc", "stamina") == 6 and pool(s, "Orc", "exhaustion") == 6

        # the off-guard Orc cannot parry yet: refused, nothing changes
        await highlight(pilot, app, "Orc")
        before = s.encounter.view()
        await press(pilot, "a")
        await choose(pilot, app, "parry")
        assert s.encounter.view() == before

        # Kara attacks twice: 1 AP each, the attack counter shows the next one's disadvantages
        await highlight(pilot, app, "Kara")
        await press(pilot, "a")
        await choose(pilot, app, "attack")
        assert pool(s, "Kara", "ap") == 2 and pool(s, "Kara", "attacks_this_turn") == 1
        await press(pilot, "a")
        await choose(pilot, app, "attack")
        assert pool(s, "Kara", "ap") == 1 and pool(s, "Kara", "attacks_this_turn") == 2
        # the sheet of the creature acting shows the count, so the GM sees the next attack's penalty
        sheet = app.screen.query_one(Sheet).content
        assert isinstance(sheet, Group)
        text = "\n".join(r.plain for r in sheet.renderables if isinstance(r, Text))
        assert "Kara" in text and "Attacks this turn 2" in text

        # one free action a turn: Lunge (1 Stamina) is fine, Cleave after it is refused
        await press(pilot, "a")
        await choose(pilot, app, "lunge")
        assert pool(s, "Kara", "free_action") == 0 and pool(s, "Kara", "stamina") == 4
        assert cond_entries(s, "Kara")["lunging"]["remaining"] == 1  # until the start of her next turn
        before = s.encounter.view()
        await press(pilot, "a")
        await choose(pilot, app, "cleave")
        assert s.encounter.view() == before

        # her hit lands on the Orc: an arm injury (i) and one strain (Struck)
        await highlight(pilot, app, "Orc")
        await press(pilot, "i")
        await choose(pilot, app, "arm")
        assert creature(s, "Orc")["injuries"] == {"arm.1": 1}
        await press(pilot, "a")  # the Orc was just hit: a asks who acts, Kara (whose turn it is) or the Orc
        assert list_title(app) == "Who acts?"
        await choose(pilot, app, "orc")
        await choose(pilot, app, "struck")
        assert pool(s, "Orc", "strain") == 1

        # mark Bram and the Orc, 3 stamina damage to both at once
        await highlight(pilot, app, "Bram")
        await press(pilot, "space")
        await highlight(pilot, app, "Orc")
        await press(pilot, "space")
        await press(pilot, "d")
        await entry(pilot, app, "3")
        assert pool(s, "Bram", "stamina") == 2 and pool(s, "Orc", "stamina") == 3
        assert pool(s, "Kara", "stamina") == 4
        await press(pilot, "escape")

        # o, y and e do nothing in a ruleset without hold or delay
        before = s.encounter.view()
        await press(pilot, "o", "y", "e")
        assert isinstance(app.screen, MainScreen)
        assert s.encounter.view() == before

        # n: Bram's first turn ends his off-guard: reactions 1 + DEX bonus 1; Kara keeps what she spent
        await press(pilot, "n")
        assert turn(s) == ["Bram"] and s.encounter.view()["round"] == 1
        assert "off-guard" not in cond_entries(s, "Bram")
        assert pool(s, "Bram", "reactions") == 2 and pool(s, "Bram", "ap") == 3
        assert pool(s, "Kara", "ap") == 1 and pool(s, "Kara", "attacks_this_turn") == 2
        assert pool(s, "Kara", "free_action") == 0
        assert "off-guard" in cond_entries(s, "Orc")

        # Bram defends: no more attacks this turn
        await press(pilot, "a")
        await choose(pilot, app, "defend")
        assert pool(s, "Bram", "ap") == 2
        assert {"defending", "no-attack"} <= set(cond_entries(s, "Bram"))
        before = s.encounter.view()
        await press(pilot, "a")
        await choose(pilot, app, "attack")
        assert s.encounter.view() == before

        # Kara parries on Bram's turn: a reaction and a Stamina
        await highlight(pilot, app, "Kara")
        await press(pilot, "a")
        await choose(pilot, app, "parry")
        assert pool(s, "Kara", "reactions") == 2 and pool(s, "Kara", "stamina") == 3
        # a free action is only for one's own turn (and hers is used anyway)
        # Bram has cover against the Orc: a subjective condition asks relative to whom
        await highlight(pilot, app, "Bram")
        await add_condition(pilot, app, "cover", relative_to="Orc")
        assert cond_entries(s, "Bram")["cover"]["source"] == "Orc"

        # n: the Orc's first turn. Bram's no-attack ended with his turn, his Defend lasts to his next turn
        await press(pilot, "n")
        assert turn(s) == ["Orc"]
        assert "no-attack" not in cond_entries(s, "Bram") and "defending" in cond_entries(s, "Bram")
        assert "off-guard" not in cond_entries(s, "Orc")
        assert pool(s, "Orc", "ap") == 3 and pool(s, "Orc", "reactions") == 1

        # the Orc takes a round action: all its AP now, no reactions until its next turn
        await press(pilot, "a")
        await choose(pilot, app, "round")
        assert pool(s, "Orc", "ap") == 0 and pool_max(s, "Orc", "reactions") == 0
        assert "round-action" in cond_entries(s, "Orc")

        # h heals the Orc 2 Stamina
        await press(pilot, "h")
        await entry(pilot, app, "2")
        assert pool(s, "Orc", "stamina") == 5

        # knock the Orc out (c), then injure it (i): its CON save is asked for
        await add_condition(pilot, app, "unconscious")
        assert {"unconscious", "helpless"} <= set(cond_entries(s, "Orc"))
        await press(pilot, "i")
        await choose(pilot, app, "leg")
        assert creature(s, "Orc")["injuries"] == {"arm.1": 1, "leg.1": 1}
        assert cond_entries(s, "Orc")["hobbled"]["value"] == 2
        assert [p["table"] for p in s.encounter.view()["prompts"]] == ["Unconscious CON save"]
        # p rolls it (1d20 + CON - injury values 3 + 3 - bleed 0), p applies the row it landed on
        await press(pilot, "p")
        rolled = s.encounter.state.prompts[0].rolled
        assert rolled is not None and -5 <= rolled.total <= 15
        assert "dead" not in cond_entries(s, "Orc")
        await press(pilot, "p")
        assert s.encounter.view()["prompts"] == []
        assert ("dead" in cond_entries(s, "Orc")) == (rolled.total < 0)
        assert ("unconscious" in cond_entries(s, "Orc")) == (rolled.total < 10)

        # n: round 2, Kara: every per-turn budget is back, her Lunge is over
        await press(pilot, "n")
        v = s.encounter.view()
        assert v["round"] == 2 and turn(s) == ["Kara"]
        assert pool(s, "Kara", "ap") == 3 and pool(s, "Kara", "reactions") == 3
        assert pool(s, "Kara", "attacks_this_turn") == 0 and pool(s, "Kara", "free_action") == 1
        assert "lunging" not in cond_entries(s, "Kara")
        assert "defending" in cond_entries(s, "Bram")  # until Bram's own turn

        # u takes the round change back, U puts it back
        await press(pilot, "u")
        assert s.encounter.view()["round"] == 1 and turn(s) == ["Orc"]
        assert pool(s, "Kara", "ap") == 1 and "lunging" in cond_entries(s, "Kara")
        await press(pilot, "U")
        assert s.encounter.view()["round"] == 2 and turn(s) == ["Kara"] and pool(s, "Kara", "ap") == 3

        # C removes Bram's cover
        await highlight(pilot, app, "Bram")
        await press(pilot, "C")
        await choose(pilot, app, "cover")
        assert "cover" not in cond_entries(s, "Bram")

        # n: Bram's turn: Defend is over
        await press(pilot, "n")
        assert turn(s) == ["Bram"] and "defending" not in cond_entries(s, "Bram")
        assert pool(s, "Bram", "ap") == 3 and pool(s, "Bram", "reactions") == 2
        assert str(app.screen.title).endswith("Round 2")
        assert str(app.screen.sub_title).endswith("autosave: fight.combat")

    doc = saves.load(tmp_path / "fight.combat")
    assert doc.state == s.encounter.state
    assert doc.cursor == s.encounter.doc.cursor


async def test_injuries_by_key_stun_and_legs(tmp_path: Path) -> None:
    s = make_session(tmp_path, "add Kara pc init=18", "add Orc init=6", "start")
    app = CombatApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert turn(s) == ["Kara"]
        await highlight(pilot, app, "Orc")
        # two head injuries: a concussion, then the DC 25 CON check for stunned or dazed
        await press(pilot, "i")
        await choose(pilot, app, "head")
        assert creature(s, "Orc")["injuries"] == {"head": 1} and "concussion" in cond_entries(s, "Orc")
        await press(pilot, "i")
        await choose(pilot, app, "head")
        assert creature(s, "Orc")["injuries"] == {"head": 2}
        assert [p["table"] for p in s.encounter.view()["prompts"]] == ["Second head injury (CON DC 25)"]
        await press(pilot, "v")
        await entry(pilot, app, "12")  # failed: stunned for a round, confused either way
        assert {"stunned", "confused"} <= set(cond_entries(s, "Orc")) and "dazed" not in cond_entries(s, "Orc")
        assert cond_entries(s, "Orc")["stunned"]["remaining"] == 1
        assert s.encounter.view()["prompts"] == []
        # both legs: it cannot stand, so it is prone; standing up would cost 1 + 2 + 2 AP
        await press(pilot, "i")
        await choose(pilot, app, "leg")
        await press(pilot, "i")
        await choose(pilot, app, "leg")
        orc = creature(s, "Orc")
        assert orc["injuries"] == {"head": 2, "leg.1": 1, "leg.2": 1}
        assert {"cannot-stand", "prone"} <= set(cond_entries(s, "Orc"))
        assert cond_entries(s, "Orc")["prone"]["implied"] and cond_entries(s, "Orc")["hobbled"]["value"] == 4

        # the Orc's turn: stunned, so no AP at all
        await press(pilot, "n")
        assert turn(s) == ["Orc"] and pool(s, "Orc", "ap") == 0 and pool_max(s, "Orc", "ap") == 0
        before = s.encounter.view()
        await press(pilot, "a")
        await choose(pilot, app, "stand up")
        assert s.encounter.view() == before
        # C lists only what was put on directly: Prone is held by Cannot stand
        await press(pilot, "C")
        pick = picking(app)
        assert pick is not None
        await press(pilot, *"prone")
        assert pick.query_one(OptionList).option_count == 0
        await press(pilot, "escape")

        # round 2: the round-long stun is over by the Orc's turn; 3 AP again, standing still impossible
        await press(pilot, "n")
        assert s.encounter.view()["round"] == 2 and turn(s) == ["Kara"]
        assert "stunned" not in cond_entries(s, "Orc")
        await press(pilot, "n")
        assert turn(s) == ["Orc"] and pool(s, "Orc", "ap") == 3
        before = s.encounter.view()
        await press(pilot, "a")
        await choose(pilot, app, "stand up")
        assert s.encounter.view() == before
        # Kara's free action is only for her own turn, even with her marker unused
        await highlight(pilot, app, "Kara")
        assert pool(s, "Kara", "free_action") == 1
        await press(pilot, "a")
        await choose(pilot, app, "lunge")
        assert s.encounter.view() == before
        # Dazed keeps its default of one round when Enter is pressed on "how long?"
        await highlight(pilot, app, "Orc")
        await add_condition(pilot, app, "dazed")
        assert cond_entries(s, "Orc")["dazed"]["remaining"] == 1

    doc = saves.load(tmp_path / "fight.combat")
    assert doc.state == s.encounter.state
