"""A session at the table: one encounter, the save it autosaves to, and what went wrong saving.

No Textual here: the app drives a Session, and so can a test or a script. Every change is saved at
once, as one SQLite transaction (`store/save_db.py`); a save that fails (a full disk, a vanished
folder) keeps the change in memory, remembers the error and is tried again with the next change or
`save()`. A change another process made to the save (a `do`) is taken in when this one has
nothing waiting to be written.
"""

from __future__ import annotations

import os
import random
import threading
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path

from . import paths
from .autosave import Autosaver
from .engine.encounter import Encounter
from .engine.library import Library
from .engine.state.clean import clean_line
from .engine.state.document import now_iso
from .engine.state.errors import CombatError, SaveError
from .engine.state.events import Event
from .store import face, library_files, naming, party_state, saves
from .store.packing import Packer, face_of
from .store.rulesets import Catalogue, load_all
from .store.save_db import Foreign, Gone, Job, SaveDB

TAKEN_SHOWN = 10  # events another process made, shown when taken in; older ones are in the log


def catalogue() -> Catalogue:
    return load_all(paths.user_rulesets_dir())


def load_library(cat: Catalogue, data_dir: str | None = None) -> Library:
    """The starter bestiary and the GM's library folder; bad entries are in its `problems`, skipped.
    Parties' lasting state is read from its database as each is needed; what a fight changes of it is
    written by the session, in the same transaction as the encounter's change."""
    return library_files.load(paths.library_dir(data_dir), cat.get,
                              lasting=party_state.reader(paths.party_state_file(data_dir)))


def _party_file(lib: Library | None) -> Path | None:
    return paths.party_state_beside(lib.folder) if lib is not None and lib.folder is not None else None


class _Writer:
    """Writes jobs as transactions; keeps those that failed, to go out first with the next."""

    def __init__(self, db: SaveDB) -> None:
        self.db = db
        self.pending: list[Job] = []
        self.error: str | None = None
        self._party_committed = 0  # party changes committed since the session last asked
        self.gone = False  # the file went: the next save writes the whole encounter anew
        self._lock = threading.Lock()  # one write at a time
        # The count alone, read on the UI's thread at each change: never behind a write, which can wait
        # for the disk, or for another fight's party write (party_state.BUSY_SECONDS).
        self._count_lock = threading.Lock()

    def write(self, jobs: list[Job]) -> None:
        with self._lock:
            self.pending += jobs
            if not self.pending:
                return
            if self.gone:
                return
            try:
                self.db.write(self.pending)
            except Gone as exc:
                self.gone = True
                self.error = f"{exc} — kept in memory; will retry"
            except Foreign as exc:
                self.error = f"{exc}: your changes are kept in memory; save a copy (ctrl+s) to keep them"
            except SaveError as exc:
                self.error = f"{exc} — kept in memory; will retry"
            else:
                with self._count_lock:
                    self._party_committed += sum(len(job.party) for job in self.pending)
                self.pending = []
                self.error = None

    def take_committed_party(self) -> int:
        """How many party changes went to disk since the last call (a write under way: not yet)."""
        with self._count_lock:
            done, self._party_committed = self._party_committed, 0
        return done


