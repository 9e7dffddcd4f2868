"""One writer per save: an OS lock on a file beside it, held for as long as the save is open.

The lock is the kernel's (`flock`), not the lock file's existence: a process that dies, however it
dies, lets go of it, and two processes can never both hold it. The file only carries the holder's
process id for the message a second tracker shows. A holder removes the file when it lets go; a
taker checks after locking that the file it locked is still the one at the path, so a file removed
between its open and its lock is never taken.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import stat
import threading
import time
from pathlib import Path

from .engine.errors import SaveError

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]


def lock_path(save: Path) -> Path:
    return save.with_name(f".{save.name}.lock")


# Locks this process holds, by the lock file's real path: (descriptor, how many SaveLocks share it).
# flock is per open file, so a second open in the same process would refuse the first.
_HELD: dict[str, list[int]] = {}
_GUARD = threading.Lock()


class _Busy(Exception):
    def __init__(self, error: SaveError, kind: str) -> None:
        self.error, self.kind = error, kind


def _try_lock(fd: int) -> bool:
    if fcntl is None:  # pragma: no cover - Windows
        import msvcrt

        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def _holder(fd: int) -> dict[str, object]:
    try:
        data = json.loads(os.pread(fd, 512, 0).decode("utf-8", "replace") or "{}")
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


class SaveLock:
    def __init__(self, save: Path) -> None:
        self.save = save
        self.path = lock_path(save)
        self.held = False
        self._key = ""

    def acquire(self, wait: float = 0.0, kind: str = "app") -> None:
        """Take the lock, or raise SaveError naming who has it. Re-entrant within one process. A lock held
        by a one-shot command (`do`) is waited for up to `wait` seconds; one held by an app is refused at
        once, since an app holds it for the evening."""
        deadline = time.monotonic() + wait
        while True:
            try:
                return self._acquire(kind)
            except _Busy as busy:
                if busy.kind == "app" or time.monotonic() >= deadline:
                    raise busy.error from None
            time.sleep(0.02)

    def _acquire(self, kind: str) -> None:
        name = self.save.name
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            key = os.path.realpath(self.path)
        except OSError as exc:
            raise SaveError(f"cannot lock {name}: {exc.strerror or exc}") from None
        with _GUARD:
            if self.held:
                return
            if key in _HELD:
                _HELD[key][1] += 1
                self.held, self._key = True, key
                return
            for _ in range(20):
                fd = self._open(name)
                try:
                    if not _try_lock(fd):
                        holder = _holder(fd)
                        raise _Busy(self._refusal(holder), str(holder.get("kind", "")))
                    try:
                        same = os.stat(self.path, follow_symlinks=False).st_ino == os.fstat(fd).st_ino
                    except FileNotFoundError:
                        same = False
                    if not same:  # its holder removed it between our open and our lock: take the new one
                        os.close(fd)
                        continue
                    me = json.dumps({"pid": os.getpid(), "host": socket.gethostname(), "kind": kind}).encode()
                    with contextlib.suppress(OSError):  # the pid is only for messages; a full disk still locks
                        os.ftruncate(fd, 0)
                        os.pwrite(fd, me, 0)
                except BaseException:
                    with contextlib.suppress(OSError):
                        os.close(fd)
                    raise
                _HELD[key] = [fd, 1]
                self.held, self._key = True, key
                self._sweep()
                return
        raise SaveError(f"cannot lock {name}: another process keeps taking it")

    def _open(self, name: str) -> int:
        flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
        try:
            fd = os.open(self.path, flags | getattr(os, "O_CLOEXEC", 0), 0o644)
        except OSError as exc:
            raise SaveError(f"cannot lock {name}: {exc.strerror or exc} ({self.path.name})") from None
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            os.close(fd)
            raise SaveError(f"cannot lock {name}: {self.path.name} is not a regular file; remove it")
        return fd

    def _refusal(self, holder: dict[str, object]) -> SaveError:
        pid, host = holder.get("pid"), holder.get("host")
        if isinstance(host, str) and host != socket.gethostname():
            return SaveError(f"{self.save.name} is open on another machine; close it there first")
        who = f" (process {pid})" if isinstance(pid, int) else ""
        return SaveError(f"{self.save.name} is open in another combat-tui{who}; close it there first")

    def _sweep(self) -> None:
        """Temp files a killed writer left between write and rename (the save's, and its journal's, which
        start `..NAME.`): with the lock held, none is live."""
        name = self.save.name
        for tmp in [*self.save.parent.glob(f".{name}.*.tmp"), *self.save.parent.glob(f"..{name}.*.journal.*.tmp")]:
            with contextlib.suppress(OSError):
                tmp.unlink()

    def release(self) -> None:
        with _GUARD:
            if not self.held:
                return
            self.held = False
            entry = _HELD.get(self._key)
            if entry is None:
                return
            entry[1] -= 1
            if entry[1] > 0:
                return
            del _HELD[self._key]
            with contextlib.suppress(OSError):
                self.path.unlink()  # while still locked: a waiting taker sees the path changed
            with contextlib.suppress(OSError):
                os.close(entry[0])
