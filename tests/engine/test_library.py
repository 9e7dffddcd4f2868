"""The library: templates and parties read from TOML (bad ones named and skipped), creatures made from
templates, their own attacks, keep, party, end and rest between fights."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from helpers import combatant, var

from combat_tui.engine import library
from combat_tui.engine.encounter import Encounter
from combat_tui.engine.library import writing
from combat_tui.engine.library.reading import Found, Rulesets, read_text
from combat_tui.engine.ruleset import RulesetDef
from combat_tui.engine.state.errors import CommandError
from combat_tui.store import library_files, party_state, saves
from combat_tui.store.rulesets import Catalogue

RULESETS = ["three-action", "energy-stamina", "body-injury", "time-count", "boon-bane", "pf2e"]

GOOD = """
ruleset = "three-action"

[[creature]]
name = "Skeleton"
stats = { level = 2, str = 2 }
pools = { hp = "4d8+4" }

[[creature.action]]
name = "Old Sword"
uses = "melee"
hit = "1d20+4"
damage = "1d6+2"
type = "slashing"
"""


def lib_in(folder: Path, catalogue: Catalogue, starter: bool = True, state: Path | None = None) -> library.Library:
    """The library; with `state`, parties' lasting state kept in that file, else in their files alone."""
    if state is None:
        return library_files.load(folder, catalogue.get, starter=starter)
    return library_files.load(folder, catalogue.get, starter=starter, lasting=party_state.reader(state),
                              keep=party_state.writer(state))


def encounter(catalogue: Catalogue, ruleset: str, folder: Path, seed: int = 1, state: Path | None = None) -> Encounter:
    enc = Encounter.new(catalogue.get(ruleset), seed=seed)
    enc.library = lib_in(folder, catalogue, state=state)
    return enc


@pytest.fixture(params=["files", "state"])
def kept(request: pytest.FixtureRequest, tmp_path: Path) -> Path | None:
    """Where a party's lasting state is kept: its file alone, or a state file beside the library."""
    return tmp_path / "party-state.sqlite" if request.param == "state" else None


def test_the_starter_bestiary_loads_for_every_ruleset_without_a_complaint(catalogue: Catalogue,
                                                                          tmp_path: Path) -> None:
    lib = lib_in(tmp_path / "none", catalogue)
    assert lib.problems == []
    for rid in RULESETS:
        templates = lib.templates_for(rid)
        assert len(templates) >= 4, rid
        assert all(t.actions for t in templates), rid  # every starter creature can attack


@pytest.mark.parametrize("rid", RULESETS)
def test_every_starter_creature_can_be_added_and_attack(catalogue: Catalogue, tmp_path: Path, rid: str) -> None:
    enc = encounter(catalogue, rid, tmp_path)
    enc.run("add Kara pc init=1")
    for t in enc.library.templates_for(rid) if enc.library else []:
        enc.run(f'add "{t.name}"')
        c = combatant(enc, t.name)
        assert [a.name for a in c.actions] == [a.name for a in t.actions]
    for c in list(enc.state.roster())[1:]:  # before the start anyone may act
        if enc.rs.time.model.value == "time-count":
            continue  # acts only on its own TC; the time-count tests below cover it
        lines = enc.run(f'act "{c.name}" {c.actions[0].id} on=Kara')
        # judged against Kara's defence where the ruleset names one: ready on a hit, set aside on a miss
        assert any("Damage ready" in line or "is set aside" in line for line in lines), lines


