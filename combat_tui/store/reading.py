"""Reading a file a GM (or anyone) put in a folder: only a regular file, and never more than a cap.

A FIFO would block the read forever and `/dev/zero` never ends, so a file is opened without
blocking, checked to be a regular file on the open descriptor (no race with a swap of the path),
and read up to one byte past the cap.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from ..engine.state.errors import CombatError


class NotReadable(CombatError):
    """A file that is missing, not a regular file, too large or unreadable; the message says which."""

    def __init__(self, message: str, missing: bool = False) -> None:
        super().__init__(message)
        self.missing = missing


def read_regular(path: Path, cap: int, what: str = "file") -> bytes:
    """The bytes of a regular file of at most `cap` bytes; NotReadable with a one-line reason otherwise."""
    name = path.name or str(path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except FileNotFoundError:
        raise NotReadable(f"{name}: no such {what}", missing=True) from None
    except OSError as exc:
        raise NotReadable(f"{name}: cannot read ({exc.strerror or exc})") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise NotReadable(f"{name}: not a regular file, so not read as a {what}")
        if st.st_size > cap:
            raise NotReadable(f"{name}: too large to be a {what} ({st.st_size:,} bytes; at most {cap:,})")
        chunks: list[bytes] = []
        left = cap + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        if left <= 0:  # it grew past the cap while we read
            raise NotReadable(f"{name}: too large to be a {what} (over {cap:,} bytes)")
        return b"".join(chunks)
    except OSError as exc:
        raise NotReadable(f"{name}: cannot read ({exc.strerror or exc})") from None
    finally:
        os.close(fd)


def read_regular_text(path: Path, cap: int, what: str = "file") -> str:
    """As `read_regular`, decoded as UTF-8."""
    data = read_regular(path, cap, what)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise NotReadable(f"{path.name}: not a {what} (not text)") from None
