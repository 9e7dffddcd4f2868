"""The parts of a creature's sheet in the order a GM reads them, and its stats packed into lines."""

from __future__ import annotations

from rich.text import Text

from ...engine.model import Combatant
from ...engine.ruleset import PoolDef, PoolKind, RulesetDef

KIND_ORDER = (PoolKind.TRACK, PoolKind.BAR, PoolKind.PIPS, PoolKind.MARKER, PoolKind.COUNTER)


def sheet_pools(rs: RulesetDef) -> list[PoolDef]:
    """The health pool first, then the others by kind (what drains, then budgets, then counters)."""
    health = rs.health_pool()
    rest = sorted((p for p in rs.pools if p.id != health), key=lambda p: KIND_ORDER.index(p.kind))
    return [p for p in rs.pools if p.id == health] + rest


def stat_lines(rs: RulesetDef, c: Combatant, width: int) -> list[Text]:
    """Each stat by the ruleset's name and the creature's value, as many to a line as fit; a stat never
    breaks across lines. Values the GM set away from the ruleset's default stand out; a stat at 0 that
    defaults to 0 (boon-bane's dozen resistances) says nothing and is left off, as untouched counters are."""
    lines: list[Text] = []
    line = Text()
    for sd in rs.stats:
        if sd.id not in c.stats:
            continue
        value = c.stats[sd.id]
        if value == 0 and sd.default == 0:
            continue
        item = Text(sd.name + " ", style="dim")
        item.append(str(value), style="bold" if value != sd.default else "")
        if line and line.cell_len + 3 + item.cell_len > width:
            lines.append(line)
            line = Text()
        if line:
            line.append(" · ", style="dim")
        line.append_text(item)
    if line:
        lines.append(line)
    return lines
