"""Injuries by body part: counts per part instance, effects at each count, and when all of a kind are hit."""

from __future__ import annotations

import re

from ..ruleset import AddEffect, BodyPartDef, EffectDef, RulesetDef
from ..state.errors import CommandError
from ..state.model import Combatant
from ..state.targets import pick
from . import conditions
from .ops import Ops
from .timekeeping import is_out


def part_count(rs: RulesetDef, c: Combatant, part: BodyPartDef) -> int:
    """How many of a part this creature has: its own count (`add ... tail=1`), else its body plan's, else
    the ruleset's typical count (a ruleset without plans)."""
    if part.id in c.parts:
        return c.parts[part.id]
    plan = rs.body_plan(c.body)
    return part.count if plan is None else plan.parts.get(part.id, 0)


def instances(part: BodyPartDef, n: int) -> list[str]:
    """This creature's parts of a kind: `arm.1`, `arm.2`; a single one is just `head`; none is none."""
    return [part.id] if n == 1 else [f"{part.id}.{i}" for i in range(1, n + 1)]


def parts_of(rs: RulesetDef, c: Combatant) -> list[BodyPartDef]:
    """The kinds of part this creature has at least one of, in the ruleset's order."""
    return [b for b in rs.body if part_count(rs, c, b) > 0]


def _own_part(rs: RulesetDef, c: Combatant, word: str) -> BodyPartDef:
    """One of this creature's parts; a part of the ruleset it lacks (a human's tail) is refused by name."""
    own = parts_of(rs, c)
    try:
        return pick("body part", word, ((b.id, b.name, b) for b in own))
    except CommandError as missing:
        try:
            other = pick("body part", word, ((b.id, b.name, b) for b in rs.body))
        except CommandError:
            raise missing from None
        plan = rs.body_plan(c.body)
        body = f" ({plan.name.lower()})" if plan is not None else ""
        raise CommandError(f"{c.name}{body} has no {other.name.lower()}; it has "
                           f"{', '.join(b.name.lower() for b in own) or 'no body parts'}") from None


def _label(part: BodyPartDef, key: str) -> str:
    """One part as the GM reads it: `Arm 2` for the second arm, `Head` for the only one."""
    return f"{part.name} {key.split('.', 1)[1]}" if "." in key else part.name


def _key(ops: Ops, c: Combatant, part: BodyPartDef, number: str | None, pick_least: bool) -> str:
    """The part instance a command names (`arm.2`), else the least injured (or, healing, the most)."""
    names = instances(part, part_count(ops.rs, c, part))
    if number:
        key = f"{part.id}.{number}" if len(names) > 1 else part.id
        if key not in names:
            raise CommandError(f"{c.name} has {', '.join(_label(part, k) for k in names)}")
        return key
    if pick_least:
        return min(names, key=lambda k: c.injuries.get(k, 0))
    destroyed = part.destroyed or 1 << 30  # healing picks the worst part that can still heal
    return max(names, key=lambda k: (c.injuries.get(k, 0) < destroyed, c.injuries.get(k, 0)))


def _parse(ops: Ops, cid: str, word: str) -> tuple[BodyPartDef, str | None]:
    if not ops.rs.body:
        raise CommandError("this ruleset tracks no body parts")
    m = re.fullmatch(r"(.+?)[. ]?([0-9]+)?", word.strip())
    assert m is not None
    return _own_part(ops.rs, ops.peek(cid), m.group(1)), m.group(2)


def _state(part: BodyPartDef, counts: list[int], exact: bool = False) -> dict[str, bool]:
    """Which of a kind's whole-creature effects stand, given each part's injuries: `count:N` for a count's
    effects under the majority rule (`exact`: parts with exactly N, else N or more), `all`, `sound`,
    `destroyed`."""
    out = {"all": bool(counts) and all(n > 0 for n in counts),
           "destroyed": part.destroyed is not None and bool(counts) and all(n >= part.destroyed for n in counts)}
    if part.sound_left is not None:
        out["sound"] = sum(1 for n in counts if n == 0) <= part.sound_left.at_most
    if part.majority:
        for eff in part.effects:  # more than half the parts at this count (or past it)
            sharing = sum(1 for n in counts if (n == eff.count if exact else n >= eff.count))
            out[f"count:{eff.count}"] = 2 * sharing > len(counts)
    return out


def _exact(ops: Ops, c: Combatant, part: BodyPartDef) -> bool:
    return part.majority_exact is not None and bool(ops.eval(part.majority_exact, c))


def _groups(part: BodyPartDef) -> dict[str, list[EffectDef]]:
    groups = {"all": part.all_effects, "destroyed": part.all_destroyed,
              "sound": part.sound_left.effects if part.sound_left else []}
    for eff in part.effects:
        groups[f"count:{eff.count}"] = eff.effects
    return groups


