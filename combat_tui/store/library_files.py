"""The GM's library as files: the store's side of `engine/library` (its `Shelf`). A folder's `*.toml`
files are read here, each never more than a cap, and parsed by the engine; `keep` and `party` write
theirs whole through here."""

from __future__ import annotations

from pathlib import Path

from ..engine.library import Library, reading
from ..engine.library.reading import Found, Rulesets
from ..engine.state.errors import CombatError
from ..engine.state.lasting import LastingSink, LastingSource
from .files import write_atomic
from .reading import NotReadable, read_regular_text

MAX_LIBRARY_BYTES = 256 * 1024  # one file; the largest starter bestiary is a few KB
MAX_FILES = 1000  # in one folder


def builtin_dir() -> Path:
    """The starter bestiary: packaged beside the code, or the repository's `bestiary/`."""
    packaged = Path(__file__).resolve().parents[1] / "data" / "bestiary"
    return packaged if packaged.is_dir() else Path(__file__).resolve().parents[2] / "bestiary"


class Files:
    """The library's files on disk."""

    def starter(self, rulesets: Rulesets, only: str | None = None) -> Found:
        return read_folder(builtin_dir(), rulesets, only)

    def folder(self, folder: Path, rulesets: Rulesets, only: str | None = None) -> Found:
        return read_folder(folder, rulesets, only)

    def exists(self, path: Path) -> bool:
        return path.exists()

    def text(self, path: Path) -> str:
        try:
            return read_regular_text(path, MAX_LIBRARY_BYTES, "library file")
        except NotReadable as exc:
            raise CombatError(str(exc)) from None

    def write(self, path: Path, text: str) -> None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(path, text)
        except OSError as exc:
            raise CombatError(f"cannot write {path.name}: {exc.strerror or exc}") from None


FILES = Files()


def read_folder(folder: Path, rulesets: Rulesets, only: str | None = None) -> Found:
    """Every `*.toml` of a folder, in name order; a missing folder holds nothing. `only`: one ruleset's
    entries (see `reading.read_text`)."""
    found = Found()
    if not folder.is_dir():
        return found
    paths = sorted(folder.glob("*.toml"))
    if len(paths) > MAX_FILES:
        found.problems.append(f"{folder.name}: more than {MAX_FILES} files; only the first {MAX_FILES} read")
        paths = paths[:MAX_FILES]
    for path in paths:
        try:
            text = FILES.text(path)
        except CombatError as exc:
            found.problems.append(str(exc))
            continue
        reading.read_text(path, text, rulesets, found, only)
    return found


def load(folder: Path | None, rulesets: Rulesets, starter: bool = True, lasting: LastingSource | None = None,
         keep: LastingSink | None = None) -> Library:
    """The starter bestiary, then the GM's folder over it (a template of the same name replaces the
    starter's; two of the GM's own of one name: the first file's is kept, the other reported).
    `lasting` reads parties' lasting state and `keep` keeps it (see `Library`); without them, the files
    hold it, as before there was anywhere else."""
    return Library(folder, lasting=lasting, keep=keep, rulesets=rulesets, starter=starter, shelf=FILES)
