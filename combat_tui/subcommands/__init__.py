"""The command line's subcommands: `combat-tui rulesets | roll | lookup | new | do | show | library | paths |
player-view | serve` (the app itself starts from `cli.py`, without these).

Every user error is one line on stderr and a non-zero exit; no traceback reaches the user.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import faults, paths
from ..arguments import DATA_DIR_HELP as _DATA_DIR
from ..arguments import FILE_HELP as _FILE
from ..arguments import Parser
from ..engine import lookup
from ..engine.commands import command_line
from ..engine.encounter import Encounter
from ..engine.json_view import encounter_view
from ..engine.library import Library, Party, Template
from ..engine.state.clean import clean_line
from ..engine.state.errors import CombatError
from ..engine.views.gm import GroupRow, Heading
from ..engine.views.gm_view import GMViews
from ..engine.views.sheet import conditions_view, sheet_view
from ..session import catalogue, list_saves, load_library
from ..store import exchange, files, filing, saves
from ..store.rulesets import Catalogue
from ..store.save_db import SaveDB


def save_path(arg: str, data_dir: str | None) -> Path:
    """A path as given, or a bare name (`goblins`) in the saves folder of the data directory."""
    return saves.resolve(arg, data_dir)


def _rulesets(args: argparse.Namespace) -> int:
    cat = catalogue()
    for rid, rs in sorted(cat.rulesets.items()):
        print(f"{rid:16} {rs.name}")
    for problem in cat.problems:
        print(f"skipped: {problem}", file=sys.stderr)
    return 0


def _roll(args: argparse.Namespace) -> int:
    from ..engine import dice  # d20 takes a while to import: only for the commands that roll

    r = dice.roll(" ".join(args.expr), random.Random(args.seed))
    print(r.detail)
    return 0


def _lookup(args: argparse.Namespace) -> int:
    rs = catalogue().get(args.ruleset)
    hits = lookup.search(rs, " ".join(args.term))
    if not hits:
        print(f"nothing in {rs.name} matches {' '.join(args.term)!r}", file=sys.stderr)
        return 1
    if len(hits) > 4:
        print(f"{len(hits)} matches; be more precise:")
        for e in hits:
            print(f"  {e.kind:9} {e.name}")
        return 0
    for i, e in enumerate(hits):
        if i:
            print()
        print(f"{e.name} ({e.kind})")
        for line in e.lines:
            print(f"  {line}" if not line.startswith("  ") else line)
    return 0


def _new(args: argparse.Namespace) -> int:
    path = save_path(args.file, args.data_dir)
    if path.suffix == ".json":  # JSON is for exchange (export, import); play is in a database
        path = path.with_suffix(saves.SUFFIX)
    if path.exists():
        raise CombatError(f"{path} already exists; not overwritten")
    rs = catalogue().get(args.ruleset)
    enc = Encounter.new(rs, name=args.name or path.stem)
    SaveDB.create(path, enc.doc)
    print(f"New {rs.name} encounter: {path}")
    return 0


QUOTED = 60  # characters of a refused command the error repeats: it names the command, not all of it


def _quoted(line: str) -> str:
    """A refused command as its error quotes it: a pasted page of text would otherwise be the whole message."""
    return repr(line if len(line) <= QUOTED else line[: QUOTED - 1] + "…")


def _do(args: argparse.Namespace) -> int:
    """Run commands on a save; they are made durable together, or not at all."""
    from ..session import Session

    faults.reach("start")
    cat = catalogue()
    session = Session.open(save_path(args.file, args.data_dir), cat, args.seed, one_shot=True,
                           lib=load_library(cat, args.data_dir))
    session.encounter.defer_writes = True  # library files (keep, party, end) only once the save is made
    faults.reach("loaded")
    try:
        out: list[str] = []
        for line in args.commands:
            try:
                out.extend(session.encounter.run(line))
            except CombatError as exc:
                for done in out:
                    print(done)
                raise CombatError(f"{_quoted(line)}: {exc} (nothing saved)") from None
        faults.reach("ran")
        if session.converted_note:
            out.insert(0, session.converted_note)
        if not session.save():  # one transaction: on disk whole, or not at all
            raise CombatError(f"{session.save_error} (nothing saved)".replace(" — kept in memory; will retry", ""))
        for line in out:
            print(line)
        session.encounter.flush_writes()
        session.keep_face()  # for the app's next start (a transaction of its own)
        return 0
    finally:
        session.close()


def _show(args: argparse.Namespace) -> int:
    enc = saves.encounter_at(save_path(args.file, args.data_dir), catalogue())
    view = encounter_view(enc.doc, enc.rs)
    if args.json:
        print(json.dumps(view, indent=2, ensure_ascii=False))
        return 0
    print(render_text(enc))
    return 0


def render_text(enc: Encounter) -> str:
    """The encounter in the GM screen's words: its order (under the same headings), each creature's
    pools as its sheet shows them and its conditions as the sheet says them, then the waiting prompts."""
    state, rs = enc.state, enc.rs
    view = GMViews().build(enc)
    lines = [f"{view.name} — {view.ruleset} — {view.when}"]
    for row in view.order:
        if isinstance(row, Heading):
            lines.append(f"  {row.text}")
            continue
        if isinstance(row, GroupRow):  # folded as the order pane shows it
            glance = " ".join([*row.healths, *([f"· {row.condition_words}"] if row.conditions else [])])
            title = row.title + (f" ({row.hidden_words})" if row.hidden else "")
            lines.append(f"  {row.lead.strip():>3}  {title:<20} {row.side:<4} {glance}")
            continue
        c = state.combatants[row.id]
        sheet = sheet_view(state, rs, c)
        pools = " ".join(pv.words for pv in sheet.pools)
        who = row.name + (" (hidden)" if row.hidden else "")
        lines.append(f"{'>' if row.acting else ' '} {row.lead.strip():>3}  {who:<20} {row.side:<4} {pools}")
        lines += [f"        - {cv.words}" + ("" if cv.timed else f"  {cv.ends}")
                  for cv in conditions_view(state, rs, c, ()).conditions]
    for p in view.prompts:
        lines.append(f"! prompt {p.uid}: {p.creature} — {p.table} ({p.reason})")
    return "\n".join(lines)


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


def _player_view(args: argparse.Namespace) -> int:
    """The read-only players' view in this terminal; it follows the save as the GM plays."""
    path = save_path(args.file, args.data_dir)
    cat = catalogue()
    first = saves.load_view(path, cat)  # a missing or damaged save is one line here, before any screen
    from ..ui.player.app import PlayerApp

    PlayerApp(path, cat, first).run()
    return 0


