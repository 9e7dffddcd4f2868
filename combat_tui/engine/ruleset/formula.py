"""Safe arithmetic over names, for the formulas in ruleset files.

A formula such as ``"con + 2"`` or ``"hp <= 0 and not dead"`` is parsed with :mod:`ast` and walked
against a whitelist; nothing is ever handed to ``eval`` or ``exec``. Allowed:

* int and float numbers, and names looked up in the mapping given to :func:`evaluate`;
* ``+ - * / // %`` and unary ``-``/``+``;
* comparisons ``== != < <= > >=``, chained too (``0 < hp <= 5``);
* ``and``, ``or`` and ``not`` (logical: their result is 1 or 0; both short-circuit);
* ``X if C else Y`` (only the chosen branch is evaluated);
* calls to ``min``, ``max``, ``floor``, ``ceil`` and ``abs``.

True counts as 1 and false as 0. ``/`` divides exactly; only the final result is rounded down to an int.
Anything else (attributes, subscripts, lambdas, other calls, ``**``, strings...) is a
:class:`FormulaError`, as are unknown names, division by zero, formulas longer than 300 characters and
nesting deeper than 30. Every message is one line and names the formula.
"""

from __future__ import annotations

import ast
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache

from ..state.bounds import MAX_STEP
from ..state.errors import FormulaError

__all__ = ["MAX_DEPTH", "MAX_LENGTH", "evaluate", "names_in"]

MAX_LENGTH = 300
MAX_DEPTH = 30

Number = int | float

_BINOPS: dict[type[ast.operator], str] = {
    ast.Add: "+",
    ast.Sub: "-",
    ast.Mult: "*",
    ast.Div: "/",
    ast.FloorDiv: "//",
    ast.Mod: "%",
}

_CMPOPS: dict[type[ast.cmpop], Callable[[Number, Number], bool]] = {
    ast.Eq: lambda a, b: a == b,
    ast.NotEq: lambda a, b: a != b,
    ast.Lt: lambda a, b: a < b,
    ast.LtE: lambda a, b: a <= b,
    ast.Gt: lambda a, b: a > b,
    ast.GtE: lambda a, b: a >= b,
}

# name -> (fewest arguments, most arguments or None for any)
_FUNCS: dict[str, tuple[int, int | None]] = {
    "min": (1, None),
    "max": (1, None),
    "floor": (1, 1),
    "ceil": (1, 1),
    "abs": (1, 1),
}

_NODE_WORDS: dict[type[ast.AST], str] = {
    ast.Attribute: "attribute access",
    ast.Subscript: "subscripts",
    ast.Lambda: "lambdas",
    ast.NamedExpr: "assignment (:=)",
    ast.List: "lists",
    ast.Tuple: "tuples",
    ast.Dict: "dicts",
    ast.Set: "sets",
    ast.ListComp: "comprehensions",
    ast.SetComp: "comprehensions",
    ast.DictComp: "comprehensions",
    ast.GeneratorExp: "comprehensions",
    ast.JoinedStr: "strings",
    ast.Starred: "starred arguments",
    ast.Await: "await",
    ast.Yield: "yield",
    ast.YieldFrom: "yield",
    ast.Slice: "slices",
}

_OP_WORDS: dict[type[ast.AST], str] = {
    ast.Pow: "**",
    ast.MatMult: "@",
    ast.LShift: "<<",
    ast.RShift: ">>",
    ast.BitOr: "|",
    ast.BitAnd: "&",
    ast.BitXor: "^",
    ast.Invert: "~",
    ast.Is: "is",
    ast.IsNot: "is not",
    ast.In: "in",
    ast.NotIn: "not in",
}


@dataclass(frozen=True)
class _Compiled:
    tree: ast.expr
    names: frozenset[str]


def _show(text: str) -> str:
    """The formula as it appears in a message: whitespace collapsed, so always one line."""
    flat = "".join(char if char.isprintable() else "?" for char in " ".join(text.split()))
    if len(flat) > 80:
        flat = flat[:77] + "..."
    return f"'{flat}'"