@dataclass
class Session:
    encounter: Encounter
    path: Path
    db: SaveDB
    converted_from: Path | None = None  # an older version's JSON save this one was made from, kept as it was
    _packer: Packer | None = field(default=None, repr=False)
    _faced: tuple[int, int] | None = field(default=None, repr=False)  # the encounter (and revision) last faced
    _writer: _Writer | None = field(default=None, repr=False)
    _autosaver: Autosaver | None = field(default=None, repr=False)
    _done: Callable[[], object] | None = field(default=None, repr=False)
    _party_sent: int = field(default=0, repr=False)  # changes in the outbox already in a job

    def __post_init__(self) -> None:
        self._packer = Packer(self.encounter)
        self._writer = _Writer(self.db)

    @property
    def converted_note(self) -> str:
        """One line for the GM when this session began by making an older version's save a database."""
        if self.converted_from is None:
            return ""
        return (f"{clean_line(self.converted_from.name)} is from an older combat-tui: it goes on in "
                f"{clean_line(self.path.name)}, and the old file is kept as it was")

    @property
    def save_error(self) -> str | None:
        """Why the last write failed (state kept in memory, retried with the next change); None if it worked."""
        assert self._writer is not None
        return self._writer.error

    @classmethod
    def open(cls, path: Path, cat: Catalogue, seed: int | None = None, one_shot: bool = False,
             lib: Library | None = None) -> Session:
        """Open a save for playing (an older version's JSON save is first made a database beside it).
        A `one_shot` (a `do`) holds the save for writing from its reading to its write, so concurrent
        ones take turns. `lib`: the library its commands use (`load_library`)."""
        db_path, converted = saves.for_playing(
            path, lambda doc: Encounter(doc, cat.get(doc.ruleset), where=path.name))  # playable before it is made
        db = SaveDB.open(db_path, busy_ms=60_000 if one_shot else None, party=_party_file(lib))
        try:
            if one_shot:
                db.begin()
            doc = db.read()
            enc = Encounter(doc, cat.get(doc.ruleset), random.Random(seed), where=db_path.name)
            enc.library = lib
            session = cls(enc, db_path, db, converted)
            session._packer = Packer(enc, face.read(db_path, db.revision))  # its log's last entries, unread
            if enc.updated_to_ruleset:
                assert session._packer is not None
                session._packer.forget()  # what the ruleset added since goes out with the next write
                if not one_shot:
                    session.save()
        except BaseException:
            db.close()
            raise
        return session

    def close(self) -> None:
        """Finish any save under way, then let go of the save file."""
        if self._autosaver is not None:
            self._autosaver.close()
            self._autosaver = None
        self.db.close()

    @classmethod
    def create(cls, path: Path, cat: Catalogue, ruleset: str, name: str = "", seed: int | None = None) -> Session:
        return cls.start(Encounter.new(cat.get(ruleset), seed=seed, name=name or path.stem), path)

    @classmethod
    def start(cls, encounter: Encounter, path: Path) -> Session:
        """A new save for an encounter made in memory, written whole, never over a file."""
        SaveDB.create(path, encounter.doc, face_of(encounter))
        return cls(encounter, path, SaveDB.opened(path, _party_file(encounter.library)))

    def run(self, line: str) -> list[str]:
        """Run one command; on success autosave. Raises CombatError (nothing changed) on bad input."""
        lines = self.encounter.run(line)
        self.save()
        return lines

    def keep_face(self) -> None:
        """Keep in the save what the main screen shows, for the next start's first frame (`store/face.py`):
        when the GM pauses and as the save closes, not at every change (building it costs a key several
        ms at a hundred creatures). A change since leaves it stale by its revision, and then unused."""
        mark = (id(self.encounter), self.encounter.revision)
        if self._packer is None or self._writer is None or self._faced == mark or self.unsaved:
            return  # a save that failed keeps what it has: the face is never what takes changes to disk
        self._faced = mark
        self.save(with_face=True)

    def save(self, with_face: bool = False) -> bool:
        """Make what changed since the last save durable (one transaction). In the background (see
        `save_in_background`) this only hands the job over, and says whether the last write worked."""
        assert self._packer is not None and self._writer is not None
        job = self._with_party(self._packer.job(with_face))
        if self._autosaver is not None:
            if self._writer.gone:
                self._renew()
            elif job is not None or self._writer.pending:
                self._autosaver.submit(job)
            return self.save_error is None
        self._writer.write([job] if job is not None else [])
        if self._writer.gone:
            self._renew()
        return self.save_error is None

    def _with_party(self, job: Job | None) -> Job | None:
        """The job, with what commands changed of parties' lasting state since the last one: kept in the
        encounter's outbox (where the next `add @PARTY` reads it) until its transaction is committed."""
        assert self._writer is not None
        outbox = self.encounter.party_outbox
        done = self._writer.take_committed_party()
        del outbox[:done]
        self._party_sent -= done
        fresh = outbox[self._party_sent:]
        if not fresh:
            return job
        self._party_sent = len(outbox)
        job = job or Job(keep=len(self.encounter.doc.log))
        job.party = list(fresh)
        return job

    def _renew(self) -> None:
        """The save file is gone: the whole encounter in a new one at its path (its folder made again)."""
        assert self._writer is not None
        self.flush()
        list(self.encounter.doc.log)  # every event in memory before the old file is let go
        try:
            SaveDB.create(self.path, self.encounter.doc, face_of(self.encounter))
            db = SaveDB.opened(self.path, _party_file(self.encounter.library))
        except SaveError as exc:
            self._writer.error = f"{exc} — kept in memory; will retry"
            return
        self._switch(db)

    def _switch(self, db: SaveDB) -> None:
        """Go on in `db`, which holds the encounter as it is in memory now."""
        if self._autosaver is not None:
            self._autosaver.close()
            self._autosaver = None
            done = self._done
        else:
            done = None
        old = self.db
        self.db = db
        assert self._writer is not None
        del self.encounter.party_outbox[:self._writer.take_committed_party()]
        self._party_sent = 0  # what the old file's writer did not commit goes with the next job
        self._writer = _Writer(db)
        self._packer = Packer(self.encounter)
        old.close()
        if done is not None:
            self.save_in_background(done)

    def save_in_background(self, done: Callable[[], object]) -> None:
        """From now on saves are written by a thread; `done()` is called from it after each write."""
        if self._autosaver is None:
            assert self._writer is not None
            self._done = done
            self._autosaver = Autosaver(self._writer.write, done)

    def flush(self) -> None:
        """Wait for background saves under way, if any."""
        if self._autosaver is not None:
            self._autosaver.flush()

    def take_in(self) -> list[Event] | None:
        """If another process changed the save (a `do`) and nothing of ours waits to be written, read it
        again. None when nothing was taken in; else the events it applied past where this one stood
        (the last few; none when it undid)."""
        assert self._writer is not None
        if not self.db.changed_elsewhere():
            return None
        self.flush()
        if self._writer.pending:
            return None
        old = self.encounter
        doc = self.db.read()
        was = old.doc.cursor
        enc = Encounter(doc, old.rs, old.rng, where=self.path.name)
        enc.library = old.library
        self.encounter = enc
        self._packer = Packer(enc)
        self._writer.take_committed_party()
        self._party_sent = 0
        return doc.log[max(was, doc.cursor - TAKEN_SHOWN):doc.cursor] if doc.cursor > was else []

    def save_as(self, name: str, data_dir: str | None = None) -> Path:
        """A named copy in the saves folder; the session goes on in the new file."""
        clean = "".join(ch for ch in name.strip() if ch.isalnum() or ch in " -_").strip()
        if not clean:
            raise CombatError("a save name needs letters or digits")
        target = saves.named(clean, data_dir)
        if target.exists() and target.resolve() != self.path.resolve():
            raise CombatError(f"a save named {clean!r} already exists")
        self.flush()
        doc = self.encounter.doc
        copy = doc.model_copy(update={"name": clean})  # the name changes only once the copy is written
        SaveDB.create(target, copy)  # no face: its title would be the old name (the next change writes one)
        db = SaveDB.opened(target, _party_file(self.encounter.library))
        doc.name = clean
        self.path = target
        self._switch(db)
        return target

    @property
    def unsaved(self) -> bool:
        """Whether changes are only in memory: the last save failed or was refused. Waits for a save
        under way first, so a write still on its way counts as what it turns out to be."""
        self.flush()
        return self.save_error is not None

    def write_copy(self, path: Path) -> None:
        """The whole encounter, written to a new file at `path` (never over one); the session keeps its
        own save; `.json` writes it as JSON. Raises SaveError with one line."""
        if path.suffix == ".json":
            if os.path.lexists(path):
                raise SaveError(f"{path} already exists; not overwritten")
            saves.save(self.encounter.doc, path)
        else:
            SaveDB.create(path, self.encounter.doc, face_of(self.encounter))

    def rescue_path(self, data_dir: str | None = None) -> Path:
        """A new file for a rescue copy: `NAME.rescue-YYYYMMDD-HHMMSS.combat` beside the save, or in the
        saves folder when the save's folder cannot be written."""
        base = f"{self.path.stem}.rescue-{datetime.now():%Y%m%d-%H%M%S}"
        folder = self.path.parent
        if not (folder.is_dir() and os.access(folder, os.W_OK | os.X_OK)):
            folder = paths.saves_dir(data_dir)
        target, n = folder / f"{base}{saves.SUFFIX}", 2
        while target.exists():  # a second rescue within the second
            target, n = folder / f"{base}-{n}{saves.SUFFIX}", n + 1
        return target


