"""The command palette: creatures, conditions, rules, tables and actions of the encounter's ruleset, and the
commands, from their spec: picking one types it into the command bar."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from rich.text import Text
from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.content import Content
from textual.fuzzy import Matcher

from . import styles
from .matching import rank

if TYPE_CHECKING:  # the engine's: imported when the palette is opened (the app starts without it)
    from .screens.main import MainScreen


def _plain(text: str) -> str:
    """Help text as written: the palette reads it as markup, where `[KEY=VALUE]` would vanish."""
    return text.replace("[", "\\[")


def _highlight(matcher: Matcher, title: str) -> Content:
    """The title with the letters matched stressed; `Matcher.highlight` reads the title as markup, and a
    creature's name is not."""
    content = Content(title)
    score, offsets = matcher.fuzzy_search.match(matcher.query, title)
    for offset in offsets if score else ():
        if not title[offset].isspace():
            content = content.stylize(matcher.match_style, offset, offset + 1)
    return content


def _score(matcher: Matcher, query: str, title: str) -> float:
    """Textual's fuzzy score, raised for a name (after `Creature: `) that starts with what was typed, less
    for one with a word that does: `cor` finds Corwin before a name with those letters inside a word."""
    score = matcher.match(title)
    found = rank(query, title.split(": ", 1)[-1])
    return score + (2 - found) if found is not None and found < 2 else score


class EncounterCommands(Provider):
    def _screen(self) -> MainScreen | None:
        """The main screen under the palette, if an encounter is open."""
        from .screens.main import MainScreen

        return next((s for s in reversed(self.app.screen_stack) if isinstance(s, MainScreen)), None)

    def _items(self) -> list[tuple[str, object, str]]:
        from ..engine.commands import COMMANDS
        from ..engine.lookup import entries

        screen = self._screen()
        if screen is None:
            return []
        enc = screen.session.encounter
        items: list[tuple[str, object, str]] = []
        for c in enc.state.roster():
            items.append((f"Creature: {c.name}", partial(self._select, screen, c.id), "go to this creature"))
        for e in entries(enc.rs):
            if e.kind == "action":
                items.append((f"Action: {e.name}", partial(self._act, screen, e.id),
                               "apply to the selected creature · " + " ".join(e.lines)[:80]))
            else:
                items.append((f"{e.kind.capitalize()}: {e.name}", partial(self._show, screen, e.name, e.lines),
                               " ".join(e.lines)[:80]))
        for spec in COMMANDS.values():
            items.append((f"Command: {spec.name}", partial(screen.type_command, f"{spec.name} "),
                          f"{spec.usage} · {spec.help}"))
        return items

    @staticmethod
    def _select(screen: MainScreen, cid: str) -> None:
        from .widgets.order_pane import OrderPane

        screen.selected = cid
        screen.query_one(OrderPane).select(cid)

    @staticmethod
    def _act(screen: MainScreen, action_id: str) -> None:
        screen.act_action(action_id)

    @staticmethod
    def _show(screen: MainScreen, name: str, lines: tuple[str, ...]) -> None:
        from .widgets.log_pane import LogPane

        log = screen.query_one(LogPane)
        log.note(name, style=styles.HEADING)
        for line in lines:
            log.note("  " + line)
        screen.notify("\n".join(lines)[:400], title=name, markup=False, timeout=8)

    async def discover(self) -> Hits:
        for title, run, help_text in self._items()[:40]:
            yield DiscoveryHit(Text(title), run, help=_plain(help_text))  # type: ignore[arg-type]

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for title, run, help_text in self._items():
            score = _score(matcher, query, title)
            if score > 0:
                yield Hit(score, _highlight(matcher, title), run, help=_plain(help_text))  # type: ignore[arg-type]

