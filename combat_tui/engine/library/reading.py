"""Reading a library folder's files: each `*.toml` the store reads is parsed here (never run), each entry
checked against its ruleset. A bad file or entry is one line naming the file and key, and is skipped; nothing stops."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Protocol, TypeVar

from pydantic import BaseModel, ValidationError

from ..ruleset import RulesetDef
from ..state.errors import CombatError, CommandError
from ..state.targets import clean_name
from ..toml_text import first_error, loads
from .checks import check_member, check_template
from .model import Party, Template

MAX_ENTRIES = 500  # creatures or parties in one file

E = TypeVar("E", Template, Party)
Rulesets = Callable[[str], RulesetDef]  # a ruleset by id; raises CombatError for one it does not know


class Shelf(Protocol):
    """The library's files, read and written by the store (`store/library_files.py`): the engine names
    files but does no file I/O. Each raises CombatError with one line where the file cannot be had."""

    # `only`: that ruleset's entries alone (None: every one)
    def starter(self, rulesets: Rulesets, only: str | None = None) -> Found: ...
    def folder(self, folder: Path, rulesets: Rulesets, only: str | None = None) -> Found: ...
    def exists(self, path: Path) -> bool: ...
    def text(self, path: Path) -> str: ...
    def write(self, path: Path, text: str) -> None: ...


class Found:
    """What one folder holds that fits: templates and parties, with where each came from."""

    def __init__(self) -> None:
        self.templates: list[tuple[Template, Path]] = []
        self.parties: list[tuple[Party, Path]] = []
        self.problems: list[str] = []


def _validate(model: type[BaseModel], data: object, where: str) -> Any:
    try:
        return model.model_validate(data)
    except RecursionError:
        raise CombatError(f"{where}: nested too deeply") from None
    except ValidationError as exc:
        key, what = first_error(exc, data)
        raise CombatError(f"{where}.{key}: {what}") from None


def _entries(data: dict[str, Any], key: str, name: str) -> Iterator[tuple[int, Any]]:
    items = data.get(key, [])
    if not isinstance(items, list):
        raise CombatError(f"{name}: {key} is a list of tables ([[{key}]])")
    if len(items) > MAX_ENTRIES:
        raise CombatError(f"{name}: more than {MAX_ENTRIES} entries under {key}")
    yield from enumerate(items)


def read_text(path: Path, text: str, rulesets: Rulesets, found: Found, only: str | None = None) -> None:
    """One file's templates and parties (its `text`, read from `path`) into `found`; its problems too, one
    line each. `only`: the entries of that ruleset alone, the others neither checked nor their rulesets read."""
    name = path.name
    try:
        data = loads(text, name, "library file")
        unknown = sorted(set(data) - {"ruleset", "creature", "party"})
        if unknown:
            raise CombatError(f"{name}: {unknown[0]}: not a key of a library file (ruleset, creature, party)")
        default = data.get("ruleset", "")
        if not isinstance(default, str):
            raise CombatError(f"{name}: ruleset: a ruleset id, as text")
        creatures = list(_entries(data, "creature", name))
        parties = list(_entries(data, "party", name))
    except CombatError as exc:
        found.problems.append(str(exc))
        return
    if only is not None:
        creatures = [(i, raw) for i, raw in creatures if _ruleset_of(raw, default) == only]
        parties = [(i, raw) for i, raw in parties if _ruleset_of(raw, default) == only]
    for i, raw in creatures:
        t = _entry(Template, raw, f"{name}: creature[{_label(raw, i)}]", default, rulesets, check_template)
        if isinstance(t, Template):
            found.templates.append((t, path))
        elif t is not None:
            found.problems.append(t)
    for i, raw in parties:
        p = _entry(Party, raw, f"{name}: party[{_label(raw, i)}]", default, rulesets, _check_party)
        if isinstance(p, Party):
            found.parties.append((p, path))
        elif p is not None:
            found.problems.append(p)


def _ruleset_of(raw: object, default: str) -> object:
    """The ruleset an entry names, else its file's (what `_entry` checks it against)."""
    return raw.get("ruleset", default) if isinstance(raw, dict) else default


def _label(raw: object, i: int) -> str | int:
    """An entry by its name where it has one, else by its place in the file."""
    return raw["name"] if isinstance(raw, dict) and isinstance(raw.get("name"), str) else i


def _entry(model: type[E], raw: object, where: str, default: str, rulesets: Rulesets,
           check: Callable[[RulesetDef, E, str], str | None]) -> E | str:
    """One entry read and checked against its ruleset (the file's, unless it names its own); a problem
    is its one line."""
    try:
        if isinstance(raw, dict) and "ruleset" not in raw:
            raw = {**raw, "ruleset": default}
        entry: E = _validate(model, raw, where)
        problem = check(_ruleset(rulesets, entry.ruleset, where), entry, where)
    except CombatError as exc:
        return str(exc)
    return problem or entry


def _check_party(rs: RulesetDef, party: Party, where: str) -> str | None:
    """Each member becomes a creature of its name, found by that name: one a creature could have, and
    none twice (`kara` and `Kara` are one to the command line)."""
    seen: set[str] = set()
    for m in party.members:
        try:
            name = clean_name(m.name)
        except CommandError as exc:
            return f"{where}.member[{m.name}]: {exc}"
        if name.lower() in seen:
            return f"{where}: two members named {name}; a party's members need names of their own"
        seen.add(name.lower())
    return next((problem for m in party.members
                 if (problem := check_member(rs, m, f"{where}.member[{m.name}]"))), None)


def _ruleset(rulesets: Rulesets, rid: str, where: str) -> RulesetDef:
    if not rid:
        raise CombatError(f"{where}: no ruleset (ruleset = \"...\" in the entry or at the top of the file)")
    try:
        return rulesets(rid)
    except CombatError:
        raise CombatError(f"{where}.ruleset: unknown ruleset {rid!r}") from None


