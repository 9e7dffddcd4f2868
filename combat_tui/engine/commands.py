"""The command language, shared by `combat-tui do` and the app's command bar.

One parser: words are split as a shell does (`dmg "Orc 2" 5`), the command is a unique
case-insensitive prefix of a name below, `key=value` words are options.
"""

from __future__ import annotations

import difflib
import re
import shlex
from collections.abc import Callable
from dataclasses import dataclass

from . import conditions, turns
from .bounds import parse_int
from .errors import CommandError
from .model import Combatant, Prompt, Side
from .ops import Ops
from .ruleset import ActionDef, BodyPlanDef, ConditionDef, PoolDef, Refresh, RulesetDef, TimeModel
from .targets import clean_name, clean_note, creatures, pick, take_creatures
from .timekeeping import current_actor, is_out, slot_index
from .words import humane

MAX_AMOUNT = 1_000_000  # any one number typed: damage, a stat, a duration

Handler = Callable[[Ops, list[str], dict[str, str]], None]


@dataclass(frozen=True)
class Command:
    name: str
    usage: str
    help: str
    handler: Handler


COMMANDS: dict[str, Command] = {}


def command(name: str, usage: str, help: str) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        COMMANDS[name] = Command(name, usage, help, fn)
        return fn

    return register


def split(line: str) -> list[str]:
    try:
        return shlex.split(line)
    except ValueError:
        pass
    # An unbalanced apostrophe is most likely part of a name (Garret's Hound): read it as a letter.
    lexer = shlex.shlex(line, posix=True)
    lexer.whitespace_split = True
    lexer.quotes = '"'
    try:
        return list(lexer)
    except ValueError:
        raise CommandError("cannot read the command: a quotation mark is not closed") from None


def quote(word: str) -> str:
    """A word of a command line as a GM would type it: bare when it can be, else in double quotes
    (`"Garret's Hound"`), which `split` reads back; shell quoting only for what double quotes cannot hold."""
    if word and shlex.quote(word) == word:
        return word
    if '"' not in word and "\\" not in word:
        return f'"{word}"'
    return shlex.quote(word)


def named(item_id: str, options: list[tuple[str, str]]) -> str:
    """A ruleset item as a command line names it for the GM: by its name (quoted), when the name reads
    back as that item; else by its id. `options` are (id, name) of every item of the kind."""
    name = next(n for i, n in options if i == item_id)
    if name.lower().replace(" ", "-") == item_id.lower().replace("_", "-"):
        return item_id  # the id is the word itself (`prone`): as a GM types it
    try:
        found = pick("item", name, ((i, n, i) for i, n in options))
    except CommandError:
        found = None
    return quote(name) if found == item_id else item_id


def find_command(word: str) -> Command:
    low = word.lower()
    if low in COMMANDS:
        return COMMANDS[low]
    hits = [c for name, c in COMMANDS.items() if name.startswith(low)]
    if len(hits) == 1:
        return hits[0]
    if not hits:
        close = difflib.get_close_matches(low, COMMANDS, n=3, cutoff=0.6)
        hint = f"did you mean {' or '.join(close)}?" if close else f"try: {', '.join(COMMANDS)}"
        raise CommandError(f"unknown command {word!r}: {hint}")
    raise CommandError(f"{word!r} could be {', '.join(c.name for c in hits)}")


def parse(line: str) -> tuple[Command, list[str], dict[str, str]]:
    words = split(line)
    if not words:
        raise CommandError("empty command")
    cmd = find_command(words[0])
    args: list[str] = []
    kw: dict[str, str] = {}
    for w in words[1:]:
        key, eq, value = w.partition("=")
        if eq and re.fullmatch(r"[A-Za-z_][\w-]*", key):
            kw[key.lower()] = value
        else:
            args.append(w)
    return cmd, args, kw


def _history(ops: Ops, args: list[str], kw: dict[str, str]) -> None:  # pragma: no cover - run() handles these
    raise CommandError("undo and redo act on the log, not inside a command")


