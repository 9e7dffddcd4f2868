"""The players' view as data (no Textual): what it keeps, what it never lets through, and `show-hp`."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import asdict

import pytest
from helpers import Make

from combat_tui.engine.encounter import Encounter
from combat_tui.engine.state.errors import CombatError
from combat_tui.engine.state.model import Combatant, Side
from combat_tui.engine.views.player_view import Health, coarse_health, player_view

SECRETS = ["Lurker", "poisoned dagger under the cloak"]


def ambush(make: Make) -> Encounter:
    enc: Encounter = make("three-action")
    enc.run("add Kara pc init=17 hp=24")
    enc.run("add Bandit init=12 hp=20")
    enc.run("add Lurker init=20 hp=30 hidden")
    enc.run("note Bandit poisoned dagger under the cloak")
    enc.run("start")
    return enc


def flat(view: object) -> str:
    return json.dumps(asdict(view), default=str)  # type: ignore[call-overload]


def test_hidden_creatures_exact_npc_health_and_notes_never_reach_it(make: Make) -> None:
    enc = ambush(make)
    enc.run("dmg Bandit 7")
    enc.run("cond Kara grappled from=Lurker")  # the hidden source must not leak through Kara
    view = player_view(enc)
    text = flat(view)
    for secret in SECRETS:
        assert secret not in text
    assert "13" not in text  # the Bandit's HP after 7 damage (20 - 7)
    bandit = next(r for r in view.order if r.name == "Bandit")
    assert bandit.pools == () and bandit.health is Health.HURT
    kara = next(r for r in view.order if r.name == "Kara")
    assert [p.name for p in kara.pools][:1] == ["HP"] and kara.pools[0].current == 24
    assert [c.name for c in kara.conditions] == ["Grappled"] and kara.conditions[0].source is None
    assert [r.name for r in view.order] == ["Kara", "Bandit"]


def test_a_hidden_actor_is_not_the_current_actor(make: Make) -> None:
    enc = ambush(make)
    view = player_view(enc)  # the Lurker (init 20) acts first
    assert view.now == () and not any(r.acting for r in view.order)
    enc.run("next")
    assert player_view(enc).now == ("Kara",)
    enc.run("reveal Lurker")
    enc.run("next")
    enc.run("next")
    view = player_view(enc)
    assert view.now == ("Lurker",) and view.order[0].name == "Lurker" and view.round == 2


def test_show_hp_reveals_exact_health_and_undoes(make: Make) -> None:
    enc = ambush(make)
    enc.run("dmg Bandit 7")
    lines = enc.run("show-hp Bandit")
    assert lines == ["Bandit: exact health shown to the players"]
    bandit = next(r for r in player_view(enc).order if r.name == "Bandit")
    assert [(p.name, p.current, p.max) for p in bandit.pools] == [("HP", 13, 20)]
    enc.run("show-hp Bandit off")
    assert next(r for r in player_view(enc).order if r.name == "Bandit").pools == ()
    enc.run("undo")
    assert enc.state.combatants["c2"].health_shown
    enc.run("undo")
    assert not enc.state.combatants["c2"].health_shown
    enc.run("redo")
    assert enc.state.combatants["c2"].health_shown
    with pytest.raises(CombatError):
        enc.run("show-hp")
    with pytest.raises(CombatError):
        enc.run("show-hp Nobody")


def test_show_hp_takes_lists_and_sides(make: Make) -> None:
    enc = ambush(make)
    enc.run("add Orc x2 hp=9")
    enc.run("show-hp @npc")
    assert all(c.health_shown for c in enc.state.roster() if c.side is Side.NPC)
    enc.run("show-hp 'Orc 1,Orc 2' off")
    assert [c.name for c in enc.state.roster() if c.health_shown] == ["Bandit", "Lurker"]


def test_old_saves_load_with_health_coarse() -> None:
    data = {"id": "c1", "seq": 1, "name": "Old"}
    assert Combatant.model_validate(data).health_shown is False


@pytest.mark.parametrize(("damage", "state"), [(0, Health.UNHURT), (1, Health.HURT), (9, Health.HURT),
                                               (10, Health.BLOODIED), (20, Health.DOWN), (25, Health.DOWN)])
def test_coarse_health_three_action(make: Make, damage: int, state: Health) -> None:
    enc = make("three-action")
    enc.run("add Orc hp=20")
    if damage:
        enc.run(f"dmg Orc {damage}")
    orc = enc.state.roster()[0]
    assert coarse_health(orc, enc.rs) is state


@pytest.mark.parametrize("ruleset", ["three-action", "energy-stamina", "body-injury", "time-count", "boon-bane"])
def test_every_ruleset_goes_from_unhurt_to_down(make: Make, ruleset: str) -> None:
    enc = make(ruleset)
    enc.run("add Orc hp=20")
    orc = enc.state.roster()[0]
    assert coarse_health(orc, enc.rs) is Health.UNHURT
    enc.run("dmg Orc 1")
    assert coarse_health(enc.state.roster()[0], enc.rs) in (Health.HURT, Health.BLOODIED)
    for _ in range(20):
        if coarse_health(enc.state.roster()[0], enc.rs) is Health.DOWN:
            break
        enc.run("dmg Orc 20")
    assert coarse_health(enc.state.roster()[0], enc.rs) is Health.DOWN


def test_time_count_shows_a_timeline_and_no_round(make: Make) -> None:
    enc = make("time-count")
    enc.run("add Kara pc")
    enc.run("add Orc x2")
    enc.run("start")
    view = player_view(enc)
    assert view.round is None and view.tc == enc.state.clock.tc
    assert all(r.next_tc is not None for r in view.order)
    assert set(view.now) == {r.name for r in view.order if r.acting}


def test_free_rounds_everyone_acts(make: Make) -> None:
    enc = make("energy-stamina")
    enc.run("add Kara pc")
    enc.run("add Orc")
    enc.run("start")
    view = player_view(enc)
    assert view.now == ("Kara", "Orc") and view.round == 1
    kara, orc = view.order
    assert {p.name for p in kara.pools} >= {"Aura", "Energy"} and orc.pools == ()


def test_the_filter_imports_no_textual() -> None:
    code = ("import sys\nimport combat_tui.engine.views.player_view\n"
            "print(','.join(m for m in sys.modules if m == 'textual' or m.startswith('textual.')))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_the_players_see_dead_apart_from_down(make: Make) -> None:
    enc = make("three-action")
    enc.run("add Orc hp=20")
    enc.run("add Imp hp=20")
    enc.run("dmg Orc 20")  # 0 HP: Incapacitated, alive
    enc.run("dmg Imp 40")  # -20 HP: dead
    orc, imp = enc.state.roster()
    assert coarse_health(orc, enc.rs) is Health.DOWN
    assert coarse_health(imp, enc.rs) is Health.DEAD
