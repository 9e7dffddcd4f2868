"""Parties' lasting state from the shell and across processes: fights ending at once in two processes
keep what each did, and `library rest` is not undone by a fight that was open during it."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest
from helpers import cli

from combat_tui.engine.encounter import Encounter
from combat_tui.paths import library_dir, party_state_file
from combat_tui.store import library_files, party_state
from combat_tui.store.rulesets import Catalogue

ROUNDS = 6


def heroes(capsys: pytest.CaptureFixture[str]) -> dict[str, dict[str, Any]]:
    """The Heroes by name, as the next fight would bring them in."""
    code, out, err = cli(capsys, "library", "show", "@Heroes", "--json")
    assert code == 0, err
    return {m["name"]: m for m in json.loads(out)["member"]}


def make_heroes(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    setup = tmp_path / "setup.combat"
    assert cli(capsys, "new", str(setup), "--ruleset", "three-action")[0] == 0
    code, _, err = cli(capsys, "do", str(setup), "add Kara pc hp=30", "add Bryn pc hp=20", "party Heroes Kara,Bryn")
    assert code == 0, err


def do(*argv: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "combat_tui", "do", *argv], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


@pytest.mark.long
def test_two_do_processes_ending_fights_at_once_keep_what_each_did(capsys: pytest.CaptureFixture[str],
                                                                  tmp_path: Path) -> None:
    make_heroes(capsys, tmp_path)
    for n in range(ROUNDS):
        one, two = tmp_path / f"ford-{n}.combat", tmp_path / f"crypt-{n}.combat"
        for f in (one, two):
            assert cli(capsys, "new", str(f), "--ruleset", "three-action")[0] == 0
            assert cli(capsys, "do", str(f), "add @Heroes")[0] == 0  # both in before either ends
        procs = [do(str(one), "dmg Kara 1", "end"), do(str(two), "dmg Bryn 1", "end")]
        for p in procs:
            _, err = p.communicate(timeout=120)
            assert p.returncode == 0, err
    party = heroes(capsys)
    assert party["Kara"]["current"]["hp"] == 30 - ROUNDS and party["Bryn"]["current"]["hp"] == 20 - ROUNDS


FIGHT = textwrap.dedent("""
    import sys, time
    from pathlib import Path
    from combat_tui.store import library_files
    from combat_tui.engine.encounter import Encounter
    from combat_tui.store.rulesets import load_all
    from combat_tui.store import party_state

    folder, state, who, flag = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3], Path(sys.argv[4])
    cat = load_all()
    enc = Encounter.new(cat.get("three-action"), seed=1)
    enc.library = library_files.load(folder, cat.get, lasting=party_state.reader(state), keep=party_state.writer(state))
    enc.run("add @Heroes")
    enc.run(f"dmg {who} 1")
    (flag.parent / (flag.name + "." + who)).write_text("in")
    while not flag.exists():
        time.sleep(0.005)
    enc.run("end")
""")


@pytest.mark.long
def test_two_processes_ending_fights_at_once_keep_what_each_did(catalogue: Catalogue, tmp_path: Path) -> None:
    """The same, with the library in each process as the app has it: read once, the state read afresh."""
    folder, state = library_dir(), party_state_file()
    setup = Encounter.new(catalogue.get("three-action"))
    setup.library = library_files.load(folder, catalogue.get, lasting=party_state.reader(state),
                                       keep=party_state.writer(state))
    for line in ("add Kara pc hp=30", "add Bryn pc hp=20", "party Heroes Kara,Bryn"):
        setup.run(line)
    script = tmp_path / "fight.py"
    script.write_text(FIGHT, encoding="utf-8")
    for n in range(ROUNDS):
        flag = tmp_path / f"go-{n}"
        procs = [subprocess.Popen([sys.executable, str(script), str(folder), str(state), who, str(flag)],
                                  stderr=subprocess.PIPE, text=True) for who in ("Kara", "Bryn")]
        while not all((tmp_path / f"go-{n}.{who}").exists() for who in ("Kara", "Bryn")):
            assert all(p.poll() is None for p in procs), [p.communicate()[1] for p in procs]
        flag.write_text("go")  # both fights in and hurt: now both end at once
        for p in procs:
            assert p.wait(timeout=120) == 0, p.communicate()[1]
    found = library_files.load(folder, catalogue.get, lasting=party_state.reader(state)).party("three-action", "Heroes")
    assert found is not None
    hp = {m.name: m.current["hp"] for m in found[0].members}
    assert hp == {"Kara": 30 - ROUNDS, "Bryn": 20 - ROUNDS}


def test_library_rest_while_a_fight_is_open_is_not_undone_by_its_end(capsys: pytest.CaptureFixture[str],
                                                                    catalogue: Catalogue, tmp_path: Path) -> None:
    folder, state = library_dir(), party_state_file()

    def fight() -> Encounter:
        enc = Encounter.new(catalogue.get("three-action"), seed=2)
        enc.library = library_files.load(folder, catalogue.get, lasting=party_state.reader(state),
                                         keep=party_state.writer(state))
        return enc

    first = fight()
    for line in ("add Kara pc hp=30", "add Bryn pc hp=20", "party Heroes Kara,Bryn", "dmg Kara 8",
                 "cond Kara shaken until=long-rest", "end"):
        first.run(line)
    still_open = fight()
    still_open.run("add @Heroes")  # Kara shaken, 22 hp
    code, out, err = cli(capsys, "library", "rest", "long", "@Heroes")
    assert code == 0 and "rested (long)" in out, err
    lib = library_files.load(folder, catalogue.get, lasting=party_state.reader(state))
    rested = lib.party("three-action", "Heroes")
    assert rested is not None
    kara = next(m for m in rested[0].members if m.name == "Kara")
    assert kara.conditions == []  # what lasted until a long rest is gone
    still_open.run("dmg Bryn 5")
    still_open.run("end")
    after = library_files.load(folder, catalogue.get, lasting=party_state.reader(state)).party("three-action", "Heroes")
    assert after is not None
    members = {m.name: m for m in after[0].members}
    assert members["Kara"] == kara  # the rest stands
    assert members["Bryn"].current["hp"] == 15


def test_library_rest_refuses_a_party_state_file_that_is_not_one_in_one_line(capsys: pytest.CaptureFixture[str],
                                                                            tmp_path: Path) -> None:
    make_heroes(capsys, tmp_path)
    state = party_state_file()
    state.write_bytes(b"not a database, my notes\n")
    code, _, err = cli(capsys, "library", "rest", "long", "@Heroes")
    assert code == 1 and err.count("\n") == 1 and "party-state.sqlite" in err
    assert state.read_bytes() == b"not a database, my notes\n"