def test_bad_files_are_named_and_skipped_and_the_good_ones_still_load(catalogue: Catalogue, tmp_path: Path) -> None:
    folder = tmp_path / "library"
    folder.mkdir()
    (folder / "good.toml").write_text(GOOD, encoding="utf-8")
    (folder / "broken.toml").write_text("[[creature]\nname = ", encoding="utf-8")
    (folder / "stat.toml").write_text('ruleset = "three-action"\n[[creature]]\nname = "Imp"\nstats = { luck = 3 }\n',
                                      encoding="utf-8")
    (folder / "nowhere.toml").write_text('ruleset = "chess"\n[[creature]]\nname = "Rook"\n', encoding="utf-8")
    (folder / "huge.toml").write_text("# " + "x" * (300 * 1024) + "\n", encoding="utf-8")
    (folder / "folder.toml").mkdir()
    os.symlink("/dev/zero", folder / "device.toml")
    (folder / "speed.toml").write_text(
        'ruleset = "time-count"\n[[creature]]\nname = "Snail"\n[[creature.action]]\nname = "Ooze"\nspeed = "glacial"\n',
        encoding="utf-8")
    lib = lib_in(folder, catalogue)
    problems = "\n".join(lib.problems)
    assert len(lib.problems) == 7, problems
    for name, why in [("broken.toml", "not valid TOML"), ("stat.toml", "luck"), ("nowhere.toml", "chess"),
                      ("huge.toml", "too large"), ("folder.toml", "not a regular file"),
                      ("device.toml", "not a regular file"), ("speed.toml", "glacial")]:
        line = next(p for p in lib.problems if p.startswith(name))
        assert why in line and "\n" not in line, line
    assert "stats.luck" in next(p for p in lib.problems if p.startswith("stat.toml"))
    assert [t.name for t in lib.templates_for("three-action")][-1] == "Skeleton"
    assert lib.find_template("three-action", "Goblin") is not None  # the starter ones too


def test_a_template_of_the_gm_replaces_the_starter_one_of_that_name(catalogue: Catalogue, tmp_path: Path) -> None:
    folder = tmp_path / "library"
    folder.mkdir()
    (folder / "mine.toml").write_text(GOOD.replace("Skeleton", "Goblin"), encoding="utf-8")
    lib = lib_in(folder, catalogue)
    goblin = lib.find_template("three-action", "goblin")
    assert goblin is not None and [a.name for a in goblin.actions] == ["Old Sword"]


def test_dice_maxima_are_rolled_for_each_creature_and_repeat_with_the_seed(catalogue: Catalogue,
                                                                           tmp_path: Path) -> None:
    def maxima(seed: int) -> list[int | None]:
        enc = encounter(catalogue, "three-action", tmp_path, seed)
        enc.run("add Ghoul x6")
        return [c.pools["hp"].max for c in enc.state.roster()]

    first = maxima(5)
    assert all(m is not None and 6 <= m <= 27 for m in first)  # 3d8+3
    assert len(set(first)) > 1  # each rolled, not one roll for all
    assert maxima(5) == first


def test_a_template_gives_stats_notes_side_and_its_own_actions_and_the_line_wins(catalogue: Catalogue,
                                                                                  tmp_path: Path) -> None:
    enc = encounter(catalogue, "three-action", tmp_path)
    enc.run("add ghoul hp=5 stat-level=4 dex=5 ally")
    c = combatant(enc, "Ghoul")
    assert c.pools["hp"].max == 5 and c.stats["level"] == 4 and c.stats["str"] == 3 and c.stats["dex"] == 5
    assert c.side.value == "ally" and c.template == "Ghoul" and c.group is None
    assert "Eater of the dead" in c.notes and "weak to fire" in c.notes.lower()
    assert [a.id for a in c.actions] == ["claw", "bite"]


def test_resistances_become_the_rulesets_stats_where_it_has_them(catalogue: Catalogue, tmp_path: Path) -> None:
    enc = encounter(catalogue, "boon-bane", tmp_path)
    enc.run("add Ghoul")
    c = combatant(enc, "Ghoul")
    assert c.stats["res_poison"] == 2 and c.stats["vuln_radiant"] == 2


