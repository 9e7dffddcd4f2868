"""One writer per save: a lock file beside it, so two trackers never silently overwrite each other.

The lock holds the writer's process id. A lock whose process is gone (a killed terminal) is stale
and taken over; a live one is refused with a message saying which process holds it.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
from pathlib import Path

from .engine.errors import SaveError


def lock_path(save: Path) -> Path:
    return save.with_name(f".{save.name}.lock")


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


class SaveLock:
    def __init__(self, save: Path) -> None:
        self.save = save
        self.path = lock_path(save)
        self.held = False

    def _holder(self) -> dict[str, object] | None:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        return data if isinstance(data, dict) else None

    def acquire(self) -> None:
        """Take the lock, or raise SaveError naming who has it. Re-entrant within one process."""
        me = {"pid": os.getpid(), "host": socket.gethostname()}
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise SaveError(f"cannot lock {self.save.name}: {exc.strerror or exc}") from None
        for _ in range(3):
            try:
                fd = os.open(self.path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
            except FileExistsError:
                holder = self._holder()
                pid = holder.get("pid") if holder else None
                same_host = holder is not None and holder.get("host") == me["host"]
                if isinstance(pid, int) and same_host and pid == me["pid"]:
                    self.held = True
                    return
                if isinstance(pid, int) and same_host and _alive(pid):
                    raise SaveError(f"{self.save.name} is open in another combat-tui (process {pid}); "
                                    "close it there first") from None
                if holder is not None and not same_host:
                    raise SaveError(f"{self.save.name} is open on {holder.get('host')}; close it there first") from None
                with contextlib.suppress(FileNotFoundError):
                    self.path.unlink()  # stale: its process is gone
                continue
            except OSError as exc:
                raise SaveError(f"cannot lock {self.save.name}: {exc.strerror or exc}") from None
            try:
                with os.fdopen(fd, "w", encoding="utf-8") as fh:
                    json.dump(me, fh)
            except OSError as exc:  # a full disk: no half-written lock left behind
                with contextlib.suppress(OSError):
                    self.path.unlink()
                raise SaveError(f"cannot lock {self.save.name}: {exc.strerror or exc}") from None
            self.held = True
            self._sweep()
            return
        raise SaveError(f"cannot lock {self.save.name}: another process keeps taking it")

    def _sweep(self) -> None:
        """Temp files a killed writer left between write and rename: with the lock held, none is live."""
        for tmp in self.save.parent.glob(f".{self.save.name}.*.tmp"):
            with contextlib.suppress(OSError):
                tmp.unlink()

    def release(self) -> None:
        if not self.held:
            return
        holder = self._holder()
        if holder and holder.get("pid") == os.getpid():
            with contextlib.suppress(OSError):
                self.path.unlink()
        self.held = False