COMMANDS["undo"] = Command("undo", "undo", "take back the last change", _history)
COMMANDS["redo"] = Command("redo", "redo", "put back what undo took", _history)


# -- helpers --------------------------------------------------------------------------------------


def _int(ops: Ops, text: str, what: str, c: Combatant | None = None) -> int:
    """A number that may be dice (rolled once) or a plain integer."""
    t = text.strip()
    if re.fullmatch(r"[+-]?[0-9]+", t) and len(t) > 12:  # int() of thousands of digits is refused, or slow
        raise CommandError(f"{what} of {len(t.lstrip('+-')):,} digits is too large (at most {MAX_AMOUNT:,})")
    number = parse_int(t)
    value = number if number is not None else ops.roll(t, c).total
    if abs(value) > MAX_AMOUNT:
        raise CommandError(f"{what} {text!r} is too large")
    return value


def _no_extra(args: list[str], kw: dict[str, str], usage: str, allowed: tuple[str, ...] = ()) -> None:
    unknown = [k for k in kw if k not in allowed]
    if args or unknown:
        extra = " ".join(args + [f"{k}=" for k in unknown])
        raise CommandError(f"unexpected {extra!r}; usage: {usage}")


def _pool(ops: Ops, word: str) -> PoolDef:
    return pick("pool", word, ((p.id, p.name, p) for p in ops.rs.pools))


def _condition(ops: Ops, word: str) -> ConditionDef:
    return pick("condition", word, ((c.id, c.name, c) for c in ops.rs.conditions))


def _action(ops: Ops, word: str) -> ActionDef:
    return pick("action", word, ((a.id, a.name, a) for a in ops.rs.actions))


def health_pool(ops: Ops) -> str | None:
    """What `hp=` sets whatever the ruleset calls it: the ruleset's hit points (`damage.health`)."""
    return ops.rs.health_pool()


def body_plan(ops: Ops, word: str) -> BodyPlanDef:
    return pick("body plan", word, ((p.id, p.name, p) for p in ops.rs.body_plans))


def _need(args: list[str], n: int, usage: str) -> None:
    if len(args) < n:
        raise CommandError(f"usage: {usage}")


def _in_fight(ops: Ops) -> Callable[[Combatant], bool]:
    """Who sides, wildcards and prefixes pass over: creatures out of the fight (dead, destroyed)."""
    return lambda c: is_out(c, ops.rs)


def _targets(ops: Ops, args: list[str], need_after: int) -> tuple[list[str], list[str]]:
    """The creatures a command acts on, from its first word(s); sides and wildcards skip the dead."""
    return take_creatures(ops.state, args, need_after, _in_fight(ops))


def one_creature_anyone(ops: Ops, spec: str) -> str:
    """One creature by name, the dead too."""
    return _one_creature(ops, spec, everyone=True)


def _one_creature(ops: Ops, spec: str, everyone: bool = False) -> str:
    ids = creatures(ops.state, spec, None if everyone else _in_fight(ops))
    if len(ids) != 1:
        raise CommandError(f"{spec!r} picks {len(ids)} creatures; name one")
    return ids[0]


# -- setting up -----------------------------------------------------------------------------------

_ADD = "add NAME [xN] [init=N] [hp=N] [pc|npc|ally] [surprised] [hidden] [body=PLAN] [KEY=VALUE ...] [stat-KEY=N]"