def test_a_prefix_finds_a_template_an_ambiguous_one_is_an_error_and_other_names_add_as_before(
        catalogue: Catalogue, tmp_path: Path) -> None:
    enc = encounter(catalogue, "three-action", tmp_path)
    enc.run("add Gob x2")
    assert [c.name for c in enc.state.roster()] == ["Goblin 1", "Goblin 2"]
    with pytest.raises(CommandError, match="Bandit, Bandit Captain"):
        enc.run("add Ban")
    enc.run("add Gh hp=3")  # shorter than 3 letters: a plain creature
    enc.run("add Zombie x2 hp=9")
    plain = combatant(enc, "Zombie 1")
    assert plain.actions == [] and plain.template is None
    assert plain.group is not None and combatant(enc, "Zombie 2").group == plain.group  # xN: a group all the same
    assert combatant(enc, "Gh").actions == []


@pytest.mark.parametrize("library", [True, False])
def test_xn_is_one_rule_for_typed_names_and_templates(catalogue: Catalogue, tmp_path: Path, library: bool) -> None:
    """`add Zombie x2` (no template) shares one initiative as `add Ghoul x2` does; `split` is an option
    word for both, never part of the name."""
    for seed in range(4):
        enc = encounter(catalogue, "three-action", tmp_path, seed)
        if not library:
            enc.library = None
        enc.run("add Orc x6 hp=15 split")
        enc.run("add Zombie x2 init=1d20")
        enc.run("add Ghoul x2 split" if library else "add Ghoul x2")
        enc.run("start")
        orcs = [c for c in enc.state.roster() if c.name.startswith("Orc")]
        assert [c.name for c in orcs] == [f"Orc {n}" for n in range(1, 7)]
        assert all(c.group is None for c in orcs)
        zombies = [combatant(enc, "Zombie 1"), combatant(enc, "Zombie 2")]
        assert zombies[0].group is not None and zombies[0].initiative == zombies[1].initiative
        order = [enc.state.combatants[s.cid].name for s in enc.state.order]
        assert order.index("Zombie 2") == order.index("Zombie 1") + 1
        ghouls = [combatant(enc, "Ghoul 1"), combatant(enc, "Ghoul 2")]
        assert (ghouls[0].group is None) is library  # split from the library: each rolls, as the Orcs do


def test_a_group_shares_one_initiative_and_acts_one_after_another(catalogue: Catalogue, tmp_path: Path) -> None:
    for seed in range(6):
        enc = encounter(catalogue, "three-action", tmp_path, seed)
        enc.run("add Kara pc")
        enc.run("add Ghoul x4")
        enc.run("add Osk pc")
        enc.run("start")
        ghouls = [c for c in enc.state.roster() if c.template == "Ghoul"]
        assert len({c.initiative for c in ghouls}) == 1 and len({c.group for c in ghouls}) == 1
        order = [enc.state.combatants[s.cid].name for s in enc.state.order]
        at = order.index("Ghoul 1")
        assert order[at:at + 4] == ["Ghoul 1", "Ghoul 2", "Ghoul 3", "Ghoul 4"], order


def test_split_rolls_each_creature_of_a_group(catalogue: Catalogue, tmp_path: Path) -> None:
    enc = encounter(catalogue, "three-action", tmp_path, 3)
    enc.run("add Ghoul x6 split")
    enc.run("start")
    ghouls = enc.state.roster()
    assert all(c.group is None for c in ghouls)
    assert len({c.initiative for c in ghouls}) > 1


def test_a_group_added_mid_fight_joins_on_one_roll(catalogue: Catalogue, tmp_path: Path) -> None:
    enc = encounter(catalogue, "three-action", tmp_path, 2)
    enc.run("add Kara pc")
    enc.run("start")
    enc.run("add Wolf x3")
    wolves = [c for c in enc.state.roster() if c.template == "Wolf"]
    assert len({c.initiative for c in wolves}) == 1
    order = [enc.state.combatants[s.cid].name for s in enc.state.order]
    at = order.index("Wolf 1")
    assert order[at:at + 3] == ["Wolf 1", "Wolf 2", "Wolf 3"]


