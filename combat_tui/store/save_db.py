"""An encounter save: one SQLite file holding the state, the event log and what the saves list shows.

Tables: `meta` (name, ruleset, times, undo cursor, log length, a revision counted up by every write,
the roster's order), `parts` (the state without its creatures as one row, then a row a creature, so a
change rewrites only what it touched) and `events` (the log, numbered from 0, read only as undo
reaches back). Each change is one transaction; see docs/reliability.md.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from .. import faults
from ..engine.state.clean import clean_line
from ..engine.state.document import SCHEMA_VERSION, EncounterDoc
from ..engine.state.errors import SaveError
from ..engine.state.event_log import EventLog
from ..engine.state.events import Event
from ..engine.state.lasting import LastingChange
from ..engine.state.model import State
from . import face, files, party_state
from .exchange import damaged
from .face import Face
from .layout import APPLICATION_ID, FORMAT
from .naming import SUFFIX as SUFFIX  # where it was before
from .sqlite import connect, real, reason

MAX_ROW = 16 * 1024 * 1024  # one creature's or one event's JSON
MAX_EVENTS = 10**7
MAX_CREATURES = 100_000

_SCHEMA = f"""
PRAGMA application_id = {APPLICATION_ID};
PRAGMA user_version = {FORMAT};
CREATE TABLE meta (key TEXT PRIMARY KEY, value NOT NULL) WITHOUT ROWID;
CREATE TABLE parts (part TEXT PRIMARY KEY, json TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE events (n INTEGER PRIMARY KEY, json TEXT NOT NULL);
{face.TABLE};
"""
REST = ""  # the part holding the state without its creatures


@dataclass
class Job:
    """What one change wrote: the log cut to `keep` events, then `events` (JSON) appended; parts
    replaced (None: gone); meta values set."""

    keep: int
    events: list[str] = field(default_factory=list)
    parts: dict[str, str | None] = field(default_factory=dict)
    meta: dict[str, str | int] = field(default_factory=dict)
    party: list[LastingChange] = field(default_factory=list)  # parties' lasting state, in the same transaction
    faced: bool = False  # the face was asked for: `face`, or none when it could not be made (then deleted)
    face: Face | None = None  # what the main screen shows after this change (`face.py`); encoded by the writer


class Foreign(SaveError):
    """Another writer changed the save since this one last read or wrote it."""


class Gone(SaveError):
    """The save is no longer at its path (deleted, or its folder): only a whole new file will do."""


def summary(doc: EncounterDoc) -> dict[str, str | int]:
    """What the saves list shows without reading the state."""
    clock = doc.state.clock
    when = "not started" if not clock.started else f"TC {clock.tc}" if clock.round == 0 else f"round {clock.round}"
    return {"name": doc.name, "ruleset": doc.ruleset, "created": doc.created, "updated": doc.updated,
            "cursor": doc.cursor, "length": len(doc.log), "when": f"over, {when}" if clock.ended else when,
            "creatures": len(doc.state.combatants), "schema": doc.schema_version, "app": doc.app}


def whole_job(doc: EncounterDoc, face: Face | None = None) -> Job:
    """Everything, for a new file."""
    state = doc.state
    parts: dict[str, str | None] = {REST: state.model_dump_json(exclude={"combatants"})}
    parts.update({f"c:{cid}": c.model_dump_json() for cid, c in state.combatants.items()})
    meta = summary(doc) | {"roster": json.dumps(list(state.combatants))}
    return Job(keep=0, events=[e.model_dump_json() for e in doc.log], parts=parts, meta=meta, faced=True, face=face)


class SaveDB:
    def __init__(self, path: Path, conn: sqlite3.Connection, party: Path | None = None) -> None:
        self.path = path
        self._conn = conn
        self._party = party  # parties' lasting state, attached as `party` (None: this save writes none)
        self._attached = False
        self._lock = threading.Lock()  # the UI thread reads old events while the writer thread writes
        self.revision = 0  # the revision this process last read or wrote
        self._data_version = 0
        self._real = real(path)
        self._file = _identity(self._real)  # the file this connection has open

    # -- opening ------------------------------------------------------------------------------------
    @classmethod
    def open(cls, path: Path, busy_ms: int | None = None, party: Path | None = None) -> SaveDB:
        """The save at `path`; with `party`, the parties' lasting state beside it, for `end` and rests
        to change in the same transaction as the encounter."""
        conn = connect(path, busy_ms=busy_ms)
        db = cls(path, conn, party)
        try:
            db._check()
            if party is not None and os.path.lexists(party):  # made only once a party has something to keep
                with contextlib.suppress(SaveError):  # a broken one stops only a change to a party
                    db._attach()
        except BaseException:
            conn.close()
            raise
        return db

    @classmethod
    @contextlib.contextmanager
    def reading(cls, path: Path) -> Iterator[SaveDB]:
        """The save at `path`, open for as long as the `with` lasts (to look at it, not play it)."""
        db = cls.open(path)
        try:
            yield db
        finally:
            db.close()

    @classmethod
    def opened(cls, path: Path, party: Path | None = None) -> SaveDB:
        """The save at `path`, open and read once (its revision known), to write on; closed if that fails."""
        db = cls.open(path, party=party)
        try:
            db.read()
        except BaseException:
            db.close()
            raise
        return db

    def _attach(self) -> None:
        """ATTACH the parties' state (outside any transaction); SaveError with one line."""
        party = self._party
        assert party is not None and not self._conn.in_transaction
        try:
            party.parent.mkdir(parents=True, exist_ok=True)
            if os.path.lexists(party) and not os.path.isfile(party):
                raise SaveError(f"{party.name}: not a regular file, so not read as the parties' state")
            self._conn.execute("ATTACH DATABASE ? AS party", (str(real(party)),))
            self._conn.execute("PRAGMA party.journal_mode = DELETE")
            self._conn.execute("PRAGMA party.synchronous = FULL")
        except OSError as exc:
            raise SaveError(f"cannot keep the parties' state in {party.name}: {exc.strerror or exc}") from None
        except sqlite3.Error as exc:
            with contextlib.suppress(sqlite3.Error):
                self._conn.execute("DETACH DATABASE party")
            why = "not a file of combat-tui's; left as it is" if "not a combat-tui" in reason(exc) else reason(exc)
            raise SaveError(f"cannot keep the parties' state in {party.name}: {why}") from None
        self._attached = True

    @classmethod
    def create(cls, path: Path, doc: EncounterDoc, face: Face | None = None) -> None:
        """A new save file holding `doc` whole (and its `face`, when known); never over an existing file.
        Written beside it under another name first, so a reader never finds half of one."""
        if os.path.lexists(path):
            raise SaveError(f"{path.name} already exists; not overwritten")
        target = real(path)
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise SaveError(f"cannot save to {path}: {exc.strerror or exc}") from None
        tmp = target.with_name(f".{target.name}.{os.getpid()}.{threading.get_ident()}.tmp")
        try:
            conn = connect(tmp, create=True)
            try:
                conn.executescript(_SCHEMA)
                db = cls(tmp, conn)
                db.write([whole_job(doc, face)])
            finally:
                conn.close()
            with contextlib.suppress(OSError):
                os.chmod(tmp, files.mode_for(target))
            try:
                os.link(tmp, target)  # fails if a file appeared there meanwhile: never over one
            except FileExistsError:
                raise SaveError(f"{path.name} already exists; not overwritten") from None
            except OSError:  # a file system without hard links
                _rename_if_free(tmp, target, path)
            files.fsync_folder(target.parent)
        except sqlite3.Error as exc:
            raise SaveError(f"cannot save to {path}: {reason(exc)}") from None
        finally:
            for leftover in (tmp, tmp.with_name(tmp.name + "-journal")):
                with contextlib.suppress(OSError):
                    leftover.unlink()

    def _check(self) -> None:
        name = self.path.name
        try:
            app_id = self._conn.execute("PRAGMA application_id").fetchone()[0]
            fmt = self._conn.execute("PRAGMA user_version").fetchone()[0]
        except sqlite3.Error as exc:
            raise SaveError(f"{name}: {reason(exc)}") from None
        if app_id != APPLICATION_ID:
            raise SaveError(f"{name}: not a combat-tui save")
        if fmt > FORMAT:
            raise SaveError(f"{name}: written by a newer combat-tui (save format {fmt}; this version reads up to "
                            f"{FORMAT}); left unchanged")

    def close(self) -> None:
        with self._lock:
            with contextlib.suppress(sqlite3.Error):
                if self._conn.in_transaction:
                    self._conn.rollback()
            self._conn.close()

    # -- reading ------------------------------------------------------------------------------------
    def meta(self) -> dict[str, Any]:
        with self._lock:
            try:
                rows = self._conn.execute("SELECT key, value FROM main.meta").fetchall()
            except sqlite3.Error as exc:
                raise SaveError(f"{self.path.name}: {reason(exc)}") from None
        return {str(k): v for k, v in rows}

    def read(self) -> EncounterDoc:
        """The encounter as last written; its log's events are read when asked for."""
        name = self.path.name
        with self._lock:
            try:
                own = not self._conn.in_transaction  # a `do` reads inside the write it holds
                if own:
                    self._conn.execute("BEGIN")  # one consistent reading, even with a writer at work
                try:
                    meta = {str(k): v for k, v in self._conn.execute("SELECT key, value FROM main.meta")}
                    parts = self._conn.execute(
                        "SELECT part, json FROM main.parts WHERE length(json) <= ?", (MAX_ROW,)).fetchall()
                    self._data_version = self._conn.execute("PRAGMA data_version").fetchone()[0]
                finally:
                    if own:
                        self._conn.execute("COMMIT")
            except sqlite3.Error as exc:
                raise SaveError(f"{name}: {reason(exc)}") from None
        if meta.get("app") != "combat-tui":
            raise SaveError(f"{name}: not a combat-tui save")
        schema, length, cursor = (_count(meta, k, name) for k in ("schema", "length", "cursor"))
        if schema > SCHEMA_VERSION:
            raise SaveError(f"{name}: written by a newer combat-tui (schema {schema}; this version reads up to "
                            f"{SCHEMA_VERSION}); left unchanged")
        if length > MAX_EVENTS:
            raise SaveError(f"{name}: damaged save (a log too long); left unchanged")
        self.revision = _count(meta, "revision", name)
        data = self._state_data(meta, dict(parts), name)
        with damaged(name):
            state = State.model_validate(data)
            log = EventLog(stored=length, fetch=self.fetch)
            return EncounterDoc(schema_version=schema, name=_text(meta, "name"), ruleset=_text(meta, "ruleset"),
                                created=_text(meta, "created"), updated=_text(meta, "updated"), state=state,
                                log=log, cursor=cursor)

    def _state_data(self, meta: dict[str, Any], parts: dict[str, str], name: str) -> dict[str, Any]:
        try:
            roster = json.loads(str(meta.get("roster", "[]")))
            if not (isinstance(roster, list) and len(roster) <= MAX_CREATURES
                    and all(isinstance(cid, str) for cid in roster)):
                raise ValueError("roster")
            data = json.loads(parts[REST])
            if not isinstance(data, dict):
                raise ValueError("state")
            data["combatants"] = {cid: json.loads(parts[f"c:{cid}"]) for cid in roster}
        except (KeyError, ValueError, RecursionError):
            raise SaveError(f"{name}: damaged save (its state is incomplete); left unchanged") from None
        return data

    def fetch(self, start: int, stop: int) -> list[Event]:
        """The events numbered start..stop-1, for undo reaching back."""
        with self._lock:
            try:
                rows = self._conn.execute("SELECT n, json FROM main.events WHERE n >= ? AND n < ? ORDER BY n",
                                          (start, stop)).fetchall()
            except sqlite3.Error as exc:
                raise SaveError(f"{self.path.name}: {reason(exc)}") from None
        try:
            if [n for n, _ in rows] != list(range(start, stop)) or any(len(j) > MAX_ROW for _, j in rows):
                raise ValueError("gap")
            return [Event.model_validate_json(j) for _, j in rows]
        except (ValueError, ValidationError, RecursionError):
            raise SaveError(f"{self.path.name}: its log is damaged at event {start + 1}") from None

    def changed_elsewhere(self) -> bool:
        """Whether another connection has written since this one last looked (cheap: no file read). Never
        waits: while this process's own write is under way, the answer is no until the next look."""
        if not self._lock.acquire(blocking=False):
            return False
        try:
            now = self._conn.execute("PRAGMA data_version").fetchone()[0]
        except sqlite3.Error:
            return False
        finally:
            self._lock.release()
        return bool(now != self._data_version)

    # -- writing ------------------------------------------------------------------------------------
    def begin(self) -> None:
        """Hold the save for writing (`do`: read, run and write as one, so concurrent ones queue)."""
        with self._lock:
            try:
                self._conn.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as exc:
                raise SaveError(f"{self.path.name}: {reason(exc)}") from None

    def write(self, jobs: list[Job]) -> None:
        """The jobs, in order, as one transaction: all on disk when this returns, or none. Refuses
        (Foreign) when another writer changed the save since this one last read or wrote it."""
        with self._lock:
            conn = self._conn
            here = _identity(self._real)
            if here is None:  # writing on would go to a file no one can open again
                raise Gone(f"cannot save to {self.path}: the save is gone from its folder")
            if here != self._file:
                raise Foreign(f"{clean_line(self.path.name)} was replaced by another file")
            try:
                if any(job.party for job in jobs) and not self._attached:
                    if self._party is None:
                        raise SaveError("cannot keep the parties' state: this save has no library beside it")
                    if conn.in_transaction:  # a `do`'s hold, nothing written yet: let go, attach, hold again
                        conn.execute("ROLLBACK")
                    self._attach()
                if not conn.in_transaction:
                    conn.execute("BEGIN IMMEDIATE")
                faults.reach("tx-begun")
                row = conn.execute("SELECT value FROM main.meta WHERE key = 'revision'").fetchone()
                seen = row[0] if row else 0
                if seen != self.revision:
                    raise Foreign(f"{clean_line(self.path.name)} was changed by another combat-tui meanwhile")
                for job in jobs:
                    self._apply(conn, job)
                conn.execute("INSERT OR REPLACE INTO main.meta VALUES ('revision', ?)", (seen + 1,))
                faced = [job for job in jobs if job.faced]
                if faced:  # else the face is left as it was, stale by its revision: never used
                    self._face(conn, faced[-1].face, seen + 1)
                faults.reach("tx-written")
                conn.execute("COMMIT")
            except BaseException as exc:
                with contextlib.suppress(sqlite3.Error):
                    if conn.in_transaction:
                        conn.execute("ROLLBACK")
                if isinstance(exc, sqlite3.Error):
                    raise SaveError(f"cannot save {clean_line(self.path.name)}: {reason(exc)}") from None
                raise
            faults.reach("committed")
            self.revision = seen + 1
            self._data_version = conn.execute("PRAGMA data_version").fetchone()[0]

    @staticmethod
    def _face(conn: sqlite3.Connection, shown: Face | None, revision: int) -> None:
        """The face of the save as this transaction leaves it; none when unknown or too big (the app then
        opens the save the normal way). A save an older version made gets the table now."""
        conn.execute(face.TABLE)
        text = shown.dumps() if shown is not None else None
        if text is None or len(text.encode()) > face.MAX_BYTES:
            conn.execute("DELETE FROM main.face")
        else:
            conn.execute("INSERT OR REPLACE INTO main.face VALUES (0, ?, ?)", (revision, text))

    def _apply(self, conn: sqlite3.Connection, job: Job) -> None:
        if job.party:
            party_state.apply(conn, job.party, schema="party")
        conn.execute("DELETE FROM main.events WHERE n >= ?", (job.keep,))
        conn.executemany("INSERT INTO main.events VALUES (?, ?)", enumerate(job.events, start=job.keep))
        gone = [(p,) for p, j in job.parts.items() if j is None]
        if gone:
            conn.executemany("DELETE FROM main.parts WHERE part = ?", gone)
        conn.executemany("INSERT OR REPLACE INTO main.parts VALUES (?, ?)",
                         [(p, j) for p, j in job.parts.items() if j is not None])
        conn.executemany("INSERT OR REPLACE INTO main.meta VALUES (?, ?)", list(job.meta.items()))


def _identity(path: Path) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_dev, st.st_ino


def _rename_if_free(tmp: Path, target: Path, path: Path) -> None:
    if os.path.lexists(target):
        raise SaveError(f"{path.name} already exists; not overwritten")
    try:
        os.rename(tmp, target)
    except OSError as exc:
        raise SaveError(f"cannot save to {path}: {exc.strerror or exc}") from None


def _count(meta: dict[str, Any], key: str, name: str) -> int:
    value = meta.get(key, 0)
    if not isinstance(value, int) or not 0 <= value <= MAX_EVENTS * 10:
        raise SaveError(f"{name}: damaged save ({key}); left unchanged")
    return value


def _text(meta: dict[str, Any], key: str) -> str:
    value = meta.get(key, "")
    return value[:500] if isinstance(value, str) else ""