def _fail(text: str, problem: str) -> FormulaError:
    return FormulaError(f"formula {_show(text)}: {problem}")


def _disallowed(node: ast.AST) -> str:
    if isinstance(node, ast.Call):
        func = node.func
        if isinstance(func, ast.Name):
            return f"calls to '{func.id}' are not allowed (only {', '.join(_FUNCS)})"
        return f"only calls to {', '.join(_FUNCS)} are allowed"
    if isinstance(node, ast.Constant):
        return f"{type(node.value).__name__} values are not allowed (numbers only)"
    if type(node) in _OP_WORDS:
        return f"operator '{_OP_WORDS[type(node)]}' is not allowed"
    word = _NODE_WORDS.get(type(node), type(node).__name__)
    return f"{word}: not allowed"


def _check(text: str, node: ast.AST, depth: int, names: set[str]) -> None:
    """Walk the tree once, refusing anything off the whitelist and anything nested too deep."""
    if depth > MAX_DEPTH:
        raise _fail(text, f"nested deeper than {MAX_DEPTH}")
    sub = depth + 1
    if isinstance(node, ast.Constant):
        if isinstance(node.value, bool | int | float):
            return
        raise _fail(text, _disallowed(node))
    if isinstance(node, ast.Name):
        names.add(node.id)
        return
    if isinstance(node, ast.BinOp):
        if type(node.op) not in _BINOPS:
            raise _fail(text, _disallowed(node.op))
        # A flat chain such as a + b + c is a left-leaning tree; only the right side nests.
        _check(text, node.left, depth, names)
        _check(text, node.right, sub, names)
        return
    if isinstance(node, ast.UnaryOp):
        if not isinstance(node.op, ast.USub | ast.UAdd | ast.Not):
            raise _fail(text, _disallowed(node.op))
        _check(text, node.operand, sub, names)
        return
    if isinstance(node, ast.Compare):
        for op in node.ops:
            if type(op) not in _CMPOPS:
                raise _fail(text, _disallowed(op))
        _check(text, node.left, sub, names)
        for right in node.comparators:
            _check(text, right, sub, names)
        return
    if isinstance(node, ast.BoolOp):
        for value in node.values:
            _check(text, value, sub, names)
        return
    if isinstance(node, ast.IfExp):
        _check(text, node.test, sub, names)
        _check(text, node.body, sub, names)
        _check(text, node.orelse, sub, names)
        return
    if isinstance(node, ast.Call):
        func = node.func
        if not isinstance(func, ast.Name) or func.id not in _FUNCS:
            raise _fail(text, _disallowed(node))
        if node.keywords:
            raise _fail(text, f"{func.id}(): keyword arguments are not allowed")
        fewest, most = _FUNCS[func.id]
        if any(isinstance(arg, ast.Starred) for arg in node.args):
            raise _fail(text, "starred arguments: not allowed")
        count = len(node.args)
        if count < fewest or (most is not None and count > most):
            wanted = str(fewest) if most == fewest else f"at least {fewest}"
            raise _fail(text, f"{func.id}() takes {wanted} argument(s), got {count}")
        for arg in node.args:
            _check(text, arg, sub, names)
        return
    raise _fail(text, _disallowed(node))


@lru_cache(maxsize=2048)
def _compile(text: str) -> _Compiled:
    if len(text) > MAX_LENGTH:
        raise _fail(text, f"longer than {MAX_LENGTH} characters ({len(text)})")
    source = " ".join(text.split())
    if not source:
        raise _fail(text, "empty formula")
    depth = deepest = 0
    for char in source:
        depth += (char == "(") - (char == ")")
        deepest = max(deepest, depth)
    if deepest > MAX_DEPTH:
        raise _fail(text, f"nested deeper than {MAX_DEPTH}")
    try:
        tree = ast.parse(source, mode="eval")
    except SyntaxError as exc:
        raise _fail(text, f"syntax error ({exc.msg})") from None
    except (ValueError, RecursionError, MemoryError):
        raise _fail(text, "syntax error") from None
    names: set[str] = set()
    try:
        _check(text, tree.body, 1, names)
    except RecursionError:
        raise _fail(text, f"nested deeper than {MAX_DEPTH}") from None
    return _Compiled(tree.body, frozenset(names))


