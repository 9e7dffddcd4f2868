"""Acting: act, spend, gain, dmg, heal."""

from __future__ import annotations

import re

from ..rules import actions, attacks, judging, own_saves, recharge, temporary
from ..rules.amounts import amount
from ..rules.ops import Ops
from ..ruleset import ActionDef, PoolDef, TimeModel, given
from ..state.bounds import parse_int
from ..state.errors import CommandError
from ..state.model import OwnAction, ReadyHit
from ..state.targets import creatures, pick
from .checks import name_totals, typed_rolls
from .common import need, one_creature, pick_pool, targets
from .spec import COMMANDS, arg, command
from .which import one_of

_ACT_WORDS = {"on=NAME": "the creature the action is used on",
              "what=NAME": "what it is used on, when not a creature (a spell)",
              "value=N": "the number the action asks for (a spell's fatigue cost)",
              "sf=N": "time count: the speed factor to the next TC, instead of an action",
              "class=NAME": "time count: a speed class, rolled for PCs, instead of an action",
              "mod=N": "time count: added to the speed factor",
              "d20=N": "a player's d20 as it landed at the table, for its own attack's to-hit (its bonus is added)",
              "tohit=N": "added to its own attack's to-hit, for what the tracker cannot see (cover, range: tohit=-4)"}


@command("act", "spend an action's cost (and apply it on=NAME) or schedule the next TC; a creature's own "
         "attack (from its template) also rolls its to-hit (with adv, dis, boonN, baneN), judged against the target's "
         "defence where the ruleset names one, and its damage, left ready for `apply` (on a judged miss, set aside "
         "for `hit`); one that calls for a save (a breath) has each creature on= save as `save` does, its damage "
         "rolled once", args=(arg("names"), arg("action", optional=True)), flags=("adv|dis|boonN|baneN",),
         words=_ACT_WORDS, name_words="`NAME=N` a player's save total, typed instead of rolled, against an "
         "action that calls for a save")
