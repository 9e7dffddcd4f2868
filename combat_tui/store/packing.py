"""What changed since the last write, packed on the thread that changes the encounter.

An autosave after every keystroke must not grow with the log or the roster: the log says where it
was cut and what was added since (`EventLog.take_changes`), and the encounter which creatures a
change touched, so a job carries those creatures' JSON and nothing else.
"""

from __future__ import annotations

import json

from ..engine.encounter import Encounter
from ..engine.model import Combatant
from .save_db import REST, Job, summary


class Packer:
    def __init__(self, enc: Encounter) -> None:
        """`enc` as it is on disk now."""
        self._enc = enc
        self._revision = enc.revision
        self._creatures: dict[str, Combatant] = dict(enc.state.combatants)
        self._rest = enc.state.model_dump_json(exclude={"combatants"})
        self._meta = summary(enc.doc)
        enc.doc.log.take_changes()

    def forget(self) -> None:
        """The next job writes every creature: what is on disk is not what this encounter was read as
        (creatures brought up to a ruleset that changed since)."""
        self._creatures = {}

    def job(self) -> Job | None:
        """The changes since the last job; None when there are none."""
        enc = self._enc
        state = enc.state
        keep, added = enc.doc.log.take_changes()
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
        if not (job.events or job.parts or job.meta) and keep == len(enc.doc.log):
            return None
        return job
