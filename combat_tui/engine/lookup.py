"""Quick lookups: every named thing of a ruleset (condition, action, table and each of its rows, speed
class, pool, stat, option, body part and plan, rule), its description and mechanics, as text."""

from __future__ import annotations

from dataclasses import dataclass

from .ruleset import ActionDef, ConditionDef, Number, RuleDef, RulesetDef, SpeedClassDef, TableDef, formula
from .state.errors import FormulaError
from .words import formula_words, humane, ident, labels


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
    if cd.source_implies:
        lines.append("The other creature is: " + ", ".join(rs.condition(d).name for d in cd.source_implies))
    parents = [c.name for c in rs.conditions if cd.id in c.implies]
    if parents:
        lines.append("Implied by: " + ", ".join(parents))
    mech = []
    for e in cd.effects:
        pool = rs.pool(e.pool).name
        if e.set_max is not None:
            mech.append(f"{pool} at most {e.set_max}")
        if isinstance(e.max, str):  # a formula: the GM reads what it does, never the formula
            mech.append(f"{pool} maximum lowered or raised with it")
        elif e.max:
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


def _amounts(rs: RulesetDef, amounts: dict[str, Number], names: dict[str, int], gained: bool = False) -> str | None:
    """`Action Points 1, Attacks this round 1` (gained: `+3 Agile Moves earned`), zeros left out; None
    when a number needs what is unknown."""
    out = []
    for pid, v in amounts.items():
        try:
            n = v if isinstance(v, int) else formula.evaluate(v, names)
        except FormulaError:
            return None
        if n:
            out.append(f"+{n} {rs.pool(pid).name}" if gained else f"{rs.pool(pid).name} {n}")
    return ", ".join(out)


def action_cost(rs: RulesetDef, a: ActionDef, names: dict[str, int] | None = None) -> str:
    """What an action costs (and gains) as a GM reads it: numbers worked out for a creature's `names`;
    without them, options at their defaults, else the ruleset's own words for it."""
    known = names if names is not None else {ident(o.id): o.default for o in rs.options}
    cost, gain = _amounts(rs, a.cost, known), _amounts(rs, a.gain, known, gained=True)
    if cost is None or gain is None:
        if a.cost_words:
            return a.cost_words
        words = labels(rs)
        cost = ", ".join(f"{rs.pool(p).name} {formula_words(v, words)}" for p, v in a.cost.items())
        gain = ", ".join(f"+{formula_words(v, words)} {rs.pool(p).name}" for p, v in a.gain.items())
    return "; ".join(x for x in (cost, gain) if x)


def _action(rs: RulesetDef, a: ActionDef) -> Entry:
    lines = [a.description] if a.description else []
    cost = action_cost(rs, a)
    if cost:
        lines.append(f"Cost: {cost}")
    if a.speed:
        sc = next(s for s in rs.speed_classes if s.id == a.speed)
        lines.append(f"Speed: {sc.name} (PCs roll {sc.random}, NPCs take {sc.static})")
    if a.sf is not None:
        lines.append(f"Speed factor: {formula_words(a.sf, labels(rs))}")
    return Entry("action", a.id, a.name, tuple(lines))


def _table(rs: RulesetDef, t: TableDef) -> Entry:
    lines = [t.description] if t.description else []
    if not t.choice:
        lines.append(f"Roll: {formula_words(t.roll, labels(rs))}")
    for r in t.rows:
        lines.append(f"  {span(r.min, r.max)}: {r.label}" + (f" — {r.text}" if r.text else ""))
    return Entry("table", t.id, t.name, tuple(lines))


def span(lo: int | None, hi: int | None) -> str:
    """A table row's range as a GM reads it: `5`, `3–4`, `6 or more`, `−2 or less`."""
    def num(n: int) -> str:
        return str(n).replace("-", "−")

    if lo is not None and lo == hi:
        return num(lo)
    if lo is None and hi is None:
        return "any"
    if lo is None:
        return f"{num(hi or 0)} or less"
    if hi is None:
        return f"{num(lo)} or more"
    return f"{num(lo)}–{num(hi)}"


def _rule(r: RuleDef) -> Entry:
    return Entry("rule", r.id, r.name, (r.text,))


def _speed_class(rs: RulesetDef, sc: SpeedClassDef) -> Entry:
    lines = [f"{sc.name}: {sc.random} random / {sc.static} static"]
    used = [a.name for a in rs.actions if a.speed == sc.id]
    if used:
        lines.append("Actions at this speed: " + ", ".join(used))
    return Entry("speed class", sc.id, sc.name, tuple(lines))


def _rows(rs: RulesetDef, t: TableDef) -> list[Entry]:
    """Each row of a table under its own label ("Stabilize"), saying which table and range it is."""
    out = []
    for i, r in enumerate(t.rows):
        line = f"{t.name}, {span(r.min, r.max)}: {r.label}" + (f" — {r.text}" if r.text else "")
        out.append(Entry("table row", f"{t.id}:{i}", r.label, (line,)))
    return out


def _others(rs: RulesetDef) -> list[Entry]:
    """Pools, stats, options, body parts and plans: named in the ruleset, so a GM may look them up."""
    out = [Entry("pool", p.id, p.name, tuple(x for x in (p.description,) if x)) for p in rs.pools]
    out += [Entry("stat", s.id, s.name, tuple(x for x in (s.description, f"Default: {s.default}") if x))
            for s in rs.stats]
    out += [Entry("option", o.id, o.name or humane(o.id), (o.description, f"Default: {o.default}"))
            for o in rs.options]
    out += [Entry("body part", b.id, b.name, (f"Severity: {b.severity}; injury value {b.value}",
                                              *(f"  {e.count}: {e.text}" for e in b.effects))) for b in rs.body]
    out += [Entry("body plan", b.id, b.name, tuple(x for x in (b.description,) if x)) for b in rs.body_plans]
    return out


def entries(rs: RulesetDef) -> list[Entry]:
    """Every entry; the four kinds a GM looks up most come first, in the order the app lists them."""
    return ([_condition(rs, c) for c in rs.conditions] + [_action(rs, a) for a in rs.actions]
            + [_table(rs, t) for t in rs.tables] + [_rule(r) for r in rs.rules]
            + [_speed_class(rs, s) for s in rs.speed_classes] + [e for t in rs.tables for e in _rows(rs, t)]
            + _others(rs))


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
