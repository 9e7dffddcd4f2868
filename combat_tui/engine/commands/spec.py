"""A command as declared once: usage, help, the `key=value` words it takes, what its arguments are;
the registry of them all and the parser that reads a line against it."""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from ..errors import CommandError
from ..ops import Ops
from .quoting import split

Handler = Callable[[Ops, list[str], dict[str, str]], None]


@dataclass(frozen=True)
class Command:
    """One command as declared: its usage and help, the `key=value` words it takes (key: what it means),
    the kind of each argument (for completion: the first, then any later one)."""

    name: str
    usage: str
    help: str
    handler: Handler
    words: dict[str, str] = field(default_factory=dict, hash=False)
    args: tuple[str, ...] = ()
    ruleset_words: str = ""  # add, edit: also the ruleset's own keys, which the handler checks
    raw: bool = False  # roll, note: a `key=value` word is text like any other

    def check_words(self, kw: dict[str, str]) -> None:
        """Refuse a `key=value` word the command does not take, before anything changes."""
        if self.raw or self.ruleset_words:
            return
        unknown = [f"{k}=" for k in kw if k not in self.words]
        if unknown:
            takes = ", ".join(f"{k}=" for k in self.words) if self.words else "no key=value words"
            raise CommandError(f"{self.name} does not take {', '.join(unknown)} (it takes {takes}); "
                               f"usage: {self.usage}")


COMMANDS: dict[str, Command] = {}


def command(name: str, usage: str, help: str, *, words: dict[str, str] | None = None, args: tuple[str, ...] = (),
            ruleset_words: str = "", raw: bool = False) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        COMMANDS[name] = Command(name, usage, help, fn, dict(words or {}), args, ruleset_words, raw)
        return fn

    return register


def find_command(word: str) -> Command:
    low = word.lower()
    if low in COMMANDS:
        return COMMANDS[low]
    hits = [c for name, c in COMMANDS.items() if name.startswith(low)]
    if len(hits) == 1:
        return hits[0]
    if not hits:
        close = difflib.get_close_matches(low, COMMANDS, n=3, cutoff=0.6)
        hint = f"did you mean {' or '.join(close)}?" if close else f"try: {', '.join(COMMANDS)}"
        raise CommandError(f"unknown command {word!r}: {hint}")
    raise CommandError(f"{word!r} could be {', '.join(c.name for c in hits)}")


def parse(line: str) -> tuple[Command, list[str], dict[str, str]]:
    words = split(line)
    if not words:
        raise CommandError("empty command")
    cmd = find_command(words[0])
    if cmd.raw:
        return cmd, words[1:], {}
    args: list[str] = []
    kw: dict[str, str] = {}
    for w in words[1:]:
        key, eq, value = w.partition("=")
        if eq and re.fullmatch(r"[A-Za-z_][\w-]*", key):
            kw[key.lower()] = value
        else:
            args.append(w)
    cmd.check_words(kw)
    return cmd, args, kw


def markdown_table() -> str:
    """The command table of docs/commands.md: every command's usage, help and words, as its spec declares them."""
    rows = ["| command | what it does |", "|---|---|"]
    for c in COMMANDS.values():
        words = [f"`{k}=` {meaning}" for k, meaning in c.words.items()]
        if c.ruleset_words:
            words.append(c.ruleset_words)
        text = c.help + "".join(f"; {w}" for w in words)
        cells = [f"`{c.usage}`", text]
        rows.append("| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |")
    return "\n".join(rows)