def test_an_attack_pays_its_cost_rolls_and_leaves_damage_ready_for_apply(catalogue: Catalogue,
                                                                         tmp_path: Path) -> None:
    enc = encounter(catalogue, "three-action", tmp_path, 7)
    enc.run("add Kara pc init=20 hp=40")
    enc.run("add Ghoul")
    enc.run("start")
    enc.run("next")
    lines = enc.run("act Ghoul claw on=Kara adv")
    ghoul, kara = combatant(enc, "Ghoul"), combatant(enc, "Kara")
    assert ghoul.pools["actions"].current == 2  # the ruleset's melee: one action
    assert any("to hit 2d20kh1" in line for line in lines), lines
    assert kara.pools["hp"].current == 40  # not dealt yet
    [ready] = enc.state.ready
    assert ready.target == kara.id and ready.type == "slashing" and 4 <= ready.amount <= 9
    path = tmp_path / "fight.combat"
    saves.save(enc.doc, path)
    assert saves.load(path).state.ready == enc.state.ready  # survives a save
    enc.run("apply")
    assert combatant(enc, "Kara").pools["hp"].current == 40 - ready.amount and enc.state.ready == []
    enc.run("undo")
    assert enc.state.ready == [ready] and combatant(enc, "Kara").pools["hp"].current == 40
    enc.run("apply to=Ghoul half")
    ghoul_hp = combatant(enc, "Ghoul").pools["hp"]
    assert ghoul_hp.current == (ghoul_hp.max or 0) - ready.amount // 2
    with pytest.raises(CommandError, match="no damage is ready"):
        enc.run("apply")


def test_a_missed_attack_drops_its_damage_and_roll_words_need_an_attack(catalogue: Catalogue,
                                                                        tmp_path: Path) -> None:
    enc = encounter(catalogue, "three-action", tmp_path)
    enc.run("add Kara pc hp=30 pdef=0")  # judged a hit whatever the roll: the GM's miss drops it
    enc.run("add Goblin")
    enc.run("act Goblin sling on=Kara")
    enc.run("apply Goblin miss")
    assert enc.state.ready == [] and combatant(enc, "Kara").pools["hp"].current == 30
    with pytest.raises(CommandError, match="own attack"):
        enc.run("act Goblin melee adv")


def test_time_count_an_attack_schedules_by_its_weapons_speed_class(catalogue: Catalogue, tmp_path: Path) -> None:
    enc = encounter(catalogue, "time-count", tmp_path, 4)
    enc.run("add Vala pc init=3 hp=30")
    enc.run("add Bandit init=3")
    enc.run("start")
    assert enc.state.clock.tc == 3
    enc.run("act Bandit short-sword on=Vala")
    assert combatant(enc, "Bandit").next_tc == 3 + 6  # fast: the static SF for an NPC
    sfs = set()
    for seed in range(12):
        pc = encounter(catalogue, "time-count", tmp_path, seed)
        pc.run("add Bandit pc init=3")  # a PC made from the template: its sword's SF is rolled
        pc.run("add Goblin init=9")
        pc.run("start")
        pc.run("act Bandit short-sword on=Goblin d20=10")  # no fumble to put the turn back
        sfs.add((combatant(pc, "Bandit").next_tc or 0) - 3)
    assert sfs <= set(range(4, 10)) and len(sfs) > 1  # 1d6+3 rolled for a PC


class MemoryShelf:
    """A library's files in memory: what the engine reads and writes through the `Shelf` it is given."""

    def __init__(self, files: dict[Path, str]) -> None:
        self.files = files

    def starter(self, rulesets: Rulesets, only: str | None = None) -> Found:
        return Found()

    def folder(self, folder: Path, rulesets: Rulesets, only: str | None = None) -> Found:
        found = Found()
        for path in sorted(p for p in self.files if p.parent == folder):
            read_text(path, self.files[path], rulesets, found, only)
        return found

    def exists(self, path: Path) -> bool:
        return path in self.files

    def text(self, path: Path) -> str:
        if path not in self.files:
            raise CommandError(f"{path.name}: no such library file")
        return self.files[path]

    def write(self, path: Path, text: str) -> None:
        self.files[path] = text