@dataclass(frozen=True)
class DemoCopy:
    path: Path
    resumed: bool = False  # the GM's played copy, as it was left
    kept: Path | None = None  # started again: where the played copy went

    def note(self, again: str) -> str:
        """One line for the GM ("" for a first copy); `again` is how to start afresh (a command, a choice)."""
        if self.resumed:
            return f"Your played copy of this demo, resumed; {again} starts it again and keeps this one"
        if self.kept is not None:
            return f"A fresh copy of this demo; the one you played is kept as {self.kept.stem}"
        return ""


def demo_path(ruleset: str, data_dir: str | None = None) -> Path:
    """Where the GM's played copy of a shipped demo lives, in the saves folder."""
    return naming.demo_played(ruleset, data_dir)


def demo_copy(ruleset: str, data_dir: str | None = None, fresh: bool = False) -> Path:
    return open_demo(ruleset, data_dir, fresh).path


def open_demo(ruleset: str, data_dir: str | None = None, fresh: bool = False) -> DemoCopy:
    """The GM's copy of a shipped demo, so playing it never changes the original. A copy already played
    is resumed; `fresh` starts again from the shipped one and keeps the played copy under another name."""
    source = paths.demo_saves_dir() / f"{ruleset}.json"
    if not source.is_file():
        known = ", ".join(sorted(p.stem for p in paths.demo_saves_dir().glob("*.json")))
        raise CombatError(f"no demo for {ruleset!r} (demos: {known})")
    target = demo_path(ruleset, data_dir)
    old = target.with_suffix(".json")  # a played copy an older version kept as JSON
    if not target.exists() and old.is_file() and not fresh:
        saves.for_playing(old)
    if target.exists() and not fresh:
        return DemoCopy(target, resumed=True)
    kept = _keep_played(target) if target.exists() else None
    doc = saves.read_exchange(source)
    doc.created = doc.updated = now_iso()  # the GM's copy is new now: first in the saves list, not by the shipped date
    SaveDB.create(target, doc, saves.shipped_face(source))
    return DemoCopy(target, kept=kept)


