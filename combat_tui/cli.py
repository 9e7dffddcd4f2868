"""The command line: the app (`combat-tui [FILE]`, `--demo RULESET`) and, in `subcommands.py`, `combat-tui
rulesets | roll | lookup | new | do | show | library | paths | player-view | serve`.

Every user error is one line on stderr and a non-zero exit; no traceback reaches the user. Starting the
app imports no engine before its first frame: on a save that keeps its face (`store/face.py`) the app
draws that, and loads the session right after.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import os
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from . import paths
from .arguments import DATA_DIR_HELP, Parser
from .engine.state.cleaning import clean_command, clean_line
from .engine.state.errors import CombatError

if TYPE_CHECKING:
    from .session import Session
    from .ui.app import FaceStart

SUBCOMMANDS = {"rulesets", "roll", "lookup", "new", "do", "show", "export", "import", "library", "list", "paths",
               "player-view", "serve", "mv", "rm"}


def app_parser() -> argparse.ArgumentParser:
    """`combat-tui [FILE]`, `combat-tui --demo RULESET`; its help also lists the subcommands."""
    p = AppParser(prog="combat-tui", formatter_class=argparse.RawDescriptionHelpFormatter,
                  usage="combat-tui [--data-dir DIR] [FILE | --demo RULESET [--fresh]]\n"
                        "       combat-tui [--data-dir DIR] COMMAND ...   (combat-tui COMMAND --help)",
                  description="A combat tracker for game masters. Without a COMMAND it opens the tracker:\n"
                              "on FILE, on a demo encounter, or on its start screen.",
                  epilog=_COMMANDS)
    p.add_argument("file", nargs="?", metavar="FILE", help="an encounter to resume (a path, or a save's name)")
    p.lazy_help = p.add_argument("--demo", metavar="RULESET", help="play a shipped demo encounter: your played copy "
                                 "of it if there is one, else a new copy (a ruleset id: " + _RULESET_IDS + ")")
    p.add_argument("--fresh", action="store_true", help="with --demo: start the demo again from the beginning; "
                   "the copy you played is kept under another name")
    p.add_argument("--data-dir", metavar="DIR", help=DATA_DIR_HELP)
    p.add_argument("-V", "--version", action=_Version, help="print the version and stop")
    return p


_RULESET_IDS = "RULESET_IDS"  # in the help only: filled in when it is printed
_COMMANDS = "COMMANDS"  # the subcommands, likewise


class AppParser(Parser):
    """The app's parser: reading every ruleset (to list their ids in its help) and building the
    subcommands' parser (to list them) wait until the help is shown, so that opening the app reads only
    the encounter's own ruleset, and imports no engine before its first frame."""

    lazy_help: argparse.Action | None = None  # the argument whose help names the rulesets

    def format_help(self) -> str:
        from .session import catalogue
        from .subcommands import SUBS

        action = self.lazy_help
        if action is not None and action.help and _RULESET_IDS in action.help:
            action.help = action.help.replace(_RULESET_IDS, ", ".join(sorted(catalogue().rulesets)))
        if self.epilog == _COMMANDS:
            width = max(len(c.name) for c in SUBS)
            self.epilog = "commands:\n" + "\n".join(f"  {c.name:{width}}  {c.help}" for c in SUBS)
        return super().format_help()


class _Version(argparse.Action):
    """`--version`, looked up only when asked for (reading the package's metadata takes a while)."""

    def __init__(self, option_strings: list[str], dest: str = argparse.SUPPRESS, help: str | None = None) -> None:
        super().__init__(option_strings, dest=dest, default=argparse.SUPPRESS, nargs=0, help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: object,
                 option_string: str | None = None) -> None:
        print(f"combat-tui {version()}")
        parser.exit()


