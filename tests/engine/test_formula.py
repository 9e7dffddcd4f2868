"""The formula evaluator: a whitelist over Python's expression syntax, never eval."""

from __future__ import annotations

import pytest

from combat_tui.engine.ruleset import formula
from combat_tui.engine.ruleset.formula import evaluate, names_in
from combat_tui.engine.state.errors import FormulaError

NAMES = {"con": 3, "hp": 7, "max_hp": 12, "bleeding": 2, "prone": 0, "half": 0.5, "neg": -4}


@pytest.mark.parametrize(
    ("expr", "expected"),
    [
        ("1", 1),
        ("2.9", 2),
        ("-2.1", -3),
        ("con + 2", 5),
        ("con - hp", -4),
        ("con * 4", 12),
        ("7 / 2", 3),
        ("-7 / 2", -4),
        ("7 // 2", 3),
        ("-7 // 2", -4),
        ("7 % 3", 1),
        ("-con", -3),
        ("+con", 3),
        ("2 + 3 * 4", 14),
        ("(2 + 3) * 4", 20),
        ("(con + hp) / 3 * 3", 10),
        ("half * 5", 2),
        ("neg / 3", -2),
    ],
)
def test_arithmetic(expr: str, expected: int) -> None:
    assert evaluate(expr, NAMES) == expected


@pytest.mark.parametrize(
    ("expr", "expected"),
    [
        ("hp <= 0", 0),
        ("hp > 0", 1),
        ("hp == 7", 1),
        ("hp != 7", 0),
        ("hp >= 7", 1),
        ("hp < 7", 0),
        ("0 < hp <= 7", 1),
        ("0 < hp < 7", 0),
        ("1 < 2 < 3 < 4", 1),
        ("3 > 2 > 2", 0),
        ("hp > 0 and bleeding", 1),
        ("hp > 0 and prone", 0),
        ("prone or bleeding", 1),
        ("prone or 0", 0),
        ("2 and 3", 1),
        ("not prone", 1),
        ("not bleeding", 0),
        ("not 0.0", 1),
        ("True", 1),
        ("False + 1", 1),
        ("(hp > 0) + (con > 0)", 2),
    ],
)
def test_logic_gives_one_or_zero(expr: str, expected: int) -> None:
    assert evaluate(expr, NAMES) == expected


@pytest.mark.parametrize(
    ("expr", "expected"),
    [
        ("10 if prone else 20", 20),
        ("10 if bleeding else 20", 10),
        ("1 if hp > 10 else 2 if hp > 5 else 3", 2),
        ("min(con, hp, 5)", 3),
        ("max(con, hp)", 7),
        ("min(4)", 4),
        ("max(half, 0.25) * 10", 5),
        ("floor(7 / 2)", 3),
        ("floor(-7 / 2)", -4),
        ("ceil(7 / 2)", 4),
        ("ceil(-7 / 2)", -3),
        ("abs(neg)", 4),
        ("abs(-2.5) * 2", 5),
        ("floor((con + max_hp) / 3)", 5),
        ("max(1, floor(max_hp / 4))", 3),
    ],
)
def test_conditional_and_functions(expr: str, expected: int) -> None:
    assert evaluate(expr, NAMES) == expected


def test_int_and_whitespace_input() -> None:
    assert evaluate(5, {}) == 5
    assert evaluate(-3, NAMES) == -3
    assert evaluate("  con\n  + 1 ", NAMES) == 4
    assert evaluate("(con +\n hp)", NAMES) == 10


def test_result_is_always_int() -> None:
    for expr in ("half", "hp > 0", "7 / 7", "min(half, 1)", "True"):
        assert type(evaluate(expr, NAMES)) is int


def test_booleans_in_names_count_as_numbers() -> None:
    assert evaluate("flag + 1", {"flag": True}) == 2


def test_short_circuit_skips_the_unused_side() -> None:
    assert evaluate("x != 0 and 10 / x > 2", {"x": 0}) == 0
    assert evaluate("x == 0 or 10 / x > 2", {"x": 0}) == 1
    assert evaluate("0 if x == 0 else 10 / x", {"x": 0}) == 0
    assert evaluate("1 if 1 else missing", {}) == 1
    assert evaluate("0 > 1 > 1 / 0", {}) == 0


def test_names_in() -> None:
    assert names_in("con + max_hp if hp > 0 else floor(bleeding / 2)") == {"con", "max_hp", "hp", "bleeding"}
    assert names_in("min(1, 2)") == frozenset()
    assert names_in(4) == frozenset()
    assert isinstance(names_in("a"), frozenset)
    with pytest.raises(FormulaError):
        names_in("a.b")


