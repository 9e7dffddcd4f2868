"""What the handlers share: how many words, which creatures, which ruleset item."""

from __future__ import annotations

from collections.abc import Callable

from ..rules.ops import Ops
from ..rules.timekeeping import is_out
from ..ruleset import ActionDef, BodyPlanDef, ConditionDef, PoolDef
from ..state.errors import CommandError
from ..state.model import Combatant, Side
from ..state.targets import creatures, pick, take_creatures
from .spec import COMMANDS, needs


def no_extra(args: list[str], command: str) -> None:
    """Refuse words left over (`key=value` words the spec already checked)."""
    if args:
        raise CommandError(f"unexpected {' '.join(args)!r}; usage: {COMMANDS[command].usage}")


def side_of(word: str) -> Side:
    """What `side=` says (add, edit), in one reading."""
    try:
        return Side(word.lower())
    except ValueError:
        raise CommandError(f"side={word}: a side is pc, npc or ally") from None


def pick_pool(ops: Ops, word: str) -> PoolDef:
    return pick("pool", word, ((p.id, p.name, p) for p in ops.rs.pools))


def pick_condition(ops: Ops, word: str) -> ConditionDef:
    return pick("condition", word, ((c.id, c.name, c) for c in ops.rs.conditions))


def pick_action(ops: Ops, word: str) -> ActionDef:
    return pick("action", word, ((a.id, a.name, a) for a in ops.rs.actions))


def with_health(ops: Ops, kw: dict[str, str]) -> dict[str, str]:
    """The `key=value` words with `hp=` read as the ruleset's hit points, whatever it calls them."""
    return {ops.rs.pool_key(k): v for k, v in kw.items()}


def body_plan(ops: Ops, word: str) -> BodyPlanDef:
    return pick("body plan", word, ((p.id, p.name, p) for p in ops.rs.body_plans))


def need(args: list[str], n: int, command: str) -> None:
    """Fewer words than the command needs, once its names are read: its arity error, from its spec."""
    if len(args) < n:
        raise needs(command)


def in_fight(ops: Ops) -> Callable[[Combatant], bool]:
    """Who sides, wildcards and prefixes pass over: creatures out of the fight (dead, destroyed)."""
    return lambda c: is_out(c, ops.rs)


def targets(ops: Ops, args: list[str], need_after: int) -> tuple[list[str], list[str]]:
    """The creatures a command acts on, from its first word(s); sides and wildcards skip the dead."""
    return take_creatures(ops.state, args, need_after, in_fight(ops))


def one_creature_anyone(ops: Ops, spec: str) -> str:
    """One creature by name, the dead too."""
    return one_creature(ops, spec, everyone=True)


def one_creature(ops: Ops, spec: str, everyone: bool = False) -> str:
    ids = creatures(ops.state, spec, None if everyone else in_fight(ops))
    if len(ids) != 1:
        raise CommandError(f"{spec!r} picks {len(ids)} creatures; name one")
    return ids[0]
