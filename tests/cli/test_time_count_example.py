"""The worked Time Count example of the rules text (Zherynn, Aeus, Garret), played through `combat-tui do`.

Zherynn rolls 6, Aeus 8 plus a surprise 1d6 of 5 (13), Garret 7. Zherynn acts at TC 6 with a dagger
(SF 6, next at 12); Garret at TC 7 with a long sword (SF 9, next at 16); then Zherynn at 12 and Aeus
one TC later, at 13.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from combat_tui.cli import main

SEED_WITH_SURPRISE_5 = 3  # the first die of this seed's stream is the 1d6 surprise roll: 5


def show(path: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    assert main(["show", str(path), "--json"]) == 0
    shown: dict[str, Any] = json.loads(capsys.readouterr().out)
    return shown


def do(path: Path, capsys: pytest.CaptureFixture[str], *cmds: str, seed: int | None = None) -> str:
    argv = ["do", str(path), *cmds] + (["--seed", str(seed)] if seed is not None else [])
    assert main(argv) == 0
    return capsys.readouterr().out


def test_worked_example(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "ambush.combat"
    assert main(["new", str(f), "--ruleset", "time-count"]) == 0
    out = do(f, capsys, "add Zherynn pc init=6", "add Aeus pc init=8 surprised", "add Garret npc init=7", "start",
             seed=SEED_WITH_SURPRISE_5)
    assert "initiative +5 = 13" in out
    v = show(f, capsys)
    inits = {c["name"]: c["initiative"] for c in v["combatants"]}
    assert inits == {"Zherynn": 6, "Aeus": 13, "Garret": 7}
    assert v["tc"] == 6 and v["active"] == ["Zherynn"] and v["round"] is None
    assert v["order"] == ["Zherynn", "Garret", "Aeus"]

    do(f, capsys, "act Zherynn sf=6")  # stabs Garret with his dagger
    v = show(f, capsys)
    assert {c["name"]: c["next_tc"] for c in v["combatants"]}["Zherynn"] == 12

    do(f, capsys, "next")
    v = show(f, capsys)
    assert v["tc"] == 7 and v["active"] == ["Garret"]

    do(f, capsys, "act Garret sf=9")  # slashes Zherynn with his long sword
    assert {c["name"]: c["next_tc"] for c in show(f, capsys)["combatants"]}["Garret"] == 16

    do(f, capsys, "next")
    v = show(f, capsys)
    assert v["tc"] == 12 and v["active"] == ["Zherynn"]
    do(f, capsys, "act Zherynn sf=6")

    do(f, capsys, "next")
    v = show(f, capsys)
    assert v["tc"] == 13 and v["active"] == ["Aeus"]  # "followed by Aeus 1 point later"
    assert v["order"] == ["Aeus", "Garret", "Zherynn"]
    assert v["elapsed_seconds"] == pytest.approx(6.5)


def test_simultaneous_actors_share_a_tc(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "tie.combat"
    main(["new", str(f), "--ruleset", "time-count"])
    do(f, capsys, "add A pc init=5", "add B npc init=5", "add C npc init=9", "start", seed=1)
    v = show(f, capsys)
    assert v["tc"] == 5 and sorted(v["active"]) == ["A", "B"]
    do(f, capsys, "act A sf=3", "act B class=standard")  # NPC: static SF 9
    do(f, capsys, "next")
    v = show(f, capsys)
    assert v["tc"] == 8 and v["active"] == ["A"]
    assert {c["name"]: c["next_tc"] for c in v["combatants"]}["B"] == 14


def test_failing_command_changes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "e.combat"
    main(["new", str(f), "--ruleset", "time-count"])
    before = f.read_bytes()
    assert main(["do", str(f), "add Orc", "dmg Nobody 3"]) == 1
    err = capsys.readouterr().err
    assert "Nobody" in err and len(err.strip().splitlines()) == 1
    assert f.read_bytes() == before
