"""A command as declared once: its typed arguments, bare words and `key=value` words, its help; the usage
line, the arity error and completion all come from that. The registry of them all, and the parser that
reads a line against it."""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from ..rules.ops import Ops
from ..state.errors import CommandError
from .quoting import split

Handler = Callable[[Ops, list[str], dict[str, str]], None]

# Each kind of argument: how usage shows it, and how an error names it to the GM.
KINDS: dict[str, tuple[str, str]] = {
    "names": ("NAMES", "a name"),
    "name": ("NAME", "a name"),
    "add": ("NAME|@PARTY", "a name (or @PARTY)"),
    "prompt": ("NAME [TABLE]|N", "a prompt"),
    "action": ("ACTION", "an action"),
    "pool": ("POOL", "a pool"),
    "amount": ("N", "an amount"),
    "damage-type": ("TYPE", "a damage type"),
    "condition": ("CONDITION", "a condition"),
    "part": ("PART", "a body part"),
    "table": ("TABLE", "a table"),
    "option": ("OPTION", "an option"),
    "rest": ("short|long", "short or long"),
    "expr": ("EXPR", "dice (e.g. roll 1d20+5)"),
    "text": ("TEXT", "a text"),
    "party": ("PARTY", "a party's name"),
    "save": ("SAVE", "a save (or a stat)"),
}


@dataclass(frozen=True)
class Arg:
    """A positional argument: its kind (what completion offers), as usage shows it, as an error names it."""

    kind: str
    label: str
    what: str
    optional: bool = False

    def shown(self) -> str:
        return f"[{self.label}]" if self.optional else self.label


def arg(kind: str, label: str = "", what: str = "", optional: bool = False) -> Arg:
    shown, said = KINDS[kind]
    return Arg(kind, label or shown, what or said, optional)


@dataclass(frozen=True)
class Command:
    """One command as declared: its help, its positional arguments, the bare words it takes (`flags`, each
    a usage group: `half|double|miss`; `xN` a word and a number), its `key=value` words (key: what it
    means; `values`: what usage shows after the `=`)."""

    name: str
    help: str
    handler: Handler
    args: tuple[Arg, ...] = ()
    flags: tuple[str, ...] = ()
    words: dict[str, str] = field(default_factory=dict, hash=False)
    values: dict[str, str] = field(default_factory=dict, hash=False)
    ruleset_words: str = ""  # add, edit: also the ruleset's own keys, which the handler checks
    ruleset_usage: str = ""  # how usage shows those
    raw: bool = False  # roll, note, set: a `key=value` word is text like any other
    name_words: str = ""  # save: `NAME=N` words too (a creature and a number), which the handler checks

    @property
    def usage(self) -> str:
        parts = [self.name, *(a.shown() for a in self.args)]
        parts += [f"[{f}]" for f in self.flags]
        parts += [f"[{k}={self.values[k]}]" for k in self.words]
        parts += [self.ruleset_usage] if self.ruleset_usage else []
        return " ".join(parts)

    def bare_words(self) -> list[str]:
        """The bare words completion offers: each flag's words (`half`, `as`), not those that take a
        number in them (`xN`, `boonN`)."""
        out = []
        for group in self.flags:
            for alternative in group.split("|"):
                word = alternative.split()[0]
                if word.islower():
                    out.append(word)
        return out

    def needs(self) -> str:
        """What the command needs, in the GM's words: `dmg needs a name and an amount; usage: ...`."""
        wanted = [a.what for a in self.args if not a.optional]
        said = wanted[0] if len(wanted) == 1 else ", ".join(wanted[:-1]) + " and " + wanted[-1]
        return f"{self.name} needs {said}; usage: {self.usage}"

    def check_arity(self, words: list[str]) -> None:
        """Fewer words than required arguments: refused before the handler reads them. A name may run
        to several words, so this is the least; the handler asks again once names are read (`need`)."""
        given = len(words) + (sum("=" in w for w in words) if self.raw else 0)  # `set OPTION=VALUE`: two
        if given < sum(not a.optional for a in self.args):
            raise CommandError(self.needs())

    def check_words(self, kw: dict[str, str]) -> None:
        """Refuse a `key=value` word the command does not take, before anything changes."""
        if self.raw or self.ruleset_words or self.name_words:
            return
        unknown = [f"{k}=" for k in kw if k not in self.words]
        if unknown:
            takes = ", ".join(f"{k}=" for k in self.words) if self.words else "no key=value words"
            raise CommandError(f"{self.name} does not take {', '.join(unknown)} (it takes {takes}); "
                               f"usage: {self.usage}")


COMMANDS: dict[str, Command] = {}


def command(name: str, help: str, *, args: tuple[Arg, ...] = (), flags: tuple[str, ...] = (),
            words: dict[str, str] | None = None, ruleset_words: str = "", ruleset_usage: str = "",
            raw: bool = False, name_words: str = "") -> Callable[[Handler], Handler]:
    """Register a handler under its declaration; `words` are `{"key=VALUE": meaning}`."""
    keys = {w.partition("=")[0]: meaning for w, meaning in (words or {}).items()}
    values = {w.partition("=")[0]: w.partition("=")[2] for w in (words or {})}

    def register(fn: Handler) -> Handler:
        COMMANDS[name] = Command(name, help, fn, args, flags, keys, values, ruleset_words, ruleset_usage, raw,
                                 name_words)
        return fn

    return register


def needs(name: str) -> CommandError:
    """The arity error of a command, as its spec says it."""
    return CommandError(COMMANDS[name].needs())


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
        cmd.check_arity(words[1:])
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
    cmd.check_arity(args + ([k for k in kw if k not in cmd.words] if cmd.name_words else []))  # `Kara=14`: a name
    return cmd, args, kw


def markdown_table() -> str:
    """The command table of docs/commands.md: every command's usage, help and words, as its spec declares them."""
    rows = ["| command | what it does |", "|---|---|"]
    for c in COMMANDS.values():
        words = [f"`{k}=` {meaning}" for k, meaning in c.words.items()]
        if c.ruleset_words:
            words.append(c.ruleset_words)
        if c.name_words:
            words.append(c.name_words)
        text = c.help + "".join(f"; {w}" for w in words)
        cells = [f"`{c.usage}`", text]
        rows.append("| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |")
    return "\n".join(rows)
