"""`combat-tui library`, and the library reaching `do`: templates, parties, keep and end from the shell."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from helpers import cli

from combat_tui.store import saves


def test_library_lists_the_starter_bestiary_of_each_ruleset(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(capsys, "library")
    assert code == 0 and err == ""
    for rid in ("three-action", "energy-stamina", "body-injury", "time-count", "boon-bane"):
        assert f"{rid}:" in out
    code, out, _ = cli(capsys, "library", "--ruleset", "time-count", "--json")
    data = json.loads(out)
    assert list(data) == ["time-count"]
    troll = next(t for t in data["time-count"]["templates"] if t["name"] == "Troll")
    assert troll["actions"] == ["Claws", "Great Club"] and troll["from"] == "starter"


def test_library_show_prints_one_template_and_refuses_an_unknown_one(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "library", "show", "Troll", "--ruleset", "time-count", "--json")  # dnd5e has one too
    assert code == 0
    troll = json.loads(out)
    assert troll["ruleset"] == "time-count" and troll["pools"] == {"hp": "6d10+12"}
    code, out, _ = cli(capsys, "library", "show", "Bandit Captain", "--ruleset", "three-action")
    assert code == 0 and "Longsword" in out and "hit: 1d20+6" in out
    code, _, err = cli(capsys, "library", "show", "Bone Colossus")
    assert code == 1 and err.count("\n") == 1 and "Bone Colossus" in err


def test_a_bad_library_file_is_one_line_on_stderr_and_the_rest_is_listed(capsys: pytest.CaptureFixture[str],
                                                                          tmp_path: Path) -> None:
    folder = tmp_path / "data" / "library"
    folder.mkdir(parents=True)
    (folder / "bad.toml").write_text('ruleset = "three-action"\n[[creature]]\nname = "Imp"\npools = { mana = 3 }\n',
                                     encoding="utf-8")
    (folder / "fine.toml").write_text('ruleset = "three-action"\n[[creature]]\nname = "Imp"\n', encoding="utf-8")
    os.symlink("/dev/zero", folder / "zero.toml")
    code, out, err = cli(capsys, "library", "--ruleset", "three-action")
    assert code == 0 and "Imp" in out and "fine.toml" in out
    lines = err.splitlines()
    assert len(lines) == 2
    assert "bad.toml" in lines[0] and "pools.mana" in lines[0]
    assert "zero.toml" in lines[1] and "not a regular file" in lines[1]


def test_paths_names_the_library_folder(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = cli(capsys, "--data-dir", str(tmp_path / "elsewhere"), "paths")
    assert code == 0
    assert f"library:  {tmp_path / 'elsewhere' / 'library'}" in out


def test_do_makes_creatures_from_a_template_the_same_with_the_same_seed(capsys: pytest.CaptureFixture[str],
                                                                        tmp_path: Path) -> None:
    maxima = []
    for n in range(2):
        f = tmp_path / f"f{n}.combat"
        assert cli(capsys, "new", str(f), "--ruleset", "time-count")[0] == 0
        code, out, _ = cli(capsys, "do", str(f), "add Troll x3", "--seed", "11")
        assert code == 0 and "one group" in out
        maxima.append([c.pools["hp"].max for c in saves.load(f).state.roster()])
    assert maxima[0] == maxima[1] and len(set(maxima[0])) > 1


def test_an_evening_keep_party_end_and_add_the_party_again(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    first, second = tmp_path / "ford.combat", tmp_path / "crypt.combat"
    cli(capsys, "new", str(first), "--ruleset", "three-action")
    cli(capsys, "new", str(second), "--ruleset", "three-action")
    code, _, err = cli(capsys, "do", str(first), "add Kara pc init=15 hp=30", "party Heroes Kara",
                       "add Ghoul x2", "start", "dmg Kara 12", "keep 'Ghoul 2' as Grave Ghoul", "end")
    assert code == 0, err
    library = tmp_path / "data" / "library"
    assert sorted(p.name for p in library.iterdir()) == ["grave-ghoul.toml", "party-heroes.toml"]
    code, _, err = cli(capsys, "do", str(second), "add @Heroes", "add Grave Ghoul x2", "--seed", "3")
    assert code == 0, err
    state = saves.load(second).state
    kara = next(c for c in state.roster() if c.name == "Kara")
    assert kara.pools["hp"].current == 18 and kara.party == "Heroes"
    assert [c.name for c in state.roster()][1:] == ["Grave Ghoul 1", "Grave Ghoul 2"]


def test_a_do_that_fails_writes_no_library_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = tmp_path / "f.combat"
    cli(capsys, "new", str(f), "--ruleset", "three-action")
    code, _, err = cli(capsys, "do", str(f), "add Ghoul", "keep Ghoul", "dmg Nobody 3")
    assert code == 1 and "nothing saved" in err
    assert not (tmp_path / "data" / "library").exists()


def osk(capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    """Osk of the Heroes as the next fight would bring him in."""
    code, out, err = cli(capsys, "library", "show", "@Heroes", "--json")
    assert code == 0, err
    member: dict[str, Any] = json.loads(out)["member"][0]
    return member


def test_a_party_rests_between_fights_from_the_shell(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = tmp_path / "f.combat"
    cli(capsys, "new", str(f), "--ruleset", "three-action")
    assert cli(capsys, "do", str(f), "add Osk pc hp=20", "party Heroes Osk", "cond Osk shaken until=long-rest",
               "end")[0] == 0
    assert [cs["id"] for cs in osk(capsys)["conditions"]] == ["shaken"]
    code, out, err = cli(capsys, "library", "rest", "long", "@Heroes")
    assert code == 0, err
    assert "rested (long)" in out
    assert "conditions" not in osk(capsys)
    code, _, err = cli(capsys, "library", "rest", "long", "@Nobody")
    assert code == 1 and "Nobody" in err and err.count("\n") == 1


def test_control_characters_in_a_library_file_never_reach_the_terminal(capsys: pytest.CaptureFixture[str],
                                                                        tmp_path: Path) -> None:
    folder = tmp_path / "data" / "library"
    folder.mkdir(parents=True)
    (folder / "evil.toml").write_text('ruleset = "three-action"\n[[creature]]\nname = "Imp\\u001b[2J\\u202e"\n'
                                      'notes = "\\u0007bell"\n', encoding="utf-8")
    code, out, err = cli(capsys, "library", "show", "Imp", "--ruleset", "three-action")
    assert code == 0, err
    assert "Imp[2J" in out and "\x1b" not in out and "\u202e" not in out and "\x07" not in out


def test_end_then_rest_in_one_do_rests_the_state_end_wrote(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = tmp_path / "f.combat"
    cli(capsys, "new", str(f), "--ruleset", "three-action")
    assert cli(capsys, "do", str(f), "add Osk pc hp=20", "party Heroes Osk")[0] == 0
    code, _, err = cli(capsys, "do", str(f), "dmg Osk 5", "cond Osk poisoned 1", "end", "rest short @Heroes")
    assert code == 0, err
    member = osk(capsys)
    # what `end` kept, rested: not the older state
    assert member["current"]["hp"] == 15 and [cs["id"] for cs in member["conditions"]] == ["poisoned"]


def test_library_show_says_which_other_rulesets_have_that_name(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "library", "show", "Ghoul")
    assert code == 0
    shown = out.splitlines()
    assert [line for line in shown if line.startswith("ruleset: ")] == ["ruleset: boon-bane"]
    assert shown[-1] == "also in dnd5e, energy-stamina, pf2e, three-action: --ruleset dnd5e shows that one"
    code, out, _ = cli(capsys, "library", "show", "Ghoul", "--json")
    data = json.loads(out)
    assert data["ruleset"] == "boon-bane" and data["also_in"] == ["dnd5e", "energy-stamina", "pf2e", "three-action"]
    code, out, _ = cli(capsys, "library", "show", "Ghoul", "--ruleset", "three-action")
    assert code == 0 and "ruleset: three-action" in out and "also in" not in out
    code, out, _ = cli(capsys, "library", "show", "Orc Raider")  # in one ruleset only: nothing more said
    assert code == 0 and "also in" not in out


def test_a_party_whose_name_has_a_space_rests(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """The lines a rest runs are made by the one formatter: `@Ford Heroes` stays one word."""
    f = tmp_path / "f.combat"
    cli(capsys, "new", str(f), "--ruleset", "three-action")
    assert cli(capsys, "do", str(f), "add Osk pc hp=20", 'party "Ford Heroes" Osk',
               "cond Osk shaken until=long-rest", "end")[0] == 0
    code, out, err = cli(capsys, "library", "rest", "long", "@Ford Heroes")
    assert code == 0, err
    assert "Party Ford Heroes rested (long)" in out
    code, out, err = cli(capsys, "do", str(f), 'rest short "@Ford Heroes"')
    assert code == 0, err
    assert "Party Ford Heroes rested (short)" in out
