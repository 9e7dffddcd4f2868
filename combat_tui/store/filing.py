"""Renaming and deleting a save: a closed save is one file, so both are one file operation. A save
another process is writing (its transaction open, or a journal left to roll back) is refused."""

from __future__ import annotations

import os
import re
import sqlite3
from pathlib import Path

from ..engine.state.errors import SaveError
from .save_db import SUFFIX

NAME = re.compile(r"[\w][\w -]{0,63}")


def check_name(name: str) -> str:
    """A save's new name, as typed: letters, digits, spaces, - and _ (it is a file name)."""
    name = name.strip()
    if name.endswith(SUFFIX):
        name = name[: -len(SUFFIX)].strip()
    if not NAME.fullmatch(name):
        raise SaveError(f"{name[:40]!r} is not a save's name: letters, digits, spaces, - and _")
    return name


def _free(path: Path) -> None:
    """Refuses a save being written now: its lock is taken, or a journal waits to be rolled back."""
    if not path.is_file():
        raise SaveError(f"{path.name}: no such save")
    if path.suffix != SUFFIX:
        return  # an older version's JSON save: nothing holds it open
    if os.path.lexists(f"{path}-journal"):
        raise SaveError(f"{path.stem}: another combat-tui is writing it; try again in a moment")
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=rw", uri=True, timeout=0, isolation_level=None)
    except sqlite3.Error:
        return  # not openable as a database at all (a broken save): nothing can be writing it
    try:
        conn.execute("BEGIN IMMEDIATE")  # fails at once while another process holds the save for writing
    except sqlite3.Error as exc:
        if exc.sqlite_errorcode & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
            raise SaveError(f"{path.stem}: another combat-tui is writing it; try again in a moment") from None
    finally:
        conn.close()  # the transaction begun goes with it, nothing written


def rename(path: Path, new_name: str) -> Path:
    """The save at `path` called `new_name` in the same folder; the new path."""
    target = path.with_name(check_name(new_name) + path.suffix)
    if target == path:
        return path
    if os.path.lexists(target):
        raise SaveError(f"a save called {target.stem} is already there; not overwritten")
    _free(path)
    try:
        os.rename(path, target)
    except OSError as exc:
        raise SaveError(f"cannot rename {path.stem}: {exc.strerror or exc}") from None
    return target


def remove(path: Path) -> None:
    """The save at `path` deleted (the caller asked the GM first)."""
    _free(path)
    try:
        os.remove(path)
    except OSError as exc:
        raise SaveError(f"cannot delete {path.stem}: {exc.strerror or exc}") from None


__all__ = ["check_name", "remove", "rename"]
