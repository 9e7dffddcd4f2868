"""Quick lookups: a condition's, action's, table's or rule's description and mechanics, as text."""

from __future__ import annotations

from dataclasses import dataclass

from .ruleset import ActionDef, ConditionDef, RuleDef, RulesetDef, TableDef


@dataclass(frozen=True)
class Entry:
    kind: str
    id: str
    name: str
    lines: tuple[str, ...]


def _condition(rs: RulesetDef, cd: ConditionDef) -> Entry:
    lines = [cd.description]
    if cd.implies:
        lines.append("Implies: " + ", ".join(rs.condition(d).name for d in cd.implies))
    parents = [c.name for c in rs.conditions if cd.id in c.implies]
    if parents:
        lines.append("Implied by: " + ", ".join(parents))
    mech = []
    for e in cd.effects:
        pool = rs.pool(e.pool).name
        if e.set_max is not None:
            mech.append(f"{pool} at most {e.set_max}")
        if e.max:
            mech.append(f"{pool} {e.max:+d} max")
        if e.refresh:
            mech.append(f"{pool} {e.refresh:+d} on refresh")
    if cd.skip_turn:
        mech.append("turns are skipped")
    if cd.start_of_turn:
        mech.append(f"start of turn: {rs.table(cd.start_of_turn).name}")
    if cd.round_start:
        mech.append(f"each round: {rs.table(cd.round_start).name}")
    if cd.ended_by:
        names = {a.id: a.name for a in rs.actions}
        ends = [f"any {e[4:]} action" if e.startswith("tag:") else names.get(e, e) for e in cd.ended_by]
        mech.append("ended by: " + ", ".join(ends))
    if cd.default_duration:
        mech.append(f"lasts: {cd.default_duration}")
    if cd.valued:
        mech.append(f"valued; a second instance: {cd.stacking}")
    if cd.subjective:
        mech.append("relative to another creature (from=NAME)")
    if mech:
        lines.append("Effects: " + "; ".join(mech))
    return Entry("condition", cd.id, cd.name, tuple(lines))


def _action(rs: RulesetDef, a: ActionDef) -> Entry:
    lines = [a.description] if a.description else []
    cost = ", ".join(f"{rs.pool(p).name} {v}" for p, v in a.cost.items())
    if cost:
        lines.append(f"Cost: {cost}")
    gain = ", ".join(f"{rs.pool(p).name} {v}" for p, v in a.gain.items())
    if gain:
        lines.append(f"Gain: {gain}")
    if a.speed:
        sc = next(s for s in rs.speed_classes if s.id == a.speed)
        lines.append(f"Speed: {sc.name} ({sc.random} / {sc.static})")
    if a.sf is not None:
        lines.append(f"Speed factor: {a.sf}")
    return Entry("action", a.id, a.name, tuple(lines))


def _table(t: TableDef) -> Entry:
    lines = [t.description] if t.description else []
    lines.append(f"Roll: {t.roll}")
    for r in t.rows:
        lo = "" if r.min is None else str(r.min)
        hi = "" if r.max is None else str(r.max)
        span = lo if lo == hi else f"{lo or '…'}–{hi or '…'}"
        lines.append(f"  {span}: {r.label}" + (f" — {r.text}" if r.text else ""))
    return Entry("table", t.id, t.name, tuple(lines))


def _rule(r: RuleDef) -> Entry:
    return Entry("rule", r.id, r.name, (r.text,))


def entries(rs: RulesetDef) -> list[Entry]:
    return ([_condition(rs, c) for c in rs.conditions] + [_action(rs, a) for a in rs.actions]
            + [_table(t) for t in rs.tables] + [_rule(r) for r in rs.rules])


def search(rs: RulesetDef, term: str) -> list[Entry]:
    """Partial, case-insensitive: exact id/name matches first, then prefix, then substring."""
    low = term.strip().lower()
    if not low:
        return []
    all_entries = entries(rs)
    exact = [e for e in all_entries if low in (e.id.lower(), e.name.lower())]
    if exact:
        return exact
    prefix = [e for e in all_entries if e.id.lower().startswith(low) or e.name.lower().startswith(low)]
    if prefix:
        return prefix
    return [e for e in all_entries if low in e.id.lower() or low in e.name.lower()]
