"""Autosave off the UI thread: one writer thread takes the jobs in order and writes them.

The UI thread only packs a job (`store.packing.Packer`); the transaction and its fsyncs happen here.
Jobs that queue up while a write is under way go out together, in order, as one transaction.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from .store.save_db import Job

Write = Callable[[list[Job]], object]


class Autosaver:
    def __init__(self, write: Write, done: Callable[[], object]) -> None:
        self._write = write
        self._done = done
        self._cond = threading.Condition()
        self._jobs: list[Job] = []
        self._busy = False
        self._stopping = False
        self._thread = threading.Thread(target=self._loop, name="autosave", daemon=True)
        self._thread.start()

    def submit(self, job: Job | None) -> None:
        """Write `job` (None: only retry what failed before)."""
        with self._cond:
            if job is not None:
                self._jobs.append(job)
            self._kick = True
            self._cond.notify_all()

    def flush(self, timeout: float = 60.0) -> bool:
        """Wait until everything submitted is written (or failed). False on time-out."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._jobs and not self._busy and not self._kick, timeout)

    def close(self) -> None:
        self.flush()
        with self._cond:
            self._stopping = True
            self._cond.notify_all()
        self._thread.join(timeout=30.0)

    _kick = False  # a write (or a retry) is asked for

    def _loop(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._kick or self._stopping)
                if not self._kick:
                    return
                jobs, self._jobs, self._kick = self._jobs, [], False
                self._busy = True
            try:
                self._write(jobs)
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()
            self._done()
