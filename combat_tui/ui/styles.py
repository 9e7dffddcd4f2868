"""The colours of text drawn in Python, named for what they mean and taken from the app's theme.

Rich text styled in Python cannot use Textual's `$variables`, so each role is a Rich style name that
the app's console resolves: `install` and `follow` register them from the theme's text colours
(`$text-error`, `$text-success`, ... made to read on the theme's background), again whenever the
theme changes, so light and dark themes both hold. Only this module names a colour.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.style import Style
from rich.theme import Theme as RichTheme
from textual.app import App
from textual.color import Color

CRITICAL = "combat.critical"  # at or past a limit: a depleted pool, a critical mark, bloodied
ALARM = "combat.alarm"  # a bar in danger; a problem read from a file
ERROR = "combat.error"  # something failed: one line for the GM
DAMAGED = "combat.damaged"  # half or less left; a minor injury
ATTENTION = "combat.attention"  # waits for the GM: a prompt, a marked creature, an empty answer
READY = "combat.ready"  # what can still be used: a marker ready, a bar that is fine
FULL = "combat.full"  # pips left; a prompt's outcome; a new encounter
HEADING = "combat.heading"  # a group's title: holding / delaying, the round, a key, a looked-up name
HINT = "combat.hint"  # secondary facts: time left, a side, a ruleset, the keys a prompt takes
CONDITION = "combat.condition"  # a condition's name
SEVERE = "combat.severe"  # a severe injury
DOWN = "combat.down"  # down, or a fatal injury
MAJOR = "combat.major"  # a major injury

# role: (theme variable, what Rich adds to its colour)
TABLE: dict[str, tuple[str, str]] = {
    CRITICAL: ("text-error", "bold"),
    ALARM: ("text-error", ""),
    ERROR: ("text-error", "bold"),
    DAMAGED: ("text-warning", ""),
    ATTENTION: ("text-warning", "bold"),
    READY: ("text-success", ""),
    FULL: ("text-success", "bold"),
    HEADING: ("text-primary", "bold"),
    HINT: ("text-primary", ""),
    CONDITION: ("text-accent", "italic"),
    SEVERE: ("text-error", ""),
    DOWN: ("text-error", "bold reverse"),
    MAJOR: ("text-warning", "bold"),
}


def rich_theme(variables: Mapping[str, str]) -> RichTheme:
    """Every role as a Rich style, from a theme's CSS variables."""
    styles = {}
    for role, (variable, extra) in TABLE.items():
        color = Color.parse(variables[variable]).rich_color
        styles[role] = Style.parse(extra) + Style(color=color) if extra else Style(color=color)
    return RichTheme(styles, inherit=False)


def install(app: App[Any]) -> None:
    """The roles in the app's console from its first frame; call in the app's `__init__`."""
    app.console.push_theme(rich_theme(app.get_css_variables()), inherit=True)


def follow(app: App[Any]) -> None:
    """The roles in the theme the app has now, and again at each change of theme; call once mounted."""
    restyle(app)
    app.theme_changed_signal.subscribe(app, lambda _theme: restyle(app), immediate=True)


def restyle(app: App[Any]) -> None:
    """The roles in the current theme, and every widget drawn again; a widget that keeps lines it drew
    (the log) draws them again on the theme's signal itself."""
    app.console.pop_theme()
    app.console.push_theme(rich_theme(app.get_css_variables()), inherit=True)
    for screen in app.screen_stack:
        screen.refresh()
        for widget in screen.walk_children():
            widget.refresh()
