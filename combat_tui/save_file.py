"""One save as this process writes it: a change is one journal line, the whole save now and then.

`SaveFile.job` runs where the encounter changes (the UI thread) and only packs what changed since
the last job: a journal record (`engine/journal.py`), and now and then a fold, the whole save
under a new journal generation. `SaveFile.write` does the disk work, on the caller's thread or the
autosave thread's. A record is durable once its line is fsynced, however long the log; a fold
writes the big file first and only then, under the same lock as the appends, switches the save
and its journal over in two renames, so it never holds a change up for longer than those take.

If an append fails (a full disk) the journal is cut back to its last whole record and no more is
appended to it; the next job is a fold, which holds everything, and is retried until it works.
"""

from __future__ import annotations

import bisect
import contextlib
import os
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from . import faults
from .engine import journal, storage
from .engine.clean import clean_line
from .engine.encounter import Encounter
from .engine.errors import SaveError
from .engine.events import Event
from .engine.save_text import SaveText

FOLD_RECORDS = 2000  # replaying more than this at start-up would start to show
FOLD_MIN_BYTES = 256 * 1024


@dataclass
class Fold:
    gen: str
    pieces: list[str]
    after: int  # the journal records up to this number are in the snapshot


@dataclass
class Job:
    records: list[tuple[int, str]] = field(default_factory=list)
    fold: Fold | None = None


FOREIGN = "{name} was changed on disk by something else; not overwritten — save a copy (ctrl+s) to keep this encounter"
Stamp = tuple[int, int, int] | None  # (inode, mtime_ns, size)


def stamp(path: Path) -> Stamp:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_ino, st.st_mtime_ns, st.st_size)