def _truth(value: Number) -> int:
    return 1 if value else 0


def _eval(text: str, node: ast.expr, names: Mapping[str, Number]) -> Number:
    if isinstance(node, ast.Constant):
        constant = node.value
        if isinstance(constant, bool):
            return int(constant)
        if isinstance(constant, int | float):
            return constant
        raise _fail(text, _disallowed(node))  # unreachable: _check refused it already
    if isinstance(node, ast.Name):
        try:
            value = names[node.id]
        except KeyError:
            raise _fail(text, f"unknown name '{node.id}'") from None
        if isinstance(value, bool):
            return int(value)
        if not isinstance(value, int | float):
            raise _fail(text, f"name '{node.id}' is not a number")
        return value
    if isinstance(node, ast.BinOp):
        left = _eval(text, node.left, names)
        right = _eval(text, node.right, names)
        op = node.op
        try:
            if isinstance(op, ast.Add):
                return left + right
            if isinstance(op, ast.Sub):
                return left - right
            if isinstance(op, ast.Mult):
                return left * right
            if isinstance(op, ast.Div):
                return left / right
            if isinstance(op, ast.FloorDiv):
                return left // right
            return left % right
        except ZeroDivisionError:
            raise _fail(text, "division by zero") from None
    if isinstance(node, ast.UnaryOp):
        operand = _eval(text, node.operand, names)
        if isinstance(node.op, ast.Not):
            return 1 - _truth(operand)
        return -operand if isinstance(node.op, ast.USub) else +operand
    if isinstance(node, ast.Compare):
        left = _eval(text, node.left, names)
        for cmp, right_node in zip(node.ops, node.comparators, strict=True):
            right = _eval(text, right_node, names)
            if not _CMPOPS[type(cmp)](left, right):
                return 0
            left = right
        return 1
    if isinstance(node, ast.BoolOp):
        is_and = isinstance(node.op, ast.And)
        for value_node in node.values:
            truth = _truth(_eval(text, value_node, names))
            if is_and and not truth:
                return 0
            if not is_and and truth:
                return 1
        return 1 if is_and else 0
    if isinstance(node, ast.IfExp):
        chosen = node.body if _truth(_eval(text, node.test, names)) else node.orelse
        return _eval(text, chosen, names)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        args = [_eval(text, arg, names) for arg in node.args]
        name = node.func.id
        try:
            if name == "min":
                return min(args)
            if name == "max":
                return max(args)
            if name == "abs":
                return abs(args[0])
            if name == "floor":
                return math.floor(args[0])
            return math.ceil(args[0])
        except (OverflowError, ValueError):
            raise _fail(text, f"{name}() of a value that is not a finite number") from None
    raise _fail(text, _disallowed(node))  # unreachable: _check refused it already


def evaluate(expr: str | int, names: Mapping[str, int | float]) -> int:
    """Evaluate a formula over ``names``; a float result is rounded down, true/false become 1/0.

    An int is returned as it is, so data fields that take "number or formula" can be passed straight in.
    Raises :class:`FormulaError` (one line, naming the formula) on any problem.
    """
    if isinstance(expr, bool):
        return int(expr)
    if isinstance(expr, int):
        return expr
    if isinstance(expr, float):
        expr = repr(expr)
    if not isinstance(expr, str):
        raise FormulaError(f"formula {expr!r}: not a string or a number")
    compiled = _compile(expr)
    result = _eval(expr, compiled.tree, names)
    try:
        whole = int(result) if isinstance(result, int) else math.floor(result)
    except (OverflowError, ValueError):
        raise _fail(expr, "the result is not a finite number") from None
    if abs(whole) > MAX_STEP:
        raise _fail(expr, f"the result is too large (more than {MAX_STEP:,})")
    return whole


def names_in(expr: str | int) -> frozenset[str]:
    """The names a formula refers to (function names excluded). Raises :class:`FormulaError` if invalid."""
    if isinstance(expr, int | float):
        return frozenset()
    return _compile(expr).names
