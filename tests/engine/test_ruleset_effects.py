"""Effects by kind: each kind of effect takes only its own keys, and a slip is one line naming where it
is (a trigger by its label) and the kind it does not belong to."""

from __future__ import annotations

from pathlib import Path
from typing import get_args

import pytest
from mini_ruleset import MINI

from combat_tui.engine.ruleset import AddEffect, DamageEffect, EffectDef, PoolEffect
from combat_tui.engine.ruleset.effects import _KINDS, VERBS
from combat_tui.engine.state.errors import RulesetError
from combat_tui.store.rulesets import load_file

TRIGGER = """
[[triggers]]
label = "Going down"
on = "damage"
when = "hp <= 0"
effects = [{ add = "prone" }, EFFECT]
"""


def _load(tmp_path: Path, effect: str, label: bool = True) -> str:
    text = MINI + TRIGGER.replace("EFFECT", effect)
    (tmp_path / "mine.toml").write_text(text if label else text.replace('label = "Going down"\n', ""),
                                        encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load_file(tmp_path / "mine.toml")
    return str(caught.value)


def test_each_effect_is_read_as_its_kind(tmp_path: Path) -> None:
    (tmp_path / "mine.toml").write_text(MINI + TRIGGER.replace("EFFECT", '{ damage = "1d6", type = "fire" }, '
                                                               '{ pool = "hp", set = 1 }'), encoding="utf-8")
    first, second, third = load_file(tmp_path / "mine.toml").triggers[0].effects
    assert isinstance(first, AddEffect) and first.add == "prone"
    assert isinstance(second, DamageEffect) and second.type == "fire"
    assert isinstance(third, PoolEffect) and third.set == 1


def test_a_key_of_another_kind_is_one_line_naming_the_trigger_by_its_label(tmp_path: Path) -> None:
    message = _load(tmp_path, '{ damage = "1d6", value = 2 }')
    assert message == ("mine.toml: triggers[Going down].effects[1]: `value` does not go with `damage` "
                       "(an effect of that kind takes `when`, `to`, `damage`, `type`)")


def test_a_trigger_without_a_label_is_named_by_its_place(tmp_path: Path) -> None:
    assert _load(tmp_path, '{ heal = "2", duration = "rounds:1" }', label=False).startswith(
        "mine.toml: triggers[0].effects[1]: `duration` does not go with `heal`")


@pytest.mark.parametrize("effect, fragment", [
    ('{ add = "prone", remove = "prone" }', "triggers[Going down].effects[1]: an effect needs exactly one of "
                                            "add/remove/shift/damage/heal/pool/var/prompt/note/next_turn/injure/"
                                            "treat/heal_injury, got add, remove"),
    ('{ when = "hp < 0" }', "got none"),
    ('{ pool = "hp" }', "a pool effect needs exactly one of delta or set"),
    ('{ damage = 3 }', "triggers[Going down].effects[1].damage: Input should be a valid string"),
    ('{ pool = "hp", delta = "hp +" }', "triggers[Going down].effects[1].delta"),
    ('{ add = "standing" }', "triggers[Going down].effects: unknown condition 'standing'"),
    ('{ heal_injury = "wounds" }', "triggers[Going down].effects[1].heal_injury: unknown name 'wounds'"),
    ('{ damage = "fire_dice" }', "triggers[Going down].effects[1].damage: unknown name 'fire_dice'"),
])
def test_a_wrong_effect_is_one_line(tmp_path: Path, effect: str, fragment: str) -> None:
    message = _load(tmp_path, effect)
    assert fragment in message and "\n" not in message, message


def test_each_verb_is_one_kind_of_the_union() -> None:
    """A new kind of effect is a model, a member of the union and its verb: the three agree."""
    members = [get_args(member)[0] for member in get_args(get_args(EffectDef)[0])]
    assert [kind.verb for kind in members] == list(VERBS) == list(_KINDS)
    assert all(kind.verb in kind.model_fields for kind in members)