def test_the_library_reads_and_writes_only_through_its_shelf(catalogue: Catalogue, tmp_path: Path) -> None:
    """The engine names the files; the shelf it is given (the store's, on disk) reads and writes them."""
    folder = tmp_path / "library"
    shelf = MemoryShelf({folder / "mine.toml": GOOD, folder / "own.toml": "# my own\n"})
    enc = Encounter.new(catalogue.get("three-action"), seed=1)
    enc.library = library.Library(folder, rulesets=catalogue.get, starter=False, shelf=shelf)
    enc.run("add Skeleton")
    enc.run("keep Skeleton as Bones")
    assert shelf.files[folder / "bones.toml"].startswith(writing.MARKER)
    with pytest.raises(CommandError, match="you wrote"):
        enc.run("keep Skeleton as Own")
    assert shelf.files[folder / "own.toml"] == "# my own\n"
    assert not folder.exists()  # nothing on disk


def test_keep_writes_a_template_and_never_over_a_file_of_the_gm(catalogue: Catalogue, tmp_path: Path) -> None:
    folder = tmp_path / "library"
    enc = encounter(catalogue, "three-action", folder)
    enc.run("add Ghoul x2")
    enc.run("keep 'Ghoul 1' as Grave Ghoul")
    path = folder / "grave-ghoul.toml"
    assert path.read_text(encoding="utf-8").startswith(writing.MARKER)
    again = lib_in(folder, catalogue)
    assert again.problems == []
    kept = again.find_template("three-action", "Grave Ghoul")
    assert kept is not None and [a.name for a in kept.actions] == ["Claw", "Bite"]
    assert kept.pools["hp"] == combatant(enc, "Ghoul 1").pools["hp"].max
    enc.run("add Grave Ghoul")  # the running encounter's library has it at once
    assert combatant(enc, "Grave Ghoul").template == "Grave Ghoul"
    (folder / "mine.toml").write_text("# my own\n", encoding="utf-8")
    with pytest.raises(CommandError, match="you wrote"):
        enc.run("keep 'Ghoul 2' as Mine")
    assert (folder / "mine.toml").read_text(encoding="utf-8") == "# my own\n"


def test_a_party_carries_its_state_out_of_one_fight_and_into_the_next(
        catalogue: Catalogue, tmp_path: Path, kept: Path | None) -> None:
    folder = tmp_path / "library"
    enc = encounter(catalogue, "three-action", folder, state=kept)
    enc.run("add Kara pc init=15 hp=30")
    enc.run("add Osk pc init=12 hp=20")
    enc.run("party Heroes Kara,Osk")
    enc.run("add Goblin x2")
    enc.run("start")
    enc.run("dmg Kara 9")
    enc.run("cond Kara poisoned 2")
    enc.run("cond Osk shaken until=long-rest")
    enc.run("spend Osk energy 4")
    lines = enc.run("end")
    assert enc.state.clock.ended and any("The fight is over" in line for line in lines)
    with pytest.raises(CommandError, match="ended"):
        enc.run("next")
    enc.run("undo")
    assert not enc.state.clock.ended
    enc.run("end")

    fresh = encounter(catalogue, "three-action", folder, 2, state=kept)
    fresh.run("add @Heroes")
    kara, osk = combatant(fresh, "Kara"), combatant(fresh, "Osk")
    assert kara.pools["hp"].current == 21 and kara.pools["hp"].max == 30
    assert kara.has("poisoned") and osk.pools["energy"].current == 6 and osk.has("shaken")
    assert kara.side.value == "pc" and kara.party == "Heroes"
    fresh.run("rest long @Heroes")
    rested = lib_in(folder, catalogue, state=kept).party("three-action", "heroes")
    assert rested is not None
    [osk_after] = [m for m in rested[0].members if m.name == "Osk"]
    assert [cs.id for cs in osk_after.conditions] == []  # what lasts until a long rest is gone
    assert next(m for m in rested[0].members if m.name == "Kara").conditions[0].id == "poisoned"
    assert combatant(fresh, "Osk").has("shaken")  # the rest was on the party's file, not this fight
    with pytest.raises(CommandError, match="already in this encounter"):
        fresh.run("add @Heroes")


