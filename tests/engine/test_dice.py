"""The dice roller: d20 notation, names, shorthands, limits, seeded reproducibility."""

from __future__ import annotations

import dataclasses
import json
import random
import re
import statistics
import threading

import d20.expression
import pytest

from combat_tui.engine.dice import BOON_DIE, Roll, roll
from combat_tui.engine.state.errors import DiceError
from combat_tui.engine.words import Words


def rng(seed: int = 1) -> random.Random:
    return random.Random(seed)


def totals(expr: str, count: int = 3000, seed: int = 7) -> list[int]:
    source = rng(seed)
    return [roll(expr, source).total for _ in range(count)]


# ----- plain rolls and the breakdown -----


def test_plain_roll_shape() -> None:
    result = roll("1d20 + 5", rng())
    assert isinstance(result, Roll)
    assert result.expr == "1d20 + 5"
    assert 6 <= result.total <= 25
    match = re.fullmatch(r"1d20 \((\d+)\) \+ 5 = (\d+)", result.detail)
    assert match is not None
    assert int(match.group(1)) + 5 == result.total == int(match.group(2))


def test_keep_highest_shows_dropped_dice_plainly() -> None:
    for seed in range(20):
        result = roll("4d6kh3", rng(seed))
        assert result.detail.startswith("4d6kh3 (")
        assert result.detail.endswith(f") = {result.total}")
        assert result.detail.count(" dropped") == 1
        for marker in ("**", "~~", "`", "[", "]"):
            assert marker not in result.detail
        faces = [int(n) for n in re.findall(r"(\d+)(?: dropped)?(?=[,)])", result.detail.split("(", 1)[1])]
        dropped = int(re.search(r"(\d+) dropped", result.detail).group(1))  # type: ignore[union-attr]
        assert len(faces) == 4
        assert result.total == sum(faces) - dropped
        assert dropped == min(faces)


@pytest.mark.parametrize(
    ("expr", "low", "high"),
    [
        ("d20", 1, 20),
        ("2d6", 2, 12),
        ("1d10e10", 1, 10_000),
        ("2d20kh1", 1, 20),
        ("2d20kl1", 1, 20),
        ("1d20ro1", 1, 20),
        ("1d20mi10", 10, 20),
        ("1d20ma5", 1, 5),
        ("(1d6, 1d8)kh1", 1, 8),
        ("1d20 >= 10", 0, 1),
        ("4d6kh3", 3, 18),
        ("1d6 * 2 - 1", 1, 11),
        ("-1d4", -4, -1),
        ("0d6 + 3", 3, 3),
        ("7", 7, 7),
        ("d%", 0, 90),
    ],
)
def test_d20_notation(expr: str, low: int, high: int) -> None:
    source = rng(3)
    for _ in range(50):
        assert low <= roll(expr, source).total <= high


def test_fractions_round_down() -> None:
    assert roll("7 / 2", rng()).total == 3
    assert roll("-7 / 2", rng()).total == -4
    assert roll("2d1 + 0.5", rng()).detail == "2d1 (1, 1) + 0.5 = 2"


def test_annotations_pass_through() -> None:
    result = roll("2d6 [fire] + 1", rng())
    assert "[fire]" in result.detail


def test_reroll_and_forced_values_read_as_arrows() -> None:
    details = [roll("6d6rr1", rng(seed)).detail for seed in range(30)]
    assert any("1 -> " in d for d in details)
    assert all(" dropped" not in d for d in details)
    forced = roll("1d20mi20", rng()).detail
    assert re.fullmatch(r"1d20mi20 \((\d+ -> )?20\) = 20", forced)


# ----- names -----


def test_names_are_substituted_in_parentheses() -> None:
    result = roll("1d20 - bleed_penalty + str", rng(), {"bleed_penalty": 2, "str": -1})
    assert re.fullmatch(r"1d20 \(\d+\) - \(2\) \+ \(-1\) = -?\d+", result.detail)
    die = int(result.detail.split("(")[1].split(")")[0])
    assert result.total == die - 2 - 1


def test_names_can_scale_dice_and_bools_count() -> None:
    assert roll("x * 2d1", rng(), {"x": 3}).total == 6
    assert roll("flag + 0", rng(), {"flag": True}).total == 1


def test_dice_words_are_not_names() -> None:
    assert 1 <= roll("d20", rng(), {}).total <= 20
    assert 1 <= roll("d20ro1 + lvl", rng(), {"lvl": 0}).total <= 20


