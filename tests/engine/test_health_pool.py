"""`hp=` sets the pool a GM means by hit points in each ruleset (declared as `damage.health`), and in
body-injury a creature whose Stamina and Exhaustion are both gone is unconscious, as its text says."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import Make
from mini_ruleset import MINI, SHIPPED

from combat_tui.engine.state.errors import CommandError
from combat_tui.engine.views.player_view import Health, coarse_health
from combat_tui.store.rulesets import load_all

HEALTH = {"three-action": "hp", "boon-bane": "hp", "time-count": "hp", "energy-stamina": "aura",
          "body-injury": "stamina"}


@pytest.mark.parametrize("ruleset", sorted(HEALTH))
def test_hp_sets_the_rulesets_hit_points(make: Make, ruleset: str) -> None:
    enc = make(ruleset)
    assert enc.rs.damage.health == HEALTH[ruleset]  # declared in the data, not guessed
    enc.run("add Bandit hp=4")
    pools = enc.state.combatants["c1"].pools
    assert (pools[HEALTH[ruleset]].current, pools[HEALTH[ruleset]].max) == (4, 4)


def test_body_injury_hp_is_stamina_and_exhaustion_follows_it(make: Make) -> None:
    enc = make("body-injury")
    enc.run("add Bandit hp=4")
    pools = enc.state.combatants["c1"].pools
    assert pools["stamina"].max == 4
    assert pools["exhaustion"].max == 4  # "as large as max Stamina"
    enc.run("add Ogre hp=4 exhaustion_pool=9")
    assert enc.state.combatants["c2"].pools["exhaustion"].max == 9


def test_body_injury_out_of_stamina_and_exhaustion_is_unconscious_and_cannot_act(make: Make) -> None:
    enc = make("body-injury")
    enc.run("add Bandit hp=4")
    enc.run("add Kara pc")
    enc.run("init Bandit 20")
    enc.run("init Kara 1")
    enc.run("start")
    enc.run("dmg Bandit 4")
    bandit = enc.state.combatants["c1"]
    assert bandit.has("exhausted") and not bandit.has("unconscious")  # exhausted, still up
    enc.run("act Bandit attack")
    out = enc.run("dmg Bandit 4")
    assert bandit.has("unconscious") and bandit.has("spent"), out
    assert coarse_health(bandit, enc.rs) is Health.DOWN
    for line in ("act Bandit attack", "act Bandit free"):
        with pytest.raises(CommandError, match="cannot"):
            enc.run(line)
    enc.run("next")
    enc.run("next")  # its next turn: still no AP
    assert bandit.pools["ap"].current == 0
    with pytest.raises(CommandError, match="AP 0 of 1"):
        enc.run("act Bandit attack")
    enc.run("heal Bandit 5")  # Exhaustion refills first, then Stamina is above 0: it comes round
    assert not bandit.has("unconscious") and not bandit.has("spent")


def test_a_creature_without_stamina_never_falls_unconscious(make: Make) -> None:
    enc = make("body-injury")
    enc.run("add Skeleton no_con=1")
    enc.run("dmg Skeleton 5")
    assert not enc.state.combatants["c1"].has("unconscious")


def test_a_health_pool_the_ruleset_lacks_is_refused(tmp_path: Path) -> None:
    (tmp_path / "mine.toml").write_text(MINI.replace("[damage]\n", '[damage]\nhealth = "life"\n'), encoding="utf-8")
    cat = load_all(tmp_path)
    assert set(cat.rulesets) == SHIPPED
    assert len(cat.problems) == 1 and "unknown pool 'life'" in cat.problems[0]
