"""`S`: a saving throw for the marked (or highlighted) creatures, as `save` runs it: which save, the DC,
the damage rolled once (half or none for those who pass), and the players' totals typed in one line."""

from __future__ import annotations

from ...engine.commands import command_line
from ...engine.commands.quoting import quote
from ...engine.state.bounds import parse_int
from ...engine.state.model import Combatant, Side
from ..widgets.pick_list import Choice
from .flow import AimAt, Ask, Choose, Ctx, Flow, Marks, Say


def _saves(ctx: Ctx) -> list[Choice]:
    """The saves the ruleset names; without any, its stats (a save on any stat, its value added)."""
    if ctx.rs.checks.saves:
        return [Choice(s.id, s.name) for s in ctx.rs.checks.saves]
    return [Choice(s.id, s.name, s.description) for s in ctx.rs.stats]


def _word(ctx: Ctx) -> str:
    return ctx.rs.checks.save_name


def _save_name(ctx: Ctx) -> str:
    return next((c.label for c in _saves(ctx) if c.id == ctx["save"]), ctx["save"])


def _players(ctx: Ctx) -> list[Combatant]:
    """Whose totals the GM may type: the player characters among those saving, in the order's order."""
    return [c for c in ctx.state.roster() if c.id in ctx.aim.ids and c.side is Side.PC]


def _damage_hint(ctx: Ctx) -> str:
    kind = ctx.rs.damage.types[0] if ctx.rs.damage.types else ""
    return f"Enter: no damage · 8d6 {kind} (half for a pass) · 8d6 {kind} none (none for a pass)".replace("  ", " ")


def _line(ctx: Ctx) -> str | Say:
    dc = parse_int(ctx["dc"])
    if dc is None:
        return Say(f"The DC is a number: {ctx['dc'].strip() or 'none given'}", "error")
    words = ctx["damage"].split()
    on_pass = "none" if words and words[-1].lower() == "none" else "half" if words else None
    damage = " ".join(words[:-1] if words and words[-1].lower() in ("none", "half") else words)
    typed = totals(_players(ctx), ctx["rolls"])
    if isinstance(typed, Say):
        return typed
    return command_line("save", ctx.aim.names, ctx["save"], *([on_pass] if damage and on_pass else []),
                        dc=str(dc), dmg=damage or None, typed=" ".join(quote(t) for t in typed))


def totals(players: list[Combatant], typed: str) -> list[str] | Say:
    """`14 9` in the order asked; `-` in a place (`14 - 9`) is rolled. Each a `NAME=N` word of `save`."""
    out, words = [], typed.split()
    if len(words) > len(players):
        return Say(f"{len(words)} totals for {len(players)} players: one number each, in order", "error")
    for player, word in zip(players, words, strict=False):
        if word == "-":
            continue
        if parse_int(word) is None:
            return Say(f"{player.name}'s total is a number (or - to roll it): {word}", "error")
        out.append(f"{player.name}={word}")
    return out


def totals_title(players: list[Combatant]) -> str:
    return f"Players' totals, in order: {', '.join(c.name for c in players)}"


TOTALS_HINT = "Enter: all rolled · 14 9 · - to roll one"


SAVING_THROW = Flow(AimAt.TARGETS, (
    Choose("save", lambda x: f"{_word(x).capitalize()} for {x.aim.label}: which?", _saves),
    Ask("dc", lambda x: f"{_save_name(x)} {_word(x)}: the DC", "a number, 15"),
    Ask("damage", lambda x: f"{_save_name(x)} DC {x['dc'].strip()}: damage on a failure", _damage_hint,
        allow_empty=True),
    Ask("rolls", lambda x: totals_title(_players(x)), TOTALS_HINT, allow_empty=True,
        when=lambda x: bool(_players(x))),
), _line, Marks.TARGET)