def _say_group(ops: Ops, c: Combatant, part: BodyPartDef, key: str) -> None:
    kind = part.name.lower()
    if key == "all":
        ops.say(f"{c.name}: every {kind} is injured")
    elif key == "destroyed":
        ops.say(f"{c.name}: every {kind} is destroyed")
    elif key == "sound" and part.sound_left is not None:
        ops.say(f"{c.name}: {part.sound_left.at_most or 'no'} uninjured {kind} left at most")
    elif key.startswith("count:"):
        eff = next(e for e in part.effects if e.count == int(key[6:]))
        ops.say(f"{c.name}: more than half its {kind}s have {eff.count}: {eff.text} (the whole creature)")


def part_key(ops: Ops, cid: str, word: str) -> str:
    """The part instance a GM's word names (`arm.2`; `arm`: the most injured, as healing picks)."""
    part, number = _parse(ops, cid, word)
    return _key(ops, ops.peek(cid), part, number, pick_least=False)


def part_label(rs: RulesetDef, key: str) -> str:
    """A part instance as the GM reads it (`Arm 2`)."""
    part = rs.part_kind(key)
    return key if part is None else _label(part, key)


def injure(ops: Ops, cid: str, word: str, n: int) -> None:
    part, number = _parse(ops, cid, word)
    c = ops.changing(cid)
    key = _key(ops, c, part, number, pick_least=True)
    names = instances(part, part_count(ops.rs, c, part))
    before = _state(part, [c.injuries.get(k, 0) for k in names], _exact(ops, c, part))
    old = c.injuries.get(key, 0)
    new = old + n
    c.injuries[key] = new
    ops.say(f"{c.name}: {_label(part, key)} injured ({new} {'injury' if new == 1 else 'injuries'} there, "
            f"{part.severity})")
    for eff in part.effects:
        if old < eff.count <= new:
            if part.majority:
                ops.say(f"{c.name}: {_label(part, key)}: {eff.text}")
            else:
                ops.say(f"{c.name}: {eff.text}")
                ops.apply_effects(cid, eff.effects)
    after = _state(part, [c.injuries.get(k, 0) for k in names], _exact(ops, c, part))
    groups = _groups(part)
    for g, stands in after.items():
        if stands and not before[g]:
            _say_group(ops, c, part, g)
            ops.apply_effects(cid, groups[g])
        elif before[g] and not stands:  # shared exactly, and no longer by more than half
            _lift(ops, cid, groups[g])
    if part.majority and any(old < e.count <= new and not after[f"count:{e.count}"] for e in part.effects):
        ops.say(f"{c.name}: (on that {part.name.lower()} only, until more than half its "
                f"{part.name.lower()}s share it)")
    ops.run_triggers("injury", cid, {"injury_value": part.value * n})


def heal_injury(ops: Ops, cid: str, word: str, n: int, regrow: bool) -> None:
    """Take injuries off a part; what they brought on is lifted once the part drops below each count.
    A destroyed part heals only by magic (`regrow`)."""
    part, number = _parse(ops, cid, word)
    c = ops.changing(cid)
    key = _key(ops, c, part, number, pick_least=False)
    names = instances(part, part_count(ops.rs, c, part))
    old = c.injuries.get(key, 0)
    if old == 0:
        raise CommandError(f"{c.name}: {_label(part, key)} is not injured")
    if part.destroyed is not None and old >= part.destroyed and not regrow:
        raise CommandError(f"{c.name}: {_label(part, key)} is destroyed: only magic regrows it (add regrow)")
    before = _state(part, [c.injuries.get(k, 0) for k in names], _exact(ops, c, part))
    new = max(old - n, 0)
    if new:
        c.injuries[key] = new
    else:
        del c.injuries[key]
    if c.treated.get(key, 0) > new:  # the injuries that healed were the treated ones
        if new:
            c.treated[key] = new
        else:
            del c.treated[key]
    ops.say(f"{c.name}: {_label(part, key)} healed ({new} {'injury' if new == 1 else 'injuries'} left there)")
    after = _state(part, [c.injuries.get(k, 0) for k in names], _exact(ops, c, part))
    lifted: list[list[EffectDef]] = []
    for eff in sorted(part.effects, key=lambda e: -e.count):
        if new < eff.count <= old:
            if not part.majority:
                lifted.append(eff.effects)
            ops.apply_effects(cid, eff.healed)
    groups = _groups(part)
    for g, stands in before.items():
        if stands and not after[g]:
            lifted.append(groups[g])
    for effects in lifted:
        _lift(ops, cid, effects)