def test_unknown_name_is_named() -> None:
    with pytest.raises(DiceError, match="unknown name 'dex'"):
        roll("1d20 + dex", rng(), {"str": 1})
    with pytest.raises(DiceError, match="unknown name 'dex'"):
        roll("1d20 + dex", rng())


def test_non_number_name() -> None:
    with pytest.raises(DiceError, match="'kind' is not a number"):
        roll("1d6 + kind", rng(), {"kind": "fire"})  # type: ignore[dict-item]


# ----- shorthands -----


@pytest.mark.parametrize(
    ("expr", "shown"),
    [
        ("1d20 + 5 adv", r"2d20kh1 \(\d+( dropped)?, \d+( dropped)?\) \+ 5"),
        ("1d20 + 5 dis", r"2d20kl1 \(\d+( dropped)?, \d+( dropped)?\) \+ 5"),
        ("d20 adv2", r"3d20kh1 \("),
        ("1d20 dis3", r"4d20kl1 \("),
        ("1d20 adv adv", r"3d20kh1 \("),
        ("1d20 adv2 dis", r"2d20kh1 \("),
        ("1d20 dis2 adv", r"2d20kl1 \("),
        ("1d20 ADV", r"2d20kh1 \("),
        ("1d20 adv0", r"1d20 \(\d+\) ="),
        ("1d6 + 1d20 adv", r"1d6 \(\d+\) \+ 2d20kh1"),
        ("1d6 adv", r"2d6kh1 \("),
        ("1d10! adv", r"\(1d10e10 \([^)]*\)( dropped)?, 1d10e10 \([^)]*\)( dropped)?\)kh1 = \d+$"),
        ("1d20ro1 dis", r"\(1d20ro1 \([^)]*\)( dropped)?, 1d20ro1 \([^)]*\)( dropped)?\)kl1 = \d+$"),
    ],
)
def test_advantage_forms(expr: str, shown: str) -> None:
    assert re.match(shown, roll(expr, rng()).detail)


def test_advantage_and_disadvantage_cancel() -> None:
    plain = roll("1d20 + 1", rng(5))
    cancelled = roll("1d20 + 1 adv2 dis2", rng(5))
    assert cancelled.detail == plain.detail
    assert cancelled.expr == "1d20 + 1 adv2 dis2"


def test_advantage_distribution() -> None:
    plain = statistics.mean(totals("1d20"))
    adv = statistics.mean(totals("1d20 adv"))
    dis = statistics.mean(totals("1d20 dis"))
    adv2 = statistics.mean(totals("1d20 adv2"))
    # Exact means: 10.5, 13.825, 7.175 and 15.4875.
    assert 10.0 < plain < 11.0
    assert 13.3 < adv < 14.4
    assert 6.6 < dis < 7.7
    assert adv2 > adv + 1
    adv_values = totals("1d20 adv", seed=11)
    dis_values = totals("1d20 dis", seed=11)
    assert adv_values.count(20) > 3 * dis_values.count(20)
    assert dis_values.count(1) > 3 * adv_values.count(1)


def test_advantage_keeps_the_better_die() -> None:
    for seed in range(40):
        detail = roll("1d20 adv", rng(seed)).detail
        faces = [int(n) for n in re.findall(r"\d+", detail.split("(", 1)[1].split(")")[0])]
        assert roll("1d20 adv", rng(seed)).total == max(faces)
        detail = roll("1d20 dis", rng(seed)).detail
        faces = [int(n) for n in re.findall(r"\d+", detail.split("(", 1)[1].split(")")[0])]
        assert roll("1d20 dis", rng(seed)).total == min(faces)


def test_boons_add_the_highest_d6() -> None:
    result = roll("1d20 + 2 boon2", rng())
    match = re.fullmatch(
        r"1d20 \((\d+)\) \+ 2 \+ 2d6kh1 \((\d+)( dropped)?, (\d+)( dropped)?\) = (\d+)", result.detail
    )
    assert match is not None
    d20_face, a, b = int(match.group(1)), int(match.group(2)), int(match.group(4))
    assert result.total == d20_face + 2 + max(a, b)
    assert BOON_DIE == 6


def test_banes_subtract_the_highest_d6() -> None:
    result = roll("1d20 bane", rng())
    assert re.fullmatch(r"1d20 \(\d+\) - 1d6kh1 \(\d\) = -?\d+", result.detail)


