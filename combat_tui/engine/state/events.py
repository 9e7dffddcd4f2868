"""The event log: every change as the before and after of the parts it touched.

Undo restores the befores, redo the afters, so neither re-runs a command or re-rolls a die, and the
log survives a save and reload unchanged. A transaction snapshots each part the first time a command
touches it; a command that fails rolls back to those snapshots, changing nothing.

A creature that was there before and after is logged as a patch: only the values that changed, each
side able to turn the other back (a thousand-event log of whole creatures made a 10 MB save). Undo
and redo always apply a patch to the state the other side left, so that is all they need.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field, model_validator

from .bounds import Int
from .clean import Line, clean_line, clean_text
from .model import Clock, Combatant, Counters, Prompt, ReadyHit, Slot, State

Snapshot = Any  # the JSON form of one part of the state, or None where the part did not exist
Patch = list[list[Any]]  # [path, value] sets the value at a path of keys; [path] deletes it


class RollRecord(BaseModel):
    expr: Line
    total: Int
    detail: Line


class Change(BaseModel):
    key: Line  # "clock", "order", "waiting", "prompts", "ready", "counters", "options" or "c:<combatant id>"
    before: Snapshot = None
    after: Snapshot = None
    patch: bool = False  # before and after are patches (see `diff`), not whole snapshots

    @classmethod
    def of(cls, key: str, before: Snapshot, after: Snapshot) -> Change:
        if key.startswith("c:") and isinstance(before, dict) and isinstance(after, dict):
            back, forth = diff(before, after)
            return cls(key=key, before=back, after=forth, patch=True)
        return cls(key=key, before=before, after=after)

    def side(self, state: State, after: bool) -> Snapshot:
        """The whole snapshot of one side, from the state the other side left."""
        value = self.after if after else self.before
        return apply_patch(snapshot(state, self.key), value) if self.patch else value


class Event(BaseModel):
    command: str  # a note typed through `do` may hold a line break
    stamp: str  # "R2 Orc 1", "TC 12", "setup"
    at: str  # wall-clock time, ISO 8601
    lines: list[str] = Field(default_factory=list)
    rolls: list[RollRecord] = Field(default_factory=list)
    changes: list[Change] = Field(default_factory=list)

    @model_validator(mode="after")
    def _clean(self) -> Event:
        # One check of all its text at once: a long log has tens of thousands of events.
        if not "".join((self.command, self.stamp, self.at, *self.lines)).isprintable():
            self.command, self.lines = clean_text(self.command), [clean_text(line) for line in self.lines]
            self.stamp, self.at = clean_line(self.stamp), clean_line(self.at)
        return self


def diff(a: dict[str, Any], b: dict[str, Any]) -> tuple[Patch, Patch]:
    """The patches that turn b back into a and a into b: only the leaves that differ (a list is a leaf)."""
    back: Patch = []
    forth: Patch = []

    def walk(x: dict[str, Any], y: dict[str, Any], path: list[str]) -> None:
        for k, v in x.items():
            if k not in y:
                back.append([[*path, k], v])
                forth.append([[*path, k]])
            elif v != y[k]:
                if isinstance(v, dict) and isinstance(y[k], dict):
                    walk(v, y[k], [*path, k])
                else:
                    back.append([[*path, k], v])
                    forth.append([[*path, k], y[k]])
        for k, v in y.items():
            if k not in x:
                back.append([[*path, k]])
                forth.append([[*path, k], v])

    walk(a, b, [])
    return back, forth


def apply_patch(snap: Any, patch: Patch) -> Any:
    """`snap` (a fresh snapshot, changed in place) with the patch applied."""
    for op in patch:
        *parents, last = op[0]
        node = snap
        for key in parents:
            node = node[key]
        if len(op) == 1:
            node.pop(last, None)
        else:
            node[last] = op[1]
    return snap


def snapshot(state: State, key: str) -> Snapshot:
    if key.startswith("c:"):
        c = state.combatants.get(key[2:])
        return None if c is None else c.model_dump(mode="json")
    part = getattr(state, key)
    if isinstance(part, list):
        return [p.model_dump(mode="json") if isinstance(p, BaseModel) else p for p in part]
    if isinstance(part, dict):
        return dict(part)
    return part.model_dump(mode="json")


def restore(state: State, key: str, snap: Snapshot) -> None:
    if key.startswith("c:"):
        cid = key[2:]
        if snap is None:
            state.combatants.pop(cid, None)
        else:
            state.combatants[cid] = Combatant.model_validate(snap)
    elif key == "clock":
        state.clock = Clock.model_validate(snap)
    elif key == "order":
        state.order = [Slot.model_validate(s) for s in snap]
    elif key == "waiting":
        state.waiting = list(snap)
    elif key == "prompts":
        state.prompts = [Prompt.model_validate(p) for p in snap]
    elif key == "ready":
        state.ready = [ReadyHit.model_validate(r) for r in snap]
    elif key == "counters":
        state.counters = Counters.model_validate(snap)
    elif key == "options":
        state.options = dict(snap)
    else:  # pragma: no cover - keys come from this module only
        raise KeyError(key)


class Transaction:
    def __init__(self, state: State) -> None:
        self.state = state
        self.before: dict[str, Snapshot] = {}

    def touch(self, key: str) -> None:
        if key not in self.before:
            self.before[key] = snapshot(self.state, key)

    def touched_combatants(self) -> list[str]:
        return [k[2:] for k in self.before if k.startswith("c:")]

    def rollback(self) -> None:
        for key, snap in self.before.items():
            restore(self.state, key, snap)

    def changes(self) -> list[Change]:
        out = []
        for key, before in self.before.items():
            after = snapshot(self.state, key)
            if after != before:
                out.append(Change.of(key, before, after))
        return out


class DamagedStep(Exception):
    """A logged step that cannot be applied to the state (a damaged save); the state is as it was."""


def _step(state: State, changes: list[Change], after: bool) -> None:
    # `restore` replaces a part rather than changing it, so the parts as they were are kept by reference
    kept = {ch.key: (state.combatants.get(ch.key[2:]) if ch.key.startswith("c:") else getattr(state, ch.key))
            for ch in changes}
    try:
        for ch in changes:
            restore(state, ch.key, ch.side(state, after=after))
    except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:  # ValidationError too
        for key, part in kept.items():
            if not key.startswith("c:"):
                setattr(state, key, part)
            elif part is None:
                state.combatants.pop(key[2:], None)
            else:
                state.combatants[key[2:]] = part
        raise DamagedStep(str(exc)) from None


def undo(state: State, event: Event) -> None:
    _step(state, event.changes[::-1], after=False)


def redo(state: State, event: Event) -> None:
    _step(state, event.changes, after=True)
