"""The selected creature's sheet: its health, the pools a fight changes, its injuries, its note, its stats."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual.reactive import reactive

from ...engine.ruleset import PoolKind, TimeModel
from ...session import Session
from .. import styles
from ..render import body_map, pool_text
from .sheet_parts import sheet_pools, stat_lines
from .view_static import ViewStatic


class Sheet(ViewStatic):
    # Bound to the screen's; the view redraws itself when what it shows changed (see ViewStatic).
    revision: reactive[int] = reactive(0, init=False, repaint=False)
    selected: reactive[str | None] = reactive(None, init=False, repaint=False)

    def __init__(self, session: Session, **kw: object) -> None:
        super().__init__(**kw)  # type: ignore[arg-type]
        self.session = session

    def on_mount(self) -> None:
        self.render_sheet()

    def watch_revision(self) -> None:
        self.render_sheet()

    def watch_selected(self) -> None:
        self.render_sheet()

    def on_resize(self) -> None:
        self.render_sheet()  # the bars are drawn to the width: at once, not at the next key

    _drawn: tuple[object, ...] | None = None

    def render_sheet(self) -> None:
        enc = self.session.encounter
        # A command moves the screen's revision and then the selection: one drawing for both.
        drawn = (enc.revision, self.selected, self.size.width)
        if drawn == self._drawn:
            return
        self._drawn = drawn
        state, rs = enc.state, enc.rs
        c = state.combatants.get(self.selected or "")
        if c is None:
            self.show(Text("No creature yet: press : and type  add Goblin x3 hp=7", style="dim"))
            return
        head = Text(c.name, style="bold")
        head.append(f"  {c.side.value}", style=styles.HINT)
        if c.initiative is not None:
            head.append(f"  init {c.initiative}")
        if rs.time.model is TimeModel.TIME_COUNT and c.next_tc is not None:
            head.append(f"  next TC {c.next_tc}", style="bold")
        if c.hidden:
            head.append("  hidden", style="italic dim")
        lines: list[Text] = [head]
        width = max(6, min(16, self.size.width - 24)) if self.size.width else 10
        # Health first, then what changes in a fight: a short sheet (80x24) cuts from the bottom.
        for pd in sheet_pools(rs):
            ps = c.pools.get(pd.id)
            if ps is None or (pd.kind is PoolKind.COUNTER and ps.current == 0 and ps.max is None):
                continue  # an untouched counter says nothing
            lines.append(pool_text(state, rs, c, pd, width=width))
        if rs.body:
            heading = Text("Injuries", style="bold underline")
            plan = rs.body_plan(c.body)
            if plan is not None:  # whose parts these are: a wolf's four legs, a human's two
                heading.append(f"  {plan.name}", style="dim")
            lines.append(heading)
            lines.append(body_map(rs, c))
        if c.notes:
            lines.append(Text("Note: ", style="bold").append(c.notes))
        lines += stat_lines(rs, c, self.size.width or 40)
        self.show(Group(*lines))
