"""Autosave off the UI thread: one writer thread, and the newest save wins.

The UI thread only builds the save's text pieces (`SaveText`, about a millisecond even at 1,000
creatures); the write, its fsync and the rename happen here. A pending save that a newer one
overtakes is dropped: the newer holds everything the older did.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

Job = tuple[Path, list[str]]


class Autosaver:
    def __init__(self, write: Callable[[Path, list[str]], object], done: Callable[[], object]) -> None:
        self._write = write
        self._done = done
        self._cond = threading.Condition()
        self._job: Job | None = None
        self._busy = False
        self._stopping = False
        self._thread = threading.Thread(target=self._loop, name="autosave", daemon=True)
        self._thread.start()

    def submit(self, path: Path, pieces: list[str]) -> None:
        with self._cond:
            self._job = (path, pieces)
            self._cond.notify_all()

    def flush(self, timeout: float = 30.0) -> bool:
        """Wait until everything submitted is written (or failed). False on time-out."""
        with self._cond:
            return self._cond.wait_for(lambda: self._job is None and not self._busy, timeout)

    def close(self) -> None:
        self.flush()
        with self._cond:
            self._stopping = True
            self._cond.notify_all()
        self._thread.join(timeout=30.0)

    def _loop(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._job is not None or self._stopping)
                if self._job is None:
                    return
                job, self._job, self._busy = self._job, None, True
            try:
                self._write(*job)
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()
            self._done()
