"""Dice rolls for the engine, on top of the ``d20`` library.

A dice string is d20 notation (``1d20 + 5``, ``4d6kh3``, ``1d10e10``, ``2d20kh1``, ``1d20ro1``,
``(1d6, 1d8)kh1``, comparisons such as ``1d20 >= 10``) with a few additions:

Names
    Any word that is a key of ``names`` is replaced by its value in parentheses before rolling
    (``1d20 - bleed_penalty``). A word that is neither a known name nor dice notation is an error.

Exploding dice: ``1d10!``
    A die written with a trailing ``!`` is rerolled and added again each time it shows its highest
    face; it is d20's ``1d10e10``.

Advantage and disadvantage: trailing words ``adv``, ``advN``, ``dis``, ``disN``
    ``adv`` is one advantage, ``adv2`` two; likewise ``dis``. Advantages and disadvantages cancel one
    for one. With n left over, the single d20 of the roll (``1d20`` or ``d20``) is rolled n + 1 times
    and the highest (advantage) or lowest (disadvantage) is kept: ``1d20 + 5 adv2`` rolls
    ``3d20kh1 + 5``. A roll without a single d20 applies it to its first single die instead; a die
    with operations (``1d10!``) is rolled whole n + 1 times and the best total kept,
    ``(1d10e10, 1d10e10)kh1``. A roll with no single die at all is an error.

Boons and banes: trailing words ``boon``, ``boonN``, ``bane``, ``baneN``
    The boon-bane rules text uses boons and banes on its tests and says they cancel one for one, but
    does not say what one does to the dice. Reading taken here: with n boons left over, n six-sided
    dice are rolled and the highest one is added to the roll (``1d20 + 2 boon2`` rolls
    ``1d20 + 2 + 2d6kh1``); with n banes left over, the highest of n d6 is subtracted. The die size
    is :data:`BOON_DIE`. In a comparison the die goes to the left-hand side.

Trailing words may come in any order and repeat (``1d20 adv dis2 boon`` is one disadvantage and one
boon); each must be separated from the roll by a space.

Limits, each a :class:`DiceError` with a one-line message quoting the expression: an empty roll,
syntax errors, zero-sided dice, more than 1000 dice in all (rerolls and explosions included), dice with
more than 10,000 faces, expressions longer than 200 characters, parentheses nested deeper than 20,
a total beyond a billion either way.

Results are :class:`Roll` values: plain strings and ints, fit for an event log. ``detail`` is a plain
text breakdown (dropped dice marked ``dropped``, rerolls and forced values as ``1 -> 5``, exploded
dice with ``!``). Rolls draw from the ``random.Random`` passed in, so a seed reproduces them.
"""

from __future__ import annotations

import copy
import math
import random
import re
import threading
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import d20
import d20.expression

from .ruleset.dice_text import BRACED as _BRACED
from .ruleset.dice_text import DICE_WORD as _DICE_WORD
from .ruleset.dice_text import MAX_DEPTH as MAX_DEPTH
from .ruleset.dice_text import MAX_LENGTH as MAX_LENGTH
from .ruleset.dice_text import SHORTHAND as _SHORTHAND
from .ruleset.dice_text import WORD as _WORD
from .ruleset.dice_text import dice_problem
from .state.bounds import MAX_STEP
from .state.errors import DiceError
from .words import MARK, Words, rolled_words

__all__ = [
    "BOON_DIE",
    "MAX_DEPTH",
    "MAX_DICE",
    "MAX_FACES",
    "MAX_LENGTH",
    "PlainStringifier",
    "Roll",
    "roll",
]

MAX_DICE = 1000
MAX_FACES = 10_000
MAX_TOTAL = MAX_STEP
BOON_DIE = 6


@dataclass(frozen=True)
class Roll:
    """One roll: the expression as given, its total and a plain-text breakdown."""

    expr: str
    total: int
    detail: str
    shown: str = ""  # as the GM reads it: dice rolled and named numbers (`1d20 11 − Bleed 1 = 10`)
    natural: int | None = None  # the d20 kept, before anything is added: what natural 1 and 20 rules read


# ----- plain-text output -----


