"""Setting up: add, remove, init, start, next."""

from __future__ import annotations

import re
from collections.abc import Callable

from ..rules import conditions, joining, judging, turns
from ..rules.amounts import amount
from ..rules.ops import Ops
from ..rules.timekeeping import current_actor, slot_index
from ..ruleset import RulesetDef, TimeModel
from ..state.errors import CommandError
from ..state.model import Combatant, Side
from ..state.targets import clean_name, creatures
from .adding import add_one
from .common import need, no_extra, side_of, targets, with_health
from .defences import DEFENCE_WORDS, put_defences, take_defences
from .spec import arg, command, needs
from .templates import find_template, from_template, name_words, party_add


@command("add", "add creatures (Goblin x4 makes Goblin 1..4, a group on one initiative; split: each rolls); "
         "a library template's name (or the start of it, 3 letters or more) makes them from it; @PARTY adds a "
         "party's members as the last fight left them", args=(arg("add"),),
         flags=("xN", "split", "pc|npc|ally", "surprised", "hidden", "fixed"),
         words={"init=N": "initiative (dice allowed)", "hp=N": "the ruleset's hit points, whatever it calls them",
                "side=pc|npc|ally": "pc, npc or ally, as the bare word", "body=PLAN": "a body plan",
                "notes=TEXT": "the GM's note",
                "stat-KEY=N": "the stat KEY, where KEY= alone means something else (stat-init=2)",
                **DEFENCE_WORDS},
         ruleset_words="KEY=VALUE: a stat, pool or body part of the ruleset; values may be dice",
         ruleset_usage="[KEY=VALUE ...]")
