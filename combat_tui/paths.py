"""Every place combat-tui reads or writes, in one module, on platformdirs.

The data folder can be moved with `--data-dir` or the environment variable COMBAT_TUI_DATA_DIR;
the config folder (a GM's own rulesets and settings) with COMBAT_TUI_CONFIG_DIR. A moved data folder
takes the config along (its `config` folder) unless COMBAT_TUI_CONFIG_DIR says otherwise: a run on a
folder of its own, a test's, never reads or writes the GM's real settings.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP = "combat-tui"
DATA_ENV = "COMBAT_TUI_DATA_DIR"
CONFIG_ENV = "COMBAT_TUI_CONFIG_DIR"


def data_dir(override: str | os.PathLike[str] | None = None) -> Path:
    chosen = override or os.environ.get(DATA_ENV)
    return Path(chosen).expanduser() if chosen else Path(platformdirs.user_data_dir(APP, appauthor=False))


def config_dir() -> Path:
    chosen = os.environ.get(CONFIG_ENV)
    if chosen:
        return Path(chosen).expanduser()
    if os.environ.get(DATA_ENV):
        return data_dir() / "config"
    return Path(platformdirs.user_config_dir(APP, appauthor=False))


def settings_file() -> Path:
    """The GM's preferences (theme, keys): see settings.py."""
    return config_dir() / "settings.toml"


def user_rulesets_dir() -> Path:
    return config_dir() / "rulesets"


def saves_dir(override: str | os.PathLike[str] | None = None) -> Path:
    return data_dir(override) / "saves"


def library_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """The GM's library: creature templates and parties, as TOML (docs/library-format.md)."""
    return data_dir(override) / "library"


def party_state_file(override: str | os.PathLike[str] | None = None) -> Path:
    """Parties' lasting state (pools, injuries, conditions), kept between fights beside the library folder,
    not in it: what is in there is read as TOML."""
    return party_state_beside(library_dir(override))


def party_state_beside(library: Path) -> Path:
    """The parties' lasting state that goes with a library folder."""
    return library.parent / "party-state.sqlite"


def demo_saves_dir() -> Path:
    """The shipped demo encounters: packaged beside the code, or the repository's `saves/`."""
    packaged = Path(__file__).resolve().parent / "data" / "saves"
    return packaged if packaged.is_dir() else Path(__file__).resolve().parent.parent / "saves"
