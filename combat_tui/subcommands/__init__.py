"""The command line's subcommands: `combat-tui rulesets | roll | lookup | new | do | show | library | paths |
player-view | serve` (the app itself starts from `cli.py`, without these). Here the table of them and the
parser made from it; each runs a handler in the module of its group (`play.py`, `library.py`, `players.py`,
`saves.py`).

Every user error is one line on stderr and a non-zero exit; no traceback reaches the user.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..arguments import DATA_DIR_HELP as _DATA_DIR
from ..arguments import FILE_HELP as _FILE
from ..arguments import Parser
from .library import _library
from .play import _do, _lookup, _new, _roll, _rulesets, _show
from .players import _player_view, _serve
from .saves import _export, _import, _list, _mv, _paths, _rm


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
