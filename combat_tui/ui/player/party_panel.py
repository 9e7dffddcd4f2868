"""Each PC's pools and conditions, with the rounds (or TC) each condition has left."""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from ...engine.views.player_view import PlayerView
from .text import FALLEN, condition_text, health_text, pool_text


class PartyPanel(Widget):
    view: reactive[PlayerView | None] = reactive(None, layout=True)

    def render(self) -> RenderableType:
        view = self.view
        if view is None:
            return Text()
        bar = max(6, min(16, self.content_region.width - 24))
        lines: list[Text] = []
        for r in view.party:
            if lines:
                lines.append(Text())
            head = Text("▶ " if r.acting else "", style="bold reverse")
            head.append(r.name, style="bold underline")
            if r.health in FALLEN:
                head.append("  ")
                head.append_text(health_text(r.health))
            lines.append(head)
            lines += [pool_text(p, width=bar) for p in r.pools]
            lines += [Text("  ").append_text(condition_text(c)) for c in r.conditions]
        if not lines:
            lines.append(Text("no player characters in this encounter", style="dim"))
        return Text("\n").join(lines)
