"""Rich renderings of the GM's view (`engine/views/gm_view.py`): pools by kind, conditions, the body map.

Pure functions of view values: no widget, no app, no state. Every name is a `Text`, never markup, so a
creature called `[bold]Boss` shows as typed. States are shown with a symbol as well as a colour, so they
read without colour too: ✗ depleted, ⚠ critical, ● / ○ pips, ✓ unused once-per-round marker.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text

from ..engine.state.kinds import PoolKind
from ..engine.views.gm import (
    DEAD,
    DEAD_MARK,
    DOWN,
    DOWN_MARK,
    PIPS_SHOWN,
    AttackView,
    BodyView,
    ConditionView,
    GroupRow,
    PoolView,
)
from ..engine.views.gm import tc_heading as tc_words
from . import styles

DEPLETED = "✗"
CRITICAL = "⚠"


def pool_text(pv: PoolView, width: int = 10, label: bool = True) -> Text:
    out = Text()
    if label:
        out.append(f"{pv.name} ", style="bold")
    mark_style = styles.CRITICAL if pv.depleted or pv.critical else ""
    if pv.against:
        return _against(out, pv, width)
    if pv.kind is PoolKind.COUNTER:
        out.append(str(pv.current), style="dim" if pv.current == 0 else "bold")
        if pv.max is not None:
            out.append(f"/{pv.max}")
        return out
    if pv.kind is PoolKind.MARKER:
        if pv.current > 0:
            out.append("✓ ready", style=styles.READY)
        else:
            out.append(f"{DEPLETED} used", style="dim")
        return out
    if pv.max == 0 and pv.kind in (PoolKind.PIPS, PoolKind.BAR):
        out.append(f"{DEPLETED} none", style="dim")
        return out
    if pv.kind is PoolKind.PIPS and pv.max is not None and pv.max <= PIPS_SHOWN:
        pips(out, pv.current, pv.max)
        if pv.depleted:
            out.append(f" {DEPLETED}", style=mark_style)
        return out
    bar(out, pv.current, pv.max, width, alarm=pv.critical or pv.depleted)
    if pv.depleted:
        out.append(f" {DEPLETED}", style=mark_style)
    elif pv.critical:
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


def _against(out: Text, pv: PoolView, width: int) -> Text:
    """A pool measured against another's current value: fatigue as a share of the HP left."""
    value, scale = pv.current, pv.scale
    frac = 1.0 if scale <= 0 else max(min(value / scale, 1.0), 0.0)
    filled = round(frac * width)
    style = styles.ALARM if pv.critical else (styles.DAMAGED if frac >= 0.5 else styles.READY)
    out.append("█" * filled, style=style)
    out.append("░" * (width - filled), style="dim")
    out.append(f" {value} vs {pv.against} {scale}", style="bold")
    if pv.critical:
        out.append(f" {CRITICAL}", style=styles.CRITICAL)
    return out


def tc_heading(at: int | None, now: int) -> Text:
    """A heading of the TC timeline: the TC, and how far ahead of now it is."""
    return Text(tc_words(at, now), style=styles.HEADING)


def row_pool(pv: PoolView) -> Text:
    """One pool of an order row: pips drawn, the rest as numbers, marked when critical or spent."""
    piece = Text()
    if pv.short:
        piece.append(f"{pv.short} ", style="dim")
    if pv.kind is PoolKind.PIPS:
        return piece.append_text(pool_text(pv, label=False))
    piece.append(pv.amount, style=styles.CRITICAL if pv.critical or pv.depleted else "")
    if pv.depleted:
        piece.append(DEPLETED, style=styles.CRITICAL)
    elif pv.critical:
        piece.append(CRITICAL, style=styles.CRITICAL)
    return piece


def group_glance(row: GroupRow) -> Text:
    """A folded group's members' health, one each ("7/7 7/7 3/7⚠ 0/7✗ †"): hurt, down (alive) and dead
    each read apart; then how many conditions they have."""
    out = Text()
    for (cur, top, standing), words in zip(row.health, row.healths, strict=True):
        if out:
            out.append(" ")
        if standing == DEAD:
            out.append(words, style="dim")
        elif standing == DOWN:
            out.append(words, style=styles.DOWN)
        elif top and cur * 4 <= top:  # a quarter or less left, as the health pool's own mark says
            out.append(words + CRITICAL, style=styles.CRITICAL)
        else:
            out.append(words, style=styles.DAMAGED if top and cur * 2 <= top else "")
    if row.conditions:
        out.append(" ").append(row.condition_words, style=styles.CONDITION)
    return out


def wrap_pools(pieces: list[Text], width: int) -> list[Text]:
    """The pieces in order, whole, on as many lines of `width` as they need: none is left out (the GM
    must see every pool the ruleset puts in the row); one alone wider than `width` is cut."""
    lines: list[Text] = []
    line = Text()
    for piece in pieces:
        sep = " " if line else ""
        if line and line.cell_len + len(sep) + piece.cell_len > width:
            lines.append(line)
            line, sep = Text(), ""
        line.append(sep)
        line.append_text(piece)
    if line or not lines:
        lines.append(line)
    for cut in lines:
        cut.truncate(width, overflow="ellipsis")
    return lines


def standing_text(standing: str) -> Text:
    """How a creature stands when not on its feet, as a word: "✗ down", "† dead"; else nothing."""
    if standing == DEAD:
        return Text(f"{DEAD_MARK} dead", style="bold")
    if standing == DOWN:
        return Text(f"{DOWN_MARK} down", style=styles.DOWN)
    return Text()


def condition_text(cv: ConditionView) -> Text:
    out = Text(cv.name, style="bold")
    if cv.value is not None:
        out.append(f" {cv.value}")
    if cv.source:
        out.append(" → " if cv.relative else " from ")
        out.append(cv.source)
    if cv.implied:
        out.append(" (implied)", style="dim")
    if cv.timed:
        out.append(f"  {cv.left}" if cv.left else "", style=styles.HINT)
        out.append(f"  {cv.ends}", style="dim")
    return out


def condition_badges(labels: tuple[str, ...] | list[str], width: int) -> Text:
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


def body_map(body: BodyView) -> Text:
    """Each injured part with its count and severity; untouched parts as a short dim list."""
    out = Text()
    for hurt in body.injured:
        out.append(f"{hurt.label}: ", style="bold")
        out.append(f"{'▮' * min(hurt.count, 8)} {hurt.count}{f' {DEPLETED}' if hurt.maxed else ''}",
                   style=SEVERITY_STYLE.get(hurt.severity, styles.ALARM))
        out.append(f" ({hurt.severity})\n", style="dim")
    if body.unhurt:
        out.append("unhurt: " + ", ".join(body.unhurt), style="dim")
    return out


def attack_text(av: AttackView) -> Text:
    """One line of a stat block: `Rusty Blade  +4 to hit · 1d6+1 slashing · Actions 1`."""
    out = Text(av.name, style="bold")
    parts = [f"{av.hit} to hit" if av.hit else "", av.save, av.damage, av.cost]
    words = " · ".join(p for p in parts if p)
    if words:
        out.append("  ").append(words, style=styles.HINT)
    return out
