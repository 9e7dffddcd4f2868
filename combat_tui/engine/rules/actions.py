"""Using an action: what it costs and gives, and in time count when the creature acts next."""

from __future__ import annotations

from collections.abc import Mapping

from ..ruleset import ActionDef, TimeModel, given
from ..state.errors import CommandError
from ..state.model import Side
from ..state.targets import pick
from . import conditions
from .amounts import amount
from .ops import Ops
from .speed import shift_class, shift_sf


def _period(ops: Ops, cid: str, per: str) -> int:
    """When a use happened, as a limit counts it: the round, or the actor's latest turn (in free rounds
    a turn is the round; in time count both are the TC)."""
    clock = ops.state.clock
    if ops.rs.time.model is TimeModel.TIME_COUNT:
        return clock.tc
    if per == "turn" and ops.rs.time.model is TimeModel.TURN_ORDER:
        return ops.peek(cid).turn_round
    return clock.round


def _trigger(ops: Ops, cid: str, target: str | None) -> tuple[int, str]:
    """What a reaction answers: the latest action (with a cost) of the creature `on=` names, else of
    whoever else acted last; its stamp and whose it is."""
    if target is not None and target != cid:
        t = ops.peek(target)
        return t.last_act, t.name
    others = [c for c in ops.state.combatants.values() if c.id != cid and c.last_act]
    if not others:
        return 0, ""
    last = max(others, key=lambda c: c.last_act)
    return last.last_act, last.name


def _limit_key(ops: Ops, cid: str, action: ActionDef, target: str | None, name: str | None) -> tuple[str, str, str]:
    """Who holds the count of an action's limit, under which key, and the words naming what it counted."""
    lim = action.limit
    assert lim is not None
    counted = lim.shared or action.id
    if lim.each == "target":
        if target is None:
            raise CommandError(f"{action.name}: say on whom (on=NAME): once a {lim.per} for each creature")
        return target, counted + (f"@{cid}" if lim.per == "turn" else ""), f" on {ops.peek(target).name}"
    if lim.each == "name":
        whom = (name or "").strip()[:80]
        return cid, f"{counted}:{whom.lower()}", f" ({whom})" if whom else ""
    return cid, counted, ""


def _use_trigger(ops: Ops, cid: str, action: ActionDef, target: str | None, name: str | None) -> None:
    """Refuse a second answer to the same trigger, else count this one."""
    lim = action.limit
    assert lim is not None
    actor = ops.peek(cid)
    stamp, whose = _trigger(ops, cid, target)
    whom = (name or "").strip()[:80]  # a trigger the GM names (a move that was never entered)
    key = f"{lim.shared or action.id}@trigger" + (f":{whom.lower()}" if whom else "")
    if stamp and actor.uses.get(key) == stamp:
        what = f"{whose}'s latest action" + (f" ({whom})" if whom else "")
        raise CommandError(f"{actor.name} cannot {action.name}: it has already answered {what}; "
                           f"one {lim.shared or action.name.lower()} a trigger (another trigger: what=NAME)")
    ops.changing(cid).uses[key] = stamp


def _use_limited(ops: Ops, cid: str, action: ActionDef, target: str | None, name: str | None) -> None:
    """Refuse an action used up for this turn or round (per actor, target or name) or for this trigger,
    else count this use; and count it for the limited actions that list it in `also` (Cast uses up
    Control of that spell)."""
    lim = action.limit
    if lim is not None and lim.per == "trigger":
        _use_trigger(ops, cid, action, target, name)
    elif lim is not None:
        actor = ops.peek(cid)
        holder, key, what = _limit_key(ops, cid, action, target, name)
        stamp = _period(ops, cid, lim.per)
        if ops.peek(holder).uses.get(key) == stamp:
            each = {"target": " for each creature", "name": " for each one"}.get(lim.each, "")
            also = [a.name for a in ops.rs.actions if a.id in lim.also]
            if also:
                raise CommandError(f"{actor.name} cannot {action.name}{what} this {lim.per}: once a {lim.per}{each},"
                                   f" and {' or '.join(also)} counts as one")
            raise CommandError(f"{actor.name} cannot {action.name}{what} again: once a {lim.per}{each}")
        ops.changing(holder).uses[key] = stamp
    for other in ops.rs.actions:
        if other.limit is not None and action.id in other.limit.also and other.id != action.id:
            if other.limit.per == "trigger" or (other.limit.each == "target" and target is None):
                continue
            holder, key, _ = _limit_key(ops, cid, other, target, name)
            ops.changing(holder).uses[key] = _period(ops, cid, other.limit.per)


