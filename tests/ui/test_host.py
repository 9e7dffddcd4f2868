"""A screen reaches the app through `ui/host.py`, checked at run time (`host(app)` is None in an app that
is not one): the app must be a `Host`, or the screens would quietly stop opening saves and quitting."""

from __future__ import annotations

from textual.app import App

from combat_tui.ui.app import CombatApp
from combat_tui.ui.host import Host, host


def test_the_app_is_a_host() -> None:
    app = CombatApp()
    assert isinstance(app, Host)
    assert host(app) is app


def test_an_app_that_is_not_one_is_told_apart() -> None:
    assert host(App()) is None