def test_boons_and_banes_cancel() -> None:
    assert roll("1d20 boon2 bane2", rng(9)).detail == roll("1d20", rng(9)).detail
    assert roll("1d20 boon bane3", rng(9)).detail.startswith("1d20 (")
    assert " - 2d6kh1 (" in roll("1d20 boon bane3", rng(9)).detail


def test_boon_distribution() -> None:
    one = statistics.mean(totals("0 boon"))
    three = statistics.mean(totals("0 boon3"))
    bane = statistics.mean(totals("0 bane"))
    assert 3.3 < one < 3.7  # exact 3.5
    assert 4.7 < three < 5.2  # exact 4.958
    assert -3.7 < bane < -3.3


def test_boon_goes_on_the_left_of_a_comparison() -> None:
    assert re.fullmatch(r"1d20 \(\d+\) \+ 1d6kh1 \(\d\) >= 10 = [01]", roll("1d20 >= 10 boon", rng()).detail)


def test_advantage_and_boons_together() -> None:
    detail = roll("1d20 + 1 adv boon", rng()).detail
    assert detail.startswith("2d20kh1 (")
    assert " + 1d6kh1 (" in detail


def test_exploding_shorthand_matches_d20_notation() -> None:
    for seed in range(30):
        bang = roll("2d10!", rng(seed))
        spelled = roll("2d10e10", rng(seed))
        assert bang.total == spelled.total
        assert bang.detail == spelled.detail
        assert bang.expr == "2d10!"


def test_exploding_dice_reroll_and_add_on_the_top_face() -> None:
    results = [roll("1d4!", rng(seed)) for seed in range(200)]
    assert any(r.total > 4 for r in results)
    for r in results:
        faces = [int(n) for n in re.findall(r"\d+", r.detail.split("(", 1)[1].split(")")[0])]
        assert all(face == 4 for face in faces[:-1])
        assert faces[-1] != 4
        assert r.detail.count("!") == len(faces) - 1
        assert r.total == sum(faces)


def test_not_equal_is_not_an_explosion() -> None:
    assert roll("1d1 != 1", rng()).total == 0


# ----- reproducibility -----


@pytest.mark.parametrize(
    "expr", ["4d6kh3", "1d20 + 3 adv2", "8d6rr<3", "10d6ro<4", "6d6!", "20d4e>2", "1d20 boon3", "1d10! dis"]
)
def test_same_seed_same_detail(expr: str) -> None:
    assert roll(expr, rng(42)) == roll(expr, rng(42))
    assert roll(expr, rng(42)).detail == roll(expr, rng(42)).detail
    source_a, source_b = rng(123), rng(123)
    assert [roll(expr, source_a) for _ in range(30)] == [roll(expr, source_b) for _ in range(30)]


def test_global_random_is_not_used() -> None:
    random.seed(1)
    first = roll("10d20", rng(5))
    random.seed(2)
    second = roll("10d20", rng(5))
    assert first == second


def test_the_rng_advances() -> None:
    source = rng(8)
    assert len({roll("3d20", source).detail for _ in range(10)}) > 1


def test_d20_module_random_is_restored() -> None:
    before = d20.expression.random
    roll("1d20", rng())
    with pytest.raises(DiceError):
        roll("1d1e1", rng())
    with pytest.raises(DiceError):
        roll("1d6 / 0", rng())
    assert d20.expression.random is before is random