def _opener(args: argparse.Namespace) -> Callable[[], tuple[Session | None, str]]:
    """How the app's session is opened (the engine imported, the save read): before the app, or after
    the face's first frame. Raises CombatError with the one line the GM reads."""

    def open_session() -> tuple[Session | None, str]:
        from .session import Session, catalogue, load_library, open_demo
        from .store.naming import resolve

        if args.demo:
            demo = open_demo(args.demo, args.data_dir, fresh=args.fresh)
            cat = catalogue()
            session = Session.open(demo.path, cat, lib=load_library(cat, args.data_dir))
            return session, demo.note(f"combat-tui --demo {args.demo} --fresh")
        if args.file:
            cat = catalogue()
            return Session.open(resolve(args.file, args.data_dir), cat, lib=load_library(cat, args.data_dir)), ""
        return None, ""

    return open_session


def _face(args: argparse.Namespace) -> FaceStart | None:
    """The save's face to start on, when the save keeps one this version reads (else the normal path)."""
    from .store import face, naming

    if args.demo and not args.fresh and (paths.demo_saves_dir() / f"{args.demo}.json").is_file():
        path = naming.demo_played(args.demo, args.data_dir)  # a played copy, resumed
    elif args.file and not args.demo:
        path = naming.resolve(args.file, args.data_dir)
    else:
        return None
    shown = face.read(path)
    if shown is None:
        return None
    from .ui.app import FaceStart

    return FaceStart(shown, clean_line(path.name), _opener(args))


def _app(argv: list[str]) -> int:
    """`combat-tui [FILE]`, `combat-tui --demo RULESET`: the interactive app."""
    args = app_parser().parse_args(argv)
    if args.fresh and not args.demo:
        raise CombatError("--fresh goes with --demo (combat-tui --demo RULESET --fresh)")
    start = _face(args)
    from .ui.app import CombatApp

    if start is not None:
        app = CombatApp(None, args.data_dir, face=start)
    else:
        session, note = _opener(args)()
        app = CombatApp(session, args.data_dir, note=note)
    app.run()
    if app.outcome is not None:  # changes that could not be saved: where they went, or that they are lost
        with contextlib.suppress(OSError):  # the terminal may be gone (it was closed)
            print(app.outcome[1], file=sys.stderr)
        return app.outcome[0]
    return app.return_code or 0


def version() -> str:
    import importlib.metadata  # tens of ms: only when the version is asked for

    try:
        return importlib.metadata.version("combat-tui")
    except importlib.metadata.PackageNotFoundError:  # run from a source tree that was never installed
        return "unknown"


def _data_dir_given(argv: list[str]) -> None:
    """`--data-dir DIR` is COMBAT_TUI_DATA_DIR for this run: the config (settings, rulesets) moves
    with it as it does with the variable (paths.py), and a process this one starts sees it too."""
    for i, a in enumerate(argv):
        if a == "--data-dir" and i + 1 < len(argv) and argv[i + 1]:
            os.environ[paths.DATA_ENV] = argv[i + 1]
        elif a.startswith("--data-dir=") and a[11:]:
            os.environ[paths.DATA_ENV] = a[11:]


def main(argv: Sequence[str] | None = None) -> int:
    # Arguments are text from outside: no control character reaches a message or a save from them.
    argv = [clean_command(a) for a in (sys.argv[1:] if argv is None else argv)]
    if argv[:1] in (["--version"], ["-V"]):
        print(f"combat-tui {version()}")
        return 0
    _data_dir_given(argv)
    words = [a for i, a in enumerate(argv) if not a.startswith("-") and (i == 0 or argv[i - 1] != "--data-dir")]
    if not words or words[0] not in SUBCOMMANDS:
        if any(a in ("-h", "--help") for a in argv) and not words:
            app_parser().print_help()
            return 0
        try:
            return _app(argv)
        except CombatError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 1
    from .subcommands import build_parser, roll_argv

    gc.enable()  # off while starting (launch.py); a subcommand may read a long save
    parser = build_parser()
    args = parser.parse_args(roll_argv(argv) if words[0] == "roll" else argv)
    try:
        code: int = args.fn(args)
        return code
    except CombatError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # `combat-tui show x --json | head`
        sys.stderr.close()
        return 0


if __name__ == "__main__":
    raise SystemExit(main())
