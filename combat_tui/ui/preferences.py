"""The settings file applied to the app: the theme, and keys remapped by the bindings' ids."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.app import App
from textual.binding import Binding, BindingType
from textual.keys import key_to_character
from textual.theme import Theme

from .. import settings
from ..engine.state.errors import CombatError

Owners = Callable[[], list[list[Binding]]]
"""The bindings of the app, each of its screens and dialogs, as the app lists them (a key is one
binding's within each): this module reads them without importing a screen."""


def binding_ids(owners: Owners) -> set[str]:
    """Every id a GM may remap."""
    return {str(b.id) for owner in owners() for b in owner}


def clashes(owners: Owners, keymap: dict[str, str]) -> list[str]:
    """The remapped ids whose new key another binding of the same screen has (`"main.heal" = "n"` with n
    still the next turn's): one of them would silently lose its key, so the remap is not used."""
    if not keymap:
        return []
    keymap, refused = dict(keymap), []
    for _ in range(len(keymap) + 1):  # a refused remap gives its binding back its own key: look again
        clash = next((b.id for owner in owners() for b in owner if b.id in keymap
                      and any(_same(k, t) for other in owner if other.id != b.id
                              for t in keymap.get(str(other.id), other.key).split(",")
                              for k in keymap[str(b.id)].split(","))), None)
        if clash is None:
            break
        refused.append(str(clash))
        del keymap[str(clash)]
    return refused


def clash_line(owners: Owners, bid: str, keys: str, keymap: dict[str, str]) -> str:
    """`settings: "main.heal" = "n" not used: n is the key of main.next`."""
    for owner in owners():
        if any(b.id == bid for b in owner):
            for other in owner:
                theirs = keymap.get(str(other.id), other.key).split(",")
                taken = [k for k in keys.split(",") if other.id != bid and any(_same(k, t) for t in theirs)]
                if taken:
                    return f'settings: "{bid}" = "{keys}" not used: {shown(taken[0])} is the key of {other.id}'
    return f'settings: "{bid}" = "{keys}" not used'


class Preferences:
    """Loaded once at start; the theme saved again whenever the GM picks another (the palette)."""

    def __init__(self, app: App[Any], owners: Owners) -> None:
        self.app = app
        self.owners = owners
        self.loaded = settings.load()
        known = binding_ids(owners) if self.loaded.keys else set()  # every screen's module: only for remapped keys
        self.keymap = {bid: keys for bid, keys in self.loaded.keys.items() if bid in known}
        unknown = sorted(set(self.loaded.keys) - known)
        self.problems = [p for p in [self.loaded.problem] if p]
        refused = clashes(owners, self.keymap)
        for bid in refused:
            keys = self.keymap.pop(bid)
            if bid == refused[0]:  # one line: the first, and how many more
                self.problems.append(clash_line(owners, bid, keys, self.keymap)
                                     + (f" (and {len(refused) - 1} more)" if len(refused) > 1 else ""))
        if unknown:
            self.problems.append(f"settings: no key with the id {unknown[0]!r} (the ids are in ?)")
        self._saved = self.loaded.theme

    def apply(self) -> None:
        """Theme and keys into the app, then a line for each problem; called once the app is mounted."""
        theme = self.loaded.theme
        if theme is not None and theme in self.app.available_themes:
            self.app.theme = theme
        elif theme is not None:
            self.problems.append(f"settings: no theme named {theme!r}; the default is used")
        if self.keymap:
            self.app.set_keymap(self.keymap)
        if self.problems:  # one line, however many things were wrong
            self.app.notify("; ".join(self.problems), severity="warning", markup=False, timeout=15)
        self.app.theme_changed_signal.subscribe(self.app, self._theme_changed)

    def remap(self, bid: str, keys: str) -> str | None:
        """A key changed from `?`: used now and saved in the settings file. The line that says why not
        (a key another binding of that screen has, a name that is no key, a file that cannot be written)."""
        keys = settings.key_list(keys)
        if not keys:
            return "not a key's name: a letter, or a name such as f5 or ctrl+x"
        if not self.loaded.readable:
            return "the settings file could not be read: it is yours to mend first"
        wanted = {**self.keymap, bid: keys}
        if bid in clashes(self.owners, wanted):
            return clash_line(self.owners, bid, keys, self.keymap).removeprefix("settings: ")
        try:
            settings.save_key(bid, keys)
        except CombatError as exc:
            return str(exc)
        self.keymap[bid] = keys
        self.app.set_keymap(self.keymap)
        return None

    def _theme_changed(self, theme: Theme) -> None:
        if theme.name == self._saved or not self.loaded.readable:
            return  # a file that could not be read is the GM's to mend, never overwritten
        try:
            settings.save_theme(theme.name)
        except CombatError as exc:
            self.app.notify(str(exc), severity="warning", markup=False)
            return
        self._saved = theme.name


def remapped(bindings: list[BindingType], keymap: dict[str, str]) -> dict[str, str]:
    """For the help screen: binding id -> the keys it has now, for each binding the keymap changed,
    and "" for one whose key another binding took over."""
    ids = {b.id for b in bindings if isinstance(b, Binding)}
    taken = {k for bid, keys in keymap.items() if bid in ids for k in keys.split(",")}
    out: dict[str, str] = {}
    for b in bindings:
        if not isinstance(b, Binding) or not b.id:
            continue
        if b.id in keymap:
            out[b.id] = keymap[b.id]
        elif any(_same(k, t) for k in b.key.split(",") for t in taken):
            out[b.id] = ""
    return out


def _same(key: str, other: str) -> bool:
    """`?` and `question_mark` are the same key."""
    a, b = key.strip(), other.strip()
    return a == b or (key_to_character(a) or a) == (key_to_character(b) or b)


def shown(keys: str) -> str:
    """`question_mark,f5` as `? f5`."""
    return " ".join(key_to_character(k) or k for k in keys.split(",") if k)
