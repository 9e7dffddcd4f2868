"""A ruleset's `[checks]`: what would fail mid-fight (a defence or a save's bonus naming nothing, dice that
cannot roll) is refused when the file is read, naming the key; a good one loads beside the five."""

from __future__ import annotations

from pathlib import Path

import pytest
from mini_ruleset import MINI, SHIPPED

from combat_tui.store.rulesets import load_all

GOOD = """
[checks]
save_roll = "1d10!"
[[checks.saves]]
id = "grit"
name = "Grit"
bonus = "max_hp // 2"
[checks.attack]
defence = "hp + 10"
[[checks.attack.modifiers]]
reason = "Prone"
roll = "dis"
attacker = "prone"
count = "1"
[[checks.attack.outcomes]]
max = 1
label = "Fumble"
effects = [{ add = "prone" }]
"""


@pytest.mark.parametrize("change, fragment", [
    (('defence = "hp + 10"', 'defence = "armour"'), "checks.attack.defence: unknown name 'armour'"),
    (('bonus = "max_hp // 2"', 'bonus = "grit +"'), "checks.saves[grit].bonus"),
    (('save_roll = "1d10!"', 'save_roll = "1d"'), "checks.save_roll"),
    (('save_roll = "1d10!"', 'save_ties = "maybe"'), "checks.save_ties"),
    (('attacker = "prone"', 'attacker = "proned"'), "checks.attack.modifiers.Prone.attacker: unknown condition"),
    (('count = "1"', 'count = "1 +"'), "checks.attack.modifiers[Prone].count"),
    (('roll = "dis"', 'roll = "worse"'), "roll"),
    (('{ add = "prone" }', '{ add = "fallen" }'), "checks.attack.outcomes.Fumble: unknown condition 'fallen'"),
])
def test_a_bad_check_is_refused_when_the_file_is_read(tmp_path: Path, change: tuple[str, str],
                                                       fragment: str) -> None:
    (tmp_path / "mine.toml").write_text(MINI + GOOD.replace(*change), encoding="utf-8")
    cat = load_all(tmp_path)
    assert set(cat.rulesets) == SHIPPED
    assert len(cat.problems) == 1 and cat.problems[0].startswith("mine.toml: ") and fragment in cat.problems[0]


def test_good_checks_load_and_are_used(tmp_path: Path) -> None:
    from combat_tui.engine.encounter import Encounter

    (tmp_path / "mine.toml").write_text(MINI + GOOD, encoding="utf-8")
    cat = load_all(tmp_path)
    assert cat.problems == []
    enc = Encounter.new(cat.get("mini"), seed=2)
    enc.run("add Ann")
    lines = enc.run("save Ann grit dc=3")
    assert lines[0].startswith("Ann: Grit save 1d10") and "against DC 3" in lines[0]