def _tally(ops: Ops, cid: str, action: ActionDef, name: str | None) -> tuple[str | None, dict[str, int]]:
    """The name an action with a tally goes by (given, else the one last given) and its count so far."""
    if action.tally is None:
        return name, {}
    c = ops.peek(cid)
    given = (name or "").strip()[:80]
    if given:
        if c.named.get(action.tally) != given:
            ops.changing(cid).named[action.tally] = given
    else:
        given = c.named.get(action.tally, "")
    return given or None, {"tally": c.tallies.get(f"{action.tally}:{given.lower()}", 0)}


def pay(ops: Ops, cid: str, action: ActionDef, target: str | None, name: str | None = None,
        value: str | None = None) -> None:
    """Pay an action's cost (refused below a pool's floor), take its gains and apply its effects.
    `name`: what a limit per name counts (`act Mage control what=Fireball`), and what a tally counts.
    `value`: the number the action asks for (`value=N`)."""
    c = ops.peek(cid)
    extra: dict[str, int] = {}
    if action.value is not None:
        ops.require(value is not None, f"{action.name}: give value=N ({action.value})")
        extra["value"] = amount(ops, value or "0", "value", c)
    elif value is not None:
        raise CommandError(f"{action.name} takes no value=")
    name, counted = _tally(ops, cid, action, name)
    extra |= counted
    if action.requires is not None and not ops.eval(action.requires, c, extra):
        raise CommandError(f"{c.name} cannot {action.name}: {action.refusal}" if action.refusal
                           else f"{c.name} cannot {action.name} now")
    _use_limited(ops, cid, action, target, name)
    costs = {pid: ops.eval(v, c, extra) for pid, v in action.cost.items()}
    gaps = [g for pid in (*costs, *action.gain) if (g := given.lacking(ops.rs, c.name, pid, c.pools))]
    if gaps:
        raise CommandError(f"{c.name} cannot {action.name}: {gaps[0].removeprefix(c.name + ' ')}")
    short = []
    for pid, cost in costs.items():
        pd = ops.rs.pool(pid)
        if c.pools[pid].current - cost < ops.eval(pd.floor, c):
            short.append(f"{pd.name} {c.pools[pid].current} of {cost}")
    if short:
        raise CommandError(f"{c.name} cannot {action.name}: {', '.join(short)}")
    for pid, cost in costs.items():
        ops.set_pool(cid, pid, c.pools[pid].current - cost, quiet=True)
    for pid, v in action.gain.items():
        ops.set_pool(cid, pid, c.pools[pid].current + ops.eval(v, c, extra), quiet=True)
    paid = ", ".join(f"{ops.rs.pool(p).name} -{n}" for p, n in costs.items() if n)
    what = f" — {name.strip()}" if name and name.strip() else ""
    ops.say(f"{c.name}: {action.name}{what}" + (f" ({paid})" if paid else ""))
    if action.cost:  # a deed others may react to; a record with no cost (a hit taken) is none
        ops.changing(cid).last_act = ops.new_uid()
    ops.apply_effects(cid, action.effects, extra or None, other=target, anchor=cid)
    if action.tally is not None and action.tally_count:
        key = f"{action.tally}:{(name or '').lower()}"
        tallies = ops.changing(cid).tallies
        tallies[key] = tallies.get(key, 0) + 1
    made_as = next((a.uses for a in c.actions if a.id == action.id), None)  # an own attack is its `uses` too
    conditions.end_by_action(ops, cid, action.id, action.tags, made_as)
    ops.hooks.act(ops, cid, action)


