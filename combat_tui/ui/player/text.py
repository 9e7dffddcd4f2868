"""Rich renderings of the players' view: rows of the order, pools, health states, conditions.

Pure functions of `engine/views/player_view.py` structures, no widget. Names are `Text`, never markup, and
every state has a word or a symbol as well as a colour.
"""

from __future__ import annotations

from rich.text import Text

from ...engine.rules.timekeeping import left_words
from ...engine.ruleset import PoolKind
from ...engine.views.player_view import ConditionLine, Health, PoolLine, Row
from .. import styles
from ..render import bar, pips

HEALTH_STYLE = {Health.UNHURT: styles.READY, Health.HURT: styles.DAMAGED, Health.BLOODIED: styles.CRITICAL,
                Health.DOWN: styles.DOWN, Health.DEAD: "dim"}
HEALTH_MARK = {Health.UNHURT: "●", Health.HURT: "◐", Health.BLOODIED: "◑", Health.DOWN: "✗", Health.DEAD: "†"}
FALLEN = (Health.DOWN, Health.DEAD)  # said even of a PC, whose pools show the rest


def health_text(h: Health) -> Text:
    return Text(f"{HEALTH_MARK[h]} {h.value}", style=HEALTH_STYLE[h])


def pool_text(p: PoolLine, width: int = 10, label: bool = True, short: bool = False) -> Text:
    out = Text()
    if label:
        out.append(f"{p.short if short and p.short else p.name} ", style="bold")
    if p.kind is PoolKind.MARKER:
        out.append("✓ ready" if p.current > 0 else "✗ used", style=styles.READY if p.current > 0 else "dim")
        return out
    if p.kind is PoolKind.PIPS and p.max is not None and 0 < p.max <= 12:
        pips(out, p.current, p.max)
        return out
    if p.kind is PoolKind.COUNTER:  # a count, not a share of something
        out.append(str(p.current), style="bold")
        out.append(f"/{p.max}" if p.max is not None else "")
        return out
    bar(out, p.current, p.max, width, alarm=p.current <= 0)
    return out


def condition_text(cl: ConditionLine) -> Text:
    out = Text(cl.name, style=styles.CONDITION)
    if cl.value is not None:
        out.append(f" {cl.value}")
    if cl.source:
        out.append(" · ")
        out.append(cl.source)
    if cl.left is not None:
        out.append(f"  {left_words(cl.left, cl.unit)}", style=styles.HINT)
    return out


def row_text(row: Row, lead: str = "", width: int = 40) -> Text:
    """Two lines: who (▶ when acting), then how they stand: pools for PCs, a health state for others."""
    first = Text()
    first.append("▶ " if row.acting else "  ", style="bold reverse" if row.acting else "")
    first.append(lead, style="dim")
    first.append(row.name, style="bold" if row.acting or row.is_pc else "")
    if not row.is_pc:
        first.append(f"  {row.side.value}", style="dim")
    second = Text("    ")
    if row.is_pc or row.pools:
        shown = [p for p in row.pools if p.kind is not PoolKind.MARKER][:3]
        second.append_text(Text("  ").join(pool_text(p, width=6, short=True) for p in shown))
    if not row.is_pc:
        if row.pools:
            second.append("  ")
        second.append_text(health_text(row.health))
    elif row.health in FALLEN:
        second.append("  ")
        second.append_text(health_text(row.health))
    if row.conditions:
        second.append("  ")
        names = [c.name + (f" {c.value}" if c.value is not None else "") for c in row.conditions]
        second.append(", ".join(names), style=styles.CONDITION)
    for line in (first, second):
        line.truncate(max(width, 12), overflow="ellipsis")
    return Text("\n").join([first, second])
