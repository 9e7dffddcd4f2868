"""What a screen or dialog may ask of the app it runs in, without importing the app: the app imports
the screens, so a screen that imported it back would tie every module of the UI into one circle."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from textual.app import App

from ..session import Session
from .preferences import Preferences


@runtime_checkable
class Host(Protocol):
    """The app's side: the encounter open, the data folder, the settings, and the ways to open another."""

    session: Session | None
    data_dir: str | None
    preferences: Preferences

    def let_go(self, status: int, line: str) -> None:
        """The GM has dealt with the changes not saved: the exit status and the line for the terminal."""

    def show_session(self, session: Session) -> None:
        """Leave whatever is open and play this encounter."""

    def open_path(self, path: str | Path) -> None:
        """Open a save (a line for the GM if it cannot be)."""

    def open_demo(self, ruleset: str, fresh: bool = False) -> None:
        """Open a demo: the played copy resumed, or started again."""


def host(app: App[Any]) -> Host | None:
    """The app as a `Host`, or None in an app that is not one (a test's)."""
    return app if isinstance(app, Host) else None