def schedule(ops: Ops, cid: str, action: ActionDef | None, sf_typed: str | None, class_typed: str | None,
             mod_typed: str | None, before: Mapping[str, int] | None = None) -> None:
    """Time count: when a creature acts next, from a typed speed factor, a speed class or the action's speed.
    `before`: the creature's names before it paid for the action (what `anytime` and `sf` read)."""
    c = ops.peek(cid)
    clock = ops.state.clock
    ops.require(clock.started, "the encounter has not started: `start` first")
    stuck = next((cs.id for cs in c.conditions if ops.rs.condition(cs.id).skip_turn), None)
    if stuck is not None and _struck_on_its_count(ops, cid):
        ops.say(f"{c.name} acts with the others on TC {clock.tc}: all actions on one count come before their "
                f"effects")
        stuck = None
    ops.require(stuck is None, f"{c.name} cannot act ({ops.rs.condition(stuck or '').name if stuck else ''})")
    if action is not None and action.alongside:
        _alongside(ops, cid, action, sf_typed)
        return
    waiting = c.next_tc != clock.tc
    if waiting and action is not None and action.anytime is not None and ops.eval(action.anytime, c, before):
        if sf_typed is None and class_typed is None and action.speed is None and action.sf is None:
            return  # done while it waits (walking while preparing a spell): its next turn stays
    else:
        ops.require(not waiting, f"{c.name} acts at TC {c.next_tc}, not now (TC {clock.tc})")
    mod = amount(ops, mod_typed, "mod") if mod_typed is not None else 0
    tags = {f"tag_{t.replace('-', '_')}": 1 for t in (action.tags if action else [])}
    tag_names = {f"tag_{t.replace('-', '_')}": 0 for a in ops.rs.actions for t in a.tags} | tags
    steps = (action.class_shift if action else 0) + (ops.eval(ops.rs.time_count.class_shift, c, tag_names)
                                                     if ops.rs.time_count.class_shift else 0)
    if action is not None and action.two_speeds:  # two weapons at once: both SFs rolled, the worse taken
        given: list[tuple[str | None, str | None]] = [(p.strip(), None) for p in (sf_typed or "").split(",")
                                                      if p.strip()]
        given += [(None, p.strip()) for p in (class_typed or "").split(",") if p.strip()]
        ops.require(len(given) == 2, f"{action.name}: give both weapons' speeds (class=A,B or sf=A,B, "
                                     f"or one of each)")
        both = [_base_sf(ops, cid, action, s_, k_, steps, before) for s_, k_ in given]
        sf, how = max(both, key=lambda r: r[0])
        ops.say(f"{c.name}: {action.name}: SF {both[0][0]} and {both[1][0]}, the worse is {sf}")
    else:
        sf, how = _base_sf(ops, cid, action, sf_typed, class_typed, steps, before)
    if action is not None and action.sf_then is not None and sf > 0:
        then = max(ops.eval(action.sf_then, c, {"sf": sf}), 1)
        ops.say(f"{c.name}: {action.name} takes SF {then} of the weapon's {sf}")
        sf, how = then, "SF"
    added = []
    if action is not None and action.sf_add is not None:
        extra = ops.amount(action.sf_add, c)
        sf += extra
        added.append(f"{extra:+d} {action.name}")
    if sf > 0:  # a free action stays free
        if ops.rs.time_count.sf_mod:
            extra = ops.eval(ops.rs.time_count.sf_mod, c, tag_names)
            if extra:
                sf += extra
                added.append(f"{extra:+d} slowed")
        if c.sf_pending:
            sf += c.sf_pending
            added.append(f"{c.sf_pending:+d} alongside")
    sf += mod
    sf = max(sf, 0 if sf <= 0 and mod == 0 else 1)
    ops.require(sf >= 0, "a speed factor cannot be negative")
    c = ops.changing(cid)
    c.sf_pending = 0
    c.next_tc = clock.tc + sf
    c.acted = sf > 0
    shown = f"{how} → SF {sf}" if how != "SF" else f"SF {sf}"  # a typed SF needs no arrow to itself
    if added:
        shown += f" ({', '.join(added)})"
    if mod:
        shown += f" (with {mod:+d})"
    ops.say(f"{c.name}: {shown}, next acts at TC {c.next_tc}")