def heal_by_effect(ops: Ops, cid: str, key: str, n: int) -> None:
    """Healing a table gives a part (a passed recovery check): nothing to do on a sound part, and a
    destroyed one is left to magic."""
    part, _ = _parse(ops, cid, key)
    c = ops.peek(cid)
    old = c.injuries.get(key, 0)
    if old == 0 or n <= 0:
        return
    if part.destroyed is not None and old >= part.destroyed:
        ops.say(f"{c.name}: {_label(part, key)} is destroyed: only magic regrows it")
        return
    heal_injury(ops, cid, key, n, regrow=False)


def _held(ops: Ops, c: Combatant) -> set[str]:
    """Conditions the creature's injuries still bring on, counting every part of every kind."""
    held: set[str] = set()
    for part in parts_of(ops.rs, c):
        counts = [c.injuries.get(k, 0) for k in instances(part, part_count(ops.rs, c, part))]
        groups = _groups(part)
        for g, stands in _state(part, counts, _exact(ops, c, part)).items():
            if stands:
                held |= {e.add for e in groups[g] if isinstance(e, AddEffect)}
        if not part.majority:
            held |= {e.add for eff in part.effects if any(n >= eff.count for n in counts)
                     for e in eff.effects if isinstance(e, AddEffect)}
    return held


def _lift(ops: Ops, cid: str, effects: list[EffectDef]) -> None:
    """Undo what an injury effect added: a stacking value comes off, anything else goes unless another
    injury still brings it on or an action is what ends it."""
    for e in effects:
        if not isinstance(e, AddEffect) or not ops.peek(cid).has(e.add):
            continue
        cd = ops.rs.condition(e.add)
        if cd.ended_by:  # a position an action ends (knocked prone), not a state the injury holds
            continue
        if cd.valued and cd.stacking == "add":
            cs = next(x for x in ops.peek(cid).conditions if x.id == e.add)
            left = (cs.value or 0) - (ops.eval(e.value, ops.peek(cid)) if e.value is not None else 1)
            if left > 0:
                ops.changing(cid)
                cs.value = left
                ops.say(f"{ops.peek(cid).name}: {cd.name} {left}")
                ops.recompute(cid)
                continue
        elif e.add in _held(ops, ops.peek(cid)):
            continue
        _keep_positions(ops, cid, e.add)
        conditions.remove_all(ops, cid, e.add, held_ok=True)


def _keep_positions(ops: Ops, cid: str, cond_id: str) -> None:
    """A position the lifted condition brought with it (fell prone) stays until an action ends it: the
    creature is not stood up by the healing."""
    uids = {cs.uid for cs in ops.peek(cid).conditions if cs.id == cond_id}
    for daughter in ops.peek(cid).conditions:
        if set(daughter.parents) & uids and not daughter.direct and ops.rs.condition(daughter.id).ended_by:
            ops.changing(cid)
            daughter.direct = True


def untreated(rs: RulesetDef, c: Combatant) -> list[tuple[BodyPartDef, str, int]]:
    """Parts with injuries not yet treated (destroyed parts, which do not heal mundanely, left out): the
    kind, the instance and how many."""
    out = []
    for part in parts_of(rs, c):
        for key in instances(part, part_count(rs, c, part)):
            n = c.injuries.get(key, 0)
            if n and (part.destroyed is None or n < part.destroyed) and n > c.treated.get(key, 0):
                out.append((part, key, n - c.treated.get(key, 0)))
    return out


def treat(ops: Ops, cid: str, key: str, n: int) -> None:
    """Mark injuries on one part instance treated (they then heal with time, by `heal-injury`)."""
    c = ops.peek(cid)
    part = ops.rs.part_kind(key)
    if part is None or not c.injuries.get(key):
        return
    done = min(c.treated.get(key, 0) + n, c.injuries[key])
    ops.changing(cid).treated[key] = done
    ops.say(f"{c.name}: {_label(part, key)} treated ({done} of {c.injuries[key]})")


def care_prompts(ops: Ops, cid: str, when: str) -> None:
    """Prompt the ruleset's care tables for a creature's untreated injuries: `treat` (the fight is over)
    or `untreated` (a day has passed). One prompt an injury, or an injured part if the data says so."""
    care = ops.rs.injury_care
    table = care.treat if when == "treat" else care.untreated
    c = ops.peek(cid)
    if table is None or is_out(c, ops.rs):
        return
    by_part = when != "treat" and care.untreated_by_part is not None and bool(ops.eval(care.untreated_by_part, c))
    for part, key, left in untreated(ops.rs, c):
        reason = f"{_label(part, key)}, {part.severity}"
        if when == "treat" and care.treat_dc is not None:
            reason += f", DC {ops.eval(care.treat_dc, c, {'part_value': part.value})}"
        elif when != "treat":
            reason += ", untreated for a day"
        for _ in range(1 if by_part else left):
            ops.queue_prompt(cid, table, reason, part=key)
