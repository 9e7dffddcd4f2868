"""The command language, shared by `combat-tui do` and the app's command bar.

One parser: words are split as a shell does (`dmg "Orc 2" 5`), the command is a unique
case-insensitive prefix of a name below, `key=value` words are options. Each command is declared once
(`spec.py`: its arguments and words, from which come its usage, arity errors and completion); its
handler lives with the others of its kind, and importing this package registers them all, in the order
the command reference's table (docs/commands.md) lists them. `command_line` makes a line for the parser
(the app builds its own so).
"""

from __future__ import annotations

from ..rules.ops import Ops
from ..state.errors import CommandError

# importing registers the handlers, in the order the command reference's table (docs/commands.md) lists them
# isort: off
from . import setup, acting, checks, cond, turn_order, prompts, creatures, rules, edit, keeping  # noqa: F401
# isort: on
from .keeping import after_end, rewound
from .quoting import command_line, named, quote, split
from .setup import STAT_PREFIX
from .spec import COMMANDS, Arg, Command, command, find_command, markdown_table, parse


def _history(ops: Ops, args: list[str], kw: dict[str, str]) -> None:  # pragma: no cover - run() handles these
    raise CommandError("undo and redo act on the log, not inside a command")


command("undo", "take back the last change, without limit; survives a save and reload")(_history)
command("redo", "put back what undo took")(_history)

__all__ = ["COMMANDS", "STAT_PREFIX", "Arg", "Command", "after_end", "command", "command_line", "find_command",
           "markdown_table", "named", "parse", "quote", "rewound", "split"]