def _base_sf(ops: Ops, cid: str, action: ActionDef | None, sf_typed: str | None, class_typed: str | None,
             steps: int, before: Mapping[str, int] | None) -> tuple[int, str]:
    """The SF from a typed number, a class or the action's own speed, shifted `steps` classes; and how
    it came about, in words."""
    c = ops.peek(cid)
    if sf_typed is not None:
        sf, how = amount(ops, sf_typed, "sf", c), "SF"
    else:
        cls_word = class_typed or (action.speed if action else None)
        if cls_word is None and action is not None and action.sf is not None:
            sf, how = ops.amount(action.sf, c, before), "SF"
        elif cls_word is None:
            raise CommandError(f"{action.name if action else 'that'} has no speed: add sf=N or class=NAME")
        else:
            sc = pick("speed class", cls_word, ((s.id, s.name, s) for s in ops.rs.speed_classes))
            shifted = shift_class(ops.rs, sc, steps)
            if shifted.speed is not sc or shifted.extra_sf:
                ops.say(f"{c.name}: {sc.name} shifted {abs(steps)} class{'es' if abs(steps) != 1 else ''} "
                        f"{'slower' if steps > 0 else 'faster'}: {shifted.speed.name}"
                        + (f" +{shifted.extra_sf}" if shifted.extra_sf else ""))
            sc = shifted.speed
            if c.side == Side.PC:
                r = ops.roll(sc.random, c)
                sf, how = r.total, f"{sc.name}, {r.shown}"
            else:
                sf, how = sc.static, f"{sc.name} (static)"
            sf += shifted.extra_sf
            steps = 0
    if steps and sf > 0 and ops.rs.time_count.sf_step is not None:  # a number moved from the class it falls in
        shifted_sf = shift_sf(ops.rs, sf, steps, max(ops.eval(ops.rs.time_count.sf_step, c), 0))
        if shifted_sf != sf:
            ops.say(f"{c.name}: SF {sf} shifted {abs(steps)} class{'es' if abs(steps) != 1 else ''} "
                    f"{'slower' if steps > 0 else 'faster'}: SF {shifted_sf}")
        sf = shifted_sf
    elif steps and sf > 0:  # a typed SF has no class to shift: the GM gives the shifted class instead
        ops.say(f"({c.name} acts {steps} speed class{'es' if abs(steps) != 1 else ''} "
                f"{'slower' if steps > 0 else 'faster'}: give class=, not sf=, to have it applied)")
    return sf, how


def _struck_on_its_count(ops: Ops, cid: str) -> bool:
    """Killed or struck down on the TC it acts on, before acting, while another acts on that TC too: its
    action on that count still happens ("all actions take place and all dice are rolled before any of the
    effects are applied")."""
    c = ops.peek(cid)
    tc = ops.state.clock.tc
    if c.next_tc != tc or c.turn_round != tc or c.acted:
        return False
    return any(o.id != cid and o.turn_round == tc and o.next_tc is not None for o in ops.state.roster())


def _alongside(ops: Ops, cid: str, action: ActionDef, sf_typed: str | None) -> None:
    """An action that takes no turn of its own: its SF goes onto the action it is done with, before or after."""
    c = ops.peek(cid)
    clock = ops.state.clock
    sf = amount(ops, sf_typed, "sf", c) if sf_typed is not None else (
        ops.amount(action.sf, c) if action.sf is not None else 0)
    mc = ops.changing(cid)
    if c.acted and c.next_tc is not None and c.next_tc > clock.tc:  # its action this TC is already done
        mc.next_tc = c.next_tc + sf
        ops.say(f"{c.name}: {action.name} goes with its action: +{sf} SF, next acts at TC {mc.next_tc}")
        return
    ops.require(c.next_tc == clock.tc, f"{c.name} acts at TC {c.next_tc}, not now (TC {clock.tc})")
    mc.sf_pending += sf
    ops.say(f"{c.name}: {action.name} takes no turn of its own: +{sf} SF on the action it goes with")