class PlainStringifier(d20.SimpleStringifier):  # type: ignore[misc]
    """d20 results as plain text: no Markdown, dropped values marked with the word ``dropped``."""

    def __init__(self) -> None:
        super().__init__()
        self._in_dropped = False

    def stringify(self, the_roll: Any) -> str:
        self._in_dropped = False
        return str(super().stringify(the_roll))

    def _stringify(self, node: Any) -> str:
        if (node.annotation or "").startswith(MARK):  # a name's number: the breakdown shows the number
            if type(node).__name__ == "Parenthetical":
                return self._stringify(node.value)
            node = copy.copy(node)
            node.annotation = None
        if not node.kept and not self._in_dropped:
            self._in_dropped = True
            try:
                inside = super()._stringify(node)
            finally:
                self._in_dropped = False
            return f"{inside} dropped"
        return str(super()._stringify(node))

    def stringify_node(self, node: Any) -> str:
        """One node of a rolled tree (a dice term), as the breakdown shows it."""
        self._in_dropped = False
        return self._stringify(node)

    def _str_expression(self, node: Any) -> str:
        return f"{self._stringify(node.roll)} = {_floor(node.total)}"

    def _str_die(self, node: Any) -> str:
        # A die's history (a reroll, or a value forced by mi/ma) reads as "1 -> 5".
        steps: list[str] = []
        for literal in node.values:
            steps.extend(_num(value) for value in literal.values)
        text = " -> ".join(steps)
        return f"{text}!" if node.values[-1].exploded else text

    def _str_literal(self, node: Any) -> str:
        text = " -> ".join(_num(value) for value in node.values)
        return f"{text}!" if node.exploded else text


def _num(value: float) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _floor(value: float) -> int:
    return math.floor(value)


# ----- reproducible rolling -----


class _OrderedSetOperator(d20.SetOperator):  # type: ignore[misc]
    """d20's operators walk a Python set of dice, whose order follows memory addresses; these walk
    the dice in the order they were rolled, so one seed always gives the same breakdown."""

    @staticmethod
    def _ordered(target: Any, chosen: set[Any]) -> list[Any]:
        return [die for die in target.values if die in chosen]

    def reroll(self, target: Any) -> None:
        to_reroll = self._ordered(target, self.select(target))
        while to_reroll:
            for die in to_reroll:
                die.reroll()
            to_reroll = self._ordered(target, self.select(target))

    def reroll_once(self, target: Any) -> None:
        for die in self._ordered(target, self.select(target)):
            die.reroll()

    def explode(self, target: Any) -> None:
        to_explode = self._ordered(target, self.select(target))
        already: set[Any] = set()
        while to_explode:
            for die in to_explode:
                die.explode()
                target.roll_another()
            already.update(to_explode)
            to_explode = self._ordered(target, self.select(target) - already)


class _Roller(d20.Roller):  # type: ignore[misc]
    def _eval_operatedset(self, node: Any) -> Any:
        target = self._eval(node.value)
        for op in node.operations:
            the_op = _OrderedSetOperator.from_ast(op)
            the_op.operate(target)
            target.operations.append(the_op)
        return target


_LOCK = threading.Lock()
_ROLLER = _Roller(d20.RollContext(max_rolls=MAX_DICE))


# ----- text handling before d20 parses -----

_EXPLODE = re.compile(r"([0-9]*)d([0-9]+)!(?!=)")
_COMPARISONS = {"==", ">=", "<=", "!=", "<", ">"}


def _show(text: str) -> str:
    flat = "".join(char if char.isprintable() else "?" for char in " ".join(text.split()))
    if len(flat) > 60:
        flat = flat[:57] + "..."
    return f"'{flat}'"


def _fail(text: str, problem: str) -> DiceError:
    return DiceError(f"dice {_show(text)}: {problem}")


def _strip_shorthands(text: str, base: str) -> tuple[str, int, int]:
    """Remove trailing adv/dis/boon/bane words; return the rest, net advantages and net boons."""
    advantage = boons = 0
    while True:
        match = _SHORTHAND.search(base)
        if match is None:
            return base, advantage, boons
        word, digits = match.group(1).lower(), match.group(2)
        count = int(digits) if digits and len(digits) < 6 else MAX_DICE + 1 if digits else 1
        if count > MAX_DICE:
            raise _fail(text, f"more than {MAX_DICE} dice")
        if word == "adv":
            advantage += count
        elif word == "dis":
            advantage -= count
        elif word == "boon":
            boons += count
        else:
            boons -= count
        base = base[: match.start()]
        if not base.strip():
            raise _fail(text, f"nothing to roll before '{word}{digits}'")


