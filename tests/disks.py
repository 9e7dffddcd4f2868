"""Disks that fail: a small real one (a tmpfs, mounted when the tests run as root) filled up, else the
same failure injected at SQLite's write (`combat_tui.faults`); a read-only folder is always injected."""

from __future__ import annotations

import contextlib
import os
import subprocess
from pathlib import Path

import pytest

from combat_tui import faults


def can_mount() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


class Disk:
    """A folder on a disk of its own that a test can fill up or make read-only, and mend again."""

    def __init__(self, folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        self.folder = folder
        self.real = False
        self._mp = monkeypatch
        folder.mkdir(parents=True, exist_ok=True)
        if can_mount():
            done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m,mode=0777", "tmpfs", str(folder)],
                                  capture_output=True)
            self.real = done.returncode == 0
        self.saves = folder / "saves"  # a folder of its own: the filler files stay out of its listing
        self.saves.mkdir()

    def fill(self) -> None:
        """No room left for one more byte."""
        if not self.real:
            self._fail("full")
            return
        for name, chunk in ((".filler", 4096), (".filler-tail", 1)):  # then the last bytes, one at a time
            with contextlib.suppress(OSError), open(self.folder / name, "wb", buffering=0) as fh:
                while True:
                    fh.write(b"\0" * chunk)

    def read_only(self) -> None:
        """Injected even as root: a disk cannot be remounted read-only under a file open for writing,
        and root writes through a folder's permissions."""
        self._fail("read-only")

    def mend(self) -> None:
        self._mp.setattr(faults, "FAIL", "")
        self._mp.delenv("COMBAT_TUI_FAIL", raising=False)
        for name in (".filler", ".filler-tail"):
            with contextlib.suppress(OSError):
                (self.folder / name).unlink()

    def _fail(self, kind: str) -> None:
        self._mp.setattr(faults, "FAIL", kind)  # this process
        self._mp.setenv("COMBAT_TUI_FAIL", kind)  # and the `do`s it starts

    def close(self) -> None:
        if self.real:
            subprocess.run(["umount", "-l", str(self.folder)], capture_output=True)
