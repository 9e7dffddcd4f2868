"""The ruleset's names as a GM reads them: formula names as words, rolls as dice and named numbers.

A formula says `1d20 - bleed_penalty`; the table hears "1d20 11 − Bleed penalty 1 = 10". Terms that
come to nothing (multiplied by zero, a modifier of 0) are left out, factors of 1 too.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .ruleset import RulesetDef
from .ruleset.formula_names import expand, humane, ident

__all__ = ["MARK", "Words", "formula_words", "humane", "ident", "labels", "rolled_words"]

MARK = "[="  # the annotation a name's number carries through the dice library: `(3 [=bleed])`
_NAME = re.compile(r"\[[^\]]*\]|(?<![A-Za-z0-9_.)])[A-Za-z_][A-Za-z0-9_]*")
_SIGNS = {"-": "−", "*": "×", "/": "÷", "//": "÷", "%": "mod"}


@dataclass(frozen=True)
class Words:
    """Formula names in words; `switches` are the options, whose 1 only turns a term on."""

    names: Mapping[str, str] = field(default_factory=dict)
    switches: frozenset[str] = frozenset()


_LABELS: dict[int, tuple[RulesetDef, Words]] = {}


def labels(rs: RulesetDef) -> Words:
    """Every formula name of a ruleset with the words the GM knows it by (worked out once a ruleset)."""
    hit = _LABELS.get(id(rs))
    if hit is not None and hit[0] is rs:
        return hit[1]
    out = {name: entry.label.format(word) for entry, name, word in expand(rs.formula_items()) if entry.label}
    words = Words(out, frozenset(ident(o.id) for o in rs.options))
    _LABELS[id(rs)] = (rs, words)
    return words


def formula_words(expr: str | int, words: Words) -> str:
    """A formula with its names in words, for reading without a creature (a lookup): `1d20 − Bleed`."""
    if isinstance(expr, int):
        return str(expr)

    def name(match: re.Match[str]) -> str:
        return words.names.get(match.group(0), match.group(0))

    text = _NAME.sub(name, " ".join(expr.split()))
    return text.replace(" - ", " − ").replace(" * ", " × ").replace("*", " × ")


# -- a rolled d20 tree as words ------------------------------------------------------------------


def _total(node: Any) -> float:
    return float(node.total)


def _whole(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def _terms(node: Any, sign: int, out: list[tuple[int, Any]]) -> None:
    """The + and − terms of a sum, through parentheses a plus sign opens."""
    cls = type(node).__name__
    if cls == "BinOp" and node.op in ("+", "-"):
        _terms(node.left, sign, out)
        _terms(node.right, sign if node.op == "+" else -sign, out)
    elif cls == "Parenthetical" and sign > 0 and not node.annotation and \
            type(node.value).__name__ == "BinOp" and node.value.op in ("+", "-"):
        _terms(node.value, sign, out)
    else:
        out.append((sign, node))


def _sum(node: Any, words: Words, dice: Any) -> str:
    terms: list[tuple[int, Any]] = []
    _terms(node, 1, terms)
    kept = [(s, t) for s, t in terms if _total(t) != 0] or terms[:1]
    out = ""
    for i, (sign, term) in enumerate(kept):
        text = _term(term, words, dice)
        if i == 0:
            out = ("−" if sign < 0 else "") + text
        else:
            out += (" − " if sign < 0 else " + ") + text
    return out


def _factors(node: Any, out: list[Any]) -> None:
    if type(node).__name__ == "BinOp" and node.op == "*":
        _factors(node.left, out)
        _factors(node.right, out)
    else:
        out.append(node)


def _has_dice(node: Any) -> bool:
    return type(node).__name__ in ("Dice", "Set") or any(_has_dice(c) for c in node.children)


def _switch(node: Any, words: Words) -> bool:
    """A factor of 1 made only of numbers and options: it turns a term on and says nothing."""
    if _has_dice(node) or _total(node) != 1:
        return False

    def plain(n: Any) -> bool:
        note = getattr(n, "annotation", None) or ""
        if note.startswith(MARK):
            return note[len(MARK):-1] in words.switches
        return all(plain(c) for c in n.children)

    return plain(node)


def _term(node: Any, words: Words, dice: Any) -> str:
    cls = type(node).__name__
    note = getattr(node, "annotation", None) or ""
    if note.startswith(MARK):
        key = note[len(MARK):-1]
        return f"{words.names.get(key, humane(key))} {_whole(_total(node))}"
    if cls == "Literal":
        return _whole(_total(node))
    if cls == "Parenthetical":
        inner = node.value
        if type(inner).__name__ == "BinOp" and inner.op in ("+", "-"):
            terms: list[tuple[int, Any]] = []
            _terms(inner, 1, terms)
            text = _sum(inner, words, dice)
            return text if sum(1 for _s, t in terms if _total(t) != 0) <= 1 and not text.startswith("−") \
                else f"({text})"
        return _term(inner, words, dice)
    if cls == "BinOp" and node.op == "*":
        factors: list[Any] = []
        _factors(node, factors)
        shown = [f for f in factors if not _switch(f, words)] or factors[:1]
        return " × ".join(_term(f, words, dice) for f in shown)
    if cls == "BinOp":
        op = _SIGNS.get(node.op, node.op)
        return f"{_term(node.left, words, dice)} {op} {_term(node.right, words, dice)}"
    if cls == "UnOp":
        return f"{'−' if node.op == '-' else node.op}{_term(node.value, words, dice)}"
    text = str(dice(node))  # dice: "1d20 (11)" reads "1d20 11"; several stay in parentheses
    head, paren, rest = text.partition(" (")
    if paren and rest.endswith(")") and "," not in rest and "(" not in rest:
        return f"{head} {rest[:-1]}"
    return text


def rolled_words(expression: Any, total: int, words: Words, dice: Any) -> str:
    """A rolled d20 expression as the GM reads it; `dice` stringifies one dice node."""
    body = expression.roll
    if type(body).__name__ == "BinOp" and body.op in ("==", ">=", "<=", "!=", "<", ">"):
        return f"{_term(body, words, dice)} = {total}"
    return f"{_sum(body, words, dice)} = {total}"
