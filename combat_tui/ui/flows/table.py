"""The main screen's action flows, one row each: whom it is for, its questions, the line it builds.

A new action that asks and runs a command is a row here, a key in `screens/main_keys.py` and
`action_NAME = flow("NAME")` on the main screen."""

from __future__ import annotations

from ...engine.commands import command_line, named
from ...engine.rules.attacks import ready_words
from ...engine.rules.durations import duration_words
from ...engine.rules.timekeeping import acting_order, current_actor
from ...engine.rules.undone import left_undone
from ...engine.ruleset import ConditionDef, TimeModel
from ...engine.state.bounds import parse_int
from ..screens.picks import (
    condition_choices,
    instance_choices,
    library_choices,
    outcome_choices,
    outcome_hint,
    part_choices,
    pool_choices,
    ready_choices,
    uncond_line,
)
from ..widgets.pick_list import Choice
from .acting import ACT_PICK, ACT_REST, ATTACK_PICK, act_line, no_attacks
from .flow import AimAt, Ask, Choose, Ctx, Flow, Go, Marks, Say
from .saving_throw import SAVING_THROW


def _roster(ctx: Ctx) -> list[Choice]:
    return [Choice(c.id, c.name) for c in ctx.state.roster()]


# -- damage and healing --------------------------------------------------------------------------
def _damage_hint(ctx: Ctx) -> str:
    types = ", ".join(ctx.rs.damage.types[:4])
    return f"7, 2d6+3, or 7 {types.split(', ')[0]}" if types else "7 or 2d6+3"


DAMAGE = Flow(AimAt.TARGETS, (Ask("amount", lambda x: f"Damage to {x.aim.label}", _damage_hint),),
              lambda x: command_line("dmg", x.aim.names, typed=x["amount"]), Marks.TARGET)
HEAL = Flow(AimAt.TARGETS, (Ask("amount", lambda x: f"Heal {x.aim.label}", "5 or 2d8+2"),),
            lambda x: command_line("heal", x.aim.names, typed=x["amount"]), Marks.TARGET)


# -- conditions ----------------------------------------------------------------------------------
def _cond(ctx: Ctx) -> ConditionDef:
    return ctx.rs.condition(ctx["cond"])


def _how_long(ctx: Ctx) -> str:
    cd = _cond(ctx)
    if cd.carries_damage:
        return f"{cd.name} on {ctx.aim.label}: damage (1d6 fire), then how long"
    return f"{cd.name} on {ctx.aim.label}: " + ("value, then how long" if cd.valued else "how long?")


def _lasts_hint(ctx: Ctx) -> str:
    unit = "TC" if ctx.rs.time.model is TimeModel.TIME_COUNT else "rounds"
    return f"Enter: {_cond(ctx).default_duration or 'until removed'} · 3 = 3 {unit} · end-of-round · start-of-turn"


def _cond_line(ctx: Ctx) -> str:
    cd, source = _cond(ctx), ctx["from"]
    return command_line("cond", ctx.aim.names, named(cd.id, [(c.id, c.name) for c in ctx.rs.conditions]),
                        from_=None if not source else "all" if source == "all" else ctx.name(source),
                        typed=duration_words(ctx["lasts"], cd.valued, cd.carries_damage))


CONDITION = Flow(AimAt.TARGETS, (
    Choose("cond", lambda x: f"Condition on {x.aim.label}", lambda x: condition_choices(x.rs)),
    Choose("from", lambda x: f"{_cond(x).name}: relative to whom?",
           lambda x: [Choice("all", "everyone"), *_roster(x)], when=lambda x: _cond(x).subjective),
    Ask("lasts", _how_long, _lasts_hint, value=lambda x: "1" if _cond(x).valued else "", allow_empty=True),
), _cond_line, Marks.TARGET)


UNCOND = Flow(AimAt.PICKED, (
    Choose("cond", lambda x: f"Remove from {x.aim.label}",
           lambda x: instance_choices(x.enc, x.state.combatants[next(iter(x.aim.ids))])),),
    lambda x: uncond_line(x.enc, x.state.combatants[next(iter(x.aim.ids))], x["cond"]), Marks.TARGET)