class SaveFile:
    def __init__(self, path: Path, enc: Encounter, last: int = 0, snapshot_bytes: int = 0,
                 on_disk: bool = True, replayed: int = 0) -> None:
        """`last`: the number of the journal's last record as read (0 for none), of `replayed` records;
        `on_disk`: the file at `path` is this encounter as read (not a new save)."""
        self.path = path
        self.error: str | None = None
        # the UI thread's side: what the jobs so far hold
        self._text = SaveText()
        self._events: list[Event] = list(enc.doc.log)
        self._cursor = enc.doc.cursor
        self._updated = enc.doc.updated
        self._n = last
        self._journal_bytes = 0
        self._folded = last - replayed  # the record number the snapshot holds up to
        self._snapshot_bytes = snapshot_bytes
        self._folding = False  # a fold is asked for and not yet done
        # the writer's side
        self._io = threading.Lock()
        self._gen = enc.doc.journal if on_disk else ""
        self._written_n = last  # the last record number in the journal on disk
        self._carry: list[tuple[int, str]] | None = None  # records since a fold began, for its journal
        self._stamps = (stamp(path), stamp(self._journal()) if self._gen else None) if on_disk else (None, None)
        self._broken = self._stamps[1] is None  # no journal to append to: the next job is a fold

    # -- the UI thread -------------------------------------------------------------------------------
    def job(self, enc: Encounter, fold: bool = False) -> Job | None:
        """What to write for the changes since the last job; None when there are none."""
        doc = enc.doc
        out = Job()
        keep = self._kept(doc.log)
        if keep != len(doc.log) or keep != len(self._events) or doc.cursor != self._cursor \
                or doc.updated != self._updated:
            added = doc.log[keep:]
            self._n += 1
            line = journal.record(self._n, keep, doc.cursor, doc.updated, [e.model_dump_json() for e in added])
            out.records.append((self._n, line))
            self._journal_bytes += len(line)
            del self._events[keep:]
            self._events.extend(added)
            self._cursor, self._updated = doc.cursor, doc.updated
        due = self._broken or not self.path.exists() or \
            self._n - self._folded >= (faults.FOLD_EVERY or FOLD_RECORDS) or \
            self._journal_bytes > max(FOLD_MIN_BYTES, self._snapshot_bytes // 4)
        if (fold or due) and not self._folding:
            doc.journal = journal.new_generation()  # the snapshot asked for carries on in a new journal
            out.fold = Fold(doc.journal, self._text.pieces(enc), self._n)
            self._folding = True
            self._folded, self._journal_bytes = self._n, 0
        return out if out.records or out.fold else None

    def trim(self, whole: int) -> None:
        """Cut a record a kill left half-written off the journal's end, so the next one starts a line."""
        size = self._stamps[1][2] if self._stamps[1] else 0
        if size <= whole:
            return
        try:
            fd = os.open(self._journal(), os.O_WRONLY | getattr(os, "O_NOFOLLOW", 0))
            try:
                os.ftruncate(fd, whole)
                os.fsync(fd)
            finally:
                os.close(fd)
        except OSError:
            self._broken = True  # then the next write is a whole save, with a new journal
        self._stamps = (self._stamps[0], stamp(self._journal()))

    def needs_fold(self) -> bool:
        """No journal to carry on in, or one long enough to slow the next start-up."""
        return self._broken or self._n - self._folded >= FOLD_RECORDS // 4

    def _kept(self, log: list[Event]) -> int:
        """How many leading events the log shares with what was written (by identity: events never
        change; a command after an undo cuts the log at the cursor)."""
        mine = self._events
        n = min(len(mine), len(log))
        if n == 0 or log[n - 1] is mine[n - 1]:
            return n
        # identity holds on a prefix: bisect for its end
        return bisect.bisect_left(range(n), True, key=lambda i: log[i] is not mine[i])

    # -- the writer ----------------------------------------------------------------------------------
    def write(self, job: Job, fold_in: Callable[[Callable[[], None]], None] | None = None) -> None:
        """Append the job's records, then fold if it asks; `fold_in` runs the fold's long write elsewhere
        (the autosave's fold thread), else it runs here."""
        with self._io:
            if job.fold is not None and self._carry is None:
                self._carry = []  # what the fold's journal must carry: records past its snapshot
            if self._carry is not None:
                self._carry.extend(job.records)
            if job.records and not self._broken:
                self._append(job.records)
        if job.fold is not None:
            fold = job.fold
            if fold_in is None:
                self._fold(fold)
            else:
                fold_in(lambda: self._fold(fold))

    def _journal(self) -> Path:
        return journal.journal_path(self.path, self._gen)

    def _foreign(self) -> bool:
        """Whether something else changed the save or its journal since our last write (a file that is
        gone is not a change: the next write puts it back)."""
        now = (stamp(self.path), stamp(self._journal()))
        return any(seen is not None and seen != mine for seen, mine in zip(now, self._stamps, strict=True))

    def _append(self, records: list[tuple[int, str]]) -> None:
        path = self._journal()
        if self._foreign():
            self._fail(FOREIGN.format(name=clean_line(self.path.name)), broken=False)
            return
        if stamp(self.path) is None:  # the save is gone (its folder vanished): only a whole one will do
            self._fail(f"cannot save to {self.path}: the save is gone from its folder")
            return
        size = self._stamps[1][2] if self._stamps[1] else 0
        try:
            fd = os.open(path, os.O_WRONLY | os.O_APPEND | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0))
        except OSError as exc:
            self._fail(f"cannot save to {self.path}: {exc.strerror or exc}")
            return
        try:
            with os.fdopen(fd, "a", encoding="utf-8") as fh:
                try:
                    text = "".join(line for _, line in records)
                    if faults.armed("journal-torn"):
                        fh.write(text[: len(text) // 2])
                        fh.flush()
                        faults.kill()
                    fh.write(text)
                    fh.flush()
                    faults.reach("journal-written")
                    os.fsync(fh.fileno())
                except OSError:
                    with contextlib.suppress(OSError):  # no torn record is left for the next one to follow
                        os.ftruncate(fh.fileno(), size)
                        self._stamps = (self._stamps[0], stamp(path))
                    raise
        except OSError as exc:
            self._fail(f"cannot save to {self.path}: {exc.strerror or exc}")
            return
        faults.reach("journal-synced")
        self._written_n = records[-1][0]
        self._stamps = (self._stamps[0], stamp(path))
        self.error = None

    def _fail(self, message: str, broken: bool = True) -> None:
        self.error = f"{message} — kept in memory; will retry" if broken else message
        if broken:
            self._broken = True

    def _fold(self, fold: Fold) -> None:
        try:
            self._fold_or_raise(fold)
        except SaveError as exc:
            with self._io:
                self._carry = None
                self._fail(str(exc))
        finally:
            self._folding = False

    def _fold_or_raise(self, fold: Fold) -> None:
        folder = self.path.parent
        tmp = storage.write_temp(self.path, fold.pieces)  # the long part, with appends going on
        faults.reach("fold-temp")
        try:
            with self._io:
                if self._foreign():
                    self._carry = None
                    self._fail(FOREIGN.format(name=clean_line(self.path.name)), broken=False)
                    return
                carry = [rec for rec in (self._carry or []) if rec[0] > fold.after]
                new_journal = journal.journal_path(self.path, fold.gen)
                storage.write_atomic(new_journal, [journal.header(fold.gen, fold.after)] + [r for _, r in carry])
                faults.reach("fold-journal")
                os.replace(tmp, self.path)
                storage.fsync_folder(folder)
                faults.reach("fold-renamed")
                old = self._journal()
                self._gen = fold.gen
                self._written_n = carry[-1][0] if carry else fold.after
                self._stamps = (stamp(self.path), stamp(new_journal))
                self._carry = None
                self._broken = False
                self.error = None
                if old != new_journal:
                    with contextlib.suppress(OSError):
                        old.unlink()
        except OSError as exc:
            raise SaveError(f"cannot save to {self.path}: {exc.strerror or exc}") from None
        finally:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        self._snapshot_bytes = sum(len(p) for p in fold.pieces)


def sweep_journals(path: Path, keep: str) -> None:
    """Journals of other generations beside a save: left by a fold a kill cut short. Only with the lock."""
    for old in path.parent.glob(f".{path.name}.*.journal"):
        if old.name != journal.journal_path(path, keep).name:
            with contextlib.suppress(OSError):
                old.unlink()

