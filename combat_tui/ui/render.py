"""Rich renderings of the encounter's parts: pools by kind, conditions, the body map.

Pure functions of the state: no widget, no app. Every name is a `Text`, never markup, so a creature
called `[bold]Boss` shows as typed. States are shown with a symbol as well as a colour, so they read
without colour too: ✗ depleted, ⚠ critical, ● / ○ pips, ✓ unused once-per-round marker.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text

from ..engine import formula
from ..engine.errors import CombatError
from ..engine.model import Combatant, ConditionState, PoolState, State
from ..engine.ops import names_for
from ..engine.ruleset import PoolDef, PoolKind, RulesetDef, TimeModel
from ..engine.timekeeping import describe, left_words, remaining
from . import styles

DEPLETED = "✗"
CRITICAL = "⚠"


def health_pool(rs: RulesetDef) -> str | None:
    return rs.health_pool()


def is_critical(state: State, rs: RulesetDef, c: Combatant, pd: PoolDef) -> bool:
    ps = c.pools.get(pd.id)
    if ps is None:
        return False
    if pd.critical:
        try:
            return bool(formula.evaluate(pd.critical, names_for(state, rs, c)))
        except CombatError:
            return False
    if pd.id == health_pool(rs) and ps.max:
        return ps.current * 4 <= ps.max  # a quarter or less left
    return False


def is_depleted(pd: PoolDef, ps: PoolState) -> bool:
    if pd.kind is PoolKind.COUNTER:
        return False
    return ps.current <= 0 and (ps.max is None or ps.max > 0)


def pool_text(state: State, rs: RulesetDef, c: Combatant, pd: PoolDef, width: int = 10,
              label: bool = True) -> Text:
    ps = c.pools[pd.id]
    out = Text()
    if label:
        out.append(f"{pd.name} ", style="bold")
    critical = is_critical(state, rs, c, pd)
    depleted = is_depleted(pd, ps)
    mark_style = styles.CRITICAL if depleted or critical else ""
    if pd.against and pd.against in c.pools:
        return _against(out, rs, c, pd, width, critical)
    if pd.kind is PoolKind.COUNTER:
        out.append(str(ps.current), style="dim" if ps.current == 0 else "bold")
        if ps.max is not None:
            out.append(f"/{ps.max}")
        return out
    if pd.kind is PoolKind.MARKER:
        if ps.current > 0:
            out.append("✓ ready", style=styles.READY)
        else:
            out.append(f"{DEPLETED} used", style="dim")
        return out
    if ps.max == 0 and pd.kind in (PoolKind.PIPS, PoolKind.BAR):
        out.append(f"{DEPLETED} none", style="dim")
        return out
    if pd.kind is PoolKind.PIPS and ps.max is not None and ps.max <= 12:
        pips(out, ps.current, ps.max)
        if depleted:
            out.append(f" {DEPLETED}", style=mark_style)
        return out
    bar(out, ps.current, ps.max, width, alarm=critical or depleted)
    if depleted:
        out.append(f" {DEPLETED}", style=mark_style)
    elif critical:
        out.append(f" {CRITICAL}", style=mark_style)
    return out


def pips(out: Text, current: int, maximum: int) -> None:
    """● for each one left, ○ for each one spent, +N past the maximum."""
    full = max(min(current, maximum), 0)
    out.append("●" * full, style=styles.FULL)
    out.append("○" * (maximum - full), style="dim")
    if current > maximum:
        out.append(f"+{current - maximum}", style="bold")


def bar(out: Text, current: int, maximum: int | None, width: int, alarm: bool) -> None:
    """A bar of what is left (red when `alarm`, yellow at half or less), then current/max."""
    if maximum is not None and maximum > 0:
        frac = max(min(current / maximum, 1.0), 0.0)
        filled = round(frac * width)
        style = styles.ALARM if alarm else (styles.DAMAGED if frac <= 0.5 else styles.READY)
        out.append("█" * filled, style=style)
        out.append("░" * (width - filled), style="dim")
        out.append(" ")
    out.append(str(current), style="bold")
    if maximum is not None:
        out.append(f"/{maximum}")


def _against(out: Text, rs: RulesetDef, c: Combatant, pd: PoolDef, width: int, critical: bool) -> Text:
    """A pool measured against another's current value: fatigue as a share of the HP left."""
    assert pd.against is not None
    value = c.pools[pd.id].current
    scale = c.pools[pd.against].current
    frac = 1.0 if scale <= 0 else max(min(value / scale, 1.0), 0.0)
    filled = round(frac * width)
    style = styles.ALARM if critical else (styles.DAMAGED if frac >= 0.5 else styles.READY)
    out.append("█" * filled, style=style)
    out.append("░" * (width - filled), style="dim")
    out.append(f" {value} vs {rs.pool(pd.against).name} {scale}", style="bold")
    if critical:
        out.append(f" {CRITICAL}", style=styles.CRITICAL)
    return out


def summary_pools(rs: RulesetDef) -> list[PoolDef]:
    """The few pools worth a glance in the order pane: those the ruleset marks `summary`, else health
    and the first small budgets."""
    flagged = [p for p in rs.pools if p.summary]
    if flagged:
        return flagged
    health = health_pool(rs)
    picked = [p for p in rs.pools if p.id == health]
    picked += [p for p in rs.pools if p.kind is PoolKind.PIPS and p.id != health][:2]
    if not picked:
        picked = [p for p in rs.pools if p.kind in (PoolKind.BAR, PoolKind.TRACK)][:2]
    return picked


def initiative_lead(model: TimeModel, initiative: int | None) -> str:
    """The initiative column of an order row; free rounds have none."""
    if model is TimeModel.FREE_ROUNDS:
        return ""
    return f"{initiative:>2} " if initiative is not None else " - "


