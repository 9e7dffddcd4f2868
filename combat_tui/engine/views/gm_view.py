"""What the GM screen shows, as plain frozen values: the order's rows, the selected creature's sheet and
conditions, the waiting prompts and the title. No Textual, no Rich: the screen turns these into colours,
`combat-tui show` into lines, so both say the same words.

Equal values mean nothing to redraw: a widget bound to a part of the view is told only when it changed.
`GMViews` keeps each creature's row while nothing it shows changed, so an unchanged creature's row is
the same object after a change elsewhere (at 1,000 creatures, a key builds a handful of rows, not all).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..rules.attacks import ready_words
from ..rules.timekeeping import acting_order, active
from ..ruleset import RulesetDef, TimeModel, formula
from ..state.model import Combatant, Prompt, State
from ..words import formula_words, labels
from .gm import (
    OUT_LEADS,
    ConditionEntry,
    GMView,
    GroupRow,
    Heading,
    OrderRow,
    PromptView,
    first_pick,
    initiative_lead,
    tc_heading,
)
from .sheet import catalog, condition_labels, conditions_view, out_lead, row_pools, sheet_view, standing

if TYPE_CHECKING:
    from ..encounter import Encounter


# -- prompts and the title -----------------------------------------------------------------------------


def prompt_view(state: State, rs: RulesetDef, p: Prompt) -> PromptView:
    table = rs.table(p.table)
    who = state.combatants[p.cid].name
    if p.rolled is not None:
        total = p.rolled.total
        outcome = next((r.label for r in table.rows if (r.min is None or total >= r.min)
                        and (r.max is None or total <= r.max)), "")
        return PromptView(p.uid, who, table.name, p.reason, p.rolled.detail, outcome, table.choice)
    dice = "" if table.choice else formula_words(table.roll, labels(rs))  # a long one is read when rolled
    return PromptView(p.uid, who, table.name, p.reason, choice=table.choice, dice=dice if len(dice) <= 30 else "")


def when_words(enc: Encounter) -> str:
    clock = enc.state.clock
    if not clock.started:
        return "not started"
    if enc.rs.time.model is TimeModel.TIME_COUNT:
        return f"Over, TC {clock.tc}" if clock.ended else f"TC {clock.tc}"
    return f"Over, round {clock.round}" if clock.ended else f"Round {clock.round}"


def group_name(members: list[Combatant]) -> str:
    """The members' name without their numbers ("Ghoul 1", "Ghoul 2": "Ghoul"); else their template's."""
    names = {re.sub(r"\s*\d+$", "", c.name) for c in members}
    if len(names) == 1 and next(iter(names)):
        return names.pop()
    return members[0].template or members[0].group or members[0].name


def group_row(state: State, rs: RulesetDef, rows: list[OrderRow], out: list[Combatant]) -> GroupRow:
    """`out`: the group's members out of the fight, listed apart: each among the others (a † when dead),
    in the order they were made, so the line still counts the whole group."""
    hp = rs.health_pool()
    health: dict[str, tuple[int, int | None, str]] = {}
    for c in [*(state.combatants[r.id] for r in rows), *out]:
        ps = c.pools.get(hp) if hp else None
        health[c.id] = (ps.current, ps.max, standing(rs, c)) if ps is not None else (0, None, standing(rs, c))
    members = [state.combatants[r.id] for r in rows]
    ranks = {c.id: i for i, c in enumerate(state.roster())}
    first = rows[0]
    return GroupRow(first.id, group_name(members), len(health), first.side, first.lead,
                    tuple(health[cid] for cid in sorted(health, key=ranks.__getitem__)),
                    sum(len(r.conditions) for r in rows), tuple(r.id for r in rows), sum(r.hidden for r in rows))


def order_row(state: State, rs: RulesetDef, c: Combatant, lead: str, acting: bool, marked: bool) -> OrderRow:
    return OrderRow(c.id, c.name, c.side.value, lead, acting, marked, c.hidden, row_pools(state, rs, c),
                    condition_labels(rs, c), standing(rs, c))


class GMViews:
    """Builds the GM's view of one encounter, keeping each creature's row while nothing it shows changed:
    the encounter says which creatures a change touched."""

    def __init__(self) -> None:
        self._enc: Encounter | None = None  # the encounter the kept rows are of
        self._rows: dict[str, tuple[OrderRow, int | None, str]] = {}  # id -> (row, initiative, section)
        self._built: tuple[int, object] | None = None  # (revision, clock) the kept rows were checked at
        self._order: tuple[tuple[object, ...], tuple[OrderRow | GroupRow | Heading, ...]] | None = None
        self._groups: dict[str, tuple[tuple[OrderRow, ...], GroupRow]] = {}  # first id -> (its rows, folded)
        self._catalog: tuple[RulesetDef, tuple[ConditionEntry, ...]] | None = None

    def _stale(self, enc: Encounter) -> set[str]:
        """The creatures whose rows may have changed since the last build; all of them forgotten when the
        encounter cannot say which, or a change reached every row (the options, or the clock in a formula)."""
        state, rs = enc.state, enc.rs
        if enc is not self._enc:  # another encounter's revisions say nothing of this one's
            self._enc, self._rows, self._order, self._built, self._groups = enc, {}, None, None, {}
        clock = ((state.clock.round, state.clock.tc)
                 if any(pd.critical and {"round", "tc"} & formula.names_in(pd.critical) for pd in rs.pools) else None)
        touched = enc.touched_since(self._built[0]) if self._built is not None else None
        if touched is None or "options" in touched or clock != self._built_clock():
            self._rows = {}
            touched = set()
        self._built = (enc.revision, clock)
        return {key[2:] for key in touched if key.startswith("c:")}

    def _built_clock(self) -> object:
        return self._built[1] if self._built is not None else None

    def order(self, enc: Encounter, marked: frozenset[str],
              selected: str | None = None) -> tuple[OrderRow | GroupRow | Heading, ...]:
        """In acting order (under TC headings in time count), then those waiting, then those out; a
        group's members folded to one line unless one of them is acting, `selected` or marked."""
        state, rs = enc.state, enc.rs
        picked = state.combatants.get(selected or "")
        # only the selected creature's group folds or unfolds: moving among others reuses the order
        key = (enc, enc.revision, marked, picked.group if picked is not None else None)
        if self._order is not None and self._order[0] == key:
            return self._order[1]
        stale = self._stale(enc)
        kept, model = self._rows, rs.time.model
        now = {c.id for c in active(state, rs)}

        def row(c: Combatant, section: str) -> OrderRow:
            """`section` is the lead itself, or "init" for the initiative column."""
            acting, mark = c.id in now, c.id in marked
            hit = kept.get(c.id)
            if (hit is not None and hit[2] == section and hit[1] == c.initiative and hit[0].acting is acting
                    and hit[0].marked is mark and c.id not in stale):
                return hit[0]
            lead = initiative_lead(model, c.initiative) if section == "init" else section
            made = order_row(state, rs, c, lead, acting, mark)
            kept[c.id] = (made, c.initiative, section)
            return made

        rows: list[OrderRow | Heading] = []
        order = acting_order(state, rs)
        if model is TimeModel.TIME_COUNT and state.clock.started:
            last: int | None = None
            for c in order:
                if c.next_tc != last:
                    last = c.next_tc
                    rows.append(Heading(tc_heading(last, state.clock.tc)))
                rows.append(row(c, ""))
        else:
            rows += [row(c, "init") for c in order]
        listed = {c.id for c in order}
        waiting = [state.combatants[w] for w in state.waiting if w in state.combatants]
        if waiting:
            rows.append(Heading("Holding / delaying"))
            rows += [row(c, "⏸ ") for c in waiting]
        out = [c for c in state.roster() if c.id not in listed and c.id not in state.waiting]
        if out:
            rows.append(Heading("Out of the fight"))
            rows += [row(c, out_lead(c)) for c in out]
        if len(kept) > 2 * len(state.combatants) + 16:  # forget creatures long gone
            self._rows = {cid: v for cid, v in kept.items() if cid in state.combatants}
        self._order = (key, self._fold(state, rs, rows, selected))
        return self._order[1]

    def _fold(self, state: State, rs: RulesetDef, rows: list[OrderRow | Heading],
              selected: str | None) -> tuple[OrderRow | GroupRow | Heading, ...]:
        """Two or more rows in a row of one group, none acting, selected or marked, as one `GroupRow`
        (the same object while its members' rows are)."""
        out: list[OrderRow | GroupRow | Heading] = []
        groups = self._groups  # kept while unfolded: folded again, the same line
        gone: dict[str, list[OrderRow]] = {}  # group -> its members' rows out of the fight
        for r in rows:
            group = state.combatants[r.id].group if isinstance(r, OrderRow) and r.lead in OUT_LEADS else None
            if isinstance(r, OrderRow) and group is not None:
                gone.setdefault(group, []).append(r)
        i = 0
        while i < len(rows):
            r = rows[i]
            group = state.combatants[r.id].group if isinstance(r, OrderRow) else None
            j = i + 1
            if group is not None:
                while j < len(rows):
                    n = rows[j]
                    if not isinstance(n, OrderRow) or state.combatants[n.id].group != group:
                        break
                    j += 1
            run = [x for x in rows[i:j] if isinstance(x, OrderRow)]
            if group is None or len(run) < 2 or any(x.acting or x.marked or x.id == selected for x in run):
                out += rows[i:j]
            else:
                apart = [o for o in gone.get(group, []) if o not in run]
                members = (*run, *apart)
                hit = self._groups.get(run[0].id)
                if hit is None or len(hit[0]) != len(members) or any(
                        a is not b and a != b for a, b in zip(hit[0], members, strict=True)):
                    hit = (members, group_row(state, rs, run, [state.combatants[o.id] for o in apart]))
                groups[run[0].id] = hit
                out.append(hit[1])
            i = j
        if len(groups) > len(state.combatants) + 16:  # forget groups long gone
            self._groups = {k: v for k, v in groups.items() if k in state.combatants}
        return tuple(out)

    def catalog(self, rs: RulesetDef) -> tuple[ConditionEntry, ...]:
        if self._catalog is None or self._catalog[0] is not rs:
            self._catalog = (rs, catalog(rs))
        return self._catalog[1]

    def build(self, enc: Encounter, selected: str | None = None, marked: frozenset[str] = frozenset()) -> GMView:
        state, rs = enc.state, enc.rs
        c = state.combatants.get(selected or "")
        known = self.catalog(rs)
        when = when_words(enc)
        name = enc.doc.name or "Encounter"
        return GMView(
            title=f"{name} — {when}" + ("" if state.clock.started else " — press n to start"),
            name=name,
            when=when,
            ruleset=rs.name,
            order=self.order(enc, marked, selected),
            sheet=sheet_view(state, rs, c) if c is not None else None,
            conditions=conditions_view(state, rs, c, known) if c is not None else None,
            prompts=tuple(prompt_view(state, rs, p) for p in state.prompts if p.cid in state.combatants),
            catalog=known,
            ready=tuple(ready_words(state, r) for r in state.ready if not r.missed),
        )


