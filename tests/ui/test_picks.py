"""What the main screen's pickers offer, read straight from the encounter, and how typing filters them."""

from __future__ import annotations

from pathlib import Path

from helpers import Make, creature

from combat_tui.engine.commands import command_line
from combat_tui.ui.app import CombatApp
from combat_tui.ui.screens.picks import (
    act_choices,
    outcome_choices,
    part_choices,
    pool_choices,
    pool_values,
    ready_choices,
    speed_words,
)

from .keys import choose, highlight, list_title, new_session


def test_a_typed_speed_is_a_number_dice_or_a_class_by_name() -> None:
    assert speed_words("6") == {"sf": "6"}
    assert speed_words("30+1d6") == {"sf": "30+1d6"}
    assert speed_words("swift") == {"class": "swift"}
    assert speed_words("Very slow") == {"class": "Very slow"}
    assert speed_words("class=rapid") == {"class": "rapid"}
    # as the line the formatter makes of them reads
    assert command_line("act", "Kara", **speed_words("Very slow")) == 'act Kara class="Very slow"'


def test_pool_choices_show_what_each_creature_holds(make: Make) -> None:
    enc = make("three-action")
    enc.run("add Kara pc hp=24")
    enc.run("add Orc hp=10")
    enc.run("dmg Orc 3")
    ids = {c.name: c.id for c in enc.state.roster()}
    hp = {c.id: c for c in pool_choices(enc, frozenset({ids["Orc"]}))}["hp"]
    assert hp.hint == "7/10"
    both = pool_values(enc.state.roster(), "hp")
    assert both == "Kara 24/24 · Orc 7/10"


def test_act_choices_cost_for_the_actor_and_speed_classes_in_time_count(make: Make) -> None:
    enc = make("time-count")
    enc.run("add Zherynn pc init=6")
    choices = act_choices(enc, frozenset({enc.state.roster()[0].id}))
    labels = [c.label for c in choices]
    assert "Speed class: Swift" in labels and labels[-1] == "A speed factor I type"


def test_act_choices_offer_the_actors_own_attacks_first_with_to_hit_and_damage(make: Make) -> None:
    from combat_tui.session import catalogue, load_library

    enc = make("three-action")
    enc.library = load_library(catalogue())
    enc.run("add Kara pc hp=24 init=15 pdef=0")  # every attack on her judged a hit: its damage is ready
    enc.run("add Goblin")
    goblin = enc.state.roster()[1]
    choices = act_choices(enc, frozenset({goblin.id}))
    assert [c.label for c in choices[:2]] == ["Rusty Blade", "Sling"]
    assert choices[0].hint == "+4 to hit · 1d6+1 slashing · Actions 1"
    assert [c.label for c in choices[2:]] == [a.name for a in enc.rs.actions]  # then the ruleset's
    enc.run("act Goblin \"Rusty Blade\" on=Kara")
    enc.run("act Goblin Sling")
    ready = ready_choices(enc)
    assert [c.label.split(":")[0] for c in ready] == ["Goblin's Rusty Blade", "Goblin's Sling"]
    assert ready[0].label.endswith("slashing on Kara") and not ready[1].label.endswith("on Kara")


def test_act_choices_for_several_offer_only_the_attacks_all_of_them_have(make: Make) -> None:
    from combat_tui.session import catalogue, load_library

    enc = make("three-action")
    enc.library = load_library(catalogue())
    enc.run("add Goblin x2")
    enc.run("add Bandit")
    goblins = frozenset(c.id for c in enc.state.roster() if c.name.startswith("Goblin"))
    everyone = frozenset(c.id for c in enc.state.roster())
    assert [c.label for c in act_choices(enc, goblins)[:2]] == ["Rusty Blade", "Sling"]
    mixed = [c.label for c in act_choices(enc, everyone)]
    assert "Rusty Blade" not in mixed and "Short Sword" not in mixed  # nobody's own attack is everyone's
    assert mixed[: len(enc.rs.actions)] == [a.name for a in enc.rs.actions]


