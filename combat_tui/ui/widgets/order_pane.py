"""The acting order: turn order with the current actor, a TC timeline, or every creature in a free round."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import OptionList
from textual.widgets.option_list import Option, OptionDoesNotExist

from ...engine.model import Combatant
from ...engine.ruleset import TimeModel
from ...engine.timekeeping import acting_order, active
from ...session import Session
from ..render import brief, condition_badges


class OrderPane(OptionList):
    """Renders the order; posts `Picked` when the GM moves to a creature. Never changes the encounter."""

    revision: reactive[int] = reactive(0, init=False)
    marked: reactive[frozenset[str]] = reactive(frozenset(), init=False)

    class Picked(Message):
        def __init__(self, cid: str) -> None:
            super().__init__()
            self.cid = cid

    def __init__(self, session: Session, **kw: object) -> None:
        super().__init__(markup=False, **kw)  # type: ignore[arg-type]
        self.session = session

    def on_mount(self) -> None:
        self.rebuild()

    def watch_revision(self) -> None:
        self.rebuild()

    def watch_marked(self) -> None:
        self.rebuild()

    def on_resize(self) -> None:
        self.rebuild()

    def _line(self, c: Combatant, now: set[str], lead: str) -> Text:
        """Two rows: who (with the acting and marked signs), then how they stand."""
        enc = self.session.encounter
        acting = c.id in now
        out = Text()
        out.append("▶" if acting else " ", style="bold reverse" if acting else "")
        out.append("◆" if c.id in self.marked else " ", style="bold yellow")
        out.append(lead, style="dim")
        out.append(c.name, style="bold" if acting else "")
        second = Text("    ")
        second.append_text(brief(enc.state, enc.rs, c))
        badges = condition_badges(enc.rs, c, limit=2)
        if badges:
            second.append(" ")
            second.append_text(badges)
        width = max(self.scrollable_content_region.width - 1, 12)
        for line in (out, second):
            line.truncate(width, overflow="ellipsis")
        return Text("\n").join([out, second])

    def rebuild(self) -> None:
        enc = self.session.encounter
        state, rs = enc.state, enc.rs
        keep = self._current_id()
        acting = [c.id for c in active(state, rs)]
        now = set(acting)
        options: list[Option | None] = []
        order = acting_order(state, rs)
        if rs.time.model is TimeModel.TIME_COUNT and state.clock.started:
            last: int | None = None
            for c in order:
                if c.next_tc != last:
                    last = c.next_tc
                    here = " ◀ now" if last == state.clock.tc else f" (+{(last or 0) - state.clock.tc})"
                    options.append(Option(Text(f"TC {last}{here}", style="bold cyan"), disabled=True))
                options.append(Option(self._line(c, now, ""), id=c.id))
        else:
            for c in order:
                lead = "" if rs.time.model is TimeModel.FREE_ROUNDS else (
                    f"{c.initiative:>2} " if c.initiative is not None else " - ")
                options.append(Option(self._line(c, now, lead), id=c.id))
        listed = {c.id for c in order}
        waiting = [state.combatants[w] for w in state.waiting if w in state.combatants]
        if waiting:
            options.append(Option(Text("Holding / delaying", style="bold cyan"), disabled=True))
            options += [Option(self._line(c, now, "⏸ "), id=c.id) for c in waiting]
        out = [c for c in state.roster() if c.id not in listed and c.id not in state.waiting]
        if out:
            options.append(Option(Text("Out of the fight", style="bold cyan"), disabled=True))
            options += [Option(self._line(c, now, "† "), id=c.id) for c in out]
        self.set_options([o for o in options if o is not None])
        self.select(keep or (acting[0] if acting else None))

    def highlighted_id(self) -> str | None:
        return self._current_id()

    def _current_id(self) -> str | None:
        if self.highlighted is None or not self.option_count:
            return None
        return self.get_option_at_index(self.highlighted).id

    def select(self, cid: str | None) -> None:
        """Move the highlight to a creature (without changing anything)."""
        if cid is None:
            for i in range(self.option_count):
                if not self.get_option_at_index(i).disabled:
                    self.highlighted = i
                    return
            return
        try:
            self.highlighted = self.get_option_index(cid)
        except OptionDoesNotExist:  # the creature is gone: fall back to the first
            self.select(None)

    @on(OptionList.OptionHighlighted)
    def _moved(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id:
            self.post_message(self.Picked(event.option.id))
