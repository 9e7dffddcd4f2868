"""The command line's parser as both halves use it (the app's and the subcommands'): plain, so that
starting the app parses its arguments without the engine."""

from __future__ import annotations

import argparse
from typing import NoReturn

from .engine.state.cleaning import clean_line

DATA_DIR_HELP = ("where saves go, and settings unless COMBAT_TUI_CONFIG_DIR is set (default: the platform's user "
                 "data folder)")
FILE_HELP = "an encounter file: a path, or a save's name in the saves folder (goblins)"


class Parser(argparse.ArgumentParser):
    """argparse with its errors in one line, as every other error here (its own is usage, then the error)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"error: {clean_line(message)} (see {self.prog} --help)\n")