def test_part_choices_are_the_parts_every_creature_aimed_at_has(make: Make) -> None:
    enc = make("body-injury")
    enc.run("add Ysolde pc hp=5")
    enc.run("add Wolf hp=5 body=quadruped")
    ids = {c.name: c.id for c in enc.state.roster()}
    human = {c.label for c in part_choices(enc, frozenset({ids["Ysolde"]}))}
    both = {c.label for c in part_choices(enc, frozenset(ids.values()))}
    assert "Tail" not in human and "Arm" in human
    assert both <= human and "Arm" not in both


def test_a_choice_table_is_its_outcomes_with_ranges(make: Make) -> None:
    enc = make("boon-bane")
    table = next(t for t in enc.rs.tables if t.choice and t.rows)
    picks = outcome_choices(table)
    assert [p.label for p in picks] == [r.label for r in table.rows if r.min is not None or r.max is not None]
    assert all(p.hint for p in picks)


def test_on_whom_offers_the_highlighted_then_the_actors_foes_then_friends_itself_and_the_fallen(make: Make) -> None:
    from combat_tui.ui.screens.picks import target_order

    enc = make("three-action")
    for line in ("add Kara pc hp=24", "add Bram pc hp=20", "add Orc hp=10", "add Imp hp=5", "add Rat hp=2",
                 "dmg Rat 99"):
        enc.run(line)
    ids = {c.name: c.id for c in enc.state.roster()}
    kara = frozenset({ids["Kara"]})
    assert [c.name for c in target_order(enc, kara, ids["Kara"])] == ["Orc", "Imp", "Rat", "Bram", "Kara"] or \
        [c.name for c in target_order(enc, kara, ids["Kara"])][-2:] == ["Kara", "Rat"]
    order = [c.name for c in target_order(enc, kara, ids["Kara"])]
    assert order[:2] == ["Orc", "Imp"] and order.index("Bram") < order.index("Kara")
    assert order[-1] in ("Rat", "Kara") and order.index("Rat") > order.index("Imp")
    assert [c.name for c in target_order(enc, frozenset({ids["Orc"]}), ids["Bram"])][:2] == ["Bram", "Kara"]


# -- type to filter: a match at the start of a word first ----------------------------------------------


def test_a_filter_ranks_the_start_of_a_label_then_of_a_word_then_inside() -> None:
    from combat_tui.ui.matching import ranked

    assert ranked("c", ["Aldric", "Corwin"], str) == ["Corwin", "Aldric"]
    assert ranked("ar", ["Ear", "Arm"], str) == ["Arm", "Ear"]
    assert ranked("wolf", ["Werewolf", "Grey wolf", "Wolf"], str) == ["Wolf", "Grey wolf", "Werewolf"]
    assert ranked("zz", ["Ear"], str) == []
    assert ranked("agile-move", ["Aggressive", "Agile Move"], str) == ["Agile Move"]  # a typed gap is any gap
    assert ranked("agile mo", ["Agile  Move"], str) == ["Agile  Move"]
    assert ranked("catch-breath", ["Catch Your Breath", "Cat"], str, lambda s: s.replace(" Your ", "-").lower()) == [
        "Catch Your Breath"]  # the command word, matched last
    assert ranked("c", ["Aldric", "Bryn"], str, lambda s: "c1") == ["Aldric"]  # an id by one letter: never


async def test_on_whom_c_enter_picks_corwin_not_aldric_whose_name_ends_in_c(tmp_path: Path) -> None:
    s = new_session(tmp_path, "add Orc init=30 hp=10", "add Aldric pc init=20 hp=10",
                    "add Corwin pc init=5 hp=10", "start", ruleset="three-action")
    app = CombatApp(s)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("a")
        assert list_title(app) == "Orc acts"
        await choose(pilot, app, "melee")
        assert list_title(app) == "Melee attack: on whom?"
        await choose(pilot, app, "c")
        assert s.encounter.history()[-1].command == 'act Orc "Melee attack" on=Corwin'


async def test_ar_in_the_injury_list_picks_arm_not_ear(tmp_path: Path) -> None:
    s = new_session(tmp_path, "add Kara pc init=15 hp=20", "add Orc init=10 hp=12", "start", ruleset="body-injury")
    app = CombatApp(s)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await highlight(pilot, app, "Orc")
        await pilot.press("i")
        await choose(pilot, app, "ar")
        assert creature(s, "Orc")["injuries"] == {"arm.1": 1}
