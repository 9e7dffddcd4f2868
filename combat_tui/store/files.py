"""Files written whole: a temp file beside the target, fsynced, renamed over it (library TOML, settings,
JSON exports). A reader sees the old file or the new one, never half of one; a symlink is written
through, not replaced."""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path

from ..engine.state.errors import SaveError


def write_atomic(path: Path, text: str | list[str]) -> None:
    """`text` (or its pieces, in order) as the whole of `path`, with the permissions `path` has (a new
    file: the umask's); SaveError with one line."""
    target = Path(os.path.realpath(path))  # a symlinked file stays a symlink to the new text
    tmp = ""
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        mode = mode_for(target)
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            with contextlib.suppress(OSError):
                os.fchmod(fh.fileno(), mode)
            fh.writelines([text] if isinstance(text, str) else text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except OSError as exc:
        raise SaveError(f"cannot save to {path}: {exc.strerror or exc}") from None
    finally:
        if tmp:
            with contextlib.suppress(OSError):
                os.unlink(tmp)  # gone already once renamed
    fsync_folder(target.parent)


def _read_umask() -> int:
    umask = os.umask(0o022)  # the only portable way to read it; done once, before any thread writes
    os.umask(umask)
    return umask


_UMASK = _read_umask()


def mode_for(path: Path) -> int:
    """The permissions a file written at `path` gets: its own if it exists, else the umask's."""
    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        return 0o666 & ~_UMASK


def fsync_folder(folder: Path) -> None:
    """A rename is durable once its folder is synced (where the system allows opening a folder)."""
    with contextlib.suppress(OSError):
        dfd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)
