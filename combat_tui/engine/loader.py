"""Find, parse and validate ruleset data files: the built-in five and a GM's own.

Both kinds go through the same path. A bad file is reported with its name and the key at fault
and skipped; it never stops the others from loading.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import ValidationError

from .errors import RulesetError
from .ruleset import RulesetDef


def builtin_dir() -> Path:
    """The shipped rulesets: packaged beside the code, or the repository's top-level folder."""
    packaged = Path(__file__).resolve().parent.parent / "data" / "rulesets"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[2] / "rulesets"


def _loc(loc: tuple[int | str, ...], data: object) -> str:
    """Turn a pydantic error location into a key path a GM can find, naming list items by id."""
    parts: list[str] = []
    node = data
    for step in loc:
        if isinstance(step, int) and isinstance(node, list) and 0 <= step < len(node):
            item = node[step]
            ident = item.get("id") if isinstance(item, dict) else None
            parts.append(f"[{ident}]" if ident else f"[{step}]")
            node = item
        else:
            parts.append(f".{step}" if parts else str(step))
            node = node.get(step) if isinstance(node, dict) and isinstance(step, str) else None
    return "".join(parts) or "(top level)"


def load_file(path: Path) -> RulesetDef:
    """Parse one ruleset file; raise RulesetError naming the file and the key at fault."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise RulesetError(f"{path.name}: cannot read ({exc.strerror})") from None
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise RulesetError(f"{path.name}: not valid TOML: {exc}") from None
    except RecursionError:
        raise RulesetError(f"{path.name}: nested too deeply to be a ruleset") from None
    try:
        return RulesetDef.model_validate(data)
    except RecursionError:
        raise RulesetError(f"{path.name}: nested too deeply to be a ruleset") from None
    except ValidationError as exc:
        err = exc.errors()[0]
        where = _loc(tuple(err["loc"]), data)
        more = f" (and {exc.error_count() - 1} more)" if exc.error_count() > 1 else ""
        raise RulesetError(f"{path.name}: {where}: {err['msg']}{more}") from None


@dataclass
class Catalogue:
    rulesets: dict[str, RulesetDef] = field(default_factory=dict)
    sources: dict[str, Path] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)

    def get(self, ruleset_id: str) -> RulesetDef:
        try:
            return self.rulesets[ruleset_id]
        except KeyError:
            known = ", ".join(sorted(self.rulesets)) or "none"
            skipped = [p for p in self.problems if ruleset_id in p]
            why = f"; skipped: {skipped[0]}" if skipped else ""
            raise RulesetError(f"unknown ruleset {ruleset_id!r} (known: {known}){why}") from None


def load_all(user_dir: Path | None = None) -> Catalogue:
    """Load built-in rulesets, then the GM's own from `user_dir`. A user file may not replace a built-in id."""
    cat = Catalogue()
    folders = [builtin_dir()] + ([user_dir] if user_dir is not None else [])
    for folder in folders:
        if not folder.is_dir():
            continue
        for path in sorted(folder.glob("*.toml")):
            try:
                rs = load_file(path)
            except RulesetError as exc:
                cat.problems.append(str(exc))
                continue
            if rs.id in cat.rulesets:
                cat.problems.append(f"{path.name}: ruleset id {rs.id!r} is already taken; skipped")
                continue
            cat.rulesets[rs.id] = rs
            cat.sources[rs.id] = path
    return cat
