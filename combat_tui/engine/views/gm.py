"""The GM screen's view types: what it shows, as plain frozen values (built by `gm_view.py` beside it).

This module imports nothing heavy (no pydantic, no model): the screen's widgets draw these, and the
first frame is drawn from them before the engine is loaded (`face.py`).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..state.kinds import PoolKind, TimeModel

DEAD, DOWN = "dead", "down"  # how a creature stands, when not on its feet
DEAD_MARK, DOWN_MARK = "†", "✗"
KIND_ORDER = (PoolKind.TRACK, PoolKind.BAR, PoolKind.PIPS, PoolKind.MARKER, PoolKind.COUNTER)
PIPS_SHOWN = 12  # more pips than this read as a bar
LOG_SHOWN = 30  # the log's last entries the main screen shows on opening


@dataclass(frozen=True)
class PoolView:
    id: str
    name: str
    short: str
    kind: PoolKind
    current: int
    max: int | None
    critical: bool = False
    depleted: bool = False
    against: str = ""  # the pool it is measured against, by name (fatigue against hit points)
    scale: int = 0  # that pool's current value

    @property
    def amount(self) -> str:
        return f"{self.current}" + (f"/{self.max}" if self.max is not None else "")

    @property
    def words(self) -> str:
        if self.against:
            return f"{self.name} {self.current} vs {self.against} {self.scale}"
        return f"{self.name} {self.amount}"


@dataclass(frozen=True)
class ConditionView:
    uid: int
    id: str
    name: str
    value: int | None = None
    source: str = ""  # who it came from, or whom a subjective condition is relative to
    relative: bool = False  # subjective: "→ Kara" rather than "from Kara"
    implied: bool = False
    left: str = ""  # "1 rd left", "ends this round"; empty with no end to count
    ends: str = "until removed"
    timed: bool = False

    @property
    def label(self) -> str:
        return self.name if self.value is None else f"{self.name} {self.value}"

    @property
    def words(self) -> str:
        """All of it on one line, as the sheet reads it."""
        out = self.label
        if self.source:
            out += (" → " if self.relative else " from ") + self.source
        if self.implied:
            out += " (implied)"
        if self.timed:
            out += (f"  {self.left}" if self.left else "") + f"  {self.ends}"
        return out


@dataclass(frozen=True)
class OrderRow:
    """One creature's row in the order pane."""

    id: str
    name: str
    side: str
    lead: str  # the initiative column, "⏸ " waiting, "† " dead, "✗ " out alive, "" on the TC timeline
    acting: bool
    marked: bool
    hidden: bool
    pools: tuple[PoolView, ...]  # the few worth a glance, health first
    conditions: tuple[str, ...]  # those the GM put on it, by name and value
    standing: str = ""  # DEAD, DOWN (alive) or ""


@dataclass(frozen=True)
class GroupRow:
    """A group's members standing one after another, folded to one line while none of them is acting,
    highlighted or marked. Its id is the first member's: the highlight landing on it picks that one."""

    id: str
    name: str  # the members' common name ("Ghoul")
    count: int
    side: str
    lead: str
    health: tuple[tuple[int, int | None, str], ...]  # each member's (current, max, standing: DEAD, DOWN or "")
    conditions: int  # the conditions the GM put on its members, all told
    members: tuple[str, ...]
    hidden: int = 0  # members the players' view leaves out

    @property
    def title(self) -> str:
        return f"{self.name} ×{self.count}"

    @property
    def hidden_words(self) -> str:
        """"hidden" when the players see none of them, "2 hidden" when some; the GM must know."""
        if not self.hidden:
            return ""
        return "hidden" if self.hidden >= len(self.members) else f"{self.hidden} hidden"

    @property
    def healths(self) -> tuple[str, ...]:
        """Each member's health at a glance: "7/7", "0/7✗" when down (alive), † when dead."""
        return tuple(DEAD_MARK if standing == DEAD else f"{cur}" + (f"/{top}" if top is not None else "")
                     + (DOWN_MARK if standing == DOWN else "") for cur, top, standing in self.health)

    @property
    def condition_words(self) -> str:
        n = self.conditions
        return f"{n} condition{'' if n == 1 else 's'}" if n else ""