def _keep_played(target: Path) -> Path:
    """The played copy of a demo renamed beside it (`demo-X-played-YYYYMMDD-HHMMSS.combat`)."""
    base = f"{target.stem}-played-{datetime.now():%Y%m%d-%H%M%S}"
    kept, n = target.with_name(f"{base}{saves.SUFFIX}"), 2
    while kept.exists():
        kept, n = target.with_name(f"{base}-{n}{saves.SUFFIX}"), n + 1
    try:
        os.rename(target, kept)  # a closed save is one file: renaming it moves all of it
    except OSError as exc:
        raise SaveError(f"cannot keep the played copy of the demo: {exc.strerror or exc}") from None
    return kept


@dataclass(frozen=True)
class SaveInfo:
    path: Path
    name: str
    ruleset: str
    when: str  # "round 3", "TC 12", "not started"
    creatures: int
    updated: str
    problem: str | None = None


def list_saves(data_dir: str | None = None) -> list[SaveInfo]:
    """Saves in the data folder, most recently played first; unreadable ones listed with the reason.
    An older version's JSON save is listed until it is opened (and made a database beside it)."""
    folder = paths.saves_dir(data_dir)
    if not folder.is_dir():
        return []
    out: list[SaveInfo] = []
    found = sorted(folder.glob(f"*{saves.SUFFIX}"))
    found += [p for p in sorted(folder.glob("*.json")) if not p.with_suffix(saves.SUFFIX).exists()]
    for f in found:
        try:
            info = saves.summary(f)
        except CombatError as exc:
            out.append(SaveInfo(f, clean_line(f.stem), "?", "", 0, "", problem=str(exc)))
            continue
        name = info.name or clean_line(f.stem)  # a file name is read from the folder, so cleaned too
        out.append(SaveInfo(f, name, info.ruleset, info.when, info.creatures, info.updated))
    return sorted(_told_apart(out), key=lambda s: s.updated, reverse=True)


def _told_apart(found: list[SaveInfo]) -> list[SaveInfo]:
    """Saves of the same name (every unnamed one is `encounter`) by their file's name, which differs."""
    seen: dict[str, int] = {}
    for s in found:
        seen[s.name.casefold()] = seen.get(s.name.casefold(), 0) + 1
    return [replace(s, name=clean_line(s.path.stem)) if seen[s.name.casefold()] > 1 and s.name != s.path.stem
            else s for s in found]