def _number_text(text: str, name: str, value: object) -> str:
    if isinstance(value, bool):
        value = int(value)
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if not isinstance(value, int | float) or (isinstance(value, float) and not math.isfinite(value)):
        raise _fail(text, f"name '{name}' is not a number")
    # The number carries its name through the dice library, for the roll shown in words; a negative
    # one is wrapped so the name covers its sign.
    return f"({value} {MARK}{name}])" if value >= 0 else f"(({value}) {MARK}{name}])"


def _braced(text: str, base: str, names: Mapping[str, int], words: Words) -> str:
    """`1d{hit_die}`: each braced name's number written into the dice, a die's size or count in bounds."""
    def replace(match: re.Match[str]) -> str:
        word = match.group(1)
        if word not in names:
            raise _fail(text, f"unknown name '{word}'")
        value = names[word]
        said = f"{words.names.get(word, word)} is {value}"
        if base[: match.start()].endswith("d") and not 1 <= value <= MAX_FACES:
            raise _fail(text, f"{said}: a die has 1 to {MAX_FACES:,} faces")
        if base[match.end():].lower().startswith("d") and not 0 <= value <= MAX_DICE:
            raise _fail(text, f"{said}: 0 to {MAX_DICE:,} dice can be rolled")
        return str(value) if value >= 0 else f"({value})"

    return _BRACED.sub(replace, base)


def _substitute(text: str, base: str, names: Mapping[str, int]) -> str:
    def replace(match: re.Match[str]) -> str:
        word = match.group(0)
        if word.startswith("["):
            return word
        if word in names:
            return _number_text(text, word, names[word])
        if _DICE_WORD.fullmatch(word):
            return word
        raise _fail(text, f"unknown name '{word}'")

    return _WORD.sub(replace, base)


# ----- the parsed tree -----


def _walk(node: Any, parent: Any = None, index: int = 0) -> Iterator[tuple[Any, Any, int]]:
    """Every node of a d20 syntax tree with its parent and its place there, depth first, left first."""
    yield node, parent, index
    for i, child in enumerate(node.children):
        yield from _walk(child, node, i)


def _single_die(tree: Any) -> tuple[Any, Any, int] | None:
    """The die advantage acts on: the first single d20, else the first single die of any size."""
    found: list[tuple[Any, Any, int]] = []
    for node, parent, index in _walk(tree):
        if isinstance(node, d20.ast.OperatedDice):
            dice = node.value
        elif isinstance(node, d20.ast.Dice) and not isinstance(parent, d20.ast.OperatedDice):
            dice = node
        else:
            continue
        if dice.num != 1:
            continue
        if dice.size == 20:
            return node, parent, index
        found.append((node, parent, index))
    return found[0] if found else None


def _keep(high: bool) -> Any:
    return d20.ast.SetOperator("k", [d20.ast.SetSelector("h" if high else "l", 1)])


def _apply_advantage(text: str, tree: Any, advantage: int) -> None:
    spot = _single_die(tree)
    if spot is None:
        word = "adv" if advantage > 0 else "dis"
        raise _fail(text, f"'{word}' needs a single die such as 1d20 to act on")
    node, parent, index = spot
    count = abs(advantage) + 1
    if isinstance(node, d20.ast.Dice):
        new = d20.ast.OperatedDice(d20.ast.Dice(count, node.size), _keep(advantage > 0))
    else:
        copies = [copy.deepcopy(node) for _ in range(count)]
        new = d20.ast.OperatedSet(d20.ast.NumberSet(copies), _keep(advantage > 0))
    parent.set_child(index, new)


def _apply_boons(tree: Any, boons: int) -> None:
    extra = d20.ast.OperatedDice(d20.ast.Dice(abs(boons), BOON_DIE), _keep(True))
    parent, index, node = tree, 0, tree.roll
    while isinstance(node, d20.ast.BinOp) and node.op in _COMPARISONS:
        parent, index, node = node, 0, node.left
    parent.set_child(index, d20.ast.BinOp(node, "+" if boons > 0 else "-", extra))


