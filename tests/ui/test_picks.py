"""What the main screen's pickers offer, read straight from the encounter (no app needed)."""

from __future__ import annotations

from combat_tui.ui.screens.picks import (
    act_choices,
    outcome_choices,
    part_choices,
    pool_choices,
    pool_values,
    speed_words,
)


def test_a_typed_speed_is_a_number_dice_or_a_class_by_name() -> None:
    assert speed_words("6") == "sf=6"
    assert speed_words("30+1d6") == "sf=30+1d6"
    assert speed_words("swift") == "class=swift"
    assert speed_words("Very slow") == 'class="Very slow"'
    assert speed_words("class=rapid") == "class=rapid"


def test_pool_choices_show_what_each_creature_holds(make) -> None:  # type: ignore[no-untyped-def]
    enc = make("three-action")
    enc.run("add Kara pc hp=24")
    enc.run("add Orc hp=10")
    enc.run("dmg Orc 3")
    ids = {c.name: c.id for c in enc.state.roster()}
    hp = {c.id: c for c in pool_choices(enc, frozenset({ids["Orc"]}))}["hp"]
    assert hp.hint == "7/10"
    both = pool_values(enc.state.roster(), "hp")
    assert both == "Kara 24/24 · Orc 7/10"


def test_act_choices_cost_for_the_actor_and_speed_classes_in_time_count(make) -> None:  # type: ignore[no-untyped-def]
    enc = make("time-count")
    enc.run("add Zherynn pc init=6")
    choices = act_choices(enc, frozenset({enc.state.roster()[0].id}))
    labels = [c.label for c in choices]
    assert "Speed class: Swift" in labels and labels[-1] == "A speed factor I type"


def test_part_choices_are_the_parts_every_creature_aimed_at_has(make) -> None:  # type: ignore[no-untyped-def]
    enc = make("body-injury")
    enc.run("add Ysolde pc hp=5")
    enc.run("add Wolf hp=5 body=quadruped")
    ids = {c.name: c.id for c in enc.state.roster()}
    human = {c.label for c in part_choices(enc, frozenset({ids["Ysolde"]}))}
    both = {c.label for c in part_choices(enc, frozenset(ids.values()))}
    assert "Tail" not in human and "Arm" in human
    assert both <= human and "Arm" not in both


def test_a_choice_table_is_its_outcomes_with_ranges(make) -> None:  # type: ignore[no-untyped-def]
    enc = make("boon-bane")
    table = next(t for t in enc.rs.tables if t.choice and t.rows)
    picks = outcome_choices(table)
    assert [p.label for p in picks] == [r.label for r in table.rows if r.min is not None or r.max is not None]
    assert all(p.hint for p in picks)
