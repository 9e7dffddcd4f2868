"""The library from a fight: keep (creatures as templates), party (PCs as a party), end (the fight is
over: parties carry their state out). Files are written once the command has worked (`Ops.writes`);
a party's lasting state goes, field by field, where the library keeps it (`Ops.party_changes`)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from ..library import Library, Party, Shelf, member_lasting
from ..library import writing as w
from ..rules import conditions
from ..rules.injuries import care_prompts
from ..rules.ops import Ops
from ..rules.timekeeping import elapsed_seconds
from ..ruleset import TimeModel
from ..state.errors import CommandError
from ..state.lasting import LastingChange, Value, absent, changed, flat, of_combatant
from ..state.model import Combatant, Lasting
from ..state.targets import clean_name
from .common import need, no_extra, targets
from .quoting import command_line
from .spec import arg, command


def _library(ops: Ops) -> tuple[Library, Path, Shelf]:
    lib = ops.library
    if lib is None or lib.folder is None or lib.shelf is None:
        raise CommandError("no library folder here to write to (see `combat-tui paths`)")
    return lib, lib.folder, lib.shelf


def _base_name(c: Combatant) -> str:
    """What `keep` calls a creature's template: its template's name, else its name without a number."""
    return c.template or re.sub(r" [0-9]{1,9}$", "", c.name)


@command("keep", "save creatures as templates in your library folder (a file each, "
         "written over only if keep wrote it); `add TEMPLATE` makes them again", args=(arg("names"),),
         flags=("as TEMPLATE",))
def _keep(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    need(args, 1, "keep")
    lowered = [a.lower() for a in args]
    new_name = None
    if "as" in lowered[1:]:
        at = len(lowered) - 1 - lowered[::-1].index("as")
        new_name = clean_name(" ".join(args[at + 1:])) if args[at + 1:] else None
        ops.require(new_name is not None, "keep ... as needs the template's name after it")
        args = args[:at]
    ids, rest = targets(ops, args, 0)
    no_extra(rest, "keep")
    lib, folder, shelf = _library(ops)
    chosen: dict[str, Combatant] = {}
    for cid in ids:
        c = ops.peek(cid)
        chosen.setdefault((new_name or _base_name(c)).lower(), c)  # Ghoul 1..4: one Ghoul
    ops.require(new_name is None or len(chosen) == 1, "keep ... as TEMPLATE names one template: keep one creature")
    rs = ops.rs
    for c in chosen.values():
        name = new_name or _base_name(c)
        data = w.template_of(rs, c, name)
        try:
            template = w.check_template(data, rs)
        except ValidationError as exc:
            raise CommandError(f"{c.name} cannot be kept: {exc.errors()[0]['msg']}") from None
        path = w.template_path(folder, name)
        existing = lib.source(rs.id, name)
        if existing is not None and existing.parent == folder and existing != path:
            raise CommandError(f"{existing.name} already has a template {name!r}: keep {c.name} as ANOTHER NAME")
        if shelf.exists(path) and not w.ours(shelf, path):
            raise CommandError(f"{path.name} is a file you wrote: not written over; keep {c.name} as ANOTHER NAME, "
                               "or move that file")
        text = w.toml_text(rs.id, "creature", [data])

        def write(path: Path = path, text: str = text) -> None:
            shelf.write(path, text)

        def remember(path: Path = path, template: Any = template) -> None:
            lib.templates.setdefault(rs.id, {})[template.name.lower()] = (template, path)

        ops.writes.append((write, remember))
        ops.say(f"Kept {c.name} as the template {name} ({path.name})")


def _write_party(ops: Ops, name: str, creatures: list[Combatant]) -> str:
    """Queue the party's file with these creatures as members (others in it stay); its file's name."""
    lib, folder, shelf = _library(ops)
    rs = ops.rs
    found = lib.party_file(rs.id, name)
    old, path = (found[0], found[1]) if found else (None, w.party_path(folder, name))
    if found is None and shelf.exists(path):
        raise CommandError(f"{path.name} already exists and holds no party {name!r} for {rs.name}: not written over")
    if shelf.exists(path) and not w.ours(shelf, path, old.name if old else name):
        raise CommandError(f"{path.name} holds more than the party {name}: not written over (move the party to a "
                           "file of its own)")
    title = old.name if old else name
    members = w.merged_members(old, [w.member_of(rs, c, lasting=lib.lasting is None) for c in creatures])
    text = w.party_text(rs, title, members)
    try:
        party = Party.model_validate({"name": title, "ruleset": rs.id, "member": members})
    except ValidationError as exc:
        raise CommandError(f"the party {title} cannot be written: {exc.errors()[0]['msg']}") from None

    def remember() -> None:
        lib.parties.setdefault(rs.id, {})[title.lower()] = (party, path)

    ops.writes.append((lambda: shelf.write(path, text), remember))
    if lib.lasting is not None:  # the file says who they are; what lasts is kept beside it, all of it
        now = lib.party(rs.id, title, ops.pending)
        said = {m.name.lower(): flat(member_lasting(m)) for m in (now[0].members if now else [])}
        for c in creatures:
            _send(ops, title, c, None, said.get(c.name.lower(), {}), from_file=False)
    return path.name


@command("party", "make or update a party in your library from creatures of this encounter; "
         "`end` keeps what lasts of them for the next fight, `add @PARTY` brings them into a fight",
         args=(arg("party"), arg("names")))
def _party(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    need(args, 2, "party")
    name = clean_name(args[0].lstrip("@"))
    ids, rest = targets(ops, args[1:], 0)
    no_extra(rest, "party")
    file = _write_party(ops, name, [ops.peek(cid) for cid in ids])
    for cid in ids:
        ops.changing(cid).party = name
    ops.say(f"Party {name}: {', '.join(ops.peek(cid).name for cid in ids)} ({file})")


@command("end", "the fight is over: what it changed of party members' lasting state is kept for their "
         "next fight and the time it took is logged; still resumable, and undo takes the end back, with what it kept")
def _end(ops: Ops, args: list[str], kw: dict[str, str]) -> None:
    ops.require(not args, "end takes nothing more")
    ops.require(not ops.state.clock.ended, "the fight has already ended (`undo` takes the end back)")
    ops.clock().ended = True
    rs, clock = ops.rs, ops.state.clock
    seconds = elapsed_seconds(ops.state, rs)
    if not clock.started:
        took = "before it started"
    elif rs.time.model is TimeModel.TIME_COUNT:
        took = f"after {clock.tc} TC (about {seconds:g} seconds of game time)"
    else:
        took = f"after {clock.round} round(s) (about {seconds + (rs.time.round_seconds or 6.0):g} seconds of game time)"
    ops.say(f"The fight is over, {took}.")
    for c in ops.state.roster():  # what lasts only while the fight does (a held spell) runs out now
        for cs in [cs for cs in c.conditions if rs.condition(cs.id).ends_with_fight]:
            if any(x.uid == cs.uid for x in ops.peek(c.id).conditions):
                conditions.remove(ops, c.id, cs.uid, "ends with the fight")
                ops.apply_effects(c.id, rs.condition(cs.id).on_end, {"overdue": 0})
    for c in ops.state.roster():  # injuries to treat now the fight is over
        care_prompts(ops, c.id, "treat")
    _write_back(ops, [c.party for c in ops.state.roster() if c.party])


def after_end(ops: Ops) -> None:
    """Once the fight is over, what the GM still settles on party members (a Heal check, a potion) is
    kept too: what changed since `end` kept them."""
    lib = ops.library
    if not ops.state.clock.ended or lib is None or lib.folder is None:
        return
    touched = [ops.state.combatants[cid] for cid in ops.tx.touched_combatants() if cid in ops.state.combatants]
    _write_back(ops, [c.party for c in touched if c.party], quiet=True)


def _write_back(ops: Ops, parties: list[str], quiet: bool = False) -> None:
    """Each party named (once, in the order first named): what its members here changed since they came
    in (or since the last write-back), to where the library keeps it; with no such place, its file whole."""
    roster = ops.state.roster()
    lib = ops.library
    for name in dict.fromkeys(parties):
        members = [c for c in roster if c.party == name]
        if lib is None or lib.lasting is None:
            file = _write_party(ops, name, members)
            ops.say(f"Party {name}: {', '.join(c.name for c in members)} as they are now ({file})")
            continue
        sent = [c.name for c in members if _send(ops, name, c, _came_in(c))]
        if sent:
            ops.say(f"Party {name}: {', '.join(sent)} as they are now (what changed is kept for the next fight)")
        elif not quiet:
            ops.say(f"Party {name}: nothing that lasts changed since they came in")


def _came_in(c: Combatant) -> dict[str, Value] | None:
    # A save from before baselines has none: every field counts as changed, as `end` wrote them all then;
    # sending none would lose what that fight did to them.
    return flat(c.came_in) if c.came_in is not None else None


def _send(ops: Ops, party: str, c: Combatant, before: dict[str, Value] | None,
          also: dict[str, Value] | None = None, from_file: bool = True, rebase: bool = True) -> bool:
    """Queue the fields of `c` that differ from `before` (None: all of them, and those in `also`); each
    with the party file's value it is based on (`from_file`; else nothing, the file being written anew).
    With `rebase` (a creature of this encounter), its baseline becomes what was sent. Whether anything was."""
    assert ops.library is not None
    file = _file(ops.library, ops.rs.id, party, c.name) if from_file else {}
    lasting = of_combatant(c)
    fields = changed(before, flat(lasting), [*file, *(also or {})])
    ops.party_changes += _changes(ops.rs.id, party, c.name, fields, file)
    if rebase and c.came_in != lasting:
        ops.changing(c.id).came_in = lasting
    return bool(fields)


def _file(lib: Library, ruleset: str, party: str, name: str) -> dict[str, Value]:
    """What the party's file says lasts of a member (as this process read it)."""
    found = lib.party_file(ruleset, party)
    member = next((m for m in (found[0].members if found else []) if m.name.lower() == name.lower()), None)
    return flat(member_lasting(member)) if member is not None else {}


