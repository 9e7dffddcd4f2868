"""A save's JSON text, rebuilt piece by piece: only what changed since the last build is serialized again.

An autosave after every keystroke must not grow with the log or the roster. Events never change once
logged, and a command touches a few creatures, so each event's and each creature's JSON is kept and
reused while it is the same object and the encounter has not reported it touched. The result parses
to exactly what `storage.dumps` gives (a property test checks it).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .encounter import Encounter
    from .events import Event
    from .model import Combatant


class SaveText:
    def __init__(self) -> None:
        self._events: list[Event] = []
        self._event_text: list[str] = []  # each event's JSON, with the commas between them
        self._creatures: dict[str, tuple[Combatant, str]] = {}
        self._seen: Encounter | None = None  # the encounter of the last build, and its revision then
        self._seen_revision = -1

    def pieces(self, enc: Encounter) -> list[str]:
        """The save as a list of strings to write in order. Cheap to call after every change."""
        doc, state = enc.doc, enc.state
        touched = enc.touched_since(self._seen_revision) if self._seen is enc else None
        self._seen, self._seen_revision = enc, enc.revision
        if touched is None:
            self._creatures.clear()
        else:
            for key in touched:
                if key.startswith("c:"):
                    self._creatures.pop(key[2:], None)
        creatures = []
        for cid, c in state.combatants.items():
            hit = self._creatures.get(cid)
            if hit is None or hit[0] is not c:
                hit = (c, f"{json.dumps(cid, ensure_ascii=False)}:{c.model_dump_json()}")
                self._creatures[cid] = hit
            creatures.append(hit[1])
        if len(self._creatures) > len(state.combatants):
            for gone in self._creatures.keys() - state.combatants.keys():
                del self._creatures[gone]
        rest = state.model_dump_json(exclude={"combatants"})
        out = [doc.model_dump_json(exclude={"state", "log"})[:-1], ',"state":', rest[:-1],
               ',"combatants":{', ",".join(creatures), '}},"log":[']
        self._sync_events(doc.log)
        out += self._event_text
        out.append("]}")
        return out

    def _sync_events(self, log: list[Event]) -> None:
        """Events are only appended, or cut from the end by a command after an undo."""
        keep = len(self._events)
        if keep > len(log) or (keep and log[keep - 1] is not self._events[keep - 1]):
            keep = next((i for i, (a, b) in enumerate(zip(self._events, log, strict=False)) if a is not b),
                        min(keep, len(log)))
        del self._events[keep:]
        del self._event_text[2 * keep - 1 if keep else 0:]
        for event in log[keep:]:
            if self._events:
                self._event_text.append(",")
            self._events.append(event)
            self._event_text.append(event.model_dump_json())
