"""Text from outside without control characters: the plain functions (no pydantic), for what reads a
file before the engine is loaded (the save's face, the command line). `clean.py` explains why.
"""

from __future__ import annotations

import unicodedata

_SPACES = {"\t": " ", "\n": " ", "\r": " ", "\x0b": " ", "\x0c": " ", "\x85": " ", "\u2028": " ", "\u2029": " "}


def _keep(ch: str) -> bool:
    # Categories C*: controls, format (bidi overrides, zero-width), surrogates, private use, unassigned.
    # Private use and unassigned stay: icon fonts and newer emoji are harmless to a terminal. So do the
    # zero-width joiners, which build emoji (👨‍👩‍👧) and some scripts' letters.
    return unicodedata.category(ch) not in ("Cc", "Cf", "Cs") or ch in "\u200c\u200d"


def clean_line(text: str) -> str:
    """One line: line breaks and tabs become spaces, other control and format characters go."""
    if text.isprintable():  # nearly always: checked at C speed
        return text
    return "".join(_SPACES.get(ch, ch) if ch in _SPACES or _keep(ch) else "" for ch in text)


def clean_text(text: str) -> str:
    """Several lines: as `clean_line`, but a line break stays (a CR LF or a CR becomes one)."""
    if text.isprintable():
        return text
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return "\n".join(clean_line(line) for line in lines)


def clean_command(text: str) -> str:
    """A command line or argument: as `clean_text`, but a tab stays, a word break that a name drops."""
    if text.isprintable():
        return text
    return "\t".join(clean_text(part) for part in text.split("\t"))
