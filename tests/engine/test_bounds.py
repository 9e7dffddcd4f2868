"""Every number a save, a ruleset or a command holds is bounded, and refused in a line a GM can read.

A number of thousands of digits in a save gave a traceback in `show` (`OverflowError`, or Python's
refusal to print an int that long); typed into a command it gave "cannot do that here: ValueError
Exceeds the limit ...". Python's own exception text never reaches the GM.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from combat_tui.engine import commands, dice
from combat_tui.engine.encounter import Encounter
from combat_tui.engine.ruleset import formula
from combat_tui.engine.state.bounds import MAX_STORED, parse_int
from combat_tui.engine.state.errors import CombatError, SaveError
from combat_tui.store import exchange
from combat_tui.store.rulesets import Catalogue

HUGE = "9" * 4000  # under Python's 4,300-digit limit for int(): it parses, then breaks printing
LONGER = "9" * 5000  # over it: int() itself raises ValueError


def plain(message: str) -> None:
    """One line written for a GM: no Python exception's name or text."""
    assert "\n" not in message and message.strip()
    for word in ("ValueError", "KeyError", "OverflowError", "Exceeds the limit", "invalid literal", "Traceback"):
        assert word not in message, message


@pytest.fixture
def enc(catalogue: Catalogue) -> Encounter:
    enc = Encounter.new(catalogue.get("three-action"), seed=2)
    for line in ("add Orc hp=9", "add Kara pc hp=20 init=12", "start", "prompt Orc poison"):
        enc.run(line)
    return enc


def refused(enc: Encounter, line: str) -> str:
    before = exchange.dumps(enc.doc)
    with pytest.raises(CombatError) as info:
        enc.run(line)
    plain(str(info.value))
    assert exchange.dumps(enc.doc) == before  # nothing changed
    return str(info.value)


@pytest.mark.parametrize("line", [
    f"dmg Orc {HUGE}", f"dmg Orc {LONGER}", f"heal Orc {LONGER}", f"init Kara {LONGER}", "dmg Orc 1000001",
    f"add Goblin hp={LONGER}", f"add Goblin x{LONGER}", "add Goblin x99999999", f"add Goblin init={HUGE}",
    f"cond Orc blinded for={LONGER}", f"cond Orc blinded until=rounds:{LONGER}",
    "cond Orc blinded until=rounds:9999999999",
    f"set {LONGER} 1", f"spend Kara actions {LONGER}", f"roll {'9' * 150}*{'9' * 40}", "roll 999999*999999",
    f"roll 1d20 adv{LONGER[:100]}", f"resolve value={LONGER}", "resolve ²", "resolve ٣",
    f"dmg Orc {LONGER}d6", "roll 1d20 adv²",
], ids=lambda line: line[:40])
def test_a_huge_or_odd_number_is_refused_plainly(enc: Encounter, line: str) -> None:
    refused(enc, line)


def test_non_ascii_digits_are_not_numbers() -> None:
    assert parse_int("12") == 12 and parse_int(" -3 ") == -3
    assert parse_int("²") is None and parse_int("٣") is None and parse_int("1" * 19) is None


def test_a_roll_or_formula_total_is_bounded() -> None:
    import random

    with pytest.raises(CombatError, match="too large"):
        dice.roll("999999*999999", random.Random(1))
    with pytest.raises(CombatError, match="too large"):
        formula.evaluate("a * a * a", {"a": 10**6})
    assert formula.evaluate("a * a", {"a": 10**4}) == 10**8


