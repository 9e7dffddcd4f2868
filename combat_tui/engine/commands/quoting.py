"""Words of a command line: split as a shell does, and quoted back as a GM types them."""

from __future__ import annotations

import shlex

from ..state.errors import CommandError
from ..state.targets import pick


def split(line: str) -> list[str]:
    try:
        return shlex.split(line)
    except ValueError:
        pass
    # An unbalanced apostrophe is most likely part of a name (Garret's Hound): read it as a letter.
    lexer = shlex.shlex(line, posix=True)
    lexer.whitespace_split = True
    lexer.quotes = '"'
    try:
        return list(lexer)
    except ValueError:
        raise CommandError("cannot read the command: a quotation mark is not closed") from None


def quote(word: str) -> str:
    """A word of a command line as a GM would type it: bare when it can be, else in double quotes
    (`"Garret's Hound"`), which `split` reads back; shell quoting only for what double quotes cannot hold."""
    if word and shlex.quote(word) == word:
        return word
    if '"' not in word and "\\" not in word:
        return f'"{word}"'
    return shlex.quote(word)


def command_line(command: str, /, *words: str, typed: str = "", **options: str | None) -> str:
    """One command line: the command, its words as they read (names, ids), each quoted so `split` reads it
    back whole, then its `key=value` options (None: left out; `from_=` for `from=`; `name=` is one too, the command
    being positional only), then what the GM typed, as typed (`2d6+3 fire`). The one place a line is put
    together for the parser."""
    parts = [command, *(quote(w) for w in words)]
    parts += [f"{key.rstrip('_')}={quote(value)}" for key, value in options.items() if value is not None]
    if typed.strip():
        parts.append(typed.strip())
    return " ".join(parts)


def named(item_id: str, options: list[tuple[str, str]]) -> str:
    """A ruleset item as a command line names it for the GM: by its name, when the name reads back as
    that item; else by its id. `options` are (id, name) of every item of the kind."""
    name = next(n for i, n in options if i == item_id)
    if name.lower().replace(" ", "-") == item_id.lower().replace("_", "-"):
        return item_id  # the id is the word itself (`prone`): as a GM types it
    try:
        found = pick("item", name, ((i, n, i) for i, n in options))
    except CommandError:
        found = None
    return name if found == item_id else item_id