def _check_limits(text: str, tree: Any) -> None:
    total = 0
    widest = 0
    for node, _parent, _index in _walk(tree):
        if not isinstance(node, d20.ast.Dice):
            continue
        faces = 100 if node.size == "%" else node.size
        if faces < 1:
            raise _fail(text, "a die needs at least one side")
        widest = max(widest, faces)
        total += node.num
    problems = []
    if total > MAX_DICE:
        problems.append(f"more than {MAX_DICE} dice ({total})")
    if widest > MAX_FACES:
        problems.append(f"dice with more than {MAX_FACES} sides ({widest})")
    if problems:
        raise _fail(text, "; ".join(problems))


def _prepare(text: str, names: Mapping[str, int], words: Words | None = None) -> Any:
    """Validate the text, expand the shorthands and names, and return a d20 syntax tree."""
    if not text.strip():
        raise _fail(text, "nothing to roll")
    problem = dice_problem(text)
    if problem:
        raise _fail(text, problem)

    base, advantage, boons = _strip_shorthands(text, text)
    base = _braced(text, base, names, words or Words()) if "{" in base else base
    base = _EXPLODE.sub(lambda m: f"{m.group(1)}d{m.group(2)}e{m.group(2)}", base)
    base = _substitute(text, base, names).strip()
    if "!" in base.replace("!=", ""):
        raise _fail(text, "'!' must follow a die, as in 1d10!")
    try:
        tree = copy.deepcopy(_ROLLER.parse(base))
    except d20.RollSyntaxError as exc:
        got = str(exc.got)
        where = "unexpected end" if not got else f"unexpected '{got}'"
        raise _fail(text, f"syntax error ({where})") from None
    except d20.RollError as exc:
        raise _fail(text, f"syntax error ({' '.join(str(exc).split())})") from None
    except RecursionError:
        raise _fail(text, f"parentheses nested deeper than {MAX_DEPTH}") from None

    if advantage:
        _apply_advantage(text, tree, advantage)
    if boons:
        _apply_boons(tree, boons)
    _check_limits(text, tree)
    return tree


def roll(expr: str, rng: random.Random, names: Mapping[str, int] | None = None,
         words: Words | None = None) -> Roll:
    """Roll ``expr`` (see the module docstring for the notation) drawing from ``rng``.

    Raises :class:`DiceError` with a one-line message quoting the expression on any problem.
    """
    if not isinstance(expr, str):
        raise DiceError(f"dice {expr!r}: not a string")
    tree = _prepare(expr, names or {}, words)
    stringifier = PlainStringifier()
    with _LOCK:
        saved = d20.expression.random
        d20.expression.random = rng
        try:
            result = _ROLLER.roll(tree, stringifier=stringifier)
            total = _floor(result.expr.total)
            detail = stringifier.stringify(result.expr)
            shown = rolled_words(result.expr, total, words or Words(), stringifier.stringify_node)
            natural = _natural(result.expr)
        except d20.TooManyRolls:
            raise _fail(expr, f"more than {MAX_DICE} dice rolled (rerolls and explosions included)") from None
        except ZeroDivisionError:
            raise _fail(expr, "division by zero") from None
        except d20.RollError as exc:
            message = " ".join(str(exc).split())
            raise _fail(expr, "division by zero" if "by zero" in message else message) from None
        except (OverflowError, ValueError):
            raise _fail(expr, "the result is not a finite number") from None
        finally:
            d20.expression.random = saved
    if abs(total) > MAX_TOTAL:
        raise _fail(expr, f"the result is too large (more than {MAX_TOTAL:,})")
    return Roll(expr=expr, total=total, detail=detail, shown=shown, natural=natural)


def _natural(node: Any) -> int | None:
    """The one d20 kept in a rolled expression (the first d20 term; advantage keeps one of several)."""
    if isinstance(node, d20.Dice) and node.size == 20:
        kept = [d.number for d in node.values if getattr(d, "kept", False)]
        return int(kept[0]) if len(kept) == 1 else None
    for child in node.children:
        found = _natural(child)
        if found is not None:
            return found
    return None
