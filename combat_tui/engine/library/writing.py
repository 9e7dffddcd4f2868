"""Writing the library: templates kept from a fight, parties and what they carry between fights.

Files are written whole and atomically, as saves are. A file the GM wrote by hand is never replaced
without saying so: only a file that carries the marker line below, or a party file holding that one
party and nothing else, is written over.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..ruleset import RulesetDef
from ..state.errors import CombatError
from ..state.lasting import of_combatant
from ..state.model import Combatant, OwnAction
from ..toml_text import loads
from .model import Member, Party, Template, slug
from .reading import Shelf

MARKER = "# Written by combat-tui; edit freely (it keeps this line and writes over the file when asked)."


def toml_value(v: Any) -> str:
    """A value as TOML writes it (a string, number, list or inline table; a None in a table is left out)."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)  # JSON's escapes are TOML's basic string's
    if isinstance(v, list):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        kept = {k: x for k, x in v.items() if x is not None}
        return "{ " + ", ".join(f"{_key(k)} = {toml_value(x)}" for k, x in kept.items()) + " }" if kept else "{}"
    raise TypeError(type(v))


def _key(k: str) -> str:
    return k if k and all(ch.isascii() and (ch.isalnum() or ch in "-_") for ch in k) else json.dumps(k)


def _table(lines: list[str], header: str, data: dict[str, Any]) -> None:
    """One `[[header]]` table; its lists of tables after it as `[[header.key]]`."""
    lines += ["", f"[[{header}]]"]
    nested = {k: v for k, v in data.items() if isinstance(v, list) and v and isinstance(v[0], dict)}
    for k, v in data.items():
        if k not in nested and v not in (None, "", [], {}):
            lines.append(f"{_key(k)} = {toml_value(v)}")
    for k, items in nested.items():
        for item in items:
            _table(lines, f"{header}.{k}", item)


def toml_text(ruleset: str, key: str, entries: list[dict[str, Any]]) -> str:
    lines = [MARKER, f"ruleset = {toml_value(ruleset)}"]
    for e in entries:
        _table(lines, key, e)
    return "\n".join(lines) + "\n"


def _action(a: OwnAction) -> dict[str, Any]:
    return {"name": a.name, "uses": a.uses, "cost": dict(a.cost), "hit": a.hit, "damage": a.damage, "type": a.type,
            "speed": a.speed, "sf": a.sf, "notes": a.notes,
            "plus": [{"damage": p.damage, "type": p.type} for p in a.plus],
            "save": a.save.model_dump() if a.save is not None else None, "recharge": a.recharge}


def template_of(rs: RulesetDef, c: Combatant, name: str) -> dict[str, Any]:
    """A creature as a template: its stats that differ from the ruleset's, its set maxima, its actions."""
    defaults = {s.id: s.default for s in rs.stats}
    return {"name": name, "side": c.side.value,
            "stats": {k: v for k, v in c.stats.items() if defaults.get(k) != v},
            "pools": {p: s.fixed_max for p, s in c.pools.items() if s.fixed_max is not None},
            "body": c.body, "notes": c.notes, "resist": dict(c.resist), "weak": dict(c.weak), "immune": list(c.immune),
            "action": [_action(a) for a in c.actions]}


def member_of(rs: RulesetDef, c: Combatant, lasting: bool = True) -> dict[str, Any]:
    """A party member as the fight leaves it; with `lasting`, what lasts too (pools, injuries, conditions
    until removed or a rest), else only what defines it (its lasting state is kept elsewhere)."""
    kept = of_combatant(c).model_dump() if lasting else {}
    return {"name": c.name, "side": c.side.value, "stats": dict(c.stats),
            "maxima": {p: s.fixed_max for p, s in c.pools.items() if s.fixed_max is not None},
            **kept, "body": c.body, "notes": c.notes, "action": [_action(a) for a in c.actions]}


def _member_dict(m: Member) -> dict[str, Any]:
    d = m.model_dump(mode="json", by_alias=True)
    d["action"] = [{k: v for k, v in a.items() if v not in (None, "", {}, [])} for a in d.get("action", [])]
    d["conditions"] = [{k: v for k, v in cs.items() if v is not None} for cs in d.get("conditions", [])]
    return d


def ours(shelf: Shelf, path: Path, party: str | None = None) -> bool:
    """Whether the file may be written over: it carries the marker, or it holds that party alone."""
    try:
        text = shelf.text(path)
    except CombatError:
        return False
    if text.startswith(MARKER):
        return True
    if party is None:
        return False
    try:
        data = loads(text, path.name, "library file")
    except CombatError:
        return False
    parties = data.get("party")
    return (set(data) <= {"ruleset", "party"} and isinstance(parties, list) and len(parties) == 1
            and isinstance(parties[0], dict) and str(parties[0].get("name", "")).lower() == party.lower())


def template_path(folder: Path, name: str) -> Path:
    return folder / f"{slug(name)}.toml"


def party_path(folder: Path, name: str) -> Path:
    return folder / f"party-{slug(name)}.toml"


def party_text(rs: RulesetDef, name: str, members: list[dict[str, Any]]) -> str:
    lines = [MARKER, f"ruleset = {toml_value(rs.id)}", "", "[[party]]", f"name = {toml_value(name)}"]
    for m in members:
        _table(lines, "party.member", m)
    return "\n".join(lines) + "\n"


def merged_members(old: Party | None, new: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The party's members: those named anew replace the old of the same name; the rest stay."""
    fresh = {m["name"].lower(): m for m in new}
    kept = [_member_dict(m) for m in (old.members if old else []) if m.name.lower() not in fresh]
    return kept + new


def check_template(t: dict[str, Any], rs: RulesetDef) -> Template:
    """What `keep` is about to write, read back as the library would read it."""
    return Template.model_validate({**{k: v for k, v in t.items() if v not in (None, "")}, "ruleset": rs.id})
