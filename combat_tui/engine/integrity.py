"""Cross-references a save must keep, checked when it loads so a damaged one is refused in one line.

Pydantic checks each value's type; these check what the types cannot: every logged change names a
part of the state, a creature it patches exists at that point of the log, a patch's path leads
through real fields, and whatever the state names (tables, conditions, pools, creatures) exists.
A value the checks let through that still cannot be applied is refused by undo or redo itself.
"""

from __future__ import annotations

import functools
import types
from typing import TYPE_CHECKING, Any, Union, get_args, get_origin

from pydantic import BaseModel

from .state.model import Clock, Combatant, Counters, Prompt, ReadyHit, Slot, State

if TYPE_CHECKING:
    from .ruleset import RulesetDef
    from .state.document import EncounterDoc
    from .state.events import Change

WHOLE: dict[str, type[BaseModel] | None] = {  # a key's snapshot: one model, a list of one, or a plain dict
    "clock": Clock, "counters": Counters, "order": Slot, "prompts": Prompt, "ready": ReadyHit, "waiting": None,
    "options": None}


def _fields(model: type[BaseModel]) -> dict[str, Any]:
    return {name: f.annotation for name, f in model.model_fields.items()}


def _unwrap(tp: Any) -> Any:
    """`X | None` as X."""
    if get_origin(tp) in (Union, types.UnionType):
        args = [a for a in get_args(tp) if a is not type(None)]
        if len(args) == 1:
            return args[0]
    return tp


def path_fits(model: type[BaseModel], path: list[Any]) -> bool:
    """Whether a patch path leads through fields of the model (dict keys anywhere a dict is)."""
    if not all(isinstance(step, str) for step in path):
        return False
    return _fits(model, tuple(path))


@functools.lru_cache(maxsize=4096)  # a log repeats a few paths (a pool's current, a flag) thousands of times
def _fits(model: type[BaseModel], path: tuple[str, ...]) -> bool:
    tp: Any = model
    for i, step in enumerate(path):
        if not isinstance(step, str):
            return False
        tp = _unwrap(tp)
        if isinstance(tp, type) and issubclass(tp, BaseModel):
            fields = _fields(tp)
            if step not in fields:
                return False
            tp = fields[step]
        elif get_origin(tp) is dict:
            tp = get_args(tp)[1]
        else:
            return i == len(path)  # a leaf (int, str, list) has no parts
    return True


def _patch_ok(patch: Any) -> bool:
    if not isinstance(patch, list):
        return False
    for op in patch:
        if not (isinstance(op, list) and len(op) in (1, 2) and isinstance(op[0], list) and op[0]):
            return False
        if not path_fits(Combatant, op[0]):
            return False
    return True


def _snapshot_ok(key: str, snap: Any) -> bool:
    if key.startswith("c:"):
        return snap is None or (isinstance(snap, dict) and snap.keys() <= _COMBATANT)
    model = WHOLE[key]
    if key in ("clock", "counters"):
        return isinstance(snap, dict) and model is not None and snap.keys() <= model.model_fields.keys()
    if key == "options":
        return isinstance(snap, dict)
    if not isinstance(snap, list):
        return False
    if model is None:
        return all(isinstance(x, str) for x in snap)
    return all(isinstance(x, dict) and x.keys() <= model.model_fields.keys() for x in snap)


_COMBATANT = frozenset(Combatant.model_fields)


def _change_ok(ch: Change) -> str | None:
    key = ch.key
    if not (key in WHOLE or (key.startswith("c:") and len(key) > 2)):
        return f"a change to {key[:40]!r}, which is no part of an encounter"
    if ch.patch:
        if not key.startswith("c:") or not (_patch_ok(ch.before) and _patch_ok(ch.after)):
            return f"a change to {key[:40]!r} that cannot be applied"
    elif not (_snapshot_ok(key, ch.before) and _snapshot_ok(key, ch.after)):
        return f"a change to {key[:40]!r} of the wrong shape"
    return None


def check_log(doc: EncounterDoc) -> str | None:
    """What is wrong with the log of a save, or None. Walks back from the state to the log's start
    (undo's way) and forward to its end (redo's way), tracking which creatures exist."""
    log = doc.log
    for i, event in enumerate(log, start=1):
        for ch in event.changes:
            problem = _change_ok(ch)
            if problem:
                return f"log entry {i}: {problem}"
    here = set(doc.state.combatants)
    for i in range(doc.cursor - 1, -1, -1):
        problem = _walk(log[i].changes[::-1], here, undoing=True)
        if problem:
            return f"log entry {i + 1}: {problem}"
    here = set(doc.state.combatants)
    for i in range(doc.cursor, len(log)):
        problem = _walk(log[i].changes, here, undoing=False)
        if problem:
            return f"log entry {i + 1}: {problem}"
    return None


def _walk(changes: list[Change], here: set[str], undoing: bool) -> str | None:
    for ch in changes:
        if not ch.key.startswith("c:"):
            continue
        cid = ch.key[2:]
        if ch.patch:
            if cid not in here:
                return "it changes a creature that is not there"
            continue
        lands = ch.before if undoing else ch.after
        if lands is None:
            here.discard(cid)
        else:
            here.add(cid)
    return None


def check_state(state: State, rs: RulesetDef) -> str | None:
    """What in the state names something the ruleset or the roster does not have, or None."""
    cs = state.combatants
    tables = {t.id for t in rs.tables}
    conditions = {c.id for c in rs.conditions}
    pools = {p.id for p in rs.pools}
    vars_ = {v.id for v in rs.vars}
    for p in state.prompts:
        if p.table not in tables:
            return f"a waiting roll on the table {p.table[:40]!r}, which {rs.name} does not have"
        if p.cid not in cs:
            return "a waiting roll for a creature that is not there"
    if any(r.cid not in cs or (r.target is not None and r.target not in cs) for r in state.ready):
        return "damage ready for a creature that is not there"
    for c in cs.values():
        for cond in c.conditions:
            if cond.id not in conditions:
                return f"{c.name[:40]} has the condition {cond.id[:40]!r}, which {rs.name} does not know"
        for pid in c.pools:
            if pid not in pools and pid not in vars_:  # a var kept as a pool by an older save: moved on opening
                return f"{c.name[:40]} has the resource {pid[:40]!r}, which {rs.name} does not know"
    if any(s.cid not in cs for s in state.order) or any(w not in cs for w in state.waiting):
        return "the order names a creature that is not there"
    if not -1 <= state.clock.turn <= len(state.order):
        return "the turn points past the end of the order"
    return None

