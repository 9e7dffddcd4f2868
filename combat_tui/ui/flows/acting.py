"""The `act` flows (`a`, `t`, an action picked in the palette, a creature left undone acting now): the
action picked, then on whom when it aims at one, what it must be told, and in time count its speed."""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.commands import command_line, named
from ...engine.commands.quoting import quote
from ...engine.rules.attacks import as_action
from ...engine.ruleset import ActionDef, TimeModel
from ...engine.state.bounds import parse_int
from ...engine.state.model import Combatant, Side
from ..screens.picks import OWN, act_choices, action_asks, own_attack_choices, speed_words, target_order
from ..widgets.pick_list import Choice
from .flow import Ask, Choose, Ctx, Say
from .saving_throw import TOTALS_HINT, totals, totals_title


@dataclass(frozen=True)
class Picked:
    action: ActionDef
    word: str  # as the line names it: its own win over the ruleset's of the same name
    aims: bool  # it is used on a target
    saves: bool = False  # its targets save against it (a breath): every marked creature is one
    rolls: bool = False  # it rolls a to-hit of its own (a player's d20 may be typed instead)


def picked(ctx: Ctx) -> Picked | None:
    """The action the `pick` answer names (an own attack or the ruleset's), or None for a speed pick."""
    pick, rs = ctx["pick"], ctx.rs
    if pick == "sf" or pick.startswith("class=") or not pick:
        return None
    if pick.startswith(OWN):
        actor = next((c for c in ctx.state.roster() if c.id in ctx.aim.ids), None)
        own = next((a for a in actor.actions if a.id == pick[len(OWN):]), None) if actor else None
        if own is None:
            return None
        action = as_action(rs, own)
        return Picked(action, own.name, own.damage is not None or own.save is not None
                      or any(e.to == "target" for e in action.effects), own.save is not None, own.hit is not None)
    action = next(a for a in rs.actions if a.id == pick)
    return Picked(action, named(pick, [(a.id, a.name) for a in rs.actions]),  # the echo names it as the GM reads it
                  any(e.to == "target" for e in action.effects))


def _marked_on(ctx: Ctx) -> list[str]:
    return [c.id for c in ctx.state.roster() if c.id in ctx.aim.on]


def _actor(ctx: Ctx) -> Combatant | None:
    return next((c for c in ctx.state.roster() if c.id in ctx.aim.ids), None)


def _players_d20(ctx: Ctx) -> bool:
    """A player's own attack judged against a defence: the d20 as it landed at the table is asked."""
    p, actor = picked(ctx), _actor(ctx)
    return (p is not None and p.rolls and not p.saves and actor is not None and actor.side is Side.PC
            and ctx.rs.checks.attack.defence is not None)


def _saving(ctx: Ctx) -> list[Combatant]:
    """The players among those who save against the action (the marked, or the one it is used on)."""
    p = picked(ctx)
    if p is None or not p.saves:
        return []
    ids = _marked_on(ctx) or ([ctx["on"]] if ctx["on"] else [])
    return [ctx.state.combatants[i] for i in ids if ctx.state.combatants[i].side is Side.PC]


def _whom(ctx: Ctx) -> list[Choice]:
    marked = _marked_on(ctx)
    who = [ctx.state.combatants[m] for m in marked] or target_order(ctx.enc, ctx.aim.ids, ctx.host.picked())
    return [Choice(c.id, c.name) for c in who]


def _asks(ctx: Ctx, key: str) -> tuple[str, str, str] | None:
    p = picked(ctx)
    return next((a for a in action_asks(p.action) if a[0] == key), None) if p else None


def _needs_speed(ctx: Ctx) -> bool:
    p = picked(ctx)
    return (p is not None and ctx.rs.time.model is TimeModel.TIME_COUNT and p.action.speed is None
            and p.action.sf is None)


def _asked(key: str) -> Ask:
    """`what=` or `value=`, when the action needs it (`picks.action_asks`)."""
    return Ask(key, lambda x: (_asks(x, key) or ("", "", ""))[1], lambda x: (_asks(x, key) or ("", "", ""))[2],
               when=lambda x: _asks(x, key) is not None)


ACT_PICK = Choose("pick", lambda x: f"{x.aim.label} acts", lambda x: act_choices(x.enc, x.aim.ids))
ATTACK_PICK = Choose("pick", lambda x: f"{x.aim.label} attacks",
                     lambda x: own_attack_choices(x.enc, x.state.combatants[next(iter(x.aim.ids))]))
ACT_REST = (
    Ask("sf", "Speed factor", "e.g. 6", when=lambda x: x["pick"] == "sf"),
    Choose("on", lambda x: f"{p.action.name}: on whom?" if (p := picked(x)) else "", _whom,
           when=lambda x: (p := picked(x)) is not None and p.aims and not (p.saves and _marked_on(x)),
           given=lambda x: m[0] if len(m := _marked_on(x)) == 1 else None),
    _asked("what"),
    _asked("value"),
    Ask("d20", lambda x: f"{a.name}'s d20, as it landed" if (a := _actor(x)) else "", "Enter: rolled · 17",
        allow_empty=True, when=_players_d20),
    Ask("rolls", lambda x: totals_title(_saving(x)), TOTALS_HINT, allow_empty=True, when=lambda x: bool(_saving(x))),
    Ask("speed", lambda x: f"{p.action.name}: speed factor or speed class?" if (p := picked(x)) else "",
        "e.g. 6 or Swift", when=_needs_speed),
)


def act_line(ctx: Ctx) -> str | Say | None:
    pick, names = ctx["pick"], ctx.aim.names
    if pick == "sf":
        return command_line("act", names, sf=ctx["sf"].strip())
    if pick.startswith("class="):
        return command_line("act", names, **{"class": named(pick[6:], [(c.id, c.name) for c in ctx.rs.speed_classes])})
    p = picked(ctx)
    if p is None:
        return None
    words = {k: ctx[k].strip() for k in ("what", "value") if ctx[k].strip()}
    if _needs_speed(ctx):
        words.update(speed_words(ctx["speed"]))
    on = ctx.name(ctx["on"]) if ctx["on"] else None
    if p.saves and _marked_on(ctx):  # everyone marked saves against it
        on = ",".join(ctx.name(m) for m in _marked_on(ctx))
    d20 = ctx["d20"].strip()
    if d20 and parse_int(d20) is None:
        return Say(f"The d20 is a number, 1 to 20: {d20}", "error")
    typed = totals(_saving(ctx), ctx["rolls"])
    if isinstance(typed, Say):
        return typed
    return command_line("act", names, p.word, on=on, d20=d20 or None, typed=" ".join(quote(t) for t in typed),
                        **words)


def no_attacks(ctx: Ctx) -> Say | None:
    c = ctx.state.combatants[next(iter(ctx.aim.ids))]
    if own_attack_choices(ctx.enc, c):
        return None
    return Say(f"{c.name} has no attacks of its own (the ruleset's actions: a)")
