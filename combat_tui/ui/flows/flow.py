"""An action flow as data: whom it is aimed at, the questions it asks in turn, and the command line the
answers build. The screen runs the line through `Session.run`, as it runs every line.

A question is asked only when its `when` holds for the answers so far; a `Choose` whose `given` says the
answer (one damage waiting, one creature marked) takes it without asking. A flow's `line` says what to
run: a command line, `Go` on into another flow, `Say` why not, or None for nothing."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from typing import Protocol

from textual.notifications import SeverityLevel

from ...engine.encounter import Encounter
from ...engine.ruleset import RulesetDef
from ...engine.state.model import State
from ...session import Session
from ..screens.asking import Questions
from ..widgets.pick_list import Choice


class Host(Protocol):
    """What a flow needs of the screen it runs on."""

    session: Session
    questions: Questions

    @property
    def marked(self) -> frozenset[str]: ...
    @marked.setter
    def marked(self, value: frozenset[str]) -> None: ...
    def picked(self) -> str | None: ...
    def run_line(self, line: str) -> bool: ...
    def warn(self, text: str, severity: SeverityLevel = "warning") -> None: ...


class AimAt(Enum):
    """Whom a flow is for, found before its first question (targeting.py)."""

    NONE = "none"
    TARGETS = "targets"  # the marked creatures, else the highlighted one
    PICKED = "picked"  # the highlighted creature, marks or not
    ACTOR = "actor"  # `a`: who acts (on the marks, or just after a hit: asked)
    ATTACKER = "attacker"  # `t`: whose own attack
    BY_NAME = "by_name"  # an action picked by name in the palette
    CURRENT = "current"  # whose turn it is


@dataclass(frozen=True)
class Aim:
    names: str = ""  # the creatures, named for the parser
    ids: frozenset[str] = frozenset()
    label: str = ""  # as a question names them
    on: frozenset[str] = frozenset()  # the marked creatures an actor's action is used on


@dataclass
class Ctx:
    """A flow under way: the encounter, whom it is aimed at, and the answers so far."""

    host: Host
    aim: Aim
    answers: dict[str, str] = field(default_factory=dict)

    @property
    def enc(self) -> Encounter:
        return self.host.session.encounter

    @property
    def rs(self) -> RulesetDef:
        return self.enc.rs

    @property
    def state(self) -> State:
        return self.enc.state

    def __getitem__(self, key: str) -> str:
        return self.answers.get(key, "")

    def name(self, cid: str) -> str:
        return self.state.combatants[cid].name


Words = str | Callable[[Ctx], str]


def say(words: Words, ctx: Ctx) -> str:
    return words if isinstance(words, str) else words(ctx)


def always(_ctx: Ctx) -> bool:
    return True


def never(_ctx: Ctx) -> str | None:
    return None


@dataclass(frozen=True)
class Ask:
    """A typed answer, asked in the command bar's row."""

    key: str
    title: Words
    hint: Words
    value: Words = ""
    allow_empty: bool = False
    when: Callable[[Ctx], bool] = always


@dataclass(frozen=True)
class Choose:
    """An answer picked from a list (its choice's id)."""

    key: str
    title: Words
    choices: Callable[[Ctx], list[Choice]]
    when: Callable[[Ctx], bool] = always
    given: Callable[[Ctx], str | None] = never


@dataclass(frozen=True)
class Go:
    """On into another flow, aimed at one creature when `cid` is given."""

    flow: str
    cid: str | None = None


@dataclass(frozen=True)
class Say:
    text: str
    severity: SeverityLevel = "warning"


class Marks(Enum):
    """How a flow's line runs: plainly, or aimed (the marks it used are spent)."""

    NONE = "none"
    TARGET = "target"  # damage, healing, conditions: the highlight stays on the one hit
    ACTOR = "actor"  # an action: the actor's


@dataclass(frozen=True)
class Flow:
    aim: AimAt
    steps: tuple[Ask | Choose, ...]
    line: Callable[[Ctx], str | Go | Say | None]
    marks: Marks = Marks.NONE
    refuse: Callable[[Ctx], Say | None] = lambda _ctx: None  # before any question: why not, or None