def _add(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    if len(args) == 1 and args[0].startswith("@") and not kw:
        party_add(ops, args[0][1:])
        return
    if not args:
        raise needs("add")
    if args[0].startswith("@") and (len(args) > 1 or kw):
        raise CommandError("add @PARTY takes nothing more: the party's file says the rest")
    words, flags = name_words(args)
    count, side, surprised, hidden, fixed = 0, Side.NPC, False, False, False
    template = find_template(ops, args)
    split = any(w.lower() == "split" for w in flags)
    if template is not None:
        words = [template.name]
        side = template.side
    for w in flags:
        low = w.lower()
        if re.fullmatch(r"x[0-9]+", low):
            count = int(low[1:]) if len(low) <= 4 else 101
            if count < 1:
                raise CommandError(f"{w}: add at least one (x1 to x100)")
        elif low in ("pc", "npc", "ally"):
            side = Side(low)
        elif low == "surprised":
            surprised = True
        elif low == "hidden":
            hidden = True
        elif low == "fixed":  # a lair on count 20: never rolls, loses ties
            fixed = True
            if "init" not in kw:
                raise CommandError("a fixed entry needs its count: init=N (a lair: init=20)")
    if "side" in kw:  # `side=ally` says what the bare word says
        side = side_of(kw["side"])
    base = clean_name(" ".join(words))
    if count > 100:
        raise CommandError("at most 100 creatures at once")
    rs = ops.rs
    kw = with_health(ops, kw)
    lists, kw = take_defences(ops, kw)
    made = from_template(rs, template, kw) if template is not None else None
    if made is not None:
        kw = {**made.kw, **kw}  # what the line says wins over the template
    stats = {s.id for s in rs.stats}
    pools = {p.id for p in rs.pools}
    known = {"init", "notes", "side"} | stats | pools | {b.id for b in rs.body} | ({"body"} if rs.body_plans else set())
    forced = _stat_keys(rs, kw)
    if made is not None:  # a stat the line sets as KEY= wins over the template's too
        said = {k.replace("-", "_") for k in kw}
        forced = {**{k: v for k, v in made.stats.items() if k.replace("-", "_") not in said}, **forced}
    for key in kw:
        if key.replace("-", "_") not in {k.replace("-", "_") for k in known}:
            raise CommandError(f"unknown key {key!r} for add (known: {', '.join(sorted(known))})")
    taken = {c.name.lower() for c in ops.state.combatants.values()}
    if count:
        numbers = [int(m.group(1)) for c in ops.state.combatants.values()
                   if (m := re.fullmatch(re.escape(base) + r" ([0-9]{1,9})", c.name, re.IGNORECASE))]
        first = max(numbers, default=0) + 1
        names = [f"{base} {i}" for i in range(first, first + count)]
    else:
        names = [base]
        n = 2
        while names[0].lower() in taken:
            names = [f"{base} {n}"]
            n += 1
    if any(len(n) > 48 for n in names):
        raise CommandError("that name is too long")
    # xN makes a group on one initiative, from a template or not; split: each rolls its own
    group = f"g{ops.state.counters.next_cid}" if count > 1 and not split else None
    for name in names:
        cid = add_one(ops, name, side, surprised, hidden, kw, forced,
                       made.setup(group) if made is not None else _grouped(group))
        if fixed:
            ops.changing(cid).fixed = True
        put_defences(ops, cid, lists)  # the line's lists win over the template's
        if group is not None and "init" in kw:  # `init=1d20` rolled once for the whole group
            kw = {**kw, "init": str(ops.peek(cid).initiative)}
    if group is not None:
        free = rs.time.model is TimeModel.FREE_ROUNDS  # no order there: nothing to share
        ops.say(f"{', '.join(names)}: one group" + ("" if free else ", on one initiative"))


def _grouped(group: str | None) -> Callable[[Combatant], None]:
    def apply(c: Combatant) -> None:
        c.group = group

    return apply


STAT_PREFIX = "stat-"


def _stat_keys(rs: RulesetDef, kw: dict[str, str]) -> dict[str, str]:
    """`stat-KEY=N` always sets the stat KEY: the way to a stat whose key `add` reads as something
    else (a stat `init`, where `init=` is the initiative). Taken out of `kw`; by stat id."""
    ids = {s.id.replace("-", "_"): s.id for s in rs.stats}
    out: dict[str, str] = {}
    for key in [k for k in kw if k.replace("_", "-").startswith(STAT_PREFIX)]:
        sid = ids.get(key[len(STAT_PREFIX):].replace("-", "_"))
        if sid is None:
            raise CommandError(f"no stat {key[len(STAT_PREFIX):]!r} in {rs.name} "
                               f"(stats: {', '.join(s.id for s in rs.stats) or 'none'})")
        out[sid] = kw.pop(key)
    return out


@command("remove", "remove creatures from the encounter", args=(arg("names"),))
def _remove(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    need(args, 1, "remove")
    for cid in creatures(ops.state, " ".join(args)):
        name = ops.peek(cid).name
        turns.hand_over(ops, cid)
        joining.drop(ops, cid)
        for cs in [x for x in ops.peek(cid).conditions if ops.rs.condition(x.id).source_implies]:
            conditions.remove(ops, cid, cs.uid, "ends")  # what it put on others goes with it
        ops.tx.touch(f"c:{cid}")
        del ops.state.combatants[cid]
        ops.say(f"Removed {name}")


@command("init", "set initiative (dice allowed)", args=(arg("names"), arg("amount")))
def _init(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    ids, rest = targets(ops, args, 1)
    need(rest, 1, "init")
    started = ops.state.clock.started
    if started and ops.rs.time.model is TimeModel.TIME_COUNT:
        raise CommandError("in time count, change when a creature acts with `act NAME sf=N`")
    for cid in ids:
        value = amount(ops, rest[0], "initiative", ops.peek(cid))
        ops.changing(cid).initiative = value
        ops.say(f"{ops.peek(cid).name}: initiative {value}")
        if started and ops.rs.time.model is TimeModel.TURN_ORDER and cid not in ops.state.waiting:
            ops.require(cid != current_actor(ops.state), "cannot move the creature acting now")
            still_to_act = ops.peek(cid).turn_round < ops.state.clock.round
            joining.drop(ops, cid)
            joining.place_new(ops, cid)
            idx = slot_index(ops.state, cid)
            ops.require(not (still_to_act and idx is not None and idx <= ops.state.clock.turn),
                        f"{ops.peek(cid).name} has not acted this round and would lose its turn: "
                        "change its initiative after its turn")


@command("start", "roll missing initiative and begin round 1 (time count: the clock starts at the lowest)")
def _start(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    no_extra(args, "start")
    turns.start(ops)


@command("next", "next turn (time count: next TC with actors; free rounds: next round)")
def _next(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    no_extra(args, "next")
    ops.require(not ops.state.clock.ended, "the fight has ended (`undo` takes the end back)")
    for r in judging.ready(ops.state):  # passed with damage ready: the log says it was left unapplied
        ops.say(f"Left ready: {r.what}, {r.damage_words()}")
    judging.drop_misses(ops)
    turns.next_(ops)
