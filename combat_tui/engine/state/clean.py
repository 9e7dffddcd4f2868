"""Text from outside (a save, a ruleset, a command line, a browser) without control characters.

A name in a file could hold ESC or BEL and clear or retitle the GM's terminal when shown, and a
right-to-left override could make one name read as another. So every such string is cleaned where
it is read, once, and whatever draws it later can trust it.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator

from .cleaning import clean_command, clean_line, clean_text

__all__ = ["Line", "Text", "clean_command", "clean_line", "clean_text"]

Line = Annotated[str, AfterValidator(clean_line)]
Text = Annotated[str, AfterValidator(clean_text)]