def _act(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    typed_words, args = name_totals(args, kw, "act")
    typed = typed_rolls(ops, typed_words, "act")  # a word that names no creature is refused here
    roll_words: list[str] = []
    while args and attacks.ROLL_WORD.fullmatch(args[-1]):
        roll_words.insert(0, args.pop())
    timed = [k for k in ("sf", "class", "mod") if k in kw]
    if timed and ops.rs.time.model is not TimeModel.TIME_COUNT:  # ignored, it said "Nothing changed."
        raise CommandError(f"{timed[0]}= is for time count; {ops.rs.name} has no speed factors")
    need_after = 0 if ("sf" in kw or "class" in kw) else 1
    ids, rest = targets(ops, args, need_after)
    word = " ".join(rest)
    if not word and "sf" not in kw and "class" not in kw:
        raise CommandError(f"act needs an action (or, in time count, sf= or class=); usage: {COMMANDS['act'].usage}")
    chosen = {cid: (attacks.find(ops, ops.peek(cid), word) if word else None) for cid in ids}
    saving = [a for a in chosen.values() if isinstance(a, OwnAction) and a.save is not None]
    if typed_words and not saving:
        takes = ", ".join(f"{k}=" for k in COMMANDS["act"].words)
        raise CommandError(f"act does not take {', '.join(f'{k}=' for k in typed_words)} (it takes {takes}, and "
                           f"NAME=N against an action that calls for a save); usage: {COMMANDS['act'].usage}")
    if saving:
        _act_save(ops, chosen, kw, typed, roll_words)
        return
    target = one_creature(ops, kw["on"]) if "on" in kw else None
    for cid, action in chosen.items():
        before = ops.names(ops.peek(cid))  # its speed is read as it was when it set about the action
        if isinstance(action, OwnAction):
            attacks.use(ops, cid, action, target, roll_words, kw.get("sf"), kw.get("class"), kw.get("mod"),
                        kw.get("d20"), kw.get("tohit"))
            continue
        if roll_words or "d20" in kw or "tohit" in kw:
            said = " ".join(roll_words) or ("d20=" if "d20" in kw else "tohit=")
            raise CommandError(f"{said}: only a creature's own attack rolls to hit")
        if action is not None:
            actions.pay(ops, cid, action, target, kw.get("what"), kw.get("value"))
        if ops.rs.time.model is TimeModel.TIME_COUNT:
            actions.schedule(ops, cid, action, kw.get("sf"), kw.get("class"), kw.get("mod"), before)


def _act_save(ops: Ops, chosen: dict[str, OwnAction | ActionDef | None], kw: dict[str, str],
              typed: dict[str, int], roll_words: list[str]) -> None:
    """`act Dragon fire-breath on=Kara,Osk Kara=14`: everyone on= (and each typed) saves against it."""
    if roll_words or "d20" in kw or "tohit" in kw:
        said = " ".join(roll_words) or ("d20=" if "d20" in kw else "tohit=")
        raise CommandError(f"{said}: an action that calls for a save has no to-hit (type a player's save as NAME=N)")
    ids = targets(ops, [kw["on"]], 0)[0] if "on" in kw else []
    ids += [cid for cid in typed if cid not in ids]
    for cid, action in chosen.items():
        ops.require(isinstance(action, OwnAction) and action.save is not None,
                    "one action at a time: act those who save with it, the others on their own line")
        assert isinstance(action, OwnAction)
        own_saves.use(ops, cid, action, ids, typed, kw.get("sf"), kw.get("class"), kw.get("mod"))


@command("recharge", "ready a creature's spent action again by hand (one that recharges on a d6 at the start "
         "of its turn)", args=(arg("names"), arg("action")))
def _recharge(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    ids, rest = targets(ops, args, 1)
    need(rest, 1, "recharge")
    for cid in ids:
        action = attacks.find(ops, ops.peek(cid), " ".join(rest))
        ops.require(isinstance(action, OwnAction), f"{' '.join(rest)}: not an action of {ops.peek(cid).name}'s own")
        assert isinstance(action, OwnAction)
        recharge.ready_by_hand(ops, cid, action)


_HITS = ("half", "double", "miss")  # apply's bare words: what becomes of the damage
_CRIT = "crit"  # dmg's and apply's bare word: the hit is a critical, for the triggers that read it


@command("apply", "deal damage an attack left ready (the one waiting, the one by or on NAME, or number N) "
         "through the ruleset's rules; half or double it, or miss drops it; crit: a critical hit, which the "
         "ruleset's damage triggers read (a judged critical hit is one already)",
         args=(arg("names", "NAME|N", optional=True),), flags=("|".join(_HITS), _CRIT),
         words={"to=NAMES": "whom it is dealt to instead"})
def _apply(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    args, crit = _crit_word(args)
    flags = [w.lower() for w in args if w.lower() in _HITS]
    named = next((c.name for c in ops.state.combatants.values()
                  if c.name.lower() in flags or (crit and c.name.lower() == _CRIT)), None)
    if named is not None:  # `apply Miss` meant Miss's hit, not to drop one
        raise CommandError(f"{named} is also a word of apply ({named.lower()}): name the damage by its number "
                           "(apply N)")
    words = [w for w in args if w.lower() not in _HITS]
    ops.require(len(flags) <= 1, "half, double or miss: one of them")
    ops.require(bool(judging.ready(ops.state)),
                "no damage is ready (an attack of a creature's own leaves it: act NAME ATTACK)")
    found = judging.ready(ops.state)
    if words:
        number = parse_int(words[0]) if len(words) == 1 else None
        found = [r for r in judging.ready(ops.state) if r.uid == number] if number is not None else []
        if number is None:
            found = _ready_for(ops, " ".join(words))
        ops.require(bool(found), f"no damage ready by or on {' '.join(words)}")
    hit = one_of(found[::-1], "attacks' damage", lambda r: attacks.ready_words(ops.state, r),
                 lambda r: f"apply {_pick_word(ops, r)}")  # the newest first
    if words and parse_int(words[0]) is not None and not _pick_word(ops, hit).isdigit():
        ops.read_as = (words[0], _pick_word(ops, hit))
    ops.ready().remove(hit)
    if flags == ["miss"]:
        ops.say(f"{hit.what}: missed; its damage is dropped")
        ops.hooks.dropped(ops, hit)
        return
    whom = targets(ops, [kw["to"]], 0)[0] if "to" in kw else ([hit.target] if hit.target else [])
    ops.require(bool(whom), f"{hit.what} was aimed at nobody: apply to=NAME")
    parts = [(n // 2 if flags == ["half"] else n * 2 if flags == ["double"] else n, t) for n, t in hit.parts()]
    for cid in whom:
        if cid in ops.state.combatants:
            ops.damage(cid, parts[0][0], parts[0][1], parts[1:], critical=crit or hit.critical)


def _crit_word(args: list[str]) -> tuple[list[str], bool]:
    """The words without `crit`, and whether it was given: a critical hit, after the damage and its type."""
    kept = [w for w in args if w.lower() != _CRIT]
    return kept, len(kept) < len(args)


def one_line(name: str, lines: list[str]) -> str:
    """A creature's lines as one: the first whole, the others after it without the name they repeat."""
    rest = [line.removeprefix(f"{name}: ") for line in lines[1:]]
    return "; ".join([lines[0], *rest])


def _ready_for(ops: Ops, spec: str) -> list[ReadyHit]:
    """Damage ready on the creatures named, else by them."""
    ids = set(creatures(ops.state, spec))
    live = judging.ready(ops.state)
    return [r for r in live if r.target in ids] or [r for r in live if r.cid in ids]


def _pick_word(ops: Ops, hit: ReadyHit) -> str:
    """What picks this damage alone: whom it is aimed at, else who made it, else its number."""
    for cid in (hit.target, hit.cid):
        c = ops.state.combatants.get(cid or "")
        if c is not None and _ready_for(ops, c.name) == [hit]:
            return c.name
    return str(hit.uid)


def _pool_amount(ops: Ops, args: list[str], verb: str, other: str) -> tuple[list[str], PoolDef, int]:
    """NAMES POOL N, shared by spend and gain."""
    ids, rest = targets(ops, args, 2)
    need(rest, 2, verb)
    pd = pick_pool(ops, rest[0])
    for cid in ids:
        ops.require(pd.id in ops.peek(cid).pools, given.lacking(ops.rs, ops.peek(cid).name, pd.id, {}) or "")
    n = amount(ops, rest[1], "amount")
    ops.require(n >= 0, f"{verb} a positive amount (use {other})")
    return ids, pd, n


@command("spend", "spend from a pool (refused below its floor)", args=(arg("names"), arg("pool"), arg("amount")))
def _spend(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    ids, pd, n = _pool_amount(ops, args, "spend", "gain to add")
    for cid in ids:
        c = ops.peek(cid)
        cur = c.pools[pd.id].current
        ops.require(cur - n >= ops.eval(pd.floor, c), f"{c.name} has only {cur} {pd.name}")
        ops.set_pool(cid, pd.id, cur - n)


@command("gain", "add to a pool (up to its max)", args=(arg("names"), arg("pool"), arg("amount")))
def _gain(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    ids, pd, n = _pool_amount(ops, args, "gain", "spend to take away")
    for cid in ids:
        current = ops.peek(cid).pools[pd.id].current
        note = temporary.kept_note(ops.peek(cid).name, pd, current, n)
        if note:
            ops.say(note)
        ops.set_pool(cid, pd.id, temporary.gained(pd, current, n))


@command("dmg", "deal damage through the ruleset's rules; dice are rolled once for all targets; several types in "
         "one hit: N TYPE N TYPE, each part through the creature's resistances; crit: a critical hit, which the "
         "ruleset's damage triggers read", args=(
             arg("names"), arg("amount"), arg("damage-type", "TYPE [N TYPE ...]", optional=True)), flags=(_CRIT,))
def _dmg(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    crit = len(args) > 2 and args[-1].lower() == _CRIT  # last, after the amount: a creature may be called Crit
    ids, rest = targets(ops, args[:-1] if crit else args, 1)
    need(rest, 1, "dmg")
    parts = _parts(ops, rest)
    for cid in ids:
        start = len(ops.lines)
        ops.damage(cid, parts[0][0], parts[0][1], parts[1:], critical=crit)
        if len(ids) > 1:  # an area: one line a creature, what it took first, so the log keeps them all
            ops.lines[start:] = [one_line(ops.peek(cid).name, ops.lines[start:])] if ops.lines[start:] else []


_AMOUNT = re.compile(r"[0-9(+-]|d[0-9]", re.IGNORECASE)


def _parts(ops: Ops, words: list[str]) -> list[tuple[int, str | None]]:
    """`5 piercing 3 necrotic`: each amount (dice rolled once) and the type after it, if one is."""
    parts: list[tuple[int, str | None]] = []
    i = 0
    while i < len(words):
        ops.require(bool(_AMOUNT.match(words[i])), f"{words[i]!r}: an amount was expected (dmg NAMES N TYPE N TYPE)")
        n = amount(ops, words[i], "damage")
        ops.require(n >= 0, "damage cannot be negative (use heal)")
        dtype = None
        if i + 1 < len(words) and not _AMOUNT.match(words[i + 1]):
            dtype = _damage_type(ops, words[i + 1])
            i += 1
        parts.append((n, dtype))
        i += 1
    return parts


def _damage_type(ops: Ops, word: str) -> str:
    types = ops.rs.damage.types
    return pick("damage type", word, ((t, t, t) for t in types)) if types else word.lower()


@command("heal", "heal through the ruleset's rules; dice are rolled once for all; a damage type: healing aimed at "
         "that damage (time count: poison)", args=(arg("names"), arg("amount"), arg("damage-type", optional=True)))
def _heal(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    ids, rest = targets(ops, args, 1)
    need(rest, 1, "heal")
    n = amount(ops, rest[0], "healing")
    ops.require(n >= 0, "healing cannot be negative (use dmg)")
    aimed = _damage_type(ops, rest[1]) if len(rest) > 1 else None
    for cid in ids:
        start = len(ops.lines)
        ops.heal(cid, n, aimed)
        if len(ids) > 1:  # several at once: one line a creature, as for area damage
            ops.lines[start:] = [one_line(ops.peek(cid).name, ops.lines[start:])] if ops.lines[start:] else []
