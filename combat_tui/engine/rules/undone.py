"""What is left undone before the next turn: a prompt waiting, a creature of this TC that has not acted.

The main screen asks the GM about these when `n` is pressed (do it, dismiss it, or pass anyway); `next`
itself passes regardless and its log says what was left."""

from __future__ import annotations

from dataclasses import dataclass

from ..ruleset import RulesetDef, TimeModel
from ..state.model import State
from .timekeeping import active


@dataclass(frozen=True)
class Undone:
    """One way to deal with what is left: `kind` is `resolve`, `dismiss` or `act` (with `cid`)."""

    kind: str
    label: str
    hint: str
    cid: str = ""


@dataclass(frozen=True)
class LeftUndone:
    words: str  # what is left, in one line ("" when nothing is)
    ways: tuple[Undone, ...]


def left_undone(state: State, rs: RulesetDef) -> LeftUndone:
    ways: list[Undone] = []
    said: list[str] = []

    def name(cid: str) -> str:
        return state.combatants[cid].name if cid in state.combatants else "?"

    if state.prompts:
        first = state.prompts[0]
        who, table = name(first.cid), rs.table(first.table).name
        said += [f"{name(p.cid)}: {rs.table(p.table).name} waits" for p in state.prompts]
        ways += [Undone("resolve", f"Resolve {who}'s {table} now", first.reason),
                 Undone("dismiss", f"Dismiss {who}'s {table}", "it will not be rolled")]
    if rs.time.model is TimeModel.TIME_COUNT:
        for c in active(state, rs):
            if not c.acted:
                said.append(f"{c.name} has not acted")
                ways.append(Undone("act", f"{c.name} acts now", "otherwise it waits a TC", c.id))
    return LeftUndone("; ".join(said), tuple(ways))