# -- pools and body parts ------------------------------------------------------------------------
def _pool_flow(verb: str) -> Flow:
    return Flow(AimAt.TARGETS, (
        Choose("pool", lambda x: f"{verb.capitalize()} ({x.aim.label}): which pool?",
               lambda x: pool_choices(x.enc, x.aim.ids)),
        Ask("amount", lambda x: f"{verb.capitalize()} how much {x.rs.pool(x['pool']).name}?", "1", value="1"),
    ), lambda x: command_line(verb, x.aim.names, named(x["pool"], [(p.id, p.name) for p in x.rs.pools]),
                              typed=x["amount"]), Marks.ACTOR)


INJURE = Flow(AimAt.TARGETS, (Choose("part", "Injure which part?", lambda x: part_choices(x.enc, x.aim.ids)),),
              lambda x: command_line("injure", x.aim.names, named(x["part"], [(b.id, b.name) for b in x.rs.body])),
              Marks.TARGET)


# -- the library ---------------------------------------------------------------------------------
def _add_line(ctx: Ctx) -> str | Say:
    kind, name = ctx["pick"].split(":", 1)
    if kind == "p":
        return command_line("add", f"@{name}")
    count = parse_int(ctx["count"])  # ASCII digits of a sane length: '²' or 5,000 digits are no count
    if count is None or count < 1:
        return Say(f"How many {name}: a number, 1 or more", "error")
    return command_line("add", name, *([f"x{count}"] if count > 1 else []))


def _no_library(ctx: Ctx) -> Say | None:
    if library_choices(ctx.enc.library, ctx.rs.id):
        return None
    return Say(f"Your library has no creatures for {ctx.rs.name} (combat-tui paths shows where it is)")


ADD = Flow(AimAt.NONE, (
    Choose("pick", "Add from the library", lambda x: library_choices(x.enc.library, x.rs.id)),
    Ask("count", lambda x: f"How many {x['pick'].split(':', 1)[1]}?", "1, or 4 for a group on one initiative",
        value="1", when=lambda x: x["pick"].startswith("t:")),
), _add_line, refuse=_no_library)


# -- ready damage and prompts --------------------------------------------------------------------
def _ready(ctx: Ctx) -> str | None:
    """The one ready damage when only one waits."""
    ready = ready_choices(ctx.enc)
    return ready[0].id if len(ready) == 1 else None


def _hit_aimed_nowhere(ctx: Ctx) -> bool:
    hit = next((r for r in ctx.state.ready if str(r.uid) == ctx["uid"]), None)
    return hit is not None and hit.target not in ctx.state.combatants


def _apply_line(ctx: Ctx) -> str | None:
    if not any(str(r.uid) == ctx["uid"] for r in ctx.state.ready):
        return None
    return command_line("apply", ctx["uid"], to=ctx.name(ctx["to"]) if ctx["to"] else None)


def _nothing_ready(ctx: Ctx) -> Say | None:
    return None if ready_choices(ctx.enc) else Say("No damage is ready: a creature's own attack (a) leaves it")


def _ready_words(ctx: Ctx) -> str:
    hit = next(r for r in ctx.state.ready if str(r.uid) == ctx["uid"])
    return f"{ready_words(ctx.state, hit)}: on whom?"


APPLY = Flow(AimAt.NONE, (
    Choose("uid", "Apply which damage?", lambda x: ready_choices(x.enc), given=_ready),
    Choose("to", _ready_words, _roster, when=_hit_aimed_nowhere),
), _apply_line, refuse=_nothing_ready)


def _prompt(ctx: Ctx) -> str | None:
    prompts = ctx.state.prompts
    return str(prompts[0].uid) if prompts else None


def _no_prompt(ctx: Ctx) -> Say | None:
    return None if ctx.state.prompts else Say("")


def _picked_table(ctx: Ctx) -> bool:
    """The waiting prompt's table is one the GM picks from (decided by two tests, not one die)."""
    return bool(ctx.state.prompts) and ctx.rs.table(ctx.state.prompts[0].table).choice


def _roll_line(ctx: Ctx) -> str | Go:
    if _picked_table(ctx):
        return Go("prompt_value")
    prompt = ctx.state.prompts[0]
    return command_line("preroll" if prompt.rolled is None else "resolve", str(prompt.uid))


def _resolve_line(ctx: Ctx) -> str | Go:
    return Go("prompt_value") if _picked_table(ctx) else command_line("resolve", str(ctx.state.prompts[0].uid))


def _table_name(ctx: Ctx) -> str:
    return ctx.rs.table(ctx.state.prompts[0].table).name


