"""Autosave off the UI thread: one writer thread takes the jobs in order, a second does the folds.

The UI thread only packs a job (`SaveFile.job`: a journal line, well under a millisecond); the
append and its fsync happen here. Jobs that queue up while a write is under way go out together,
in order, with one fsync. A fold's long write runs on its own thread so that appends go on meanwhile.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from .save_file import Job

Write = Callable[[Job, Callable[[Callable[[], None]], None]], object]


class Autosaver:
    def __init__(self, write: Write, done: Callable[[], object]) -> None:
        self._write = write
        self._done = done
        self._cond = threading.Condition()
        self._jobs: list[Job] = []
        self._busy = 0  # writes and folds under way
        self._stopping = False
        self._thread = threading.Thread(target=self._loop, name="autosave", daemon=True)
        self._thread.start()

    def submit(self, job: Job) -> None:
        with self._cond:
            self._jobs.append(job)
            self._cond.notify_all()

    def flush(self, timeout: float = 60.0) -> bool:
        """Wait until everything submitted is written (or failed), folds included. False on time-out."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._jobs and not self._busy, timeout)

    def close(self) -> None:
        self.flush()
        with self._cond:
            self._stopping = True
            self._cond.notify_all()
        self._thread.join(timeout=30.0)

    def _fold_in(self, fold: Callable[[], None]) -> None:
        with self._cond:
            self._busy += 1

        def run() -> None:
            try:
                fold()
            finally:
                with self._cond:
                    self._busy -= 1
                    self._cond.notify_all()
                self._done()

        threading.Thread(target=run, name="autosave-fold", daemon=True).start()

    def _loop(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: bool(self._jobs) or self._stopping)
                if not self._jobs:
                    return
                jobs, self._jobs = self._jobs, []
                self._busy += 1
            try:
                for job in _batched(jobs):
                    self._write(job, self._fold_in)
            finally:
                with self._cond:
                    self._busy -= 1
                    self._cond.notify_all()
            self._done()


def _batched(jobs: list[Job]) -> list[Job]:
    """Runs of records with no fold between them become one job: one append, one fsync."""
    out: list[Job] = []
    for job in jobs:
        if out and out[-1].fold is None:
            out[-1].records.extend(job.records)
            out[-1].fold = job.fold
        else:
            out.append(Job(list(job.records), job.fold))
    return out
