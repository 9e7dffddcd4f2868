"""The creature library in the app: templates and parties from the command bar, own attacks with `a`,
damage applied with its key, the stat block on the sheet, templates on the new-encounter screen."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input, OptionList, Static, TextArea

from combat_tui import paths
from combat_tui.engine.commands import command_line
from combat_tui.engine.library import Template
from combat_tui.session import catalogue, load_library
from combat_tui.ui import app as app_module
from combat_tui.ui.app import CombatApp
from combat_tui.ui.screens.main import MainScreen
from combat_tui.ui.widgets.prompt_bar import PromptBar

from .keys import asking, choose, command, highlight, list_title, new_session, picking, press


class NotingApp(CombatApp):
    """The app, remembering its notifications (a toast may time out before the test reads it)."""

    CSS_PATH = str(Path(app_module.__file__).with_name("app.tcss"))

    def __init__(self, *args: Any, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.notes: list[tuple[str, str]] = []

    def notify(self, message: str, **kw: Any) -> None:
        self.notes.append((kw.get("severity", "information"), message))
        super().notify(message, **kw)


async def test_the_app_adds_creatures_from_a_template_and_names_bad_entries_once() -> None:
    folder = paths.library_dir(None)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "broken.toml").write_text('ruleset = "three-action"\n[[creature]]\nname = "Nobody"\nhp = "lots"\n')
    app = NotingApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.open_demo("three-action")
        await pilot.pause()
        assert isinstance(app.screen, MainScreen)
        assert app.session is not None
        before = len(app.session.encounter.state.combatants)
        await command(pilot, "add Ghoul x2")
        ghouls = [c for c in app.session.encounter.state.roster() if c.name.startswith("Ghoul")]
        assert len(ghouls) == 2 and len(app.session.encounter.state.combatants) == before + 2
        assert all(c.actions for c in ghouls)  # made from the template: its own attacks came along
        warned = [m for sev, m in app.notes if sev == "warning" and "broken.toml" in m]
        assert len(warned) == 1
        app.open_demo("three-action")  # opened again: the same problem is not told again
        await pilot.pause()
        assert len([m for sev, m in app.notes if sev == "warning" and "broken.toml" in m]) == 1


RULESETS = ["three-action", "energy-stamina", "body-injury", "time-count", "boon-bane", "pf2e"]
PC = {"three-action": "Kara pc hp=24 init=1", "energy-stamina": "Seren pc con=14 aura_mod=2",
      "body-injury": "Ysolde pc init=1", "time-count": "Zherynn pc init=30", "boon-bane": "Wren pc init=1",
      "pf2e": "Valeros pc hp=30 init=1 ac=10"}


def attacker(ruleset: str) -> Template:
    """The ruleset's first starter template with an attack that deals damage."""
    lib = load_library(catalogue())
    return next(t for t in lib.templates_for(ruleset) if any(a.damage for a in t.actions))


@pytest.mark.parametrize("ruleset", RULESETS)
async def test_a_template_creature_attacks_with_its_own_attack_and_A_applies_it(tmp_path: Path, ruleset: str) -> None:
    s = new_session(tmp_path, ruleset=ruleset)
    s.encounter.library = load_library(catalogue())
    t = attacker(ruleset)
    s.run(f"add {PC[ruleset]}")
    s.run(command_line("add", t.name))
    s.run("start")
    rs = s.encounter.rs
    # Time count: a hit within the Threshold of Pain is fatigue, not hit points (its own rule).
    health = "fatigue" if ruleset == "time-count" else rs.health_pool()
    assert health is not None
    pc = next(c for c in s.encounter.state.roster() if c.side.value == "pc")
    foe = next(c for c in s.encounter.state.roster() if c.id != pc.id)
    attack = next(a for a in foe.actions if a.damage)
    app = NotingApp(s)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await highlight(pilot, app, foe.name)
        await press(pilot, "a")
        assert picking(app) is not None
        await choose(pilot, app, attack.name)
        assert picking(app) is not None  # an attack is aimed: at whom?
        await choose(pilot, app, pc.name)
        ready = s.encounter.state.ready
        assert len(ready) == 1 and ready[0].target == pc.id, app.notes
        amount = ready[0].amount
        bar = app.screen.query_one(PromptBar)  # the damage waits in sight, with the key that deals it
        shown = str(bar.content)
        assert bar.display and (f"{foe.name}'s {attack.name}: {amount}" in shown  # a prompt waiting comes first
                                or (s.encounter.state.prompts and "damage ready (1): [A] apply" in shown)), shown
        before = s.encounter.state.combatants[pc.id].pools[health].current
        await press(pilot, "A")
        assert not s.encounter.state.ready
        after = s.encounter.state.combatants[pc.id].pools[health].current
        assert abs(before - after) == amount, (before, after, amount, ruleset)


