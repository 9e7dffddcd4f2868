"""Creatures from the library: `add NAME` made from a template, `add @PARTY` from a party's file."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from ..library import Member, Template
from ..rules import conditions
from ..rules.ops import Ops
from ..ruleset import RulesetDef
from ..state.errors import CommandError
from ..state.lasting import of_combatant
from ..state.model import Combatant, OwnAction
from .adding import add_one

_FLAG = re.compile(r"x[0-9]+|pc|npc|ally|surprised|hidden|split|fixed")
MIN_PREFIX = 3  # a shorter start of a name stays a plain creature (`add B`), never a template


def name_words(args: list[str]) -> tuple[list[str], list[str]]:
    """`add`'s words: the name's, and the options (xN, split, a side, surprised, hidden, fixed). The first word
    is always the name's, so a creature may be called X2 or Ally."""
    flags = [w for w in args[1:] if _FLAG.fullmatch(w.lower())]
    return args[:1] + [w for w in args[1:] if not _FLAG.fullmatch(w.lower())], flags


def find_template(ops: Ops, args: list[str]) -> Template | None:
    """The template the name words of `add` name (exactly, or by a unique start of 3 letters or more, for a
    creature not added as a player's or an ally)."""
    lib = ops.library
    if lib is None:
        return None
    words, flags = name_words(args)
    name = " ".join(words).strip()
    if not name or name.startswith("@"):
        return None
    exact = next((t for t in lib.templates_for(ops.rs.id) if t.name.lower() == name.lower()), None)
    if exact is not None:
        return exact
    if len(name) < MIN_PREFIX or {f.lower() for f in flags} & {"pc", "ally"}:
        return None  # a player's character is named, not looked up: `add Lio pc` is Lio, never a Lion
    return lib.find_template(ops.rs.id, name)


@dataclass
class Made:
    """What a template gives `add`: `key=value` words (pools, body, notes) and stats, as the line would
    say them; and the rest, set on each creature as it is made."""

    template: Template
    kw: dict[str, str] = field(default_factory=dict)
    stats: dict[str, str] = field(default_factory=dict)
    actions: list[OwnAction] = field(default_factory=list)
    defences: dict[str, dict[str, int]] = field(default_factory=dict)  # resist, weak, immune: for the damage step

    def setup(self, group: str | None) -> Callable[[Combatant], None]:
        def apply(c: Combatant) -> None:
            c.group = group
            c.template = self.template.name
            c.actions = [a.model_copy() for a in self.actions]
            c.resist = dict(self.defences.get("resist", {}))
            c.weak = dict(self.defences.get("weak", {}))
            c.immune = list(self.defences.get("immune", {}))

        return apply


def from_template(rs: RulesetDef, t: Template, line: dict[str, str]) -> Made:
    made = Made(t, actions=[a.own() for a in t.actions])
    made.stats = {k: str(v) for k, v in t.stats.items()}
    made.kw = {rs.pool_key(k): str(v) for k, v in t.pools.items()}
    if t.body is not None:
        made.kw["body"] = t.body
    stat_ids = {s.id for s in rs.stats}
    stepped = {s.of for s in rs.damage.steps}
    made.defences = {k: dict(getattr(t, k)) for k in ("resist", "weak") if k in stepped}
    if "immune" in stepped:
        made.defences["immune"] = dict.fromkeys(t.immune, 1)
    words = []
    for key, prefix, say in (("resist", "res_", "resists"), ("weak", "vuln_", "weak to"), ("immune", "", "immune to")):
        loose = []
        for dtype, degree in dict(getattr(t, key) if key != "immune" else dict.fromkeys(t.immune, 1)).items():
            if key in stepped:  # the ruleset's damage step reads it
                continue
            if prefix and f"{prefix}{dtype}" in stat_ids:  # the ruleset counts it: a stat
                made.stats.setdefault(f"{prefix}{dtype}", str(degree))
            else:
                loose.append(dtype)
        if loose:
            words.append(f"{say} {', '.join(loose)}")
    # no rule of the ruleset applies these (no damage step, no stat for them): the note says so
    loose_words = "; ".join(words).capitalize() + " (not applied to damage: adjust it by hand)." if words else ""
    notes = " ".join(x for x in (t.notes, loose_words) if x)
    if notes:
        made.kw["notes"] = notes[:500]
    return made


def party_add(ops: Ops, name: str) -> None:
    """Every member of a party, with what it carried out of its last fight."""
    lib = ops.library
    found = lib.party(ops.rs.id, name, ops.pending) if lib is not None else None
    if found is None:
        known = ", ".join(p.name for p in lib.parties_for(ops.rs.id)) if lib is not None else ""
        raise CommandError(f"no party {name!r} for {ops.rs.name}" + (f" (parties: {known})" if known else ""))
    party = found[0]
    if not party.members:
        raise CommandError(f"the party {party.name} has no members yet: `party {party.name} NAMES` makes it")
    taken = {c.name.lower() for c in ops.state.combatants.values()}
    for m in party.members:
        if m.name.lower() in taken:
            raise CommandError(f"{m.name} is already in this encounter")
    for m in party.members:
        kw = {k: str(v) for k, v in m.maxima.items()}
        if m.body is not None:
            kw["body"] = m.body
        if m.notes:
            kw["notes"] = m.notes
        cid = add_one(ops, m.name, m.side, False, False, kw, {k: str(v) for k, v in m.stats.items()},
                       _member_setup(party.name, m))
        _carry_in(ops, cid, m)
        ops.changing(cid).came_in = of_combatant(ops.peek(cid))  # what `end` tells its changes from


def _member_setup(party: str, m: Member) -> Callable[[Combatant], None]:
    def apply(c: Combatant) -> None:
        c.party = party
        c.actions = [a.own() for a in m.actions]
        c.injuries = dict(m.injuries)
        c.treated = {k: min(v, m.injuries.get(k, 0)) for k, v in m.treated.items() if m.injuries.get(k)}
        c.tallies = dict(m.tallies)

    return apply


def _carry_in(ops: Ops, cid: str, m: Member) -> None:
    """What lasts from the last fight: pools where it left them, lasting conditions."""
    for pid, value in m.current.items():
        if pid in ops.peek(cid).pools:
            ops.set_pool(cid, pid, value, quiet=True)
    for cs in m.conditions:
        conditions.add(ops, cid, cs.id, value=cs.value, duration=cs.until)
    ops.recompute(cid)