def test_a_party_file_with_more_in_it_is_not_written_over(catalogue: Catalogue, tmp_path: Path) -> None:
    folder = tmp_path / "library"
    folder.mkdir()
    text = ('ruleset = "three-action"\n[[party]]\nname = "Crew"\n[[party.member]]\nname = "Ana"\n'
            + GOOD.replace('ruleset = "three-action"', ""))
    (folder / "crew.toml").write_text(text, encoding="utf-8")
    enc = encounter(catalogue, "three-action", folder)
    enc.run("add @Crew")
    with pytest.raises(CommandError, match="not written over"):
        enc.run("end")
    assert (folder / "crew.toml").read_text(encoding="utf-8") == text
    assert not enc.state.clock.ended  # the end failed whole


def test_end_keeps_the_state_of_a_party_in_a_shared_file_and_leaves_the_file_as_it_is(catalogue: Catalogue,
                                                                                      tmp_path: Path) -> None:
    """Where the lasting state is kept beside the library, `end` writes no party file: one holding more
    than the party is left byte for byte, and `party` still will not write over it."""
    folder = tmp_path / "library"
    folder.mkdir()
    text = ('ruleset = "three-action"\n[[party]]\nname = "Crew"\n[[party.member]]\nname = "Ana"\n'
            + GOOD.replace('ruleset = "three-action"', ""))
    (folder / "crew.toml").write_text(text, encoding="utf-8")
    state = tmp_path / "party-state.sqlite"
    enc = encounter(catalogue, "three-action", folder, state=state)
    enc.run("add @Crew")
    enc.run("cond Ana poisoned 1")
    enc.run("end")
    assert enc.state.clock.ended and (folder / "crew.toml").read_text(encoding="utf-8") == text
    crew = lib_in(folder, catalogue, state=state).party("three-action", "crew")
    assert crew is not None and [cs.id for cs in crew[0].members[0].conditions] == ["poisoned"]
    with pytest.raises(CommandError, match="not written over"):
        enc.run("party Crew Ana")


def test_hp_in_a_template_is_the_rulesets_hit_points_whatever_it_calls_them(catalogue: Catalogue,
                                                                            tmp_path: Path) -> None:
    folder = tmp_path / "library"
    folder.mkdir()
    (folder / "imp.toml").write_text('ruleset = "body-injury"\n[[creature]]\nname = "Imp"\npools = { hp = 7 }\n',
                                     encoding="utf-8")
    enc = encounter(catalogue, "body-injury", folder)
    assert enc.library is not None and enc.library.problems == []
    enc.run("add Imp")
    assert combatant(enc, "Imp").pools["stamina"].max == 7


def test_a_group_given_its_initiative_still_stands_together(catalogue: Catalogue, tmp_path: Path) -> None:
    for seed in range(6):
        enc = encounter(catalogue, "three-action", tmp_path, seed)
        enc.run("add Ghoul x3 init=12")
        enc.run("add Bandit x2 split init=12")
        enc.run("start")
        order = [enc.state.combatants[s.cid].name for s in enc.state.order]
        at = order.index("Ghoul 1")
        assert order[at:at + 3] == ["Ghoul 1", "Ghoul 2", "Ghoul 3"], order