def gm_view(enc: Encounter, selected: str | None = None, marked: frozenset[str] = frozenset()) -> GMView:
    """The GM's view, built afresh."""
    return GMViews().build(enc, selected, marked)


# The main screen's keys whose use depends on the encounter (the footer dims or hides them).
ENCOUNTER_KEYS = ("hold", "delay", "enter", "injure", "apply", "prompt_dismiss", "prompt_roll", "prompt_value",
                  "undo", "redo")


def key_state(enc: Encounter, action: str) -> bool | None:
    """Whether a main screen key can be used on this encounter: True, False (dimmed) or None (hidden)."""
    rs, state = enc.rs, enc.state
    turn_order = rs.time.model is TimeModel.TURN_ORDER
    if action == "hold":
        return turn_order and rs.time.hold
    if action == "delay":
        return turn_order and rs.time.delay
    if action == "enter":
        return (turn_order and (rs.time.hold or rs.time.delay)) and (True if state.waiting else None)
    if action == "injure":
        return bool(rs.body)
    if action == "apply":
        return any(not r.missed for r in state.ready)  # out of the footer until an attack leaves damage ready
    if action == "prompt_dismiss":
        return bool(state.prompts) or any(not r.missed for r in state.ready)  # a prompt, or damage to drop
    if action in ("prompt_roll", "prompt_value"):
        return bool(state.prompts)  # out of the footer until a prompt waits
    if action == "undo":
        return True if enc.can_undo else None
    if action == "redo":
        return True if enc.doc.cursor < len(enc.doc.log) else None
    return True


def opening_view(views: GMViews, enc: Encounter) -> GMView:
    """The view the main screen settles on when it opens: the creature the order pane highlights first
    selected (picking a member of a folded group opens it, which may move the first row: so again)."""
    view = views.build(enc)
    for _ in range(3):
        pick = first_pick(view)
        again = views.build(enc, pick)
        if first_pick(again) == pick:
            return again
        view = again
    return view
