"""Find and read ruleset data files (the engine parses and validates them): the built-in five and a GM's own.

Both kinds go through the same path. A bad file is reported with its name and the key at fault
and skipped; it never stops the others from loading.
"""

from __future__ import annotations

from pathlib import Path

from ..engine.rules.systems import system_for
from ..engine.ruleset import RulesetDef
from ..engine.ruleset.check_verify import verify as verify_checks
from ..engine.state.errors import RulesetError
from ..engine.toml_text import parse_ruleset
from .reading import NotReadable, read_regular

MAX_RULESET_BYTES = 1 << 20  # the largest shipped ruleset is 44 KB
def builtin_dir() -> Path:
    """The shipped rulesets: packaged beside the code, or the repository's top-level folder."""
    packaged = Path(__file__).resolve().parent.parent / "data" / "rulesets"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[2] / "rulesets"


def load_file(path: Path) -> RulesetDef:
    """Read and parse one ruleset file; raise RulesetError naming the file and the key at fault."""
    try:
        raw = read_regular(path, MAX_RULESET_BYTES, "ruleset")
    except NotReadable as exc:
        raise RulesetError(str(exc)) from None
    rs = parse_ruleset(raw, path.name)
    try:
        system_for(rs)
        verify_checks(rs)
    except RulesetError as exc:
        raise RulesetError(f"{path.name}: {exc}") from None
    return rs


class Catalogue:
    """The rulesets of some folders: the built-in ones first, then a GM's own. Reading every file takes
    a while at start-up, so `get` reads just the built-in file named after the id when there is one,
    and everything else only when the whole list is asked for."""

    def __init__(self, folders: list[Path]) -> None:
        self._folders = folders
        self._rulesets: dict[str, RulesetDef] = {}
        self._sources: dict[str, Path] = {}
        self._problems: list[str] = []
        self._complete = False

    @property
    def rulesets(self) -> dict[str, RulesetDef]:
        self._load_all()
        return self._rulesets

    @property
    def problems(self) -> list[str]:
        self._load_all()
        return self._problems

    def get(self, ruleset_id: str) -> RulesetDef:
        if ruleset_id not in self._rulesets and not self._complete:
            self._load_builtin(ruleset_id)
        if ruleset_id not in self._rulesets:
            self._load_all()
        try:
            return self._rulesets[ruleset_id]
        except KeyError:
            known = ", ".join(sorted(self._rulesets)) or "none"
            skipped = [p for p in self._problems if ruleset_id in p]
            why = f"; skipped: {skipped[0]}" if skipped else ""
            raise RulesetError(f"unknown ruleset {ruleset_id!r} (known: {known}){why}") from None

    def _load_builtin(self, ruleset_id: str) -> None:
        """A built-in file is named after its id (a test checks), and built-ins come first, so this
        gives what reading everything would."""
        path = builtin_dir() / f"{ruleset_id}.toml"
        if not self._folders or self._folders[0] != builtin_dir() or not path.is_file():
            return
        try:
            rs = load_file(path)
        except RulesetError:
            return  # reading everything reports it
        if rs.id == ruleset_id:
            self._rulesets[rs.id] = rs
            self._sources[rs.id] = path

    def _load_all(self) -> None:
        """Load every folder in order. A later file may not replace an id already taken."""
        if self._complete:
            return
        self._complete = True
        quick = {self._sources[rid]: rs for rid, rs in self._rulesets.items()}  # read already: kept as is
        self._rulesets.clear()
        self._sources.clear()
        for folder in self._folders:
            if not folder.is_dir():
                continue
            for path in sorted(folder.glob("*.toml")):
                try:
                    rs = quick.get(path) or load_file(path)
                except RulesetError as exc:
                    self._problems.append(str(exc))
                    continue
                if rs.id in self._rulesets:
                    self._problems.append(f"{path.name}: ruleset id {rs.id!r} is already taken; skipped")
                    continue
                self._rulesets[rs.id] = rs
                self._sources[rs.id] = path


def load_all(user_dir: Path | None = None) -> Catalogue:
    """The built-in rulesets, then the GM's own from `user_dir` (read as they are needed)."""
    return Catalogue([builtin_dir()] + ([user_dir] if user_dir is not None else []))