def _serve(args: argparse.Namespace) -> int:
    """The players' view for browsers (textual-serve): each page runs its own read-only view."""
    import shlex

    from ..ui.player.serving import check_port, public_url, view_argv

    path = save_path(args.file, args.data_dir).resolve()
    saves.load_view(path, catalogue())
    if not 1 <= args.port <= 65535:  # 0 would listen on a port nobody is told of
        raise CombatError(f"cannot listen on {args.host} port {args.port}: a port is a number from 1 to 65535")
    try:
        check_port(args.host, args.port)
    except (OSError, OverflowError) as exc:  # in use, no such address, not a port number
        raise _cannot_listen(args, exc) from None
    from ..ui.player.server import PlayerServer

    url = public_url(args.host, args.port)
    server = PlayerServer(shlex.join(view_argv(path)), host=args.host, port=args.port, public_url=url,
                    title=f"combat-tui · {path.stem}")
    print(f"Players' view of {path.name} at {url}", flush=True)
    try:
        server.serve()
    except OSError as exc:  # taken between the check and the start
        raise _cannot_listen(args, exc) from None
    return 0


def _cannot_listen(args: argparse.Namespace, exc: Exception) -> CombatError:
    reason = getattr(exc, "strerror", None) or "not an address this machine can listen on"
    return CombatError(f"cannot listen on {args.host} port {args.port}: {reason}")


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


@dataclass(frozen=True)
class Arg:
    """One argument of a subcommand, as `add_argument` takes it."""

    names: tuple[str, ...]
    options: dict[str, Any]


def arg(*names: str, **options: Any) -> Arg:
    return Arg(names, options)


@dataclass(frozen=True)
class Sub:
    """A subcommand: its name, its help (its description too, with `more` after it), its arguments, what
    runs it; `data`: it takes --data-dir after its name as well."""

    name: str
    help: str
    handler: Callable[[argparse.Namespace], int]
    args: tuple[Arg, ...] = ()
    more: str = ""
    data: bool = True


_RULESET = "a ruleset id (see: combat-tui rulesets)"