@dataclass(frozen=True)
class Heading:
    text: str


@dataclass(frozen=True)
class StatView:
    name: str
    value: int
    changed: bool  # away from the ruleset's default


@dataclass(frozen=True)
class InjuryView:
    label: str
    count: int
    severity: str
    maxed: bool  # at the part's last effect


@dataclass(frozen=True)
class BodyView:
    plan: str  # whose parts these are (a wolf's four legs), or ""
    injured: tuple[InjuryView, ...]
    unhurt: tuple[str, ...]


@dataclass(frozen=True)
class AttackView:
    """One of a creature's own attacks (from its template), as its stat block reads."""

    name: str
    hit: str  # "+4", or the dice when not a d20 and a bonus; "" when it does not roll to hit
    damage: str  # "1d6+1 slashing"; "" when it deals none
    cost: str  # "1 action", a speed class, "SF 6"; "recharge 5–6" (", spent")
    save: str = ""  # the save it calls for instead of a to-hit: "DC 13 DEX save, half"


@dataclass(frozen=True)
class SheetView:
    id: str
    name: str
    side: str
    initiative: int | None
    next_tc: int | None  # time count only
    hidden: bool
    pools: tuple[PoolView, ...]  # health first, then what drains, budgets, counters
    body: BodyView | None
    notes: str
    stats: tuple[StatView, ...]
    attacks: tuple[AttackView, ...] = ()
    standing: str = ""  # DEAD, DOWN (alive) or ""
    defences: str = ""  # its resistances, weaknesses and immunities in the ruleset's words


@dataclass(frozen=True)
class ConditionsView:
    """The selected creature's conditions, and what each of those the GM put on it does."""

    name: str
    conditions: tuple[ConditionView, ...]
    about: tuple[tuple[str, str], ...]  # (name, first line of its description)


@dataclass(frozen=True)
class ConditionEntry:
    id: str
    name: str
    lines: tuple[str, ...]


@dataclass(frozen=True)
class PromptView:
    uid: int
    creature: str
    table: str
    reason: str
    rolled: str | None = None  # the roll made ahead, in words
    outcome: str = ""  # the row it landed on
    choice: bool = False  # the GM picks the outcome
    dice: str = ""  # what `p` rolls, when short enough to say


@dataclass(frozen=True)
class GMView:
    title: str
    name: str
    when: str  # "Round 3", "TC 12", "not started", "Over, round 3" once `end` ended the fight
    ruleset: str
    order: tuple[OrderRow | GroupRow | Heading, ...]
    sheet: SheetView | None
    conditions: ConditionsView | None
    prompts: tuple[PromptView, ...]
    catalog: tuple[ConditionEntry, ...]  # the ruleset's conditions, by name
    ready: tuple[str, ...] = ()  # damage attacks left ready, oldest first, in words (`ready_words`)

    def rows(self) -> tuple[OrderRow, ...]:
        """The creatures' own rows shown (a folded group shows none)."""
        return tuple(r for r in self.order if isinstance(r, OrderRow))


OUT_LEADS = (f"{DEAD_MARK} ", f"{DOWN_MARK} ")


def initiative_lead(model: TimeModel, initiative: int | None) -> str:
    """The initiative column of an order row; free rounds have none."""
    if model is TimeModel.FREE_ROUNDS:
        return ""
    return f"{initiative:>2} " if initiative is not None else " - "


def tc_heading(at: int | None, now: int) -> str:
    """A heading of the TC timeline: the TC, and how far ahead of now it is."""
    return f"TC {at}" + (" ◀ now" if at == now else f" (+{(at or 0) - now})")


def first_pick(view: GMView) -> str | None:
    """The creature the order pane highlights on opening: the first acting one, else the first row's."""
    rows = [r for r in view.order if not isinstance(r, Heading)]
    acting = [r.id for r in rows if isinstance(r, OrderRow) and r.acting]
    return acting[0] if acting else rows[0].id if rows else None
