"""The GM's view: plain values built from the encounter, equal when nothing they show changed."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import Make

from combat_tui.engine.encounter import Encounter
from combat_tui.engine.rules.timekeeping import acting_order, active
from combat_tui.engine.views.gm import GroupRow, Heading, OrderRow
from combat_tui.engine.views.gm_view import GMViews, gm_view
from combat_tui.paths import demo_saves_dir
from combat_tui.store import saves
from combat_tui.store.rulesets import Catalogue

SHIPPED = ["three-action", "energy-stamina", "body-injury", "time-count", "boon-bane", "pf2e"]


def demo(catalogue: Catalogue, ruleset: str) -> Encounter:
    doc = saves.load(demo_saves_dir() / f"{ruleset}.json")
    return Encounter(doc, catalogue.get(ruleset))


def rows(view_order: tuple[OrderRow | Heading, ...]) -> list[OrderRow]:
    return [r for r in view_order if isinstance(r, OrderRow)]


@pytest.mark.parametrize("ruleset", SHIPPED)
def test_each_demo_is_viewed_in_order_with_the_selected_sheet(catalogue: Catalogue, ruleset: str) -> None:
    enc = demo(catalogue, ruleset)
    state, rs = enc.state, enc.rs
    first = active(state, rs)[0]
    view = gm_view(enc, first.id)
    assert view.title.startswith(enc.doc.name) and view.title.endswith(view.when)
    assert view.when in {f"Round {state.clock.round}", f"TC {state.clock.tc}"}
    order = [c.id for c in acting_order(state, rs)]
    shown = [r.id for r in view.rows()]
    assert shown[:len(order)] == order and sorted(shown) == sorted(state.combatants)
    assert {r.id for r in view.rows() if r.acting} == {c.id for c in active(state, rs)}
    health = rs.health_pool()
    for r in view.rows():
        c = state.combatants[r.id]
        assert r.name == c.name and r.side == c.side.value and r.hidden == c.hidden
        assert r.pools, r
        if health in c.pools:
            assert r.pools[0].id == health and r.pools[0].current == c.pools[health].current
        assert len(r.conditions) == sum(cs.direct for cs in c.conditions)
    assert view.sheet is not None and view.sheet.name == first.name
    assert view.sheet.pools[0].id == health
    assert view.conditions is not None and view.conditions.name == first.name
    assert len(view.conditions.conditions) == len(first.conditions)
    assert [e.name.lower() for e in view.catalog] == sorted(cd.name.lower() for cd in rs.conditions)
    assert all(e.lines for e in view.catalog)
    assert (view.sheet.body is not None) == bool(rs.body)
    if rs.time.model.value == "time-count":
        assert isinstance(view.order[0], Heading) and view.order[0].text.endswith("◀ now")
        assert view.sheet.next_tc == first.next_tc


@pytest.mark.parametrize("ruleset", SHIPPED)
def test_an_unchanged_creature_keeps_its_row(catalogue: Catalogue, ruleset: str) -> None:
    enc = demo(catalogue, ruleset)
    views = GMViews()
    hurt, kept = enc.state.roster()[-2:]
    before = {r.id: r for r in views.build(enc).rows()}
    enc.run(f"dmg {hurt.name!r} 1")
    after = {r.id: r for r in views.build(enc).rows()}
    assert after[kept.id] is before[kept.id]
    assert after[hurt.id] != before[hurt.id]
    fresh = {r.id: r for r in gm_view(enc).rows()}
    assert fresh == after  # what is kept equals what a fresh build says


def test_a_view_is_equal_when_nothing_changed_and_differs_when_something_did(make: Make) -> None:
    enc = make("three-action")
    enc.run("add Kara pc hp=20 init=15")
    enc.run("add Orc hp=8 init=10")
    enc.run("start")
    kara = enc.state.roster()[0].id
    views = GMViews()
    one = views.build(enc, kara)
    assert views.build(enc, kara) == one == gm_view(enc, kara)
    assert views.build(enc, kara).order is one.order  # nothing changed: the order is not even built again
    marked = views.build(enc, kara, frozenset({kara}))
    assert marked.sheet == one.sheet and marked.order != one.order
    assert [r.marked for r in marked.rows()] == [True, False]
    assert marked.rows()[1] is one.rows()[1]
    orc = enc.state.roster()[1].id
    other = views.build(enc, orc)  # the order built again after the mark went: Kara's row equal, the Orc's kept
    assert other.sheet != one.sheet and other.order == one.order and other.rows()[1] is one.rows()[1]


def test_conditions_are_in_the_sheets_words(make: Make) -> None:
    enc = make("three-action")
    enc.run("add Kara pc hp=10")
    enc.run("add Orc hp=10")
    enc.run("start")
    enc.run("cond Kara prone until=end-of-round")
    kara = enc.state.roster()[0]
    view = gm_view(enc, kara.id)
    assert view.conditions is not None
    prone = view.conditions.conditions[0]
    assert prone.words == "Prone  ends this round  to end of round 1"
    assert view.conditions.about[0][0] == "Prone" and view.conditions.about[0][1]
    assert view.rows()[[r.id for r in view.rows()].index(kara.id)].conditions == ("Prone",)


def test_a_prompt_says_what_p_rolls_then_what_it_rolled(make: Make) -> None:
    enc = make("three-action")
    enc.run("add Kara pc hp=10")
    enc.run("start")
    table = next(t for t in enc.rs.tables if not t.choice)
    enc.run(f"prompt Kara {table.id}")
    (p,) = gm_view(enc).prompts
    assert (p.creature, p.table, p.rolled) == ("Kara", table.name, None) and p.dice
    enc.run(f"preroll {p.uid}")
    (p,) = gm_view(enc).prompts
    assert p.rolled and p.rolled == enc.state.prompts[0].rolled.detail  # type: ignore[union-attr]


def test_an_empty_encounter_has_nothing_selected(make: Make) -> None:
    view = gm_view(make("boon-bane"))
    assert view.order == () and view.sheet is None and view.conditions is None and view.prompts == ()
    assert view.title == "Encounter — not started — press n to start"


def test_the_sheet_lists_a_template_creatures_own_attacks_as_a_stat_block(make: Make, catalogue: Catalogue) -> None:
    from combat_tui.engine.views.gm import AttackView
    from combat_tui.engine.views.sheet import hit_words
    from combat_tui.session import load_library

    enc = make("time-count")
    enc.library = load_library(catalogue)
    enc.run("add Goblin")
    enc.run("add Kara pc")
    goblin, kara = enc.state.roster()[0], enc.state.roster()[1]
    sheet = gm_view(enc, goblin.id).sheet
    assert sheet is not None
    assert sheet.attacks == (AttackView("Dagger", "+3", "1d4+1 piercing", "Swift"),
                             AttackView("Short Bow", "+3", "1d6 piercing", "Standard"))
    kara_sheet = gm_view(enc, kara.id).sheet
    assert kara_sheet is not None and kara_sheet.attacks == ()  # not made from a template: no stat block
    assert [hit_words(h) for h in ("1d20+4", "+4", "4", "2d6+1", "1d20 - 1", None)] == ["+4", "+4", "+4", "2d6+1",
                                                                                         "-1", ""]


def ghouls(catalogue: Catalogue) -> Encounter:
    """Kara, then four ghouls from the starter library: one group, one initiative, one after another."""
    from combat_tui.session import load_library

    enc = Encounter.new(catalogue.get("three-action"), seed=1)
    enc.library = load_library(catalogue)
    for line in ("add Kara pc hp=20", "add Ghoul x4", "init Kara 30", "init 'Ghoul 1' 5", "start"):
        enc.run(line)
    return enc


def test_a_group_is_folded_to_one_line_with_its_members_health(catalogue: Catalogue) -> None:
    enc = ghouls(catalogue)
    enc.run("dmg 'Ghoul 2' 3")
    enc.run("dmg 'Ghoul 3' 99")
    enc.run("cond 'Ghoul 1' prone")
    state, hp = enc.state, enc.rs.health_pool()
    assert hp is not None
    members = [c for c in state.roster() if c.group is not None]
    view = gm_view(enc)
    # the dead one is listed out of the fight, and a † on its group's line
    assert [type(r) for r in view.order] == [OrderRow, GroupRow, Heading, OrderRow]
    group = view.order[1]
    assert isinstance(group, GroupRow)
    assert group.id == members[0].id and group.members == tuple(c.id for c in members if c is not members[2])
    assert group.title == "Ghoul ×4" and group.count == 4 and group.conditions >= 1
    pools = [c.pools[hp] for c in members]
    assert group.healths == (f"{pools[0].current}/{pools[0].max}", f"{pools[1].current}/{pools[1].max}", "†",
                             f"{pools[3].current}/{pools[3].max}")
    assert pools[1].max is not None and pools[1].current == pools[1].max - 3  # hurt, not out
    assert [r.id for r in view.rows()] == [state.roster()[0].id, members[2].id]  # the others' rows folded away


def test_a_group_unfolds_while_a_member_acts_is_highlighted_or_marked(catalogue: Catalogue) -> None:
    enc = ghouls(catalogue)
    members = tuple(c.id for c in enc.state.roster() if c.group is not None)
    views = GMViews()
    folded = views.build(enc).order
    assert len(folded) == 2
    for shown in (views.build(enc, members[2]), views.build(enc, marked=frozenset({members[1]}))):
        assert [r.id for r in shown.rows()][1:] == list(members)
    assert views.build(enc).order[1] is folded[1]  # folded again: the same line, not built again
    enc.run("next")  # the first ghoul's turn
    acting = views.build(enc)
    assert not any(isinstance(r, GroupRow) for r in acting.order)
    assert [r.id for r in acting.rows() if r.acting] == [members[0]]


def test_show_prints_a_folded_group_as_the_order_pane_does(catalogue: Catalogue) -> None:
    from combat_tui.subcommands.play import render_text

    enc = ghouls(catalogue)
    enc.run("dmg 'Ghoul 4' 99")
    group = gm_view(enc).order[1]
    assert isinstance(group, GroupRow)
    line = render_text(enc).splitlines()[2]
    assert "Ghoul ×4" in line and line.endswith(" ".join(group.healths)) and line.endswith(" †")
    enc.run("next")  # the first ghoul's turn
    lines = render_text(enc).splitlines()
    assert any(line.startswith(">") and "Ghoul 1 " in line for line in lines)
    assert "Ghoul ×4" not in "\n".join(lines)


def test_a_folded_group_says_how_many_of_its_members_the_players_cannot_see(catalogue: Catalogue) -> None:
    from combat_tui.subcommands.play import render_text

    enc = ghouls(catalogue)
    group = gm_view(enc).order[1]
    assert isinstance(group, GroupRow) and group.hidden_words == ""
    enc.run("hide 'Ghoul 2,Ghoul 3'")
    group = gm_view(enc).order[1]
    assert isinstance(group, GroupRow) and group.hidden_words == "2 hidden"
    assert "Ghoul ×4 (2 hidden)" in render_text(enc).splitlines()[2]
    enc.run("hide 'Ghoul 1,Ghoul 4'")
    group = gm_view(enc).order[1]
    assert isinstance(group, GroupRow) and group.hidden_words == "hidden"


def test_the_title_says_the_fight_is_over_once_it_ended(make: Make, tmp_path: Path) -> None:
    from combat_tui.session import list_saves
    from combat_tui.store import saves

    enc = make("three-action")
    enc.run("add Kara pc hp=24 init=15")
    enc.run("start")
    assert gm_view(enc).when == "Round 1"
    enc.run("end")
    assert gm_view(enc).when == "Over, round 1"
    tc = make("time-count")
    tc.run("add Zherynn pc init=6")
    tc.run("start")
    tc.run("end")
    assert gm_view(tc).when == "Over, TC 6"
    (tmp_path / "saves").mkdir()
    saves.save(enc.doc, tmp_path / "saves" / "ford.combat")
    assert [s.when for s in list_saves(str(tmp_path))] == ["over, round 1"]


def test_dead_down_and_hurt_read_apart_folded_unfolded_and_on_the_sheet(catalogue: Catalogue) -> None:
    """A folded group once showed a † for members at 0 HP or below but alive (Incapacitated, Bleeding)."""
    enc = ghouls(catalogue)
    state, hp = enc.state, enc.rs.health_pool()
    assert hp is not None
    members = [c for c in state.roster() if c.group is not None]
    enc.run(f"dmg 'Ghoul 1' {members[0].pools[hp].current}")  # 0 HP: down, alive
    enc.run(f"dmg 'Ghoul 2' {members[1].pools[hp].current + 1}")  # -1 HP: down, alive
    enc.run("dmg 'Ghoul 3' 2")  # hurt
    enc.run("dmg 'Ghoul 4' 99")  # dead
    assert not state.combatants[members[0].id].has("dead") and state.combatants[members[3].id].has("dead")
    views = GMViews()
    group = views.build(enc).order[1]
    assert isinstance(group, GroupRow)
    pools = [c.pools[hp] for c in members]
    assert group.healths == (f"0/{pools[0].max}✗", f"-1/{pools[1].max}✗",
                             f"{pools[2].current}/{pools[2].max}", "†")
    # unfolded (the highlight on a member), and on the sheet
    opened = views.build(enc, members[0].id)
    standing = {r.name: r.standing for r in opened.rows()}
    assert standing == {"Kara": "", "Ghoul 1": "down", "Ghoul 2": "down", "Ghoul 3": "", "Ghoul 4": "dead"}
    assert [r.lead for r in opened.rows() if r.name == "Ghoul 4"] == ["† "]
    for c, words in zip(members, ("down", "down", "", "dead"), strict=True):
        sheet = views.build(enc, c.id).sheet
        assert sheet is not None and sheet.standing == words


def test_an_exhausted_creatures_row_shows_the_exhaustion_it_has_left(catalogue: Catalogue) -> None:
    """Body injury: damage past Stamina comes off Exhaustion; a row showing only `St 0/6✗` read as dead."""
    enc = Encounter.new(catalogue.get("body-injury"), seed=1)
    enc.run("add Bandit con=2 init=5")
    c = enc.state.roster()[0]
    stamina, exhaustion = c.pools["stamina"].max or 0, c.pools["exhaustion"].max or 0
    assert stamina > 0 and exhaustion > 1
    fresh = {pv.id for pv in gm_view(enc).rows()[0].pools}
    assert "exhaustion" not in fresh  # untouched, it is left to the sheet
    enc.run(f"dmg Bandit {stamina + 1} stamina")
    row = gm_view(enc).rows()[0]
    shown = {pv.id: pv for pv in row.pools}
    assert shown["stamina"].current == 0 and shown["exhaustion"].current == exhaustion - 1
    assert [pv.id for pv in row.pools][:2] == ["stamina", "exhaustion"] and shown["exhaustion"].short
    assert row.standing == ""  # exhausted, not down


@pytest.mark.parametrize("ruleset", ["three-action", "energy-stamina", "body-injury", "time-count", "boon-bane"])
def test_every_pool_in_a_row_has_a_label(catalogue: Catalogue, ruleset: str) -> None:
    for row in gm_view(demo(catalogue, ruleset)).rows():
        assert all(pv.short for pv in row.pools), [pv.name for pv in row.pools if not pv.short]