# Every subcommand, in the order --help lists them.
SUBS: tuple[Sub, ...] = (
    Sub("rulesets", "list the rulesets, with their ids", _rulesets, data=False),
    Sub("roll", "roll dice: roll 2d6+3, roll 1d20 adv", _roll, (
        arg("expr", nargs="+", metavar="DICE", help="a dice expression, e.g. 2d6+3 or 1d20 adv"),
        arg("--seed", type=int, metavar="N", help="seed the dice, for a roll you can repeat")), data=False),
    Sub("lookup", "look up anything a ruleset names: condition, action, table or row, speed class, rule", _lookup, (
        arg("ruleset", metavar="RULESET", help=_RULESET),
        arg("term", nargs="+", metavar="WORD", help="what to look up, e.g. prone")), data=False),
    Sub("new", "create an encounter file (a bare NAME goes in the saves folder)", _new, (
        arg("file", metavar="FILE", help=_FILE),
        arg("--ruleset", required=True, metavar="RULESET", help=_RULESET),
        arg("--name", help="the encounter's title (default: the file's name)"))),
    Sub("do", "apply commands to an encounter file and save it", _do, (
        arg("file", metavar="FILE", help=_FILE),
        arg("commands", nargs="+", metavar="CMD", help="a command as typed in the app's command bar, quoted"),
        arg("--seed", type=int, metavar="N", help="seed the dice, for results you can repeat")),
        " All of them are saved, or none (combat-tui do goblins \"add Goblin x3\" start)."),
    Sub("show", "print an encounter", _show, (
        arg("file", metavar="FILE", help=_FILE),
        arg("--json", action="store_true", help="print it as JSON, for scripts"))),
    Sub("export", "write an encounter out as JSON, its whole log too (to share it, or keep it)", _export, (
        arg("file", metavar="FILE", help=_FILE),
        arg("--json", action="store_true", required=True, help="as JSON (the only form there is)"),
        arg("--out", metavar="PATH", help="a new file to write (default: print it)"))),
    Sub("import", "bring a JSON encounter (an export, a demo) into the saves folder", _import, (
        arg("source", metavar="FILE", help="a JSON encounter file"),
        arg("--name", help="the save's name (default: the file's name)"))),
    Sub("player-view", "the players' view of an encounter, following it live (read-only)", _player_view, (
        arg("file", metavar="FILE", help=_FILE),)),
    Sub("serve", "serve the players' view to browsers (read-only)", _serve, (
        arg("file", metavar="FILE", help=_FILE),
        arg("--host", default="127.0.0.1", help="address to listen on (default: this machine only)"),
        arg("--port", type=int, default=8000, metavar="N", help="port to listen on (default: 8000)"))),
    Sub("library", "list your library's creature templates and parties (library show NAME: one of them)", _library, (
        arg("words", nargs="*", metavar="show NAME | rest short|long @PARTY",
            help="show one template or party; or rest a party between fights"),
        arg("--ruleset", metavar="RULESET", help="only this ruleset's"),
        arg("--json", action="store_true", help="print it as JSON, for scripts")),
        " Bad entries are named on stderr and skipped."),
    Sub("list", "list the saves in the data folder", _list),
    Sub("mv", "rename a save (mv goblins \"ford ambush\"); refused while it is being written", _mv, (
        arg("file", metavar="FILE", help=_FILE),
        arg("new_name", metavar="NAME", help="its new name"))),
    Sub("rm", "delete a save, asking first (--yes: without asking)", _rm, (
        arg("file", metavar="FILE", help=_FILE),
        arg("--yes", action="store_true", help="delete without asking"))),
    Sub("paths", "print where data, rulesets and settings live", _paths),
)


def build_parser() -> argparse.ArgumentParser:
    p = Parser(prog="combat-tui", description="A combat tracker for game masters.")
    p.add_argument("--data-dir", metavar="DIR", help=_DATA_DIR)
    sub = p.add_subparsers(dest="cmd", metavar="COMMAND")
    for c in SUBS:
        s: Parser = sub.add_parser(c.name, help=c.help, description=c.help[0].upper() + c.help[1:] + "." + c.more)
        if c.data:  # also after the command; SUPPRESS keeps one given before it
            s.add_argument("--data-dir", metavar="DIR", help=_DATA_DIR, default=argparse.SUPPRESS)
        for a in c.args:
            s.add_argument(*a.names, **a.options)
        s.set_defaults(fn=c.handler)
    return p


def roll_argv(argv: list[str]) -> list[str]:
    """`roll -1d4 + 2`: a dice expression may start with a minus, which argparse takes for an option."""
    at = argv.index("roll")
    opts: list[str] = []
    expr: list[str] = []
    rest = iter(argv[at + 1:])
    for word in rest:
        if word in ("-h", "--help") or word.startswith("--seed="):
            opts.append(word)
        elif word == "--seed":
            opts += [word, next(rest, "")]
        elif word != "--":
            expr.append(word)
    return [*argv[: at + 1], *opts, "--", *expr] if expr else [*argv[: at + 1], *opts]
