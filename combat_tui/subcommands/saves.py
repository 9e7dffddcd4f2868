"""The subcommands that manage saves: export, import, list, mv, rm, paths; and which file a name means."""


from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .. import paths
from ..engine.state.clean import clean_line
from ..engine.state.errors import CombatError
from ..session import list_saves
from ..store import exchange, files, filing, saves
from ..store.save_db import SaveDB


def save_path(arg: str, data_dir: str | None) -> Path:
    """A path as given, or a bare name (`goblins`) in the saves folder of the data directory."""
    return saves.resolve(arg, data_dir)


def _export(args: argparse.Namespace) -> int:
    """`export NAME --json [--out FILE]`: the whole encounter, its log too, as JSON."""
    doc = saves.load(save_path(args.file, args.data_dir))
    text = exchange.dumps(doc)
    if args.out is None:
        print(text)
        return 0
    out = Path(args.out)
    if out.exists():
        raise CombatError(f"{out} already exists; not overwritten")
    files.write_atomic(out, text)
    print(f"Exported {doc.name or out.stem} to {out}")
    return 0


def _import(args: argparse.Namespace) -> int:
    """`import FILE [--name NAME]`: a JSON encounter (an export, a demo, an older save) into the saves folder."""
    source = Path(args.source)
    doc = saves.read_exchange(source)
    name = "".join(ch for ch in (args.name or source.stem) if ch.isalnum() or ch in " -_").strip()
    if not name:
        raise CombatError("a save name needs letters or digits (--name NAME)")
    target = saves.named(name, args.data_dir)
    SaveDB.create(target, doc)
    print(f"Imported {doc.name or name} as {target}")
    return 0


def _list(args: argparse.Namespace) -> int:
    found = list_saves(args.data_dir)
    if not found:
        print(f"no saves in {paths.saves_dir(args.data_dir)}")
    for info in found:
        if info.problem:
            print(f"{clean_line(info.path.stem):24} unreadable: {info.problem}")
        else:
            print(f"{clean_line(info.path.stem):24} {info.ruleset:16} {info.when:12} {info.creatures:3} creatures  "
                  f"{info.updated}")
    return 0


def _existing(arg: str, data_dir: str | None) -> Path:
    path = save_path(arg, data_dir)
    if not path.is_file():
        raise CombatError(f"no save called {arg!r} (see: combat-tui list)")
    return path


def _mv(args: argparse.Namespace) -> int:
    path = _existing(args.file, args.data_dir)
    target = filing.rename(path, args.new_name)
    print(f"Renamed {clean_line(path.stem)} to {clean_line(target.stem)}")
    return 0


def _rm(args: argparse.Namespace) -> int:
    path = _existing(args.file, args.data_dir)
    if not args.yes:
        if not sys.stdin.isatty():
            raise CombatError(f"not deleted: say --yes to delete {clean_line(path.stem)} without being asked")
        try:
            answer = input(f"Delete {clean_line(path.stem)} for good? [y/N] ")
        except EOFError:
            answer = ""
        if answer.strip().lower() not in ("y", "yes"):
            print("Not deleted")
            return 1
    filing.remove(path)
    print(f"Deleted {clean_line(path.stem)}")
    return 0


def _paths(args: argparse.Namespace) -> int:
    print(f"data:     {clean_line(str(paths.data_dir(args.data_dir)))}")  # from the environment, maybe
    print(f"saves:    {clean_line(str(paths.saves_dir(args.data_dir)))}")
    print(f"library:  {clean_line(str(paths.library_dir(args.data_dir)))}")
    print(f"rulesets: {clean_line(str(paths.user_rulesets_dir()))}")
    print(f"settings: {clean_line(str(paths.settings_file()))}")
    return 0
