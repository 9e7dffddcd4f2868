"""The subcommands that play or read an encounter without the app: rulesets, roll, lookup, new, do, show."""


from __future__ import annotations

import argparse
import json
import random
import sys

from .. import faults
from ..engine import lookup
from ..engine.encounter import Encounter
from ..engine.json_view import encounter_view
from ..engine.state.errors import CombatError
from ..engine.views.gm import GroupRow, Heading
from ..engine.views.gm_view import GMViews
from ..engine.views.sheet import conditions_view, sheet_view
from ..session import catalogue, load_library
from ..store import saves
from ..store.save_db import SaveDB
from .saves import save_path


def _rulesets(args: argparse.Namespace) -> int:
    cat = catalogue()
    for rid, rs in sorted(cat.rulesets.items()):
        print(f"{rid:16} {rs.name}")
    for problem in cat.problems:
        print(f"skipped: {problem}", file=sys.stderr)
    return 0


def _roll(args: argparse.Namespace) -> int:
    from ..engine import dice  # d20 takes a while to import: only for the commands that roll

    r = dice.roll(" ".join(args.expr), random.Random(args.seed))
    print(r.detail)
    return 0


def _lookup(args: argparse.Namespace) -> int:
    rs = catalogue().get(args.ruleset)
    hits = lookup.search(rs, " ".join(args.term))
    if not hits:
        print(f"nothing in {rs.name} matches {' '.join(args.term)!r}", file=sys.stderr)
        return 1
    if len(hits) > 4:
        print(f"{len(hits)} matches; be more precise:")
        for e in hits:
            print(f"  {e.kind:9} {e.name}")
        return 0
    for i, e in enumerate(hits):
        if i:
            print()
        print(f"{e.name} ({e.kind})")
        for line in e.lines:
            print(f"  {line}" if not line.startswith("  ") else line)
    return 0


def _new(args: argparse.Namespace) -> int:
    path = save_path(args.file, args.data_dir)
    if path.suffix == ".json":  # JSON is for exchange (export, import); play is in a database
        path = path.with_suffix(saves.SUFFIX)
    if path.exists():
        raise CombatError(f"{path} already exists; not overwritten")
    rs = catalogue().get(args.ruleset)
    enc = Encounter.new(rs, name=args.name or path.stem)
    SaveDB.create(path, enc.doc)
    print(f"New {rs.name} encounter: {path}")
    return 0


QUOTED = 60  # characters of a refused command the error repeats: it names the command, not all of it


def _quoted(line: str) -> str:
    """A refused command as its error quotes it: a pasted page of text would otherwise be the whole message."""
    return repr(line if len(line) <= QUOTED else line[: QUOTED - 1] + "…")


def _do(args: argparse.Namespace) -> int:
    """Run commands on a save; they are made durable together, or not at all."""
    from ..session import Session

    faults.reach("start")
    cat = catalogue()
    session = Session.open(save_path(args.file, args.data_dir), cat, args.seed, one_shot=True,
                           lib=load_library(cat, args.data_dir))
    session.encounter.defer_writes = True  # library files (keep, party, end) only once the save is made
    faults.reach("loaded")
    try:
        out: list[str] = []
        for line in args.commands:
            try:
                out.extend(session.encounter.run(line))
            except CombatError as exc:
                for done in out:
                    print(done)
                raise CombatError(f"{_quoted(line)}: {exc} (nothing saved)") from None
        faults.reach("ran")
        if session.converted_note:
            out.insert(0, session.converted_note)
        if not session.save():  # one transaction: on disk whole, or not at all
            raise CombatError(f"{session.save_error} (nothing saved)".replace(" — kept in memory; will retry", ""))
        for line in out:
            print(line)
        session.encounter.flush_writes()
        session.keep_face()  # for the app's next start (a transaction of its own)
        return 0
    finally:
        session.close()


def _show(args: argparse.Namespace) -> int:
    enc = saves.encounter_at(save_path(args.file, args.data_dir), catalogue())
    view = encounter_view(enc.doc, enc.rs)
    if args.json:
        print(json.dumps(view, indent=2, ensure_ascii=False))
        return 0
    print(render_text(enc))
    return 0


def render_text(enc: Encounter) -> str:
    """The encounter in the GM screen's words: its order (under the same headings), each creature's
    pools as its sheet shows them and its conditions as the sheet says them, then the waiting prompts."""
    state, rs = enc.state, enc.rs
    view = GMViews().build(enc)
    lines = [f"{view.name} — {view.ruleset} — {view.when}"]
    for row in view.order:
        if isinstance(row, Heading):
            lines.append(f"  {row.text}")
            continue
        if isinstance(row, GroupRow):  # folded as the order pane shows it
            glance = " ".join([*row.healths, *([f"· {row.condition_words}"] if row.conditions else [])])
            title = row.title + (f" ({row.hidden_words})" if row.hidden else "")
            lines.append(f"  {row.lead.strip():>3}  {title:<20} {row.side:<4} {glance}")
            continue
        c = state.combatants[row.id]
        sheet = sheet_view(state, rs, c)
        pools = " ".join(pv.words for pv in sheet.pools)
        who = row.name + (" (hidden)" if row.hidden else "")
        lines.append(f"{'>' if row.acting else ' '} {row.lead.strip():>3}  {who:<20} {row.side:<4} {pools}")
        lines += [f"        - {cv.words}" + ("" if cv.timed else f"  {cv.ends}")
                  for cv in conditions_view(state, rs, c, ()).conditions]
    for p in view.prompts:
        lines.append(f"! prompt {p.uid}: {p.creature} — {p.table} ({p.reason})")
    return "\n".join(lines)