@pytest.mark.parametrize("ruleset", RULESETS)
async def test_an_encounter_is_built_from_a_template_and_a_party_on_the_new_screen(ruleset: str) -> None:
    from combat_tui.engine.encounter import Encounter
    from combat_tui.ui.screens.new import NewScreen

    from .test_resume import main_screen, pick_option

    cat = catalogue()
    made = Encounter.new(cat.get(ruleset))
    made.library = load_library(cat)
    made.run(f"add {PC[ruleset]}")
    made.run('party "Ford Heroes" ' + PC[ruleset].split()[0])  # the party file, in the test's data folder
    t = attacker(ruleset)
    app = CombatApp()
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await press(pilot, "n")
        screen = app.screen
        assert isinstance(screen, NewScreen)
        await pick_option(pilot, screen.query_one("#ruleset", OptionList), ruleset)
        await press(pilot, "ctrl+l", *t.name[:4].lower(), "enter", "escape")  # how many? Escape: none after all
        await press(pilot, *t.name[:4].lower(), "enter", "3", "enter")
        await press(pilot, *"@ford", "enter")
        area = screen.query_one("#creatures", TextArea)
        assert area.text == f'{t.name} x3\n"@Ford Heroes"'
        keys = str(screen.query_one("#new-keys", Static).content)
        assert ("body=" in keys) == bool(catalogue().get(ruleset).body_plans)
        await press(pilot, "ctrl+s")
        names = [c.name for c in main_screen(app).session.encounter.state.roster()]
        assert sorted(names) == sorted([f"{t.name} {i}" for i in (1, 2, 3)] + [PC[ruleset].split()[0]])


async def test_with_several_ready_A_lists_them_and_asks_whom_for_one_aimed_at_nobody(tmp_path: Path) -> None:
    s = new_session(tmp_path, "add Kara pc hp=40 init=1", ruleset="three-action")
    s.encounter.library = load_library(catalogue())
    for line in ("add Goblin init=20", "start", 'act Goblin "Rusty Blade" on=Kara', "act Goblin Sling"):
        s.run(line)
    sling = s.encounter.state.ready[1]
    app = NotingApp(s)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await press(pilot, "A")
        assert list_title(app) == "Apply which damage?"
        await choose(pilot, app, "sling")
        assert picking(app) is not None  # the sling was aimed at nobody: at whom?
        await choose(pilot, app, "Kara")
        kara = next(c for c in s.encounter.state.roster() if c.name == "Kara")
        assert kara.pools["hp"].current == 40 - sling.amount
        assert [r.what for r in s.encounter.state.ready] == ["Goblin's Rusty Blade"]  # the other still waits


@pytest.mark.parametrize("ruleset", RULESETS)
async def test_t_offers_only_the_creatures_own_attacks_then_whom_and_A_applies_it(tmp_path: Path,
                                                                                 ruleset: str) -> None:
    s = new_session(tmp_path, ruleset=ruleset)
    s.encounter.library = load_library(catalogue())
    t = attacker(ruleset)
    s.run(f"add {PC[ruleset]}")
    s.run(command_line("add", t.name))
    s.run("start")
    health = "fatigue" if ruleset == "time-count" else s.encounter.rs.health_pool()
    assert health is not None
    pc = next(c for c in s.encounter.state.roster() if c.side.value == "pc")
    foe = next(c for c in s.encounter.state.roster() if c.id != pc.id)
    attack = next(a for a in foe.actions if a.damage)
    app = NotingApp(s)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await highlight(pilot, app, foe.name)
        await press(pilot, "t")
        assert list_title(app) == f"{foe.name} attacks"
        pick = picking(app)
        assert pick is not None
        assert pick.query_one(OptionList).option_count == len(foe.actions)  # its own attacks only
        await choose(pilot, app, attack.name)
        assert picking(app) is not None  # even with one foe in sight: at whom?
        await choose(pilot, app, pc.name)
        if not s.encounter.state.ready and ruleset == "time-count":  # no speed class of its own: say an SF
            await press(pilot, "6", "enter")
        ready = s.encounter.state.ready
        assert len(ready) == 1 and ready[0].target == pc.id, app.notes
        assert ready[0].what == f"{foe.name}'s {attack.name}"
        amount = ready[0].amount
        before = s.encounter.state.combatants[pc.id].pools[health].current
        await press(pilot, "A")
        assert not s.encounter.state.ready
        after = s.encounter.state.combatants[pc.id].pools[health].current
        assert abs(before - after) == amount, (before, after, amount, ruleset)


async def test_t_on_a_creature_without_attacks_of_its_own_says_so_in_a_line(tmp_path: Path) -> None:
    s = new_session(tmp_path, "add Kara pc hp=24 init=1", "add Goblin npc hp=7 init=20", "start",
                    ruleset="three-action")
    app = NotingApp(s)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await highlight(pilot, app, "Goblin")
        await press(pilot, "t")
        assert picking(app) is None
        assert ("warning", "Goblin has no attacks of its own (the ruleset's actions: a)") in app.notes


