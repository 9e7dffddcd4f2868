"""The acting order as the players see it: turn order, a TC timeline, or everyone's pools in free rounds."""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from ...engine.ruleset import TimeModel
from ...engine.views.gm import initiative_lead
from ...engine.views.player_view import Health, PlayerView
from .. import styles
from ..render import tc_heading
from .text import row_text


class OrderList(Widget):
    view: reactive[PlayerView | None] = reactive(None, layout=True)

    def render(self) -> RenderableType:
        view = self.view
        if view is None:
            return Text()
        width = max(self.content_region.width, 12)
        lines: list[Text] = []
        if view.time_model is TimeModel.TIME_COUNT and view.started:
            last: int | None = None
            for r in view.order:
                if r.next_tc != last:
                    last = r.next_tc
                    lines.append(tc_heading(last, view.tc or 0))
                lines.append(row_text(r, width=width))
        else:
            for r in view.order:
                lines.append(row_text(r, initiative_lead(view.time_model, r.initiative), width=width))
        if view.waiting:
            lines.append(Text("Holding / delaying", style=styles.HEADING))
            lines += [row_text(r, "⏸ ", width=width) for r in view.waiting]
        if view.out:
            lines.append(Text("Out of the fight", style=styles.HEADING))
            lines += [row_text(r, "† " if r.health is Health.DEAD else "✗ ", width=width) for r in view.out]
        if not lines:
            lines.append(Text("nobody yet", style="dim"))
        return Text("\n").join(lines)