PROMPT_VALUE = Flow(AimAt.NONE, (
    Choose("uid", "", lambda x: [], given=_prompt),
    Choose("value", _table_name, lambda x: outcome_choices(x.rs.table(x.state.prompts[0].table)), when=_picked_table),
    Ask("value", lambda x: f"{_table_name(x)}: your own result, a number",
        lambda x: outcome_hint(x.rs.table(x.state.prompts[0].table)) or "e.g. 12", when=lambda x: not _picked_table(x)),
), lambda x: command_line("resolve", x["uid"], value=x["value"].strip()), refuse=_no_prompt)


def _dismiss_line(ctx: Ctx) -> str | None:
    if ctx["prompt"]:
        return command_line("dismiss", ctx["prompt"])
    return command_line("apply", ctx["ready"], "miss") if ctx["ready"] else None


DISMISS = Flow(AimAt.NONE, (
    Choose("prompt", "", lambda x: [], given=lambda x: _prompt(x) or ""),
    Choose("ready", "Which attack missed?", lambda x: ready_choices(x.enc), given=_ready,
           when=lambda x: not x["prompt"] and bool(ready_choices(x.enc))),
), _dismiss_line)


# -- the turn ------------------------------------------------------------------------------------
def _undone(ctx: Ctx) -> list[Choice]:
    left = left_undone(ctx.state, ctx.rs)
    return [*(Choice(f"{w.kind}:{w.cid}" if w.cid else w.kind, w.label, w.hint) for w in left.ways),
            Choice("pass", "Pass anyway", f"left undone: {left.words}")]


def _next_line(ctx: Ctx) -> str | Go:
    pick = ctx["undone"]
    if pick == "resolve":
        return Go("resolve")
    if pick == "dismiss":
        return Go("prompt_dismiss")
    if pick.startswith("act:"):
        return Go("act", pick[4:])
    return "next"  # the log says what was left: the engine tells who waits a TC, which prompt still waits


NEXT = Flow(AimAt.NONE, (
    Choose("undone", lambda x: f"Left undone: {left_undone(x.state, x.rs).words}", _undone,
           when=lambda x: bool(left_undone(x.state, x.rs).ways)),
), _next_line)


def _after_whom(ctx: Ctx) -> list[Choice]:
    now = current_actor(ctx.state)
    return [Choice(c.id, c.name) for c in acting_order(ctx.state, ctx.rs) if c.id != now]


HOLD = Flow(AimAt.CURRENT, (
    Choose("after", "Saving the turn: act after whom?", _after_whom, when=lambda x: bool(x.rs.time.hold_after)),
), lambda x: command_line("hold", x.aim.names, after=x.name(x["after"]) if x["after"] else None))
DELAY = Flow(AimAt.CURRENT, (), lambda x: command_line("delay", x.aim.names))
ENTER = Flow(AimAt.NONE, (
    Choose("who", "Who enters now?",
           lambda x: [Choice(cid, x.name(cid)) for cid in x.state.waiting if cid in x.state.combatants]),),
    lambda x: command_line("enter", x.name(x["who"])))

FLOWS: dict[str, Flow] = {
    "next": NEXT,
    "damage": DAMAGE,
    "heal": HEAL,
    "add_condition": CONDITION,
    "remove_condition": UNCOND,
    "spend": _pool_flow("spend"),
    "gain": _pool_flow("gain"),
    "injure": INJURE,
    "saving_throw": SAVING_THROW,
    "act": Flow(AimAt.ACTOR, (ACT_PICK, *ACT_REST), act_line, Marks.ACTOR),
    "act_by_name": Flow(AimAt.BY_NAME, (ACT_PICK, *ACT_REST), act_line, Marks.ACTOR),
    "attack": Flow(AimAt.ATTACKER, (ATTACK_PICK, *ACT_REST), act_line, Marks.ACTOR, refuse=no_attacks),
    "add_creature": ADD,
    "apply": APPLY,
    "prompt_roll": Flow(AimAt.NONE, (), _roll_line, refuse=_no_prompt),
    "prompt_value": PROMPT_VALUE,
    "resolve": Flow(AimAt.NONE, (), _resolve_line, refuse=_no_prompt),
    "prompt_dismiss": DISMISS,
    "hold": HOLD,
    "delay": DELAY,
    "enter": ENTER,
}
