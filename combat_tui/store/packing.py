"""What changed since the last write, packed on the thread that changes the encounter.

An autosave after every keystroke must not grow with the log or the roster: the log says where it
was cut and what was added since (`EventLog.take_changes`), and the encounter which creatures a
change touched, so a job carries those creatures' JSON and nothing else.
"""

from __future__ import annotations

import json

from ..engine.encounter import Encounter
from ..engine.state.errors import SaveError
from ..engine.state.events import Event
from ..engine.state.model import Combatant
from ..engine.views.gm import LOG_SHOWN
from ..engine.views.gm_view import ENCOUNTER_KEYS, GMViews, key_state, opening_view
from .face import Entry, Face
from .save_db import REST, Job, summary


def face_of(enc: Encounter, views: GMViews | None = None, log: tuple[Entry, ...] | None = None) -> Face | None:
    """What the main screen shows on opening this encounter; `views` keeps the rows of the last one built,
    `log` is the log's last entries when known. None when what it needs of the log cannot be read (a
    damaged old event): the save then keeps no face, and the change is written all the same."""
    try:
        if log is None:
            log = tuple(entry(e) for e in enc.history(LOG_SHOWN))
        keys = tuple((action, key_state(enc, action)) for action in ENCOUNTER_KEYS)  # undo's looks back
    except (SaveError, LookupError):
        return None
    return Face(opening_view(views or GMViews(), enc), log, keys)


def entry(e: Event) -> Entry:
    return e.stamp, e.command, list(e.lines)


class Packer:
    def __init__(self, enc: Encounter, shown: Face | None = None) -> None:
        """`enc` as it is on disk now; `shown`, the face the save keeps of it (its log's last entries: a
        change then writes its face without reading older events from disk)."""
        self._enc = enc
        self._revision = enc.revision
        self._creatures: dict[str, Combatant] = dict(enc.state.combatants)
        self._rest = enc.state.model_dump_json(exclude={"combatants"})
        self._meta = summary(enc.doc)
        self._views = GMViews()  # the face's rows, kept while their creature is unchanged
        self._entries: dict[int, Entry] = {}  # the log's entries by number, as far as known without a read
        cursor = enc.doc.cursor
        if shown is not None and len(shown.log) == min(cursor, LOG_SHOWN):
            self._entries = {cursor - len(shown.log) + k: e for k, e in enumerate(shown.log)}
        enc.doc.log.take_changes()

    def forget(self) -> None:
        """The next job writes every creature: what is on disk is not what this encounter was read as
        (creatures brought up to a ruleset that changed since)."""
        self._creatures = {}

    def job(self, with_face: bool = False) -> Job | None:
        """The changes since the last job (None when there are none); `with_face`: and the save's face
        as they leave it (a job of its own when nothing changed)."""
        enc = self._enc
        state = enc.state
        keep, added = enc.doc.log.take_changes()
        for n in [n for n in self._entries if n >= keep]:  # cut: another event may have that number now
            del self._entries[n]
        job = Job(keep=keep, events=[e.model_dump_json() for e in added])
        touched = enc.touched_since(self._revision)
        self._revision = enc.revision
        old = self._creatures
        for cid, c in state.combatants.items():
            if old.get(cid) is not c or touched is None or f"c:{cid}" in touched:
                job.parts[f"c:{cid}"] = c.model_dump_json()
        for cid in old.keys() - state.combatants.keys():
            job.parts[f"c:{cid}"] = None
        rest = state.model_dump_json(exclude={"combatants"})
        if rest != self._rest:
            job.parts[REST] = rest
        if list(old) != list(state.combatants):
            job.meta["roster"] = json.dumps(list(state.combatants))
        self._creatures, self._rest = dict(state.combatants), rest
        meta = summary(enc.doc)
        job.meta.update({k: v for k, v in meta.items() if self._meta.get(k) != v})
        self._meta = meta
        if not (job.events or job.parts or job.meta or with_face) and keep == len(enc.doc.log):
            return None
        if with_face:
            job.faced = True
            log = self._log()
            job.face = face_of(enc, self._views, log) if log is not None else None
        return job

    def _log(self) -> tuple[Entry, ...] | None:
        """The log's last entries as the main screen opens on them; None when one is only on disk."""
        log = self._enc.doc.log
        cursor = self._enc.doc.cursor
        start = max(cursor - LOG_SHOWN, 0)
        out: list[Entry] = []
        for n in range(start, cursor):
            known = self._entries.get(n)
            if known is None:
                event = log.held(n)
                if event is None:
                    return None
                known = self._entries[n] = entry(event)
            out.append(known)
        if len(self._entries) > 4 * LOG_SHOWN:  # forget those far behind
            self._entries = {n: e for n, e in self._entries.items() if n >= start - LOG_SHOWN}
        return tuple(out)