def test_an_internal_error_in_a_command_is_told_plainly_and_changes_nothing(
        enc: Encounter, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(ops: Any, args: list[str], kw: dict[str, str]) -> None:
        ops.changing("c1").name = "changed"
        raise ValueError("secret internals: invalid literal for int() with base 10")

    monkeypatch.setitem(commands.COMMANDS, "heal", dataclasses.replace(commands.COMMANDS["heal"], handler=broken))
    message = refused(enc, "heal Orc 1")
    assert "secret" not in message and "heal" in message
    assert enc.state.combatants["c1"].name == "Orc"


def test_an_unclosed_quote_is_told_plainly(enc: Encounter) -> None:
    message = refused(enc, 'note Orc "half')
    assert "No closing quotation" not in message and "quotation mark" in message


def saved(enc: Encounter) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(exchange.dumps(enc.doc))
    return data


@pytest.mark.parametrize("where", [
    ("state", "combatants", "c1", "initiative"),
    ("state", "combatants", "c1", "pools", "hp", "current"),
    ("state", "combatants", "c1", "stats", "str"),
    ("state", "clock", "round"),
    ("state", "counters", "next_uid"),
    ("cursor",),
    ("log", -1, "rolls", 0, "total"),
], ids=lambda where: ".".join(map(str, where)))
@pytest.mark.parametrize("value", [int(HUGE), MAX_STORED + 1, -MAX_STORED - 1], ids=["4000-digits", "over", "under"])
def test_a_save_with_a_huge_number_is_refused_in_one_line(enc: Encounter, where: tuple[Any, ...], value: int) -> None:
    enc.run("roll 1d20")
    data = saved(enc)
    node = data
    for key in where[:-1]:
        node = node[key]
    node[where[-1]] = value
    with pytest.raises(SaveError) as info:
        exchange.parse(json.dumps(data), "ford.json")
    plain(str(info.value))
    assert "damaged save" in str(info.value)


@pytest.mark.parametrize("value", ["NaN", "Infinity", "1e300"])
def test_a_save_with_a_tiebreak_not_finite_or_huge_is_refused(enc: Encounter, value: str) -> None:
    data = saved(enc)
    data["state"]["combatants"]["c1"]["tiebreak"] = "@@"
    text = json.dumps(data).replace('"@@"', value)
    with pytest.raises(SaveError):
        exchange.parse(text, "ford.json")


def test_the_biggest_numbers_play_can_reach_still_load(enc: Encounter) -> None:
    """Bounds on what is typed keep a save within what is read back: gaining a million at a time."""
    for _ in range(20):
        enc.run("gain Kara hp 1000000")
    assert exchange.parse(exchange.dumps(enc.doc)).state.combatants["c2"].pools["hp"].current <= MAX_STORED


@pytest.mark.parametrize("damage", [
    lambda patch: patch.__setitem__(0, [["initiative"], 10**20]),  # past the bound
    lambda patch: patch.__setitem__(0, [["nowhere", "deeper"], 1]),  # a path that is not there
    lambda patch: patch.__setitem__(0, [["pools", "hp", "current"], "lots"]),  # the wrong type
], ids=["past-the-bound", "no-such-path", "wrong-type"])
def test_a_damaged_step_of_a_saved_log_is_refused_and_changes_nothing(enc: Encounter, damage: Any) -> None:
    enc.run("dmg Orc 2")
    enc.run("init Orc 4")  # two creature changes in the last events: the step touches the order too
    data = saved(enc)
    last = data["log"][-1]
    creature = next(ch for ch in last["changes"] if ch["key"].startswith("c:"))
    damage(creature["before"])
    try:  # a path that leads nowhere is refused when the save loads; a bad value, when it is undone
        loaded = Encounter(exchange.parse(json.dumps(data)), enc.rs)
    except SaveError as exc:
        plain(str(exc))
        assert "damaged save" in str(exc)
        return
    before = exchange.dumps(loaded.doc)
    with pytest.raises(CombatError) as info:
        loaded.undo()
    plain(str(info.value))
    assert "damaged" in str(info.value)
    assert exchange.dumps(loaded.doc) == before
    with pytest.raises(CombatError):  # the same refusal through a command line
        loaded.run("undo")
    assert exchange.dumps(loaded.doc) == before


def test_a_refusal_does_not_repeat_thousands_of_digits(enc: Encounter) -> None:
    message = refused(enc, f"dmg Orc {'9' * 1500}")  # a command is at most 2,000 characters
    assert len(message) < 120 and "1,500 digits" in message
