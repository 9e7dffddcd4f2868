"""Which file a save's name means: plain (the app resolves it before the engine is loaded)."""

from __future__ import annotations

from pathlib import Path

from .. import paths

SUFFIX = ".combat"


def named(name: str, data_dir: str | None = None) -> Path:
    """The save called `name` in the saves folder."""
    return paths.saves_dir(data_dir) / f"{name}{SUFFIX}"


def resolve(arg: str, data_dir: str | None = None) -> Path:
    """A path as given, or a bare name (`goblins`) in the saves folder: its database, or else an older
    version's JSON save of that name."""
    given = Path(arg)
    played = given.with_suffix(SUFFIX)
    if given.suffix == ".json" and not given.exists() and played.exists():
        return played  # the database an older save (or `new x.json`) went on in
    if given.exists() or given.suffix or len(given.parts) > 1:
        return given
    db = named(arg, data_dir)
    old = db.with_suffix(".json")
    return old if not db.exists() and old.is_file() else db


def demo_played(ruleset: str, data_dir: str | None = None) -> Path:
    """Where the GM's played copy of a shipped demo lives, in the saves folder."""
    return named(f"demo-{ruleset}", data_dir)