def test_threads_do_not_mix_their_generators() -> None:
    expected: dict[int, list[Roll]] = {}
    for seed in range(4):
        source = rng(seed)
        expected[seed] = [roll("5d20", source) for _ in range(200)]
    got: dict[int, list[Roll]] = {}

    def work(seed: int) -> None:
        source = rng(seed)
        got[seed] = [roll("5d20", source) for _ in range(200)]

    threads = [threading.Thread(target=work, args=(seed,)) for seed in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert got == expected


def test_roll_is_plain_data() -> None:
    result = roll("1d20 + bonus adv", rng(), {"bonus": 2})
    data = dataclasses.asdict(result)
    assert set(data) == {"expr", "total", "detail", "shown", "natural"}
    assert type(data["expr"]) is str and type(data["total"]) is int and type(data["detail"]) is str
    assert type(data["shown"]) is str
    assert Roll(**json.loads(json.dumps(data))) == result
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.total = 3  # type: ignore[misc]


def test_shown_names_the_modifiers_and_drops_what_comes_to_nothing() -> None:
    words = Words({"bleed": "Bleed penalty", "check": "Check", "con": "CON"}, frozenset({"check"}))
    names = {"bleed": 1, "check": 0, "con": 3}
    result = roll("1d20 * (1 - check) + 3d6 * check + con - bleed", rng(), names, words)
    die = result.total - 3 + 1
    assert result.shown == f"1d20 {die} + CON 3 − Bleed penalty 1 = {result.total}"
    assert "check" not in result.shown.lower() and "3d6" not in result.shown
    assert result.detail.startswith("1d20 (") and "* (0)" in result.detail  # the breakdown keeps every term


def test_shown_keeps_a_named_group_that_is_one() -> None:
    words = Words({"a": "Cut", "b": "Pierced", "on": "Impairments"}, frozenset({"on"}))
    result = roll("10 - 2 * on * (a + b)", rng(), {"a": 0, "b": 1, "on": 1}, words)
    assert result.shown == "10 − 2 × Pierced 1 = 8"


# ----- errors -----


def _error(expr: str, names: dict[str, int] | None = None) -> str:
    with pytest.raises(DiceError) as caught:
        roll(expr, rng(), names)
    message = str(caught.value)
    assert "\n" not in message and "\r" not in message
    assert message.startswith("dice '")
    return message


@pytest.mark.parametrize(
    ("expr", "fragment"),
    [
        ("", "nothing to roll"),
        ("   ", "nothing to roll"),
        ("1d", "syntax error"),
        ("1d20 +", "syntax error"),
        ("(1d20", "syntax error"),
        ("1d20 1d6", "syntax error"),
        ("1dd6", "syntax error"),
        ("d0", "at least one side"),
        ("3d0 + 1", "at least one side"),
        ("1000000d1000000", "more than 1000 dice"),
        ("1000000d1000000", "more than 10000 sides"),
        ("1001d6", "more than 1000 dice"),
        ("600d6 + 401d6", "more than 1000 dice"),
        ("1d10001", "more than 10000 sides"),
        ("1d20 adv1000", "more than 1000 dice"),
        ("1d1e1", "rerolls and explosions"),
        ("1d6rr<7", "rerolls and explosions"),
        ("1" * 201, "longer than 200"),
        ("(" * 21 + "1" + ")" * 21, "nested deeper than 20"),
        ("1d20 + foo", "unknown name 'foo'"),
        ("hello world", "unknown name 'hello'"),
        ("D20", "unknown name 'D20'"),
        ("adv", "nothing to roll before 'adv'"),
        ("boon2", "nothing to roll before 'boon2'"),
        ("2d20 adv", "needs a single die"),
        ("5 dis", "needs a single die"),
        ("1d20 + !", "'!' must follow a die"),
        ("1d6 / 0", "division by zero"),
        ("1d20 / (1d1 - 1)", "division by zero"),
        ("1d20\n+ x", "unknown name 'x'"),
        ("1d20 + adv", "syntax error"),
    ],
)
def test_errors_are_one_line_dice_errors(expr: str, fragment: str) -> None:
    message = _error(expr)
    assert fragment in message


def test_error_quotes_the_expression() -> None:
    assert "'1d'" in _error("1d")
    assert "'1000000d1000000'" in _error("1000000d1000000")
    assert "'d0'" in _error("d0")
    assert "1d20 + x" in _error("1d20\n+ x")
    assert _error("1" * 201).startswith("dice '111")


def test_limits_allow_the_boundary() -> None:
    assert roll("1000d1", rng()).total == 1000
    assert 1 <= roll("1d10000", rng()).total <= 10_000
    assert roll("(" * 20 + "1" + ")" * 20, rng()).total == 1
    assert roll("1" + " " * 199, rng()).total == 1
    assert roll("1d1 adv999", rng()).total == 1


def test_not_a_string() -> None:
    with pytest.raises(DiceError):
        roll(20, rng())  # type: ignore[arg-type]


def test_shown_keeps_a_negative_name_whole_and_the_breakdown_as_it_was() -> None:
    result = roll("1d20 + con", rng(), {"con": -2}, Words({"con": "CON"}))
    assert result.shown == f"1d20 {result.total + 2} + CON -2 = {result.total}"
    assert result.detail == f"1d20 ({result.total + 2}) + (-2) = {result.total}"


def test_the_natural_d20_is_the_one_kept_before_anything_is_added() -> None:
    for seed in range(20):
        plain = roll("1d20 + 4", random.Random(seed))
        assert plain.natural == plain.total - 4
        best = roll("1d20 + 4 adv", random.Random(seed))
        assert best.natural == best.total - 4 and best.natural is not None
    assert roll("2d6 + 1", random.Random(1)).natural is None  # no d20: nothing natural to read
