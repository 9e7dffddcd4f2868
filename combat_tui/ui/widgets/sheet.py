"""The selected creature's sheet: its health, the pools a fight changes, its injuries, its note, its stats
and its own attacks (its stat block)."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual.reactive import reactive

from ...engine.views.gm import GMView, SheetView, StatView
from .. import styles
from ..render import attack_text, body_map, pool_text, standing_text
from .view_static import ViewStatic


class Sheet(ViewStatic):
    view: reactive[GMView | None] = reactive(None, init=False, repaint=False)
    sheet: reactive[SheetView | None] = reactive(None, init=False, repaint=False)  # the view's part

    def watch_view(self, view: GMView | None) -> None:
        self.sheet = view.sheet if view is not None else None

    def on_mount(self) -> None:
        self.render_sheet()

    def watch_sheet(self) -> None:
        self.render_sheet()

    def on_resize(self) -> None:
        self.render_sheet()  # the bars are drawn to the width: at once, not at the next key

    def render_sheet(self) -> None:
        sv = self.sheet
        if sv is None:
            self.show(Text("No creature yet: press : and type  add Goblin x3 hp=7", style="dim"))
            return
        head = Text(sv.name, style="bold")
        head.append(f"  {sv.side}", style=styles.HINT)
        if sv.initiative is not None:
            head.append(f"  init {sv.initiative}")
        if sv.next_tc is not None:
            head.append(f"  next TC {sv.next_tc}", style="bold")
        if sv.standing:
            head.append("  ").append_text(standing_text(sv.standing))
        if sv.hidden:
            head.append("  hidden", style="italic dim")
        lines: list[Text] = [head]
        width = max(6, min(16, self.size.width - 24)) if self.size.width else 10
        # Health first, then what changes in a fight: a short sheet (80x24) cuts from the bottom.
        lines += [pool_text(pv, width=width) for pv in sv.pools]
        if sv.body is not None:
            heading = Text("Injuries", style="bold underline")
            if sv.body.plan:  # whose parts these are: a wolf's four legs, a human's two
                heading.append(f"  {sv.body.plan}", style="dim")
            lines += [heading, body_map(sv.body)]
        if sv.notes:
            lines.append(Text("Note: ", style="bold").append(sv.notes))
        if sv.defences:
            lines.append(Text("Damage: ", style="bold").append(sv.defences))
        lines += stat_lines(sv.stats, self.size.width or 40)
        if sv.attacks:
            lines.append(Text("Attacks", style="bold underline"))
            lines += [attack_text(av) for av in sv.attacks]
        self.show(Group(*lines))


def stat_lines(stats: tuple[StatView, ...], width: int) -> list[Text]:
    """Each stat by name and value, as many to a line as fit; a stat never breaks across lines. Values
    the GM set away from the ruleset's default stand out."""
    lines: list[Text] = []
    line = Text()
    for st in stats:
        item = Text(st.name + " ", style="dim")
        item.append(str(st.value), style="bold" if st.changed else "")
        if line and line.cell_len + 3 + item.cell_len > width:
            lines.append(line)
            line = Text()
        if line:
            line.append(" · ", style="dim")
        line.append_text(item)
    if line:
        lines.append(line)
    return lines