def tc_heading(at: int | None, now: int) -> Text:
    """A heading of the TC timeline: the TC, and how far ahead of now it is."""
    here = " ◀ now" if at == now else f" (+{(at or 0) - now})"
    return Text(f"TC {at}{here}", style=styles.HEADING)


def row_pools(state: State, rs: RulesetDef, c: Combatant) -> list[Text]:
    """The order row's pools, one piece each, health first: what a GM looks for before the budgets."""
    health = health_pool(rs)
    pools = sorted(summary_pools(rs), key=lambda pd: pd.id != health)  # stable: the rest keep their order
    out: list[Text] = []
    for pd in pools:
        ps = c.pools.get(pd.id)
        if ps is None or (pd.kind is PoolKind.PIPS and ps.max == 0):
            continue  # no pips at all (no reactions while off-guard): an unlabelled "✗ none" reads as nothing
        piece = Text()
        if pd.short:
            piece.append(f"{pd.short} ", style="dim")
        if pd.kind is PoolKind.PIPS:
            piece.append_text(pool_text(state, rs, c, pd, label=False))
        else:
            style = styles.CRITICAL if is_critical(state, rs, c, pd) or is_depleted(pd, ps) else ""
            piece.append(f"{ps.current}" + (f"/{ps.max}" if ps.max is not None else ""), style=style)
            if is_depleted(pd, ps):
                piece.append(DEPLETED, style=styles.CRITICAL)
            elif is_critical(state, rs, c, pd):
                piece.append(CRITICAL, style=styles.CRITICAL)
        out.append(piece)
    return out


def fit_pools(pieces: list[Text], width: int) -> Text:
    """The pieces that fit in `width`, whole and in order, then `…` when some had no room (and it
    has); the first (health) is cut only when it alone is wider."""
    out = Text()
    for piece in pieces:
        sep = " " if out else ""
        if out.cell_len + len(sep) + piece.cell_len > width:
            if not out:  # not even the first: it is cut, never left out
                out = piece.copy()
                out.truncate(width, overflow="ellipsis")
            elif out.cell_len + 2 <= width:
                out.append(" …", style="dim")
            break
        out.append(sep)
        out.append_text(piece)
    return out


def condition_text(state: State, rs: RulesetDef, cs: ConditionState) -> Text:
    try:
        name = rs.condition(cs.id).name
    except KeyError:
        name = cs.id
    out = Text(name, style="bold")
    if cs.value is not None:
        out.append(f" {cs.value}")
    src = state.combatants.get(cs.source or "")
    if src is not None:
        out.append(" → " if rs.condition(cs.id).subjective else " from ")
        out.append(src.name)
    if not cs.direct:
        out.append(" (implied)", style="dim")
    left = remaining(cs.ends, state)
    if cs.ends is not None:
        unit = "TC" if cs.ends.kind == "tc" or cs.ends.round is None else "rd"
        out.append(f"  {left_words(left, unit)}" if left is not None else "", style=styles.HINT)
        out.append(f"  {describe(cs.ends, state)}", style="dim")
    return out


def condition_labels(rs: RulesetDef, c: Combatant) -> list[str]:
    """The conditions the GM put on a creature (not those they imply), by name, with any value."""
    out = []
    for cs in c.conditions:
        if not cs.direct:
            continue
        try:
            name = rs.condition(cs.id).name
        except KeyError:
            name = cs.id
        out.append(name if cs.value is None else f"{name} {cs.value}")
    return out


def condition_badges(labels: list[str], width: int) -> Text:
    """As many conditions as fit in `width`, then how many more ("+2 more"). Never none: with no room
    for the first whole, it is shortened, so at least its start and the count show."""
    style = styles.CONDITION
    for k in range(len(labels), 0, -1):
        left = len(labels) - k
        text = ", ".join(labels[:k]) + (f" +{left} more" if left else "")
        if cell_len(text) <= width:
            out = Text(", ".join(labels[:k]), style=style)
            if left:
                out.append(f" +{left} more", style="dim")
            return out
    if not labels:
        return Text()
    left = len(labels) - 1
    more = f" +{left} more" if left and width - len(f" +{left} more") >= 4 else (f" +{left}" if left else "")
    first = Text(labels[0], style=style)
    first.truncate(max(width - len(more), 1), overflow="ellipsis")
    return first.append(more, style="dim")


SEVERITY_STYLE = {"minor": styles.DAMAGED, "major": styles.MAJOR, "severe": styles.SEVERE, "deadly": styles.CRITICAL,
                  "fatal": styles.DOWN}


def body_map(rs: RulesetDef, c: Combatant) -> Text:
    """Each injured part with its count and severity; untouched parts as a short dim list."""
    from ..engine.injuries import instances, part_count

    out = Text()
    healthy: list[str] = []
    for part in rs.body:
        keys = instances(part, part_count(rs, c, part))
        if len(keys) > 1 and not any(c.injuries.get(k, 0) for k in keys):
            healthy.append(f"{part.name.lower()}×{len(keys)}")  # every one unhurt: one word for the pair
            continue
        for key in keys:
            n = c.injuries.get(key, 0)
            label = key.replace(".", " ")
            if n:
                last = max((e.count for e in part.effects), default=0)
                mark = f" {DEPLETED}" if last and n >= last else ""
                out.append(f"{label}: ", style="bold")
                out.append(f"{'▮' * min(n, 8)} {n}{mark}", style=SEVERITY_STYLE.get(part.severity, styles.ALARM))
                out.append(f" ({part.severity})\n", style="dim")
            else:
                healthy.append(label)
    if healthy:
        out.append("unhurt: " + ", ".join(healthy), style="dim")
    return out