def test_parsed_trees_are_cached() -> None:
    formula._compile.cache_clear()
    for _ in range(5):
        evaluate("con + hp * 2", NAMES)
    info = formula._compile.cache_info()
    assert info.misses == 1
    assert info.hits == 4


def test_same_formula_different_names() -> None:
    assert evaluate("x * 2", {"x": 1}) == 2
    assert evaluate("x * 2", {"x": 5}) == 10


def _error(expr: str, names: dict[str, int | float] | None = None) -> str:
    with pytest.raises(FormulaError) as caught:
        evaluate(expr, NAMES if names is None else names)
    message = str(caught.value)
    assert "\n" not in message and "\r" not in message
    assert message.startswith("formula '")
    return message


@pytest.mark.parametrize(
    ("expr", "fragment"),
    [
        ("nope + 1", "unknown name 'nope'"),
        ("min", "unknown name 'min'"),
        ("1 +", "syntax error"),
        ("(1 + 2", "syntax error"),
        ("1 2", "syntax error"),
        ("x = 1", "syntax error"),
        ("", "empty"),
        ("   ", "empty"),
        ("1 / 0", "division by zero"),
        ("5 // (hp - 7)", "division by zero"),
        ("5 % prone", "division by zero"),
        ("con.real", "attribute access"),
        ("().__class__", "not allowed"),
        ("con[0]", "subscripts"),
        ("lambda: 1", "lambdas"),
        ("(lambda: 1)()", "only calls to"),
        ("open('x')", "calls to 'open' are not allowed"),
        ("__import__('os')", "calls to '__import__' are not allowed"),
        ("eval('1')", "calls to 'eval' are not allowed"),
        ("min(a=1)", "keyword arguments"),
        ("min(*[1, 2])", "starred"),
        ("floor(1, 2)", "floor() takes 1"),
        ("max()", "at least 1"),
        ("2 ** 3", "'**'"),
        ("2 << 1", "'<<'"),
        ("1 | 2", "'|'"),
        ("~1", "'~'"),
        ("1 in con", "'in'"),
        ("con is 1", "'is'"),
        ("'text'", "str values"),
        ("None", "NoneType values"),
        ("1j", "complex values"),
        ("[1, 2]", "lists"),
        ("(1, 2)", "tuples"),
        ("{1: 2}", "dicts"),
        ("[x for x in y]", "comprehensions"),
        ("(y := 3)", "assignment"),
        ("f'{con}'", "strings"),
        ("1e400", "not a finite number"),
        ("floor(1e400)", "not a finite number"),
        ("x" * 301, "longer than 300"),
        ("(" * 31 + "1" + ")" * 31, "nested deeper than 30"),
        ("-" * 31 + "1", "nested deeper than 30"),
        ("1+(" * 31 + "1" + ")" * 31, "nested deeper than 30"),
        ("abs(" * 31 + "1" + ")" * 31, "nested deeper than 30"),
        ("con\n.real", "attribute access"),
        ("1\x00", "syntax error"),
    ],
)
def test_errors_are_one_line_formula_errors(expr: str, fragment: str) -> None:
    assert fragment in _error(expr)


def test_error_names_the_formula() -> None:
    assert "'hp + wounds'" in _error("hp + wounds")
    long = "con + " * 60
    message = _error(long)
    assert message.startswith("formula 'con + con")
    assert len(message) < 200


def test_non_number_name_value() -> None:
    assert "not a number" in _error("kind + 1", {"kind": "fire"})  # type: ignore[dict-item]


def test_limits_allow_the_boundary() -> None:
    assert evaluate("(" * 30 + "1" + ")" * 30, {}) == 1
    assert evaluate("1" + " " * 299, {}) == 1
    assert evaluate("-" * 29 + "1", {}) == -1


def test_flat_chains_are_not_nesting() -> None:
    assert evaluate("1" + " + 1" * 70, {}) == 71
    assert evaluate(" + ".join(["x"] * 60), {"x": 2}) == 120


def test_never_uses_eval(monkeypatch: pytest.MonkeyPatch) -> None:
    import builtins

    def refuse(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("eval/exec must not be called")

    monkeypatch.setattr(builtins, "eval", refuse)
    monkeypatch.setattr(builtins, "exec", refuse)
    formula._compile.cache_clear()
    assert evaluate("max(con, 2) + (1 if hp else 0)", NAMES) == 4
