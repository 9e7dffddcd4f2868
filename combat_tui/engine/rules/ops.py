"""Ops: the only way the state changes. Each accessor that hands out something mutable first
records it in the transaction, so every change is undoable and a failed command rolls back whole.

Rulesets' hooks and the commands both work through this object; it also collects what happened
(lines for the log) and every die rolled.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

from ..ruleset import EffectDef, PoolKind, Refresh, RulesetDef, TimeModel, formula, given
from ..ruleset.formula_names import has_shape, ident
from ..state.bounds import clamp
from ..state.errors import CommandError
from ..state.events import RollRecord, Transaction
from ..state.model import Clock, Combatant, Counters, PoolState, Prompt, ReadyHit, Side, Slot, State
from ..words import labels
from . import maxima

if TYPE_CHECKING:
    from .. import dice
    from ..library import Library
    from ..ruleset import ActionDef
    from ..state.lasting import LastingChange

_DICE = re.compile(r"\d*d[\d{]", re.IGNORECASE)  # `1d{hit_die}` too


def names_for(state: State, rs: RulesetDef, c: Combatant, extra: Mapping[str, int] | None = None) -> dict[str, int]:
    """Every name a formula may use for this creature, and `extra`'s names of the moment: all of them
    in `formula_names.NAMES` (a name missing there is a slip of the engine's, refused here)."""
    stats, conditions, types = _ruleset_names(rs)
    out = dict(stats)
    for k, v in c.stats.items():
        out[ident(k)] = v
    for pid, p in c.pools.items():
        key = ident(pid)
        out[key] = p.current
        out[f"max_{key}"] = p.max if p.max is not None else 0
    for vd in rs.vars:
        out[ident(vd.id)] = c.vars.get(vd.id, vd.start)
    out = conditions | out  # a stat or pool named like a condition keeps its own value
    for cs in c.conditions:
        key = ident(cs.id)
        out[key] = max(out.get(key, 0), cs.value if cs.value is not None else 1)
    for opt in rs.options:
        out[ident(opt.id)] = state.options.get(opt.id, opt.default)
    if rs.body:
        values = {b.id: b.value for b in rs.body}
        out["injury_total"] = sum(values.get(k.split(".")[0], 0) * n for k, n in c.injuries.items())
        out["injury_count"] = sum(c.injuries.values())
    out = types | out
    out["round"] = state.clock.round
    out["tc"] = state.clock.tc
    out["own_turn"] = int(_own_turn(state, rs, c))
    out.setdefault("level", 1)
    for side in Side:  # the ruleset's own item of the same name keeps its number, as `level`
        out.setdefault(side.value, int(c.side == side))
    out.setdefault("delaying", int(c.id in state.waiting))
    if extra:
        # a name of the moment the registry lacks is the engine's slip (a save's own ids may be stale: by shape)
        new = [k for k in map(ident, extra) if k not in out and not has_shape(k)]
        if new and (new := [k for k in new if k not in {n for t in rs.tables for n in t.carries}]):  # a prompt's own
            raise RuntimeError(f"names missing from formula_names.NAMES: {new}")
        for k, v in extra.items():
            out[ident(k)] = v
    return out


def _own_turn(state: State, rs: RulesetDef, c: Combatant) -> bool:
    """Before the fight starts any creature may act; after, only the one whose turn it is: in a time
    count, one whose TC has come; in free rounds, every creature."""
    clock = state.clock
    if not clock.started or rs.time.model is TimeModel.FREE_ROUNDS:
        return True
    if rs.time.model is TimeModel.TIME_COUNT:
        return c.next_tc == clock.tc
    if not 0 <= clock.turn < len(state.order):
        return False
    slot = state.order[clock.turn]
    return not slot.ghost and slot.cid == c.id


_RULESET_NAMES: dict[int, tuple[RulesetDef, tuple[dict[str, int], dict[str, int], dict[str, int]]]] = {}


def _ruleset_names(rs: RulesetDef) -> tuple[dict[str, int], dict[str, int], dict[str, int]]:
    """The names every creature of a ruleset has before its own values: worked out once a ruleset, since
    triggers ask for names many times a command."""
    hit = _RULESET_NAMES.get(id(rs))
    if hit is None or hit[0] is not rs:
        names = ({ident(s.id): s.default for s in rs.stats} | given.absent_names(rs),
                 {ident(cd.id): 0 for cd in rs.conditions},
                 {f"type_{ident(t)}": 0 for t in rs.damage.types})
        hit = _RULESET_NAMES[id(rs)] = (rs, names)
    return hit[1]


class Rules(Protocol):
    """What `Ops` calls of the rules above it, so that it imports none of them: a ruleset's system,
    `hooks.Hooks` or a subclass of it from `systems`, each doing what the data says and more."""

    def apply_effects(self, ops: Ops, cid: str, effects: Iterable[EffectDef], extra: Mapping[str, int] | None,
                      other: str | None, anchor: str | None, part: str | None) -> None: ...
    def hit(self, ops: Ops, cid: str, parts: Sequence[tuple[int, str | None]], critical: bool = False) -> None: ...
    def damage(self, ops: Ops, cid: str, amount: int, dtype: str | None) -> None: ...
    def heal(self, ops: Ops, cid: str, amount: int, aimed: str | None = None) -> None: ...
    def dropped(self, ops: Ops, hit: ReadyHit) -> None: ...
    def tc_start(self, ops: Ops) -> None: ...
    def turn_start(self, ops: Ops, cid: str) -> None: ...
    def act(self, ops: Ops, cid: str, action: ActionDef) -> None: ...
    def rest(self, ops: Ops, cid: str, long: bool) -> None: ...


class Scratch(Protocol):
    """An empty encounter where a command runs another outside the GM's (a party's rest between fights)."""

    library: Library | None
    defer_writes: bool
    party_outbox: list[LastingChange]

    @property
    def state(self) -> State: ...
    def run(self, line: str) -> list[str]: ...


class Ops:
    def __init__(self, state: State, rs: RulesetDef, rng: random.Random, hooks: Rules,
                 library: Library | None = None) -> None:
        self.state = state
        self.library = library  # the GM's templates and parties, for add, keep, party, end
        # library files to write once the command has worked: (write the file, update the library in memory)
        self.writes: list[tuple[Callable[[], None], Callable[[], None]]] = []
        # party members' lasting state this command changed, handed over once it has worked (lasting.py);
        # `pending`: what earlier commands changed that is not handed over yet (read-only)
        self.party_changes: list[LastingChange] = []
        self.pending: Sequence[LastingChange] = ()
        self.rs = rs
        self.rng = rng
        self.hooks = hooks
        self.tx = Transaction(state)
        self.lines: list[str] = []
        self.rolls: list[RollRecord] = []
        self.logged = False  # logged though it changed nothing here (a party's rest between fights)
        # an empty encounter of this ruleset (given a seed), where a command runs another outside this one
        self.scratch: Callable[[int], Scratch] | None = None
        self.read_as: tuple[str, str] | None = None  # a word of the command (a number) and the names the log shows

    # -- access: touch before handing out anything mutable ------------------------------------
    def changing(self, cid: str) -> Combatant:
        """A creature to change: recorded for undo before it is handed out."""
        self.tx.touch(f"c:{cid}")
        return self.state.combatants[cid]

    def peek(self, cid: str) -> Combatant:
        """Read-only access: never mutate what this returns."""
        return self.state.combatants[cid]

    def clock(self) -> Clock:
        self.tx.touch("clock")
        return self.state.clock

    def order(self) -> list[Slot]:
        self.tx.touch("order")
        return self.state.order

    def waiting(self) -> list[str]:
        self.tx.touch("waiting")
        return self.state.waiting

    def prompts(self) -> list[Prompt]:
        self.tx.touch("prompts")
        return self.state.prompts

    def ready(self) -> list[ReadyHit]:
        self.tx.touch("ready")
        return self.state.ready

    def counters(self) -> Counters:
        self.tx.touch("counters")
        return self.state.counters

    def options(self) -> dict[str, int]:
        self.tx.touch("options")
        return self.state.options

    def new_uid(self) -> int:
        counters = self.counters()
        uid = counters.next_uid
        counters.next_uid += 1
        return uid

    def say(self, line: str) -> None:
        self.lines.append(line)

    # -- numbers ------------------------------------------------------------------------------
    def names(self, c: Combatant, extra: Mapping[str, int] | None = None) -> dict[str, int]:
        return names_for(self.state, self.rs, c, extra)

    def eval(self, expr: int | str, c: Combatant, extra: Mapping[str, int] | None = None) -> int:
        if isinstance(expr, int):
            return expr
        return formula.evaluate(expr, self.names(c, extra))

    def roll(self, expr: str, c: Combatant | None = None, extra: Mapping[str, int] | None = None) -> dice.Roll:
        names = self.names(c, extra) if c is not None else dict(extra or {})
        from .. import dice  # d20 builds its grammar on import: only when the first die is rolled

        result = dice.roll(expr, self.rng, names, labels(self.rs))
        self.rolls.append(RollRecord(expr=result.expr, total=result.total, detail=result.detail))
        return result

    def amount(self, expr: int | str, c: Combatant, extra: Mapping[str, int] | None = None) -> int:
        """A number that may be dice (`2d6`) or a formula (`roll`, `floor(level / 2)`)."""
        if isinstance(expr, str) and _DICE.search(expr):
            return self.roll(expr, c, extra).total
        return self.eval(expr, c, extra)

    # -- pools --------------------------------------------------------------------------------
    def recompute(self, cid: str) -> None:
        """Re-derive pool maxima from formulas and standing conditions; clamp currents."""
        c = self.changing(cid)
        names = self.names(c)
        found = maxima.changes(self.rs, c)
        cap = found.caps
        for pd in self.rs.pools:
            ps = c.pools.get(pd.id)
            if ps is None:
                continue
            base = maxima.base_max(pd, ps.fixed_max, names)
            new_max: int | None = None
            if base is not None:
                new_max = maxima.uncapped(base, found.adds.get(pd.id, []), names)
                if pd.id in cap:
                    new_max = min(new_max, cap[pd.id])
                new_max = max(new_max, 0)
            ps.max = new_max
            names[f"max_{ident(pd.id)}"] = new_max or 0
            floor = self.eval(pd.floor, c, names)
            if new_max is not None and (not pd.overflow or pd.id in cap) and ps.current > new_max:
                ps.capped += ps.current - new_max
                ps.current = new_max
            elif ps.capped and pd.id not in found.held and (new_max is None or ps.current < new_max):
                back = ps.capped if new_max is None else min(ps.capped, new_max - ps.current)
                ps.current += back
                ps.capped -= back
            ps.current = max(ps.current, floor)
            names[ident(pd.id)] = ps.current

    def _capped_by_condition(self, c: Combatant, pid: str) -> bool:
        """A condition sets this pool's maximum (grappled: no movement): then even a pool that may
        overflow stays within it."""
        return pid in maxima.changes(self.rs, c).caps

    def init_pools(self, cid: str, fixed: Mapping[str, int] | None = None) -> None:
        """Give a creature every pool of the ruleset it lacks (a new creature, or a save made before the
        ruleset gained a pool), each at its start value."""
        c = self.changing(cid)
        for vd in self.rs.vars:  # a save from when the var was a pool: its number kept, as a var
            if vd.id in c.pools:
                c.vars[vd.id] = c.pools.pop(vd.id).current
        missing = [pd for pd in self.rs.pools if pd.id not in c.pools and given.belongs(pd, fixed)]
        if not missing:
            return
        for pd in missing:
            c.pools[pd.id] = PoolState(current=0, fixed_max=(fixed or {}).get(pd.id))
        self.recompute(cid)
        names = self.names(c)
        for pd in missing:
            ps = c.pools[pd.id]
            ps.current = self.eval(pd.start, c, names) if pd.start is not None else (ps.max or 0)
        self.recompute(cid)

    def set_pool(self, cid: str, pid: str, value: int, quiet: bool = False) -> int:
        """Set a pool within its floor and max (unless it may overflow); return what it became."""
        c = self.changing(cid)
        pd = self.rs.pool(pid)
        ps = c.pools[pid]
        floor = self.eval(pd.floor, c)
        new = clamp(max(value, floor))  # a save must stay one the engine can read back
        if ps.max is not None and (not pd.overflow or self._capped_by_condition(c, pid)):
            new = min(new, ps.max)
        old = ps.current
        ps.current = new
        if not quiet and new != old:
            self.say(f"{c.name}: {pd.name} {old} → {new}")
        return new

    def set_var(self, cid: str, vid: str, value: int) -> None:
        """Set a var within its floor and max: never said in the log, since the GM never reads it."""
        vd = self.rs.var(vid)
        value = clamp(max(value, vd.floor) if vd.max is None else min(max(value, vd.floor), vd.max))
        if self.peek(cid).vars.get(vid, vd.start) != value:
            self.changing(cid).vars[vid] = value

    def refresh(self, cid: str, when: Refresh) -> None:
        c = self.peek(cid)
        if any(v.reset is when and v.id in c.vars for v in self.rs.vars):
            c = self.changing(cid)
            for v in self.rs.vars:
                if v.reset is when:
                    c.vars.pop(v.id, None)  # back to its start
        if when is Refresh.LONG_REST and c.tallies:  # a tally counts for a day
            c = self.changing(cid)
            c.tallies.clear()
        if when in (Refresh.SHORT_REST, Refresh.LONG_REST):
            self.hooks.rest(self, cid, when is Refresh.LONG_REST)
            c = self.peek(cid)
        pools = [pd for pd in self.rs.pools if pd.refresh is when and pd.id in c.pools]
        if not pools:
            return
        c = self.changing(cid)
        held = maxima.changes(self.rs, c)
        bonus: dict[str, int] = {}
        for cond_id in {cs.id for cs in c.conditions}:
            try:
                for eff in self.rs.condition(cond_id).effects:
                    bonus[eff.pool] = bonus.get(eff.pool, 0) + eff.refresh
            except KeyError:
                continue
        for pd in pools:
            ps = c.pools[pd.id]
            if pd.refresh_to is not None:
                target = self.eval(pd.refresh_to, c)
            elif pd.kind is PoolKind.COUNTER or ps.max is None:
                target = 0
            else:
                target = ps.max
            self.set_pool(cid, pd.id, target + bonus.get(pd.id, 0), quiet=True)
            ps.capped = 0
            if pd.id in held.held and pd.kind is not PoolKind.COUNTER:  # the cap holds back what comes back
                full = target if pd.refresh_to is not None else maxima.uncapped(
                    maxima.base_max(pd, ps.fixed_max, self.names(c)) or 0, held.adds.get(pd.id, []), self.names(c))
                ps.capped = max(full + bonus.get(pd.id, 0) - ps.current, 0)

    # -- effects ------------------------------------------------------------------------------
    def apply_effects(self, cid: str, effects: Iterable[EffectDef], extra: Mapping[str, int] | None = None,
                      other: str | None = None, anchor: str | None = None, part: str | None = None) -> None:
        """Apply effects to `cid` (`effects.apply`, through the system, which may do more)."""
        self.hooks.apply_effects(self, cid, effects, extra, other, anchor, part)

    def damage(self, cid: str, amount: int, dtype: str | None = None,
               more: Sequence[tuple[int, str | None]] = (), critical: bool = False) -> None:
        """One hit: each part (`amount dtype`, then `more`) through the damage step, the pools, the triggers
        (`critical`: a critical hit, which they read)."""
        self.hooks.hit(self, cid, [(amount, dtype), *more], critical)

    def heal(self, cid: str, amount: int, aimed: str | None = None) -> None:
        before = self.names(self.peek(cid))
        self.hooks.heal(self, cid, amount, aimed)
        self.run_triggers("heal", cid, {"amount": amount}, before)

    def run_triggers(self, on: str, cid: str, extra: Mapping[str, int] | None = None,
                     before: Mapping[str, int] | None = None) -> None:
        for trig in self.rs.triggers:
            if trig.on != on or cid not in self.state.combatants:
                continue
            if trig.when is not None:
                now = self.eval(trig.when, self.peek(cid), extra)
                if not now:
                    continue
                if trig.edge and before is not None and formula.evaluate(trig.when, {**before, **(extra or {})}):
                    continue
            self.apply_effects(cid, trig.effects, extra)

    # -- prompts ------------------------------------------------------------------------------
    def queue_prompt(self, cid: str, table_id: str, reason: str, condition: str | None = None,
                     part: str | None = None, other: str | None = None,
                     numbers: dict[str, int] | None = None) -> None:
        table = self.rs.table(table_id)
        if not table.repeat and any(p.cid == cid and p.table == table_id and p.part == part
                                    for p in self.state.prompts):
            return  # one pending prompt per creature and table (and body part)
        reason += f", {table.words(numbers)}" if numbers else ""  # its own DC, kept with it
        self.prompts().append(Prompt(uid=self.new_uid(), cid=cid, table=table_id, reason=reason, condition=condition,
                                     part=part, other=other, numbers=numbers or {}))
        how = "the GM picks the outcome" if table.choice else "press p to roll it"  # a choice has no die
        self.say(f"Prompt: {self.peek(cid).name} — {table.name} ({reason}): {how}")

    def resolve(self, prompt: Prompt, value: int | None = None) -> None:
        table = self.rs.table(prompt.table)
        if table.choice and value is None:
            labels = ", ".join(f"{r.min}={r.label}" if r.min == r.max else r.label for r in table.rows)
            raise CommandError(f"{table.name}: the GM picks the outcome, resolve value=N ({labels})")
        self.prompts().remove(prompt)
        if prompt.cid not in self.state.combatants:
            return
        c = self.peek(prompt.cid)
        about = self.part_names(c, prompt.part) | prompt.numbers
        if value is None and prompt.rolled is not None:
            total, shown = prompt.rolled.total, prompt.rolled.detail
        elif value is None:
            r = self.roll(table.roll, c, about)
            total, shown = r.total, r.shown
        else:
            total, shown = value, f"{value} (given)"
        against = self.eval(table.against, c, about) if table.against else None
        row = table.row(total - (against or 0))
        shown += f" against {table.against_words(against)}" if against is not None else ""
        outcome = f" → {row.label}" + (f": {row.text}" if row.text else "") if row else ""
        if table.choice and row is not None:  # picked, not rolled: the outcome's number says nothing
            shown, outcome = row.label, f": {row.text}" if row.text else ""
        self.say(f"{c.name} — {table.name}: {shown}{outcome}")
        extra = {"roll": total, **about}
        if row is not None:
            self.apply_effects(prompt.cid, row.effects, extra, other=prompt.other, part=prompt.part)
        self.apply_effects(prompt.cid, table.after, extra, other=prompt.other, part=prompt.part)

    def part_names(self, c: Combatant, part: str | None) -> dict[str, int]:
        """`part_value` and `part_injuries` of the body part instance a prompt is about (0 without one)."""
        kind = self.rs.part_kind(part) if part is not None else None
        if kind is None or part is None:
            return {"part_value": 0, "part_injuries": 0}
        return {"part_value": kind.value, "part_injuries": c.injuries.get(part, 0)}

    def outcome(self, prompt: Prompt, total: int) -> str:
        """The row a total lands on, as a label (for showing a roll before it is applied)."""
        table, c = self.rs.table(prompt.table), self.peek(prompt.cid)
        row = table.row(total - (self.eval(table.against, c, prompt.numbers) if table.against else 0))
        return row.label if row else ""

    def preroll(self, prompt: Prompt) -> None:
        """Roll a prompt's table now and keep the result on the prompt, to apply with `resolve`."""
        from ..state.model import Rolled

        table = self.rs.table(prompt.table)
        if table.choice:
            raise CommandError(f"{table.name}: the GM picks the outcome, resolve value=N")
        c = self.peek(prompt.cid)
        r = self.roll(table.roll, c, self.part_names(c, prompt.part) | prompt.numbers)
        self.prompts()
        prompt.rolled = Rolled(total=r.total, detail=r.shown)
        label = self.outcome(prompt, r.total)
        self.say(f"{self.peek(prompt.cid).name} — {table.name}: {r.shown}" + (f" → {label}" if label else "")
                 + " (press p again to apply it)")

    def require(self, ok: bool, message: str) -> None:
        if not ok:
            raise CommandError(message)