async def test_plus_adds_a_group_from_the_library_mid_fight(tmp_path: Path) -> None:
    """Mid-fight as on the new-encounter screen: `+`, type to filter, Enter, how many, Enter."""
    s = new_session(tmp_path, "add Kara pc hp=30 init=5", "start", ruleset="three-action")
    s.encounter.library = load_library(catalogue())
    app = NotingApp(s)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await press(pilot, "plus")
        assert list_title(app) == "Add from the library"
        await choose(pilot, app, "ghoul")
        await press(pilot, "backspace", "3", "enter")
        ghouls = [c for c in s.encounter.state.roster() if c.name.startswith("Ghoul")]
        assert len(ghouls) == 3 and all(c.actions for c in ghouls)
        assert len({c.group for c in ghouls}) == 1 and ghouls[0].group is not None  # one group, one initiative
        await press(pilot, "plus")
        await choose(pilot, app, "ghoul")
        await press(pilot, "backspace", "x", "enter")  # not a number: one line, nothing added
        await pilot.pause()
        assert len([c for c in s.encounter.state.roster() if c.name.startswith("Ghoul")]) == 3
        assert any(sev == "error" and "How many Ghoul" in m for sev, m in app.notes)


async def test_a_typed_plus_is_a_plus_in_the_command_bar_and_in_an_answer(tmp_path: Path) -> None:
    """Textual names `+` no character, so an input does not claim it from the screen's add key."""
    from combat_tui.ui.widgets.command_bar import CommandBar

    s = new_session(tmp_path, "add Kara pc hp=30 init=5", "start", ruleset="three-action")
    s.encounter.library = load_library(catalogue())
    app = NotingApp(s)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await press(pilot, "colon", *"roll 1d6", "plus", "2")
        assert app.screen.query_one(CommandBar).value == "roll 1d6+2"
        assert picking(app) is None
        await press(pilot, "escape", "d")
        assert asking(app) is not None
        await press(pilot, *"2d4", "plus", "1")
        assert app.screen.query_one("QuestionBar Input", Input).value == "2d4+1"
        assert picking(app) is None


async def test_a_players_d20_is_asked_for_its_own_judged_attack(tmp_path: Path) -> None:
    """Where the tracker would roll for a player, the GM may type the die as it landed: Enter rolls it. A
    monster's die is the tracker's: nothing is asked."""
    s = new_session(tmp_path, ruleset="dnd5e")
    s.encounter.library = load_library(catalogue())
    for line in ("add Goblin Warrior pc init=30", "add Ogre init=10", "start"):  # a player who plays a goblin
        s.run(line)
    app = NotingApp(s)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await highlight(pilot, app, "Goblin Warrior")
        await press(pilot, "t")
        await choose(pilot, app, "Scimitar")
        await choose(pilot, app, "Ogre")
        assert (asking(app) or "").startswith("Goblin Warrior's d20, as it landed")
        await press(pilot, *"17", "enter")
        assert [e.command for e in s.encounter.history()][-1] == 'act "Goblin Warrior" Scimitar on=Ogre d20=17'
        lines = s.encounter.history()[-1].lines
        assert any("to hit d20 17 at the table, 17 + 4 = 21" in line for line in lines), lines
        await highlight(pilot, app, "Ogre")
        await press(pilot, "t")
        await choose(pilot, app, "Greatclub")
        await choose(pilot, app, "Goblin Warrior")
        assert asking(app) is None
        assert [e.command for e in s.encounter.history()][-1] == 'act Ogre Greatclub on="Goblin Warrior"'


async def test_t_a_breath_on_the_marked_has_every_one_of_them_save(tmp_path: Path) -> None:
    s = new_session(tmp_path, ruleset="dnd5e")
    s.encounter.library = load_library(catalogue())
    for line in ("add Adult Red Dragon init=30", "add Kara pc hp=40 init=10", "add Osk pc hp=40 init=5",
                 "add Lia pc hp=40 init=1", "start"):
        s.run(line)
    app = NotingApp(s)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        for name in ("Kara", "Osk"):
            await highlight(pilot, app, name)
            await press(pilot, "space")
        await highlight(pilot, app, "Adult Red Dragon")
        await press(pilot, "t")
        await choose(pilot, app, "Fire Breath")
        assert picking(app) is None  # no "on whom?": the marked save
        assert (asking(app) or "").startswith("Players' totals, in order: Kara, Osk")  # the players' own dice
        await press(pilot, *"25 -", "enter")  # Kara's total typed, Osk's rolled
        last = [e.command for e in s.encounter.history()][-1]
        assert last == 'act "Adult Red Dragon" "Fire Breath" on=Kara,Osk Kara=25', last
        pools = {c.name: c.pools["hp"].current for c in s.encounter.state.roster()}
        assert pools["Kara"] < 40 and pools["Osk"] < 40 and pools["Lia"] == 40
