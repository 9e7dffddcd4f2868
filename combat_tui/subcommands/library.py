"""`combat-tui library`: the GM's templates and parties listed or shown, and a party's rest between fights."""


from __future__ import annotations

import argparse
import json
import sys

from .. import paths
from ..engine.commands import command_line
from ..engine.encounter import Encounter
from ..engine.library import Library, Party, Template
from ..engine.state.errors import CombatError
from ..session import catalogue, load_library
from ..store.rulesets import Catalogue


def _library(args: argparse.Namespace) -> int:
    """`library`: the templates and parties for each ruleset; `library show NAME`: one of them."""
    from ..store import library_files

    cat = catalogue()
    lib = load_library(cat, args.data_dir)
    for problem in lib.problems:
        print(f"skipped: {problem}", file=sys.stderr)
    rulesets = [args.ruleset] if args.ruleset else sorted(set(lib.templates) | set(lib.parties))
    if args.ruleset:
        cat.get(args.ruleset)  # an unknown id is one line
    starter = library_files.builtin_dir()
    if args.words and args.words[0] == "show":
        return _library_show(lib, rulesets, " ".join(args.words[1:]), args.json, chosen=bool(args.ruleset))
    if args.words and args.words[0] == "rest":
        return _library_rest(cat, lib, rulesets, args.words[1:])
    if args.words:
        raise CombatError(f"library takes show NAME, rest short|long @PARTY, or nothing (not {args.words[0]!r})")
    out: dict[str, object] = {}
    for rid in rulesets:
        templates = [{"name": t.name, "side": t.side.value, "tags": list(t.tags),
                      "actions": [a.name for a in t.actions],
                      "from": "starter" if path.parent == starter else path.name}
                     for t, path in lib.templates.get(rid, {}).values()]
        parties = [{"name": p.name, "members": [m.name for m in p.members], "from": path.name}
                   for p, path in lib.parties.get(rid, {}).values()]
        out[rid] = {"templates": templates, "parties": parties}
        if args.json:
            continue
        print(f"{rid}:")
        for t in templates:
            acts = ", ".join(t["actions"])
            print(f"  {t['name']:<20} {t['side']:<4} {acts:<40} {t['from']}")
        for p in parties:
            print(f"  @{p['name']:<19} party: {', '.join(p['members'])}  {p['from']}")
    if args.json:
        print(json.dumps(out, indent=2, ensure_ascii=False))
    return 0


def _library_rest(cat: Catalogue, lib: Library, rulesets: list[str], words: list[str]) -> int:
    """`library rest short|long @PARTY`: a rest between fights, on the party's file, outside any encounter."""
    if len(words) != 2 or words[0] not in ("short", "long"):
        raise CombatError("usage: combat-tui library rest short|long @PARTY [--ruleset ID]")
    name = words[1].lstrip("@")
    owners = [rid for rid in rulesets if lib.party_file(rid, name) is not None]
    if len(owners) != 1:
        where = "in several rulesets: add --ruleset ID" if owners else "in the library"
        raise CombatError(f"no one party {name!r} {where}")
    from ..store import party_state

    assert lib.folder is not None  # load_library always names the GM's folder
    state = paths.party_state_file(lib.folder.parent)  # the data folder the library was read from
    if lib.lasting is None:
        lib.lasting = party_state.reader(state)
    enc = Encounter.new(cat.get(owners[0]))
    enc.library = lib
    enc.defer_writes = True  # the rest's changes go in one transaction of their own, below
    lines = enc.run(command_line("rest", words[0], f"@{name}"))
    enc.flush_writes()
    party_state.write(state, enc.party_outbox)
    for line in lines:
        print(line)
    return 0


def _library_show(lib: Library, rulesets: list[str], name: str, as_json: bool, chosen: bool = False) -> int:
    """The first ruleset's entry of that name; without `--ruleset`, the others that have one are named."""
    if not name:
        raise CombatError("library show NAME: a template's or a party's name")
    found: list[tuple[str, Template | Party]] = []
    for rid in rulesets:
        party = lib.party(rid, name.lstrip("@"))
        template = None if party or name.startswith("@") else lib.find_template(rid, name)
        entry = party[0] if party else template
        if entry is not None:
            found.append((rid, entry))
    if found:
        rid, entry = found[0]
        others = [r for r, _ in found[1:]]
        data = entry.model_dump(mode="json", by_alias=True, exclude_defaults=True)
        data["ruleset"] = rid
        if others and not chosen:
            data["also_in"] = others
        if as_json:
            print(json.dumps(data, indent=2, ensure_ascii=False))
        else:
            _print_tree({k: v for k, v in data.items() if k != "also_in"}, 0)
            if others and not chosen:
                print(f"also in {', '.join(others)}: --ruleset {others[0]} shows that one")
        return 0
    raise CombatError(f"no template or party {name!r} in the library" + (f" for {rulesets[0]}" if len(rulesets) == 1
                                                                        else ""))


def _print_tree(data: object, depth: int) -> None:
    pad = "  " * depth
    if isinstance(data, dict):
        for k, v in data.items():
            if isinstance(v, (dict, list)) and v and not all(isinstance(x, (int, str)) for x in v):
                print(f"{pad}{k}:")
                _print_tree(v, depth + 1)
            elif isinstance(v, dict):
                print(f"{pad}{k}: " + ", ".join(f"{a} {b}" for a, b in v.items()))
            elif isinstance(v, list):
                print(f"{pad}{k}: " + ", ".join(str(x) for x in v))
            else:
                print(f"{pad}{k}: {v}")
    elif isinstance(data, list):
        for item in data:
            if isinstance(item, dict) and "name" in item:
                print(f"{pad}- {item['name']}")
                _print_tree({k: v for k, v in item.items() if k != "name"}, depth + 1)
            else:
                print(f"{pad}- {item}")