def _changes(ruleset: str, party: str, name: str, fields: dict[str, Value],
             file: dict[str, Value]) -> list[LastingChange]:
    return [LastingChange(ruleset, party, name, f, value, file.get(f, absent(f)))
            for f, value in fields.items() if value is not None]  # None: a pool it no longer has


def rewound(lib: Library | None, ruleset: str, c: Combatant, was: Lasting | None) -> list[LastingChange]:
    """After an undo or redo moved a member's baseline (an `end` taken back or put back): its kept state
    follows, field by field, to the baseline it has now."""
    if lib is None or lib.lasting is None or c.party is None or was is None or c.came_in is None:
        return []
    fields = changed(flat(was), flat(c.came_in))
    return _changes(ruleset, c.party, c.name, fields, _file(lib, ruleset, c.party, c.name))


SIDES = {"@pc", "@npc", "@ally", "@all"}


def rest_party(ops: Ops, kind: str, word: str) -> None:
    """`rest short|long @PARTY`: a rest for a party between fights: its members are brought into a scratch
    encounter as the last fight left them, rest by the ruleset's rules, and what the rest changed is kept."""
    lib, _, _ = _library(ops)
    found = lib.party_file(ops.rs.id, word[1:])
    ops.require(found is not None, f"no party {word[1:]!r} for {ops.rs.name}")
    assert found is not None
    name = found[0].name
    ops.require(ops.scratch is not None, "a party rests between fights only in an encounter")
    assert ops.scratch is not None
    scratch = ops.scratch(ops.rng.randrange(1 << 30))
    scratch.library = lib
    scratch.defer_writes = True
    scratch.party_outbox = list(ops.pending)  # it rests the party as this encounter's last command left it
    ops.logged = True  # the GM rested them: the log says so, whatever it changed
    # brought in to rest, not into this fight: the log says only what the rest did
    scratch.run(command_line("add", f"@{name}"))
    ops.lines += scratch.run(command_line("rest", kind))
    if lib.lasting is None:
        file = _write_party(ops, name, scratch.state.roster())
        ops.say(f"Party {name} rested ({kind}): written to {file}")
    else:
        for c in scratch.state.roster():
            _send(ops, name, c, _came_in(c), rebase=False)  # the scratch's creatures: none of this encounter
        ops.say(f"Party {name} rested ({kind}): kept for the next fight")
    waiting = [f"{scratch.state.combatants[p.cid].name}: {ops.rs.table(p.table).name}"
               + (f" ({p.reason})" if p.reason else "") for p in scratch.state.prompts]
    if waiting:  # the scratch encounter is gone: what the rest calls for is the GM's to roll at the table
        ops.say("Roll at the table, the rest calls for it: " + "; ".join(waiting)
                + " (resting in an encounter with the party instead asks each and applies it)")
