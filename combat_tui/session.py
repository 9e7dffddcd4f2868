"""A session at the table: one encounter, the file it autosaves to, and what went wrong saving.

No Textual here: the app drives a Session, and so can a test or a script. Every change is saved at
once; a save that fails (full disk, vanished folder) keeps the state in memory, remembers the
error and is tried again with the next change or `save()`.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from . import paths
from .autosave import Autosaver
from .engine import library, storage
from .engine.clean import clean_line
from .engine.encounter import Encounter
from .engine.errors import CombatError, SaveError
from .engine.files import NotReadable, read_regular_text
from .engine.library import Library
from .engine.loader import Catalogue, load_all
from .lock import SaveLock
from .save_file import Job, SaveFile, sweep_journals


def catalogue() -> Catalogue:
    return load_all(paths.user_rulesets_dir())


def load_library(cat: Catalogue, data_dir: str | None = None) -> Library:
    """The starter bestiary and the GM's library folder; bad entries are in its `problems`, skipped."""
    return library.load(paths.library_dir(data_dir), cat.get)


@dataclass
class Session:
    encounter: Encounter
    path: Path
    lock: SaveLock | None = None
    _file: SaveFile | None = field(default=None, repr=False)
    _autosaver: Autosaver | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        if self._file is None:  # a save this session starts: its first write is a whole one
            self._file = SaveFile(self.path, self.encounter, on_disk=False)

    @property
    def save_error(self) -> str | None:
        """Why the last write failed (state kept in memory, retried with the next change); None if it worked."""
        assert self._file is not None
        return self._file.error

    @classmethod
    def open(cls, path: Path, cat: Catalogue, seed: int | None = None, lock: bool = True,
             one_shot: bool = False, lib: Library | None = None) -> Session:
        """Open a save for playing. With `lock`, refuses a save another live tracker has open; a
        `one_shot` (a `do`) waits a while for another one-shot to finish instead. `lib`: the library
        its commands use (`load_library`); without one, `add` knows no templates or parties."""
        held = SaveLock(path) if lock else None
        if held is not None:
            held.acquire(wait=60.0 if one_shot else 0.0, kind="do" if one_shot else "app")
        try:
            got = storage.load_with_journal(path)
            enc = Encounter(got.doc, cat.get(got.doc.ruleset), random.Random(seed), where=path.name)
            enc.library = lib
            file = SaveFile(path, enc, got.last, got.size, replayed=got.records)
            session = cls(enc, path, lock=held, _file=file)
            if held is not None:
                sweep_journals(path, got.doc.journal)
                file.trim(got.whole)
            if enc.updated_to_ruleset and held is not None:
                session.save(fold=True)  # the journal's records must follow what the ruleset added
            elif held is not None and not one_shot and file.needs_fold():
                session.save(fold=True)  # no journal yet, or a long one: every change after is one line
        except BaseException:
            if held is not None:
                held.release()
            raise
        return session

    def close(self) -> None:
        """Finish any save under way, then let go of the save file."""
        if self._autosaver is not None:
            self._autosaver.close()
            self._autosaver = None
        if self.lock is not None:
            self.lock.release()
            self.lock = None

    @classmethod
    def create(cls, path: Path, cat: Catalogue, ruleset: str, name: str = "", seed: int | None = None) -> Session:
        return cls.start(Encounter.new(cat.get(ruleset), seed=seed, name=name or path.stem), path)

    @classmethod
    def start(cls, encounter: Encounter, path: Path) -> Session:
        """A new save for an encounter made in memory: locked, then written."""
        if path.exists():
            raise CombatError(f"{path.name} already exists")
        session = cls(encounter, path, lock=SaveLock(path))
        assert session.lock is not None
        session.lock.acquire()
        if not session.save():
            session.close()
            raise SaveError(session.save_error or "cannot save")
        return session

    def run(self, line: str) -> list[str]:
        """Run one command; on success autosave. Raises CombatError (nothing changed) on bad input."""
        lines = self.encounter.run(line)
        self.save()
        return lines

    def save(self, fold: bool = False) -> bool:
        """Make what changed since the last save durable (a journal line; now and then the whole save);
        never over a file something else changed. In the background (see `save_in_background`) this
        only hands the job over, and says whether the last write worked."""
        assert self._file is not None
        job = self._file.job(self.encounter, fold=fold)
        if job is None:
            return self.save_error is None
        if self._autosaver is not None:
            self._autosaver.submit(job)
            return self.save_error is None
        self._file.write(job)
        return self.save_error is None

    def save_in_background(self, done: Callable[[], object]) -> None:
        """From now on saves are written by a thread; `done()` is called from it after each write."""
        if self._autosaver is None:
            assert self._file is not None
            self._autosaver = Autosaver(self._write, done)

    def _write(self, job: Job, fold_in: Callable[[Callable[[], None]], None]) -> None:
        assert self._file is not None
        self._file.write(job, fold_in)

    def flush(self) -> None:
        """Wait for background saves under way, if any."""
        if self._autosaver is not None:
            self._autosaver.flush()

    def save_as(self, name: str, data_dir: str | None = None) -> Path:
        """A named copy in the saves folder; the session goes on in the new file."""
        clean = "".join(ch for ch in name.strip() if ch.isalnum() or ch in " -_").strip()
        if not clean:
            raise CombatError("a save name needs letters or digits")
        target = paths.saves_dir(data_dir) / f"{clean}.json"
        if target.exists() and target.resolve() != self.path.resolve():
            raise CombatError(f"a save named {clean!r} already exists")
        new_lock = SaveLock(target)
        new_lock.acquire()
        self.flush()
        old_file, old_lock = self._file, self.lock
        self.encounter.doc.name = clean
        self._file = SaveFile(target, self.encounter, on_disk=False)
        self._file.write(self._file.job(self.encounter, fold=True) or Job())  # at once, even in the background
        if self.save_error:
            error = self.save_error
            self._file = old_file
            new_lock.release()
            raise SaveError(error)
        if old_lock is not None:
            old_lock.release()
        self.lock = new_lock
        self.path = target
        return target

    @property
    def unsaved(self) -> bool:
        """Whether changes are only in memory: the last save failed or was refused. Waits for a save
        under way first, so a write still on its way counts as what it turns out to be."""
        self.flush()
        return self.save_error is not None

    def write_copy(self, path: Path) -> None:
        """The whole encounter, written to a new file at `path` (never over one); the session keeps its
        own save. Raises SaveError with one line."""
        if path.exists():
            raise SaveError(f"{path} already exists; not overwritten")
        storage.save(self.encounter.doc, path)  # whole, with no journal: a copy stands on its own

    def rescue_path(self, data_dir: str | None = None) -> Path:
        """A new file for a rescue copy: `NAME.rescue-YYYYMMDD-HHMMSS.json` beside the save, or in the saves
        folder when the save's folder cannot be written."""
        base = f"{self.path.stem}.rescue-{datetime.now():%Y%m%d-%H%M%S}"
        folder = self.path.parent
        if not (folder.is_dir() and os.access(folder, os.W_OK | os.X_OK)):
            folder = paths.saves_dir(data_dir)
        target, n = folder / f"{base}.json", 2
        while target.exists():  # a second rescue within the second
            target, n = folder / f"{base}-{n}.json", n + 1
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
    return paths.saves_dir(data_dir) / f"demo-{ruleset}.json"


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
    if target.exists() and not fresh:
        return DemoCopy(target, resumed=True)
    lock = SaveLock(target)
    lock.acquire()  # never from under a tracker that has it open
    try:
        kept = _keep_played(target) if target.exists() else None
        try:
            text = read_regular_text(source, storage.MAX_SAVE_BYTES, "save")
        except NotReadable as exc:
            raise SaveError(f"cannot read the demo: {exc}") from None
        storage.write_atomic(target, text)
    finally:
        lock.release()
    return DemoCopy(target, kept=kept)


