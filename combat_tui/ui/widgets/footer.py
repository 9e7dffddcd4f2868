"""The key footer, rebuilt only when the keys it shows change.

Textual's footer recomposes every key widget whenever bindings are refreshed, and the main screen
refreshes them after every command (what is possible depends on the state). That rebuild, a layout
and two more frames, cost more than the command itself. This footer keeps its widgets when the same
keys are shown, and only dims or lights the ones whose availability changed (undo, redo, enter).
"""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer

from .._textual_compat import FooterKey, draw_in_this_frame

# Dropped first when the keys do not fit (all of them are in `?`, which always shows).
DROP = ("lookup", "mark", "command", "command_palette", "prompt_value", "prompt_dismiss", "prompt_roll", "act", "undo")


def key_width(key: FooterKey, compact: bool) -> int:
    """Cells a key takes in the footer, its margin included (see Textual's FooterKey styles)."""
    words = cell_len(key.key_display) + (cell_len(key.description) + 1 if key.description else 0)
    if key.has_class("-command-palette"):
        return words + (1 if compact else 4)  # its border (and padding)
    return words + (1 if compact else 2)  # a margin, or padding


class ReportsEveryKey:
    """A screen whose `check_action` reports a key hidden for now as dimmed while `every_key` is set: the
    footer then holds a widget for each key it may show."""

    every_key = False


class QuietFooter(Footer):
    _shape: tuple[Any, ...] | None = None  # the keys shown
    _composed: tuple[Any, ...] = ()  # the keys it holds a widget for, shown or not
    held = False  # keeps the keys it shows, as while a question is asked over the screen
    _compact_at = 0  # the width at which its keys last needed the compact look

    def compose(self) -> ComposeResult:
        """Textual's keys, made to fit: compact when the full ones do not, then the least used hidden. On a
        screen that can report them, a key for each that may show (hidden for now), so that one coming (a
        prompt's) is shown in the frame of the key that brought it, not after a rebuild."""
        screen = self.screen
        shape = self._shown(screen)[0]
        if isinstance(screen, ReportsEveryKey):
            screen.every_key = True
            try:
                keys = list(super().compose())
                composed = self._shown(screen)[0]
            finally:
                screen.every_key = False
        else:
            keys = list(super().compose())
            composed = shape
        # What is shown, as it is built now: a rebuild asked for earlier can run after the keys moved on
        # (a question came up meanwhile), and `relight` must then know the footer shows other keys.
        self._shape, self._composed = (shape, composed) if keys else (None, ())
        footer_keys = [k for k in keys if isinstance(k, FooterKey)]
        self._show_only(footer_keys)
        for key in footer_keys:  # born as compact as the footer: bound to it on mounting, each would restyle itself
            key.set_reactive(FooterKey.compact, self.compact)
            key.set_class(self.compact, "-compact", update=False)
        yield from keys

    def on_resize(self) -> None:
        self._fit(self._keys_shown(list(self.query(FooterKey))))

    def _show_only(self, keys: list[FooterKey]) -> None:
        """Of the keys it holds, those of `_shape` shown (made to fit), the others hidden."""
        shown = self._keys_shown(keys)
        for key in keys:
            if key not in shown:
                key.display = False
        self._fit(shown)

    def _keys_shown(self, keys: list[FooterKey]) -> list[FooterKey]:
        wanted = {(key, action) for key, action, _d, _t in self._shape or ()}
        return [k for k in keys if k.has_class("-command-palette") or (k.key, k.action) in wanted]

    def _fit(self, keys: list[FooterKey]) -> None:
        room = self.size.width or self.app.size.width
        needed = sum(key_width(k, False) for k in keys) > room
        # Compact once, compact at this width: a prompt's keys come and go every turn, and each time every
        # key was restyled and drawn again (most of the prompt's key), the footer's look jumping with them.
        self._set_compact(needed or (self.compact and room == self._compact_at))
        if needed:
            self._compact_at = room
        used = sum(key_width(k, self.compact) for k in keys)
        for k in keys:
            k.display = True
        for action in DROP:
            for k in keys:
                if used > room and k.action == action and k.display:
                    k.display = False
                    used -= key_width(k, self.compact)

    def _set_compact(self, compact: bool) -> None:
        """The footer and its keys restyled once, together. Set the usual way, the footer restyled itself,
        then each key bound to it did, in turn: most of a key's time when a prompt's keys came or went."""
        if compact == self.compact:
            return
        self.set_reactive(Footer.compact, compact)
        self.set_class(compact, "-compact", update=False)
        if not self.is_mounted:
            return  # being built: compose gives its keys the same
        for key in self.query(FooterKey):
            key.set_reactive(FooterKey.compact, compact)
            key.set_class(compact, "-compact", update=False)
        self.update_node_styles()
        self.refresh(layout=True)

    def bindings_changed(self, screen: Screen[Any]) -> None:
        if self.held:
            return
        if self.relight(screen):
            return
        super().bindings_changed(screen)

    def relight(self, screen: Screen[Any]) -> bool:
        """Dim or light keys in place, and show or hide those it holds; False when it must be rebuilt (a
        key it holds no widget for). Textual rebuilds a footer after the frame: the keys of the command bar
        (none but the palette's) and back came a frame after the bar."""
        shape, enabled = self._shown(screen)
        if not self.is_attached or screen is not self.screen:
            return False
        held = list(self.query(FooterKey))
        if shape != self._shape:
            if not _in_order(shape, self._composed):
                return False
            self._shape = shape
            self._show_only(held)
            draw_in_this_frame(self, *held)
        for widget in held:
            on = enabled.get((widget.key, widget.action))
            if on is not None:
                if widget.disabled == on:
                    widget.disabled = not on
                widget.set_class(not on, "-disabled")  # its dimmed look, set once as Textual builds it
        return True

    @staticmethod
    def _shown(screen: Screen[Any]) -> tuple[tuple[Any, ...], dict[tuple[str, str], bool]]:
        shown = [(b.key, b.action, b.description, tooltip, enabled)
                 for _node, b, enabled, tooltip in screen.active_bindings.values() if b.show]
        return tuple(s[:4] for s in shown), {(key, action): on for key, action, _d, _t, on in shown}


def _in_order(shape: tuple[Any, ...], held: tuple[Any, ...]) -> bool:
    """Each of `shape`'s keys among `held`, in the same order (the footer can show it by hiding others)."""
    it = iter(held)
    return all(any(entry == h for h in it) for entry in shape)