def test_what_lasts_until_a_rest_goes_with_the_party_spells_cast_today(
        catalogue: Catalogue, tmp_path: Path, kept: Path | None) -> None:
    """Time count adds 3 to a casting DC for each casting of the same spell that day: a spell cast in
    the morning's fight still counts in the afternoon's, until a long rest."""
    folder = tmp_path / "library"
    enc = encounter(catalogue, "time-count", folder, state=kept)
    enc.run("add Mage pc init=5 hp=40")
    enc.run("add Ogre init=900")
    enc.run("party Guild Mage")
    enc.run("start")
    enc.run("act Mage prepare-spell sf=1 what=Fireball value=2")
    enc.run("next")
    enc.run("act Mage cast-spell")
    assert combatant(enc, "Mage").tallies == {"casts:fireball": 1}
    assert var(enc, "Mage", "casts_today") == 1
    enc.run("end")
    kept_bytes = b"".join(p.read_bytes() for where in (folder, kept) if where and where.exists()
                          for p in ([where] if where.is_file() else where.rglob("*")) if p.is_file())
    assert b"casts_today" not in kept_bytes and b"casting_dc" not in kept_bytes  # vars: never a party's to keep

    def dc_after_add(seed: int) -> int:
        fresh = encounter(catalogue, "time-count", folder, seed, state=kept)
        fresh.run("add @Guild")
        fresh.run("add Ogre init=900")
        fresh.run("start")
        fresh.run("act Mage prepare-spell sf=1 what=Fireball value=2")
        return var(fresh, "Mage", "casting_dc")

    assert dc_after_add(2) == 10 + 2 + 3  # the morning's casting counts
    encounter(catalogue, "time-count", folder, 3, state=kept).run("rest long @Guild")
    assert dc_after_add(4) == 10 + 2  # a new day


def test_heal_checks_settled_after_the_end_go_to_the_party_file(
        catalogue: Catalogue, tmp_path: Path, kept: Path | None) -> None:
    """`end` asks a Heal check for each injury; those the GM settles after it reach the party's file, and a
    treated injury is no longer checked each day, in the next fight either."""
    folder = tmp_path / "library"
    enc = encounter(catalogue, "body-injury", folder, state=kept)
    enc.run("add Ysolde pc init=15")
    enc.run("add Goblin init=3")
    enc.run("party Crew Ysolde")
    enc.run("start")
    enc.run("injure Ysolde arm")
    enc.run("injure Ysolde leg")
    enc.run("end")
    assert len(enc.state.prompts) == 2
    lines = enc.run("resolve value=1")  # one treated, the other left untreated
    assert any(line.startswith("Party Crew: Ysolde as they are now") for line in lines)
    enc.run("resolve value=0")
    party = lib_in(folder, catalogue, state=kept).party("body-injury", "crew")
    assert party is not None
    [ysolde] = party[0].members
    assert sum(ysolde.treated.values()) == 1 and set(ysolde.treated) <= set(ysolde.injuries)

    fresh = encounter(catalogue, "body-injury", folder, 2, state=kept)
    fresh.run("add @Crew")
    assert combatant(fresh, "Ysolde").treated == ysolde.treated
    fresh.run("rest long")
    assert [p.table for p in fresh.state.prompts] == ["untreated-injury"]  # only the untreated one
    lines = encounter(catalogue, "body-injury", folder, 3, state=kept).run("rest long @Crew")
    assert any(line.startswith("Roll at the table, the rest calls for it: Ysolde: Untreated injury") for line in lines)


def test_apply_with_damage_of_two_attacks_waiting_asks_which_and_deals_neither(catalogue: Catalogue,
                                                                               tmp_path: Path) -> None:
    enc = encounter(catalogue, "three-action", tmp_path, 7)
    enc.run("add Kara pc hp=40 pdef=0")  # both attacks judged hits, whatever they roll
    enc.run("add Bryn pc hp=40 pdef=0")
    enc.run("add Ghoul")
    enc.run("act Ghoul claw on=Kara")  # left unapplied
    lines = enc.run("act Ghoul claw on=Bryn")
    assert not any(ch.isdigit() for ch in lines[-1].split(":")[0]), lines  # no internal number
    with pytest.raises(CommandError, match=r"2 attacks' damage wait: .* on Bryn \(apply Bryn\); .* on Kara "
                                           r"\(apply Kara\) — say which"):
        enc.run("apply")
    assert len(enc.state.ready) == 2 and combatant(enc, "Kara").pools["hp"].current == 40
    enc.run("apply Bryn")
    assert combatant(enc, "Bryn").pools["hp"].current < 40 and combatant(enc, "Kara").pools["hp"].current == 40
    enc.run("apply")  # one waits: that one
    assert combatant(enc, "Kara").pools["hp"].current < 40 and enc.state.ready == []