def _keep_played(target: Path) -> Path:
    """The played copy of a demo under a new name beside it (`demo-X-played-YYYYMMDD-HHMMSS.json`), its
    journal folded in; a copy that does not load is moved as it is."""
    base = f"{target.stem}-played-{datetime.now():%Y%m%d-%H%M%S}"
    kept, n = target.with_name(f"{base}.json"), 2
    while kept.exists():
        kept, n = target.with_name(f"{base}-{n}.json"), n + 1
    try:
        doc = storage.load(target)
    except CombatError:  # damaged or unreadable: kept byte for byte, for the GM to look at
        try:
            os.rename(target, kept)
        except OSError as exc:
            raise SaveError(f"cannot keep the played copy of the demo: {exc.strerror or exc}") from None
        return kept
    storage.save(doc, kept)
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
    """Saves in the data folder, most recently played first; unreadable ones listed with the reason."""
    folder = paths.saves_dir(data_dir)
    if not folder.is_dir():
        return []
    out: list[SaveInfo] = []
    for f in folder.glob("*.json"):
        try:
            doc = storage.load(f)
        except CombatError as exc:
            out.append(SaveInfo(f, clean_line(f.stem), "?", "", 0, "", problem=str(exc)))
            continue
        clock = doc.state.clock
        if not clock.started:
            when = "not started"
        elif clock.round == 0:
            when = f"TC {clock.tc}"
        else:
            when = f"round {clock.round}"
        if clock.ended:
            when = f"over, {when}"
        name = doc.name or clean_line(f.stem)  # a file name is read from the folder, so cleaned too
        out.append(SaveInfo(f, name, doc.ruleset, when, len(doc.state.combatants), doc.updated))
    return sorted(out, key=lambda s: s.updated, reverse=True)
