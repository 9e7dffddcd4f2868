"""Who acts now, large, under the clock: round or TC, and who comes next."""

from __future__ import annotations

from rich.align import Align
from rich.console import Group, RenderableType
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from ...engine.ruleset import TimeModel
from ...engine.views.player_view import PlayerView
from .. import styles
from .font import big


def clock_text(view: PlayerView, width: int = 200) -> Text:
    out = Text(view.name or "Encounter", style="bold")
    out.append(" — ")
    if not view.started:
        out.append("not started yet", style="italic")
    elif view.tc is not None:
        out.append(f"TC {view.tc}", style=styles.HEADING)
    else:
        out.append(f"Round {view.round}", style=styles.HEADING)
    if out.cell_len + len(view.ruleset) + 5 <= width:  # the ruleset only where it fits on the line
        out.append(f"  ·  {view.ruleset}", style="dim")
    return out


def upcoming(view: PlayerView) -> Text:
    """Who comes after the acting creatures: the next in turn order, or the next TC's actors."""
    if not view.started or view.time_model is TimeModel.FREE_ROUNDS:
        return Text()
    if view.time_model is TimeModel.TIME_COUNT:
        later = [r for r in view.order if not r.acting and r.next_tc is not None]
        if not later:
            return Text()
        tc = min(r.next_tc or 0 for r in later)
        out = Text(f"next, TC {tc}: ", style="dim")
        out.append(", ".join(r.name for r in later if r.next_tc == tc))
        return out
    names = [r.name for r in view.order]
    acting = [i for i, r in enumerate(view.order) if r.acting]
    if not names:
        return Text()
    following = names[(acting[0] + 1) % len(names)] if acting else None
    return Text.assemble(("next: ", "dim"), following) if following else Text()


class NowPanel(Widget):
    view: reactive[PlayerView | None] = reactive(None)

    def render(self) -> RenderableType:
        view = self.view
        if view is None:
            return Text("reading the encounter…", style="dim")
        width = max(self.content_region.width, 10)
        parts: list[RenderableType] = [clock_text(view, width)]
        if not view.started:
            parts.append(Text("\nWaiting for the fight to start\n", style="italic"))
        elif view.time_model is TimeModel.FREE_ROUNDS:
            parts.append(self._headline("Everyone acts", width))
        elif view.now:
            parts.append(self._headline(" · ".join(view.now), width))
        else:
            parts.append(Text("\n…\n", style="bold"))  # someone the players cannot see: three rows, like a name
        parts.append(upcoming(view))
        for part in parts:
            if isinstance(part, Text):
                part.justify = "center"
        return Group(*parts)

    @staticmethod
    def _headline(label: str, width: int) -> RenderableType:
        """Big letters centred as one block; plain bold when the font lacks a letter or it is too wide."""
        drawn = big(label, max_width=width)
        return Align.center(drawn) if drawn is not None else Text(label, style="bold reverse")