@pytest.mark.parametrize(("ruleset", "name"), [("three-action", "Ghoul"), ("time-count", "Troll")])
def test_resistances_no_rule_applies_are_noted_as_not_applied(catalogue: Catalogue, tmp_path: Path, ruleset: str,
                                                                name: str) -> None:
    """Only boon-bane's rules text says what a resistance does to damage (and counts them as stats); the
    others' texts give no amount, so the tracker leaves damage alone and the note must not read as
    though it did not."""
    enc = encounter(catalogue, ruleset, tmp_path)
    enc.run(f"add {name}")
    c = combatant(enc, name)
    assert "weak to fire" in c.notes.lower() and "not applied to damage" in c.notes
    if ruleset == "three-action":  # the damage indeed unchanged (time count's Threshold of Pain would blur it)
        before = c.pools["hp"].current
        enc.run(f"dmg {name} 3 fire")
        assert combatant(enc, name).pools["hp"].current == before - 3


def test_boon_bane_applies_a_templates_weakness(catalogue: Catalogue, tmp_path: Path) -> None:
    enc = encounter(catalogue, "boon-bane", tmp_path)
    enc.run("add Ghoul")
    c = combatant(enc, "Ghoul")
    assert "not applied" not in c.notes and c.stats.get("vuln_fire", 0) > 0


def test_a_players_character_is_named_not_looked_up(catalogue: Catalogue, tmp_path: Path) -> None:
    """`add Lio pc` is the player's Lio, not the Lion the name starts; a template's whole name still makes
    one (`add Ghoul pc`), and an NPC's start still finds its template."""
    enc = encounter(catalogue, "dnd5e", tmp_path)
    enc.run("add Lio pc hp=26")
    enc.run("add Lio2 ally hp=5")
    lio = combatant(enc, "Lio")
    assert lio.template is None and lio.actions == [] and lio.side.value == "pc"
    assert combatant(enc, "Lio2").template is None
    enc.run("add Ghoul pc")
    assert combatant(enc, "Ghoul").template == "Ghoul"
    enc.run("add Lio")
    assert combatant(enc, "Lion").template == "Lion"


MIXED = GOOD + """
[[creature]]
name = "Crypt Wight"
ruleset = "time-count"
pools = { hp = 12 }

[[creature]]
name = "Broken"
pools = { hp = "lots" }
"""


def test_one_rulesets_templates_read_only_that_rulesets_entries(catalogue: Catalogue, tmp_path: Path) -> None:
    """Adding a creature reads the entries of the encounter's ruleset alone (a `do add` on a three-action
    save had checked the SRD bestiary's monsters, and read every ruleset); all of them read afterwards,
    each entry and each problem is there once."""
    folder = tmp_path / "library"
    folder.mkdir()
    (folder / "mixed.toml").write_text(MIXED)
    asked: list[str] = []

    def rulesets(rid: str) -> RulesetDef:
        asked.append(rid)
        return catalogue.get(rid)

    lib = library_files.load(folder, rulesets)
    enc = Encounter.new(catalogue.get("three-action"), seed=1)
    enc.library = lib
    enc.run("add Skeleton")
    assert set(asked) == {"three-action"}, "only the encounter's ruleset is read"
    assert lib.find_template("three-action", "Crypt Wight") is None, "an entry naming another ruleset is that one's"
    assert "Crypt Wight" in [t.name for t in lib.templates_for("time-count")]
    assert set(asked) == {"three-action", "time-count"}
    assert sum(t.name == "Skeleton" for t, _ in lib.templates["three-action"].values()) == 1
    assert len([p for p in lib.problems if "Broken" in p]) == 1, lib.problems
    assert set(lib.templates) >= {"three-action", "time-count", "dnd5e"}, "all of them, the starter's too"
