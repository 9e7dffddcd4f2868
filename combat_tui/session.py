"""A session at the table: one encounter, the file it autosaves to, and what went wrong saving.

No Textual here: the app drives a Session, and so can a test or a script. Every change is saved at
once; a save that fails (full disk, vanished folder) keeps the state in memory, remembers the
error and is tried again with the next change or `save()`.
"""

from __future__ import annotations

import random
import shutil
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from . import paths
from .autosave import Autosaver
from .engine import storage
from .engine.clean import clean_line
from .engine.encounter import Encounter
from .engine.errors import CombatError, SaveError
from .engine.loader import Catalogue, load_all
from .engine.save_text import SaveText
from .lock import SaveLock


def catalogue() -> Catalogue:
    return load_all(paths.user_rulesets_dir())


@dataclass
class Session:
    encounter: Encounter
    path: Path
    save_error: str | None = None
    lock: SaveLock | None = None
    written: tuple[int, int] | None = field(default=None, repr=False)  # (mtime_ns, size) of our last save
    _text: SaveText = field(default_factory=SaveText, repr=False)
    _autosaver: Autosaver | None = field(default=None, repr=False)
    _writing: threading.Lock = field(default_factory=threading.Lock, repr=False)

    @classmethod
    def open(cls, path: Path, cat: Catalogue, seed: int | None = None, lock: bool = True) -> Session:
        """Open a save for playing. With `lock`, refuses a save another live tracker has open."""
        held = SaveLock(path) if lock else None
        if held is not None:
            held.acquire()
        try:
            doc = storage.load(path)
            session = cls(Encounter(doc, cat.get(doc.ruleset), random.Random(seed)), path, lock=held)
        except BaseException:
            if held is not None:
                held.release()
            raise
        session.written = _stamp(path)
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

    def save(self) -> bool:
        """Write the encounter; never over a file something else changed since our last save. In the
        background (see `save_in_background`) this only hands the text over, and says whether the last
        write worked; `done` tells when this one has."""
        pieces = self._text.pieces(self.encounter)
        if self._autosaver is not None:
            self._autosaver.submit(self.path, pieces)
            return self.save_error is None
        return self._write(self.path, pieces)

    def save_in_background(self, done: Callable[[], object]) -> None:
        """From now on saves are written by a thread; `done()` is called from it after each write."""
        if self._autosaver is None:
            self._autosaver = Autosaver(self._write, done)

    def flush(self) -> None:
        """Wait for a background save under way, if any."""
        if self._autosaver is not None:
            self._autosaver.flush()

    def _write(self, path: Path, pieces: list[str]) -> bool:
        with self._writing:
            if self.written is not None and _stamp(path) not in (self.written, None):
                self.save_error = (f"{clean_line(path.name)} was changed on disk by something else; not overwritten — "
                                   "save a copy (ctrl+s) to keep this encounter")
                return False
            try:
                storage.write_atomic(path, pieces)
            except SaveError as exc:
                self.save_error = f"{exc} — kept in memory; will retry"
                return False
            self.save_error = None
            self.written = _stamp(path)
            return True

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
        if self.lock is not None:
            self.lock.release()
        self.lock = new_lock
        self.path = target
        self.written = None
        self.encounter.doc.name = clean
        if not self._write(self.path, self._text.pieces(self.encounter)):  # at once, even in the background
            raise SaveError(self.save_error or "cannot save")
        return target


def _stamp(path: Path) -> tuple[int, int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_size)


def demo_copy(ruleset: str, data_dir: str | None = None) -> Path:
    """A fresh copy of a shipped demo in the saves folder, so playing it never changes the original."""
    source = paths.demo_saves_dir() / f"{ruleset}.json"
    if not source.is_file():
        known = ", ".join(sorted(p.stem for p in paths.demo_saves_dir().glob("*.json")))
        raise CombatError(f"no demo for {ruleset!r} (demos: {known})")
    target = paths.saves_dir(data_dir) / f"demo-{ruleset}.json"
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)
    except OSError as exc:
        raise SaveError(f"cannot copy the demo to {target}: {exc.strerror or exc}") from None
    return target


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
        name = doc.name or clean_line(f.stem)  # a file name is read from the folder, so cleaned too
        out.append(SaveInfo(f, name, doc.ruleset, when, len(doc.state.combatants), doc.updated))
    return sorted(out, key=lambda s: s.updated, reverse=True)
