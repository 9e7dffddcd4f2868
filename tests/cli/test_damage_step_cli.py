"""The damage step through `combat-tui do`: a creature's weakness and resistance typed on `add` and
`edit`, kept in the save, and a hit of several damage types dealt through them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import cli


def test_weakness_and_several_types_through_do_survive_the_save(capsys: pytest.CaptureFixture[str],
                                                                tmp_path: Path) -> None:
    f = tmp_path / "x.combat"
    cli(capsys, "new", str(f), "--ruleset", "energy-stamina")
    code, out, err = cli(capsys, "do", str(f), "add Wight weak=fire", "edit Wight resist=cold")
    assert code == 0, err
    assert "Wight: resists cold" in out
    code, out, err = cli(capsys, "do", str(f), "dmg Wight 5 fire 3 cold")  # read back from the save
    assert code == 0, err
    assert "Wight: 5 fire, weak to fire ×2 = 10" in out
    assert "Wight: 3 cold, resists cold ÷2 = 1" in out
    assert "Wight: 10 fire + 1 cold = 11 in one hit" in out
    _, shown, _ = cli(capsys, "show", str(f), "--json")
    ghoul = next(c for c in json.loads(shown)["combatants"] if c["name"] == "Wight")
    assert ghoul["pools"]["aura"]["current"] == 20 - 11
    assert ghoul["weak"] == {"fire": 1} and ghoul["resist"] == {"cold": 1} and "immune" not in ghoul


def test_a_list_the_ruleset_has_no_rule_for_is_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = tmp_path / "x.combat"
    cli(capsys, "new", str(f), "--ruleset", "three-action")
    code, _, err = cli(capsys, "do", str(f), "add Wight weak=fire")
    assert code != 0 and err.count("\n") == 1 and "has no rule for it" in err
