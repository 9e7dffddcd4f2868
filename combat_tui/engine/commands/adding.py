"""A creature put into the encounter: what `add`, its templates and `add @PARTY` share."""

from __future__ import annotations

from collections.abc import Callable

from ..rules import conditions, joining
from ..rules.amounts import amount
from ..rules.ops import Ops
from ..ruleset import TimeModel
from ..state.errors import CommandError
from ..state.model import Combatant, Side
from ..state.targets import clean_note
from .common import body_plan


def add_one(ops: Ops, name: str, side: Side, surprised: bool, hidden: bool, kw: dict[str, str],
            forced: dict[str, str], setup: Callable[[Combatant], None] | None = None) -> str:
    """One creature into the encounter (and its turn, if the fight is on), its id returned: `add` and
    `add @PARTY` both come here."""
    rs = ops.rs
    counters = ops.counters()
    cid = f"c{counters.next_cid}"
    counters.next_cid += 1
    c = Combatant(id=cid, seq=int(cid[1:]), name=name, side=side, surprised=surprised, hidden=hidden,
                  stats={s.id: s.default for s in rs.stats})
    ops.tx.touch(f"c:{cid}")
    ops.state.combatants[cid] = c
    if setup is not None:
        setup(c)
    for key, value in kw.items():
        if key in ("init", "notes", "side"):
            continue
        if key in c.stats or key.replace("-", "_") in {s.id.replace("-", "_") for s in rs.stats}:
            sid = next(s.id for s in rs.stats if s.id.replace("-", "_") == key.replace("-", "_"))
            c.stats[sid] = amount(ops, value, sid)
    for sid, value in forced.items():
        c.stats[sid] = amount(ops, value, next(s.name for s in rs.stats if s.id == sid))
    if "body" in kw:
        c.body = body_plan(ops, kw["body"]).id
    for part in rs.body:
        if part.id in kw:
            c.parts[part.id] = amount(ops, kw[part.id], part.name)
            if not 0 <= c.parts[part.id] <= 20:
                raise CommandError(f"{part.name}: 0 to 20")
    fixed = {pd.id: amount(ops, kw[pd.id], pd.name, c) for pd in rs.pools if pd.id in kw}
    for pid, top in fixed.items():
        if top < 0:
            raise CommandError(f"{rs.pool(pid).name} cannot be negative ({top})")
    if "notes" in kw:
        c.notes = clean_note(kw["notes"])
    if "init" in kw:
        c.initiative = amount(ops, kw["init"], "initiative", c)
    ops.init_pools(cid, fixed)
    ops.say(f"Added {name} ({side.value})" + (f", initiative {c.initiative}" if c.initiative is not None else ""))
    if ops.state.clock.started:
        joining.place_new(ops, cid)
        if rs.time.start_condition and rs.time.model is not TimeModel.FREE_ROUNDS:
            conditions.add(ops, cid, rs.time.start_condition, anchor=cid)
    return cid