@command("add", _ADD, "add creatures (Goblin x4 makes Goblin 1..4)")
def _add(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    name_words: list[str] = []
    count, side, surprised, hidden = 0, Side.NPC, False, False
    for w in args:
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
        else:
            name_words.append(w)
    if "side" in kw:  # `side=ally` says what the bare word says
        try:
            side = Side(kw["side"].lower())
        except ValueError:
            raise CommandError(f"side={kw['side']}: a side is pc, npc or ally") from None
    base = clean_name(" ".join(name_words))
    if count > 100:
        raise CommandError("at most 100 creatures at once")
    rs = ops.rs
    health = health_pool(ops)
    if "hp" in kw and health is not None and health != "hp" and "hp" not in {p.id for p in rs.pools}:
        kw[health] = kw.pop("hp")  # `hp=` always means the ruleset's main health pool
    stats = {s.id for s in rs.stats}
    pools = {p.id for p in rs.pools}
    known = {"init", "notes", "side"} | stats | pools | {b.id for b in rs.body} | ({"body"} if rs.body_plans else set())
    forced = _stat_keys(rs, kw)
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
    for name in names:
        _add_one(ops, name, side, surprised, hidden, kw, forced)


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


def _add_one(ops: Ops, name: str, side: Side, surprised: bool, hidden: bool, kw: dict[str, str],
             forced: dict[str, str]) -> None:
    rs = ops.rs
    counters = ops.counters()
    cid = f"c{counters.next_cid}"
    counters.next_cid += 1
    c = Combatant(id=cid, seq=int(cid[1:]), name=name, side=side, surprised=surprised, hidden=hidden,
                  stats={s.id: s.default for s in rs.stats})
    ops.tx.touch(f"c:{cid}")
    ops.state.combatants[cid] = c
    for key, value in kw.items():
        if key in ("init", "notes", "side"):
            continue
        if key in c.stats or key.replace("-", "_") in {s.id.replace("-", "_") for s in rs.stats}:
            sid = next(s.id for s in rs.stats if s.id.replace("-", "_") == key.replace("-", "_"))
            c.stats[sid] = _int(ops, value, sid)
    for sid, value in forced.items():
        c.stats[sid] = _int(ops, value, next(s.name for s in rs.stats if s.id == sid))
    if "body" in kw:
        c.body = body_plan(ops, kw["body"]).id
    for part in rs.body:
        if part.id in kw:
            c.parts[part.id] = _int(ops, kw[part.id], part.name)
            if not 0 <= c.parts[part.id] <= 20:
                raise CommandError(f"{part.name}: 0 to 20")
    fixed = {pd.id: _int(ops, kw[pd.id], pd.name, c) for pd in rs.pools if pd.id in kw}
    for pid, top in fixed.items():
        if top < 0:
            raise CommandError(f"{rs.pool(pid).name} cannot be negative ({top})")
    if "notes" in kw:
        c.notes = clean_note(kw["notes"])
    if "init" in kw:
        c.initiative = _int(ops, kw["init"], "initiative", c)
    ops.init_pools(cid, fixed)
    ops.say(f"Added {name} ({side.value})" + (f", initiative {c.initiative}" if c.initiative is not None else ""))
    if ops.state.clock.started:
        turns.place_new(ops, cid)
        if rs.time.start_condition and rs.time.model is not TimeModel.FREE_ROUNDS:
            conditions.add(ops, cid, rs.time.start_condition, anchor=cid)


@command("remove", "remove NAMES", "remove creatures from the encounter")
def _remove(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    _need(args, 1, "remove NAMES")
    for cid in creatures(ops.state, " ".join(args)):
        name = ops.peek(cid).name
        turns.drop(ops, cid)
        ops.tx.touch(f"c:{cid}")
        del ops.state.combatants[cid]
        ops.say(f"Removed {name}")


@command("init", "init NAMES N", "set initiative (dice allowed)")
def _init(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    ids, rest = _targets(ops, args, 1)
    _need(rest, 1, "init NAMES N")
    started = ops.state.clock.started
    if started and ops.rs.time.model is TimeModel.TIME_COUNT:
        raise CommandError("in time count, change when a creature acts with `act NAME sf=N`")
    for cid in ids:
        value = _int(ops, rest[0], "initiative", ops.peek(cid))
        ops.c(cid).initiative = value
        ops.say(f"{ops.peek(cid).name}: initiative {value}")
        if started and ops.rs.time.model is TimeModel.TURN_ORDER and cid not in ops.state.waiting:
            ops.require(cid != current_actor(ops.state), "cannot move the creature acting now")
            still_to_act = ops.peek(cid).turn_round < ops.state.clock.round
            turns.drop(ops, cid)
            turns.place_new(ops, cid)
            idx = slot_index(ops.state, cid)
            ops.require(not (still_to_act and idx is not None and idx <= ops.state.clock.turn),
                        f"{ops.peek(cid).name} has not acted this round and would lose its turn: "
                        "change its initiative after its turn")


@command("start", "start", "roll missing initiative and begin round 1")
def _start(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    _no_extra(args, kw, "start")
    turns.start(ops)


@command("next", "next", "next turn (time count: next TC with actors; free rounds: next round)")
def _next(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    _no_extra(args, kw, "next")
    turns.next_(ops)


# -- acting ---------------------------------------------------------------------------------------


_ACT = "act NAMES ACTION [on=NAME] | sf=N | class=NAME [mod=N]"


@command("act", _ACT, "spend an action's cost (and apply it on=NAME) or schedule the next TC")
def _act(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    _no_extra([], kw, _ACT, ("sf", "class", "mod", "on"))
    need_after = 0 if ("sf" in kw or "class" in kw) else 1
    ids, rest = _targets(ops, args, need_after)
    action = _action(ops, " ".join(rest)) if rest else None
    if action is None and "sf" not in kw and "class" not in kw:
        raise CommandError(f"usage: {_ACT}")
    target = _one_creature(ops, kw["on"]) if "on" in kw else None
    for cid in ids:
        if action is not None:
            _pay(ops, cid, action, target)
        if ops.rs.time.model is TimeModel.TIME_COUNT:
            _schedule(ops, cid, action, kw)


def _pay(ops: Ops, cid: str, action: ActionDef, target: str | None) -> None:
    c = ops.peek(cid)
    if action.requires is not None and not ops.eval(action.requires, c):
        raise CommandError(f"{c.name} cannot {action.name}: {action.refusal}" if action.refusal
                           else f"{c.name} cannot {action.name} now")
    costs = {pid: ops.eval(v, c) for pid, v in action.cost.items()}
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
        ops.set_pool(cid, pid, c.pools[pid].current + ops.eval(v, c), quiet=True)
    paid = ", ".join(f"{ops.rs.pool(p).name} -{n}" for p, n in costs.items() if n)
    ops.say(f"{c.name}: {action.name}" + (f" ({paid})" if paid else ""))
    ops.apply_effects(cid, action.effects, other=target, anchor=cid)
    conditions.end_by_action(ops, cid, action.id, action.tags)
    ops.hooks.act(ops, cid, action)


def _schedule(ops: Ops, cid: str, action: ActionDef | None, kw: dict[str, str]) -> None:
    c = ops.peek(cid)
    clock = ops.state.clock
    ops.require(clock.started, "the encounter has not started: `start` first")
    ops.require(c.next_tc == clock.tc, f"{c.name} acts at TC {c.next_tc}, not now (TC {clock.tc})")
    mod = _int(ops, kw["mod"], "mod") if "mod" in kw else 0
    if "sf" in kw:
        sf, how = _int(ops, kw["sf"], "sf", c), "SF"
    else:
        cls_word = kw.get("class") or (action.speed if action else None)
        if cls_word is None and action is not None and action.sf is not None:
            sf, how = ops.amount(action.sf, c), "SF"
        elif cls_word is None:
            raise CommandError(f"{action.name if action else 'that'} has no speed: add sf=N or class=NAME")
        else:
            sc = pick("speed class", cls_word, ((s.id, s.name, s) for s in ops.rs.speed_classes))
            if c.side == Side.PC:
                r = ops.roll(sc.random, c)
                sf, how = r.total, f"{sc.name}, {r.shown}"
            else:
                sf, how = sc.static, f"{sc.name} (static)"
    sf += mod
    sf = max(sf, 0 if sf <= 0 and mod == 0 else 1)
    ops.require(sf >= 0, "a speed factor cannot be negative")
    c = ops.c(cid)
    c.next_tc = clock.tc + sf
    c.acted = sf > 0
    shown = f"{how} → SF {sf}" if how != "SF" else f"SF {sf}"  # a typed SF needs no arrow to itself
    if mod:
        shown += f" (with {mod:+d})"
    ops.say(f"{c.name}: {shown}, next acts at TC {c.next_tc}")


def _pool_amount(ops: Ops, args: list[str], verb: str, other: str) -> tuple[list[str], PoolDef, int]:
    """NAMES POOL N, shared by spend and gain."""
    ids, rest = _targets(ops, args, 2)
    _need(rest, 2, f"{verb} NAMES POOL N")
    pd = _pool(ops, rest[0])
    n = _int(ops, rest[1], "amount")
    ops.require(n >= 0, f"{verb} a positive amount (use {other})")
    return ids, pd, n


@command("spend", "spend NAMES POOL N", "spend from a pool (refused below its floor)")
def _spend(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    ids, pd, n = _pool_amount(ops, args, "spend", "gain to add")
    for cid in ids:
        c = ops.peek(cid)
        cur = c.pools[pd.id].current
        ops.require(cur - n >= ops.eval(pd.floor, c), f"{c.name} has only {cur} {pd.name}")
        ops.set_pool(cid, pd.id, cur - n)


@command("gain", "gain NAMES POOL N", "add to a pool (up to its max)")
def _gain(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    ids, pd, n = _pool_amount(ops, args, "gain", "spend to take away")
    for cid in ids:
        ops.set_pool(cid, pd.id, ops.peek(cid).pools[pd.id].current + n)


@command("dmg", "dmg NAMES N [TYPE]", "deal damage; dice are rolled once for all targets")
def _dmg(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    ids, rest = _targets(ops, args, 1)
    _need(rest, 1, "dmg NAMES N [TYPE]")
    n = _int(ops, rest[0], "damage")
    ops.require(n >= 0, "damage cannot be negative (use heal)")
    dtype = None
    if len(rest) > 1:
        types = ops.rs.damage.types
        dtype = pick("damage type", rest[1], ((t, t, t) for t in types)) if types else rest[1].lower()
    for cid in ids:
        ops.damage(cid, n, dtype)


@command("heal", "heal NAMES N", "heal; dice are rolled once for all targets")
def _heal(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    ids, rest = _targets(ops, args, 1)
    _need(rest, 1, "heal NAMES N")
    n = _int(ops, rest[0], "healing")
    ops.require(n >= 0, "healing cannot be negative (use dmg)")
    for cid in ids:
        ops.heal(cid, n)


# -- conditions -----------------------------------------------------------------------------------


@command("cond", "cond NAMES CONDITION [VALUE] [for=N] [until=SPEC] [from=NAME|all]", "add a condition")
def _cond(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    usage = "cond NAMES CONDITION [VALUE] [for=N] [until=SPEC] [from=NAME]"
    ids, rest = _targets(ops, args, 1)
    _need(rest, 1, usage)
    cd = _condition(ops, rest[0])
    value = _int(ops, rest[1], "value") if len(rest) > 1 else None
    if len(rest) > 2:
        raise CommandError(f"usage: {usage}")
    _no_extra([], kw, usage, ("for", "until", "from"))
    everyone = kw.get("from", "").lower() in ("all", "@all")
    source = _one_creature(ops, kw["from"]) if "from" in kw and not everyone else None
    if cd.subjective and source is None and not everyone:
        raise CommandError(f"{cd.name} is relative to another creature: add from=NAME (or from=all)")
    duration = kw.get("until")
    if "for" in kw:
        n = _int(ops, kw["for"], "duration")
        ops.require(n > 0, "a duration must be positive")
        duration = f"tc:{n}" if ops.rs.time.model is TimeModel.TIME_COUNT else f"rounds:{n}"
    for cid in ids:
        conditions.add(ops, cid, cd.id, value=value, duration=duration, source=source)


_UNCOND = "uncond NAMES CONDITION [from=NAME] [uid=N]"


@command("uncond", _UNCOND, "remove a condition (one instance with uid=, one source with from=)")
def _uncond(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    ids, rest = take_creatures(ops.state, args, 1)  # the dead too: `uncond Bandit* dead` brings them back
    _need(rest, 1, _UNCOND)
    _no_extra(rest[1:], kw, _UNCOND, ("from", "uid"))
    cd = _condition(ops, rest[0])
    source = _one_creature(ops, kw["from"], everyone=True) if "from" in kw else None
    total = 0
    for cid in ids:
        if "uid" in kw:
            total += conditions.remove_one(ops, cid, cd.id, _int(ops, kw["uid"], "uid"))
        else:
            total += conditions.remove_all(ops, cid, cd.id, source)
    ops.require(total > 0, f"nobody named has {cd.name}" + (" like that" if kw else ""))


# -- turn order -----------------------------------------------------------------------------------


@command("hold", "hold NAME [after=NAME]", "leave the order; re-enter with enter, or at once after someone")
def _hold(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    _need(args, 1, "hold NAME [after=NAME]")
    _no_extra([], kw, "hold NAME [after=NAME]", ("after",))
    after = _one_creature(ops, kw["after"]) if "after" in kw else None
    turns.hold(ops, _one_creature(ops, " ".join(args)), delay=False, after=after)


@command("delay", "delay NAME", "like hold, but start-of-turn effects still happen at the old place")
def _delay(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    _need(args, 1, "delay NAME")
    turns.hold(ops, _one_creature(ops, " ".join(args)), delay=True)


@command("enter", "enter NAME [after=NAME]", "a holding creature acts now, or after someone")
def _enter(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    _need(args, 1, "enter NAME [after=NAME]")
    after = _one_creature(ops, kw["after"]) if "after" in kw else None
    turns.enter(ops, _one_creature(ops, " ".join(args)), after)


# -- dice and prompts -----------------------------------------------------------------------------


@command("roll", "roll EXPR", "roll dice into the log")
def _roll(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    expr = " ".join(args + [f"{k}={v}" for k, v in kw.items()])
    if not expr.strip():
        raise CommandError("usage: roll EXPR (e.g. roll 1d20+5)")
    r = ops.roll(expr)
    ops.say(f"Roll {r.shown}")


def _prompt(ops: Ops, args: list[str]) -> Prompt:
    prompts = ops.state.prompts
    ops.require(bool(prompts), "no prompt is waiting")
    if not args:
        return prompts[0]
    word = " ".join(args)
    number = parse_int(word)
    if number is not None:
        hit = next((p for p in prompts if p.uid == number), None)
        if hit is None:
            raise CommandError(f"no prompt number {word}")
        return hit
    ids = creatures(ops.state, word)
    hit = next((p for p in prompts if p.cid in ids), None)
    if hit is None:
        raise CommandError(f"no prompt is waiting for {word}")
    return hit


@command("resolve", "resolve [PROMPT|NAME] [value=N]", "roll a waiting prompt's table and apply the outcome")
def _resolve(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    _no_extra([], kw, "resolve [PROMPT|NAME] [value=N]", ("value",))
    prompt = _prompt(ops, args)
    value = _int(ops, kw["value"], "value") if "value" in kw else None
    ops.resolve(prompt, value)


@command("preroll", "preroll [PROMPT|NAME]", "roll a waiting prompt's table now; resolve applies it")
def _preroll(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    _no_extra([], kw, "preroll [PROMPT|NAME]")
    ops.preroll(_prompt(ops, args))


@command("dismiss", "dismiss [PROMPT|NAME]", "drop a waiting prompt")
def _dismiss(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    prompt = _prompt(ops, args)
    ops.prompts().remove(prompt)
    ops.say(f"Dismissed: {ops.rs.table(prompt.table).name}")


@command("prompt", "prompt NAME TABLE", "queue a roll table for a creature")
def _queue(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    ids, rest = _targets(ops, args, 1)
    _need(rest, 1, "prompt NAME TABLE")
    table = pick("table", " ".join(rest), ((t.id, t.name, t) for t in ops.rs.tables))
    for cid in ids:
        ops.queue_prompt(cid, table.id, "asked by the GM")


# -- the rest -------------------------------------------------------------------------------------


@command("injure", "injure NAME PART [N]", "add injuries to a body part (arm, arm.2)")
def _injure(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    from .injuries import injure

    ids, rest = _targets(ops, args, 1)
    _need(rest, 1, "injure NAME PART [N]")
    n = _int(ops, rest[1], "injuries") if len(rest) > 1 else 1
    ops.require(0 < n <= 100, "injuries: 1 to 100")
    for cid in ids:
        injure(ops, cid, rest[0], n)


@command("note", "note NAME TEXT", "set a creature's GM note")
def _note(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    ids, rest = take_creatures(ops.state, args, 0)
    text = clean_note(" ".join(rest))
    for cid in ids:
        ops.c(cid).notes = text
        ops.say(f"{ops.peek(cid).name}: note {'set' if text else 'cleared'}")


@command("hide", "hide NAMES", "hide creatures from the players' view")
def _hide(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    _set_hidden(ops, args, True)


@command("reveal", "reveal NAMES", "show hidden creatures to the players")
def _reveal(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    _set_hidden(ops, args, False)


def _set_hidden(ops: Ops, args: list[str], hidden: bool) -> None:
    _need(args, 1, "hide NAMES" if hidden else "reveal NAMES")
    for cid in creatures(ops.state, " ".join(args)):
        ops.c(cid).hidden = hidden
        ops.say(f"{ops.peek(cid).name} is {'hidden' if hidden else 'visible'}")


@command("show-hp", "show-hp NAMES [off]", "show creatures' exact health in the players' view (off: coarse again)")
def _show_hp(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    _need(args, 1, "show-hp NAMES [off]")
    shown = True
    if len(args) > 1 and args[-1].lower() in ("off", "on"):
        shown = args.pop().lower() == "on"
    for cid in creatures(ops.state, " ".join(args)):
        ops.c(cid).health_shown = shown
        ops.say(f"{ops.peek(cid).name}: exact health {'shown to' if shown else 'hidden from'} the players")


@command("set", "set OPTION VALUE", "change one of the ruleset's readings for this encounter")
def _set(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    if kw and not args:
        args = [next(iter(kw)), next(iter(kw.values()))]
    _need(args, 2, "set OPTION VALUE")
    opt = pick("option", args[0], ((o.id, o.id, o) for o in ops.rs.options))
    value = _int(ops, args[1], "value")
    ops.options()[opt.id] = value
    ops.say(f"Option {opt.name or humane(opt.id)} = {value} ({opt.description})")


@command("rest", "rest short|long [NAMES]", "refresh what a short or long rest refreshes")
def _rest(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    _need(args, 1, "rest short|long [NAMES]")
    kind = {"short": Refresh.SHORT_REST, "long": Refresh.LONG_REST}.get(args[0].lower())
    ops.require(kind is not None, "rest short or rest long")
    assert kind is not None
    # time passes for everyone: what ends at a rest ends on the dead too, so a rest reaches them
    ids = creatures(ops.state, " ".join(args[1:])) if len(args) > 1 else [c.id for c in ops.state.roster()]
    ends = ("short-rest",) if kind is Refresh.SHORT_REST else ("short-rest", "long-rest")
    chosen = set(ids)
    for cid in ids:
        ops.refresh(cid, kind)
    conditions.expire(ops, lambda e: e.kind in ends, only=chosen)
    ops.say(f"{args[0].capitalize()} rest for {len(ids)} creature(s)")


from . import edit as _edit_command  # noqa: E402,F401  registers `edit` (its own module: this one is long)
