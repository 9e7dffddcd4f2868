"""`edit`: change a creature mid-fight (its name, side, body plan, a pool's maximum, a stat, its note)
with the same key=value words as `add`. One undoable event, journaled like any other."""

from __future__ import annotations

from ..rules.amounts import amount
from ..rules.damage_step import degrees
from ..rules.injuries import instances, part_count
from ..rules.ops import Ops
from ..state.errors import CommandError
from ..state.targets import clean_name, clean_note
from .common import body_plan, one_creature_anyone, side_of, with_health
from .defences import DEFENCE_WORDS, defences_said, put_defences, take_defences
from .spec import COMMANDS, arg, command


def _norm(key: str) -> str:
    return key.lower().replace("-", "_")


@command("edit", "change a creature mid-fight: rename it, its side, a pool's maximum, a stat, its body plan; "
         "one undoable change", args=(arg("name"),),
         words={"name=NEW": "a new name (names stay unique)", "side=pc|npc|ally": "pc, npc or ally",
                "hp=N": "the maximum of the ruleset's hit points", "body=PLAN": "a body plan",
                "notes=TEXT": "the GM's note", **DEFENCE_WORDS},
         ruleset_words="POOL=N, STAT=N: a pool's maximum (an unhurt creature stays unhurt), a stat",
         ruleset_usage="[POOL=N] [STAT=N]")
def _edit(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    if not args or not kw:
        raise CommandError(f"edit needs a name and what to change (a key=value word); usage: {COMMANDS['edit'].usage}")
    cid = one_creature_anyone(ops, " ".join(args))  # the dead too: a GM fixes a typo on a corpse
    rs = ops.rs
    pools = {_norm(p.id): p for p in rs.pools}
    stats = {_norm(s.id): s for s in rs.stats}
    kw = with_health(ops, kw)
    lists, kw = take_defences(ops, kw)
    known = {"name", "side", "notes"} | set(pools) | set(stats) | ({"body"} if rs.body_plans else set())
    unknown = [k for k in kw if _norm(k) not in known]
    if unknown:
        hint = " (initiative: use init NAME N)" if "init" in unknown and "init" not in stats else ""
        raise CommandError(f"unknown key {unknown[0]!r} for edit{hint}; known: {', '.join(sorted(known))}")
    c = ops.changing(cid)
    old_name = c.name
    said: list[str] = []
    if "name" in kw:
        name = clean_name(kw["name"])
        taken = {o.name.lower() for o in ops.state.combatants.values() if o.id != cid}
        if name.lower() in taken:
            raise CommandError(f"another creature is already called {name}")
        if name != c.name:
            said.append(f"renamed {name}")
            c.name = name
    if "side" in kw:
        side = side_of(kw["side"])
        if side is not c.side:
            said.append(f"side {c.side.value} → {side.value}")
            c.side = side
    if "body" in kw:
        plan = body_plan(ops, kw["body"])
        before = rs.body_plan(c.body)
        if before is None or plan.id != before.id:
            said.append(f"body {before.name if before else '?'} → {plan.name}")
            c.body = plan.id
            kept = {k for b in rs.body for k in instances(b, part_count(rs, c, b))}
            lost = sorted(k.replace(".", " ") for k, n in c.injuries.items() if n and k not in kept)
            if lost:  # an injury must stay on the sheet, and count towards the save DCs
                raise CommandError(f"{c.name} is injured where a {plan.name.lower()} has no part: {', '.join(lost)}")
    if "notes" in kw:
        c.notes = clean_note(kw["notes"])
        said.append("note set" if c.notes else "note cleared")
    for key, value in kw.items():
        sd = stats.get(_norm(key))
        if sd is not None and _norm(key) not in pools:
            new = amount(ops, value, sd.name, c)
            if new != c.stats.get(sd.id, sd.default):
                said.append(f"{sd.name} {c.stats.get(sd.id, sd.default)} → {new}")
                c.stats[sd.id] = new
    tops = {}
    for key, value in kw.items():
        pd = pools.get(_norm(key))
        if pd is not None:
            top = amount(ops, value, pd.name, c)
            if top < 0:
                raise CommandError(f"{pd.name} cannot be negative ({top})")
            tops[pd.id] = top
    fresh = {pid: top for pid, top in tops.items() if pid not in c.pools}  # given now: a pool only some have
    was = {pid: (ps.current, ps.max) for pid, ps in c.pools.items()}
    for pid, top in tops.items():
        if pid in c.pools:
            c.pools[pid].fixed_max = top
    if fresh:
        ops.init_pools(cid, fresh)
        said += [f"{rs.pool(pid).name} {top}" for pid, top in fresh.items()]
    ops.recompute(cid)
    for pid, (current, old_max) in was.items():
        ps = c.pools[pid]
        if ps.max == old_max:
            continue
        if old_max is not None and current >= old_max and ps.max is not None:
            ops.set_pool(cid, pid, ps.max, quiet=True)  # unhurt stays unhurt: a corrected maximum, not healing
        said.append(f"{rs.pool(pid).name} max {old_max if old_max is not None else '-'} → "
                    f"{ps.max if ps.max is not None else '-'}")
    for key, types in lists.items():
        if types != degrees(c, key):
            put_defences(ops, cid, {key: types}, quiet=True)
            said.append(defences_said(ops, cid, key))
    if not said:
        raise CommandError(f"{old_name} is already like that: nothing to change")
    ops.say(f"{old_name}: " + ", ".join(said))
