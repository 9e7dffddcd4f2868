"""A creature's own attacks (from a template): what they cost the ruleset's way, their to-hit and damage
rolled into the log (judged against the target's defence where the ruleset names one: `judging.py`), and
the damage left ready for one `apply`."""

from __future__ import annotations

import re

from ..ruleset import ActionDef, RulesetDef, TimeModel
from ..state.errors import CommandError
from ..state.model import Combatant, OwnAction, ReadyHit, State
from ..state.targets import pick
from . import actions, attack_rolls, judging, recharge
from .ops import Ops

ROLL_WORD = re.compile(r"(adv|dis|boon|bane)[0-9]?", re.IGNORECASE)  # `act ... adv`, `boon2`: on the to-hit


def as_action(rs: RulesetDef, own: OwnAction) -> ActionDef:
    """An own action as the ruleset's kind: the action it `uses` (cost, tags, effects), its name, its own
    cost over that one's, and in time count its own speed class or SF. One that uses none is an attack,
    unless it calls for a save."""
    base = next((a for a in rs.actions if a.id == own.uses), None)
    cost = {**(base.cost if base else {}), **own.cost}
    return ActionDef(id=own.id, name=own.name, cost=cost, gain=dict(base.gain) if base else {},
                     speed=own.speed or (base.speed if base and own.sf is None else None),
                     sf=own.sf if own.sf is not None else (base.sf if base and own.speed is None else None),
                     tags=list(base.tags) if base else ([] if own.save is not None else ["attack"]),
                     effects=list(base.effects) if base else [],
                     requires=base.requires if base else None, refusal=base.refusal if base else None,
                     description=own.notes or (base.description if base else ""))


def actions_for(rs: RulesetDef, c: Combatant | None) -> list[ActionDef]:
    """What a creature can do: its own attacks and actions first, then the ruleset's (the act list)."""
    own = [as_action(rs, a) for a in c.actions] if c is not None else []
    return own + list(rs.actions)


def find(ops: Ops, c: Combatant, word: str) -> OwnAction | ActionDef:
    """One of the creature's own actions or the ruleset's, by id or name (or a unique start); its own win."""
    low = word.strip().lower()
    own = next((a for a in c.actions if low in (a.id, a.name.lower())), None)
    if own is not None:
        return own
    options: list[tuple[str, str, OwnAction | ActionDef]] = [(a.id, a.name, a) for a in c.actions]
    options += [(a.id, a.name, a) for a in ops.rs.actions]
    return pick("action", word, options)


def use(ops: Ops, cid: str, own: OwnAction, target: str | None, roll_words: list[str], sf: str | None,
        cls: str | None, mod: str | None, face: str | None = None, tohit: str | None = None) -> None:
    """Pay for an own action, schedule the next TC in time count, roll its to-hit and its damage, and
    leave the damage ready for `apply`. `face`: the d20 as it landed at the table (a player's roll);
    `tohit`: the GM's number on the to-hit."""
    recharge.refuse_spent(ops.peek(cid), own)
    action = as_action(ops.rs, own)
    rules = attack_rolls.modifiers(ops, cid, target, own, roll_words, tohit) if own.hit is not None else None
    actions.pay(ops, cid, action, target)
    if ops.rs.time.model is TimeModel.TIME_COUNT:
        actions.schedule(ops, cid, action, sf, cls, mod)
    recharge.spend(ops, cid, own)
    c = ops.peek(cid)
    on = f" on {ops.peek(target).name}" if target is not None else ""
    extra = " ".join(roll_words)
    verdict: judging.Verdict | None = None
    if own.hit is not None:
        expr = own.hit.strip()
        if re.fullmatch(r"[+-]\s*[0-9]+", expr):  # a bare bonus: the ruleset's d20 test
            expr = f"1d20 {expr}"
        if rules is not None and rules.bonus:
            expr = f"{expr} {'+' if rules.bonus > 0 else '-'} {abs(rules.bonus)}"
        if face is not None:
            r = judging.at_the_table(ops, c, expr, face, extra)
        else:
            r = ops.roll(f"{expr} {rules.words if rules else extra}".strip(), c)
        verdict = judging.judge(ops, r, target)
        if verdict is not None and verdict.hit and not verdict.critical and rules is not None and rules.crit:
            verdict = judging.made_critical(verdict, rules.crit)
        why = f" ({rules.reasons}{'; the roll at the table should have had it' if face is not None else ''})" \
            if rules and rules.reasons else ""
        after = attack_rolls.outcome(ops, r.natural)
        ops.say(f"{c.name}: {own.name}{on}, to hit {r.shown}{why}" + (verdict.words if verdict else "")
                + (f"; {after.label}" if after else ""))
        if after is not None:
            attack_rolls.follow(ops, cid, target, after)
        if verdict is None and target is not None and ops.rs.checks.attack.unjudged:
            ops.say(ops.rs.checks.attack.unjudged)
    elif roll_words or face is not None or tohit is not None:
        said = extra or ("d20=" if face is not None else "tohit=")
        raise CommandError(f"{own.name} has no to-hit roll for {said} to change")
    if own.damage is not None:
        judging.leave(ops, cid, own.damage, own.type, target, f"{c.name}'s {own.name}", verdict, own.plus)


def ready_words(state: State, hit: ReadyHit) -> str:
    """Damage an attack left ready, as the GM reads it: "Goblin 1's Spear: 5 piercing on Kara"."""
    target = state.combatants.get(hit.target or "")
    return f"{hit.what}: {hit.damage_words()}" + (f" on {target.name}" if target is not None else "")
