"""The acting order: turn order with the current actor, a TC timeline, or every creature in a free round."""

from __future__ import annotations

from rich.text import Text
from textual.geometry import Region
from textual.message import Message
from textual.reactive import reactive

from ...engine.views.gm import DOWN, OUT_LEADS, GMView, GroupRow, Heading, OrderRow
from .. import styles
from ..render import condition_badges, group_glance, row_pool, standing_text, wrap_pools
from .row_list import RowList

INDENT = "   "  # a row's lines under its name (narrow, each column counts)
WHOLE = 1 << 16  # room for every condition, whole
HIDDEN = " hidden"  # after the name of a creature the players' view leaves out, as on the sheet
Rows = tuple[OrderRow | GroupRow | Heading, ...]
GROUP = "group:"  # a folded group's drawn line, kept apart from its first member's


class OrderPane(RowList):
    """Renders the order; posts `Picked` when the GM moves to a creature. Never changes the encounter."""

    view: reactive[GMView | None] = reactive(None, init=False, repaint=False)
    order: reactive[Rows] = reactive((), init=False, repaint=False)  # the view's part: its watcher runs when it changed

    class Picked(Message):
        def __init__(self, cid: str) -> None:
            super().__init__()
            self.cid = cid

    def __init__(self, **kw: object) -> None:
        super().__init__(**kw)
        self._row_cache: dict[str, tuple[OrderRow | GroupRow, int, Text]] = {}  # creature id -> (its row, width, drawn)
        self._row_keys: list[str] = []  # the creature ids (or heading texts) shown, in order
        self._all_keys: list[str] = []  # the same with each folded group's members, folded or not
        self._width = 12
        self._following = False
        self._quiet = False
        self._acting_row: int | None = None  # the first acting creature's row
        self._upward = False
        self._landing: str | None = None  # the member a folded group's line picked, highlighted once open
        self._entered: tuple[str, ...] = ()  # the folded group whose line the GM's last move landed on

    def watch_view(self, view: GMView | None) -> None:
        self.order = view.order if view is not None else ()

    def on_mount(self) -> None:
        self.rebuild()

    def watch_order(self) -> None:
        self.rebuild()

    def on_resize(self) -> None:
        self.rebuild()
        self.call_after_refresh(self._keep_in_view)  # once the pane has its new size

    def watch_show_vertical_scrollbar(self, shown: bool) -> None:
        """The rows are cut to the room beside the scrollbar: it came or went (no resize says so)."""
        self.call_after_refresh(self._fit_width)  # not now: the pane is being laid out, its room not yet known

    def _without_scrollbar(self, rows: list[tuple[str | None, Text]]) -> list[tuple[str | None, Text]]:
        """The rows drawn as wide as the pane is when they would fit it so: wrapped beside a scrollbar, rows
        can need the scrollbar that narrowed them, and the pane would draw the same order two ways."""
        height = self.scrollable_content_region.height
        over = sum(len(text.plain.split("\n")) for _, text in rows) - height
        if over > len(rows):  # no row's line saved would make it fit
            return rows
        width = self._width + self.scrollbar_size_vertical
        wide = [self._text(r, width) for r in self.order]
        if sum(len(text.plain.split("\n")) for _, text in wide) > height:
            return rows
        self._width = width
        return wide

    def _fit_width(self) -> None:
        if self._width != max(self.scrollable_content_region.width, 12):
            self.on_resize()

    def _keep_in_view(self) -> None:
        """The highlighted row in view, and the acting one as well when both fit (a smaller terminal,
        or a prompt's bar taking a row, may have left either below the edge)."""
        rows = [i for i in (self.highlighted, self._acting_row) if i is not None and i < self.row_count]
        if not rows:
            return
        first = min(self.row_span(i)[0] for i in rows)
        last = max(sum(self.row_span(i)) for i in rows)
        if last - first > self.scrollable_content_region.height and self.highlighted in rows:
            first, height = self.row_span(self.highlighted)  # no room for both: the highlighted one
            last = first + height
        if last <= self.scrollable_content_region.height:  # all fit from the top: as the fight began (a size
            self.scroll_to(y=0, animate=False, immediate=True, force=True)  # passed through on opening scrolls none)
            return
        self.scroll_to_region(Region(0, first, 1, last - first), animate=False, immediate=True, force=True)

    def _line(self, row: OrderRow, width: int) -> Text:
        """Who (with the acting, marked and hidden signs), then how they stand: health, the other pools
        and the conditions on one line when they fit; else every pool, whole, on as many lines as they
        need, and the conditions on a line of their own. Kept while the row is the same: at 1,000
        creatures, drawing every row again cost more than the command."""
        hit = self._row_cache.get(row.id)
        if hit is not None and hit[1] == width and (hit[0] is row or hit[0] == row):
            return hit[2]
        text = Text("\n").join([self._who(row, width), *self._stands(row, width)])
        self._row_cache[row.id] = (row, width, text)
        return text

    def _group_line(self, row: GroupRow, width: int) -> Text:
        """A folded group: its name and count, then each member's health, on one line when it fits."""
        hit = self._row_cache.get(GROUP + row.id)
        if hit is not None and hit[1] == width and (hit[0] is row or hit[0] == row):
            return hit[2]
        who = Text("  ").append(row.lead, style="dim").append(row.title, style="italic")
        if row.hidden:
            who.append(f" {row.hidden_words}", style="dim italic")
        glance = group_glance(row)
        if who.cell_len + 2 + glance.cell_len <= width:
            text = who.append("  ").append_text(glance)
        else:
            who.truncate(width, overflow="ellipsis")
            glance.truncate(width - len(INDENT), overflow="ellipsis")
            text = Text("\n").join([who, Text(INDENT).append_text(glance)])
        self._row_cache[GROUP + row.id] = (row, width, text)
        return text

    def _text(self, row: OrderRow | GroupRow | Heading, width: int) -> tuple[str | None, Text]:
        if isinstance(row, Heading):
            return None, Text(row.text, style=styles.HEADING)
        return row.id, self._line(row, width) if isinstance(row, OrderRow) else self._group_line(row, width)

    @staticmethod
    def _who(row: OrderRow, width: int) -> Text:
        out = Text()
        out.append("▶" if row.acting else " ", style="bold reverse" if row.acting else "")
        out.append("◆" if row.marked else " ", style=styles.ATTENTION)
        out.append(row.lead, style="dim")
        name = Text(row.name, style="bold" if row.acting else "")
        if row.standing == DOWN and row.lead not in OUT_LEADS:  # in the order yet down: not merely hurt
            name.append(" ").append_text(standing_text(row.standing))
        if row.hidden:  # shortened before the mark: the GM must see the players cannot
            room = max(width - out.cell_len - len(HIDDEN), 2)
            if name.cell_len > room:
                name.truncate(room - 1)
                name.rstrip()
                name.append("…")
            name.append(HIDDEN, style="dim italic")
        out.append_text(name)
        out.truncate(width, overflow="ellipsis")
        return out

    @staticmethod
    def _stands(row: OrderRow, width: int) -> list[Text]:
        room = width - len(INDENT)
        pools = [row_pool(pv) for pv in row.pools]
        labels = row.conditions
        one = Text(" ").join([*pools, condition_badges(labels, WHOLE)] if labels else pools)
        if one.cell_len <= room:
            return [Text(INDENT).append_text(one)]
        lines = [Text(INDENT).append_text(line) for line in wrap_pools(pools, room)]
        if labels:
            lines.append(Text(INDENT).append_text(condition_badges(labels, room)))
        return lines

    def rebuild(self) -> None:
        keep = self._current_id()
        width = self._width = max(self.scrollable_content_region.width, 12)  # the padding keeps it off the scrollbar
        rows = [self._text(r, width) for r in self.order]
        if self.show_vertical_scrollbar:
            rows = self._without_scrollbar(rows)
        self._show(rows, [k for r in self.order for k in _keys(r)])
        if self._landing is not None and self.index_of(self._landing) is not None:
            keep, self._landing = self._landing, None
        acting = [r.id for r in self.order if isinstance(r, OrderRow) and r.acting]
        self._acting_row = self.index_of(acting[0]) if acting else None
        if len(self._row_cache) > 2 * len(rows) + 16:  # forget creatures long gone
            shown = {r.id if isinstance(r, OrderRow) else GROUP + r.id
                     for r in self.order if not isinstance(r, Heading)}
            self._row_cache = {cid: v for cid, v in self._row_cache.items() if cid in shown}
        self.select(keep or (acting[0] if acting else None), quiet=True)
        moved = self._current_id()
        if moved is not None and moved != keep:
            self.post_message(self.Picked(moved))

    def _show(self, rows: list[tuple[str | None, Text]], every: list[str]) -> None:
        """Replace only the rows whose text changed when the rows are the same creatures in the same
        places; otherwise set them all, and the highlight is placed again from the top (kept where it
        was when only a group folded or opened: the same creatures, `every`)."""
        shape = [cid if cid is not None else text.plain for cid, text in rows]
        if shape == self._row_keys:
            old = self.row_texts()
            rows = [(cid, old[i] if cid is None and text == old[i] else text) for i, (cid, text) in enumerate(rows)]
            self.replace_rows([(i, text) for i, (_cid, text) in enumerate(rows) if text is not old[i]])
        else:
            folding = every == self._all_keys
            self.set_rows(rows)
            self.highlighted = None
            if not folding:
                self.scroll_y = 0
            self._row_keys = shape
        self._all_keys = every

    def highlighted_id(self) -> str | None:
        return self._current_id()

    def _current_id(self) -> str | None:
        if self.highlighted is None or self.highlighted >= self.row_count:
            return None
        return self.row_id(self.highlighted)

    def follow(self, cid: str) -> None:
        """The turn moved to `cid`: highlight it (quietly, the screen knows). Past the bottom, the list
        pages so the actor is at the top with those after it below, rather than creeping a row a turn
        (each scroll redraws the whole pane)."""
        self._following, self._entered = True, ()
        try:
            self.select(cid, quiet=True)
        finally:
            self._following = False
        self.call_after_refresh(self._draw_next_page)

    def _draw_next_page(self) -> None:
        """The rows the turn pages to next, drawn while the GM reads: a page turn then shows rows drawn
        already, and its frame draws only the rows the turn changed."""
        height = self.scrollable_content_region.height
        below = round(self.scroll_y) + height
        if not self.row_count or not height or below >= self.virtual_size.height:
            return
        rows = self.rows_between(below, min(below + height, self.virtual_size.height) - 1)
        actor = next((i for i in rows if self.row_id(i) is not None), None)
        for index in rows:
            self.draw_row(index, "row" if self.row_id(index) is not None else "heading")
        if actor is not None:  # heads the next page, highlighted
            self.draw_row(actor, "highlighted")

    def scroll_to_highlight(self, top: bool = False) -> None:
        before = self.scroll_y
        super().scroll_to_highlight(top=top)
        if self._following and self.scroll_y > before:
            super().scroll_to_highlight(top=True)

    def select(self, cid: str | None, quiet: bool = False) -> None:
        """Move the highlight to a creature (without changing anything). `quiet` when the screen already
        knows: no `Picked` follows, and so no second frame."""
        if quiet:
            self._quiet = True
            try:
                self.select(cid)
            finally:
                self._quiet = False
            return
        index = self.index_of(cid) if cid is not None else None
        if index is None:  # none asked for, or the creature is gone: the first
            index = next((i for i in range(self.row_count) if self.row_id(i) is not None), None)
        if index is not None:
            self.highlighted = index

    def entered_group(self) -> tuple[str, ...]:
        """The members of the folded group the highlight last moved onto (its line opened as it did), until
        it moves again: `space` there marks the whole group."""
        return self._entered

    def action_cursor_up(self) -> None:
        """Up onto a folded group picks its last member, so the next Up goes on through the others."""
        self._upward = True
        try:
            super().action_cursor_up()
        finally:
            self._upward = False

    def highlight_moved(self, index: int) -> None:
        cid = self.row_id(index)
        row = self.order[index] if index < len(self.order) else None
        self._landing = None
        if isinstance(row, GroupRow) and self._upward:
            cid = self._landing = row.members[-1]
        if not self._quiet:  # the GM moved (a rebuild placing the highlight again is not a move)
            self._entered = row.members if isinstance(row, GroupRow) else ()
        if cid is not None and not self._quiet:
            self.post_message(self.Picked(cid))


def _keys(row: OrderRow | GroupRow | Heading) -> tuple[str, ...]:
    """What a row stands for: a heading's text, a creature's id, a folded group's members' ids."""
    if isinstance(row, Heading):
        return (row.text,)
    return row.members if isinstance(row, GroupRow) else (row.id,)
