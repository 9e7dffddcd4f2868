"""A session at the table: one encounter, the file it autosaves to, and what went wrong saving.

No Textual here: the app drives a Session, and so can a test or a script. Every change is saved at
once; a save that fails (full disk, vanished folder) keeps the state in memory, remembers the
error and is tried again with the next change or `save()`.
"""

from __future__ import annotations

import random
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from . import paths
from .engine import storage
from .engine.encounter import Encounter
from .engine.errors import CombatError, SaveError
from .engine.loader import Catalogue, load_all


def catalogue() -> Catalogue:
    return load_all(paths.user_rulesets_dir())


@dataclass
class Session:
    encounter: Encounter
    path: Path
    save_error: str | None = None
    messages: list[str] = field(default_factory=list)

    @classmethod
    def open(cls, path: Path, cat: Catalogue, seed: int | None = None) -> Session:
        doc = storage.load(path)
        return cls(Encounter(doc, cat.get(doc.ruleset), random.Random(seed)), path)

    @classmethod
    def create(cls, path: Path, cat: Catalogue, ruleset: str, name: str = "", seed: int | None = None) -> Session:
        if path.exists():
            raise CombatError(f"{path.name} already exists")
        session = cls(Encounter.new(cat.get(ruleset), seed=seed, name=name or path.stem), path)
        session.save()
        if session.save_error:
            raise SaveError(session.save_error)
        return session

    def run(self, line: str) -> list[str]:
        """Run one command; on success autosave. Raises CombatError (nothing changed) on bad input."""
        lines = self.encounter.run(line)
        self.save()
        return lines

    def save(self) -> bool:
        try:
            storage.save(self.encounter.doc, self.path)
        except SaveError as exc:
            self.save_error = f"{exc} — kept in memory; will retry"
            return False
        self.save_error = None
        return True

    def save_as(self, name: str, data_dir: str | None = None) -> Path:
        """A named copy in the saves folder; the session goes on in the new file."""
        clean = "".join(ch for ch in name.strip() if ch.isalnum() or ch in " -_").strip()
        if not clean:
            raise CombatError("a save name needs letters or digits")
        target = paths.saves_dir(data_dir) / f"{clean}.json"
        if target.exists() and target.resolve() != self.path.resolve():
            raise CombatError(f"a save named {clean!r} already exists")
        self.path = target
        self.encounter.doc.name = clean
        if not self.save():
            raise SaveError(self.save_error or "cannot save")
        return target


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
            out.append(SaveInfo(f, f.stem, "?", "", 0, "", problem=str(exc)))
            continue
        clock = doc.state.clock
        if not clock.started:
            when = "not started"
        elif clock.round == 0:
            when = f"TC {clock.tc}"
        else:
            when = f"round {clock.round}"
        out.append(SaveInfo(f, doc.name or f.stem, doc.ruleset, when, len(doc.state.combatants), doc.updated))
    return sorted(out, key=lambda s: s.updated, reverse=True)
