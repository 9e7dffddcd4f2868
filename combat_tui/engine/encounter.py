"""An encounter: its state, its ruleset and its log, and the one entry point that changes it: `run`."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from . import commands
from .integrity import check_state
from .json_view import encounter_view
from .rules import turns
from .rules.ops import Ops
from .rules.systems import hooks_for
from .rules.timekeeping import stamp
from .ruleset import RulesetDef, formula, given
from .state.clean import clean_command
from .state.document import EncounterDoc, now_iso
from .state.errors import CombatError, CommandError, SaveError
from .state.events import Change, DamagedStep, Event, redo, undo
from .state.model import Combatant, Lasting, State

if TYPE_CHECKING:
    from .library import Library
    from .state.lasting import LastingChange

MAX_COMMAND = 2000  # characters; a note is at most 500
def _as_read(line: str, read_as: tuple[str, str] | None) -> str:
    """The command as the log shows it: a number that picked a prompt or damage, as the names that pick it."""
    if read_as is None:
        return line
    words = line.split(" ")
    at = next((i for i, w in enumerate(words) if i and w == read_as[0]), None)
    return line if at is None else " ".join([*words[:at], read_as[1], *words[at + 1:]])


class Encounter:
    def __init__(self, doc: EncounterDoc, rs: RulesetDef, rng: random.Random | None = None, where: str = "") -> None:
        """`where` names the save it was read from, for the message if its state does not fit the ruleset."""
        if doc.ruleset != rs.id:
            raise CombatError(f"this encounter uses ruleset {doc.ruleset!r}, not {rs.id!r}")
        problem = check_state(doc.state, rs)
        if problem:
            raise SaveError(f"{where + ': ' if where else ''}damaged save ({problem}); left unchanged")
        self.doc = doc
        self.rs = rs
        self.rng = rng or random.Random()
        self.hooks = hooks_for(rs)
        self.library: Library | None = None  # the GM's templates and parties (add, act, keep, party, end)
        self.defer_writes = False  # hold library files a command writes until `flush_writes` (a `do`)
        self.outbox: list[Callable[[], None]] = []
        # party members' lasting state commands changed, for the library's `keep` (at once, or at
        # `flush_writes` when deferred) or, where it has none, for whoever saves the encounter to hand over
        self.party_outbox: list[LastingChange] = []
        self.revision = 0  # goes up with every change to the state
        self._changed: dict[str, int] = {}  # state key ("c:ID", "clock", …) -> the revision that last changed it
        self._reset = 0  # a revision that changed what no key records (creatures brought up to the ruleset)
        self._sync()

    def _sync(self, changes: list[Change] | None = None) -> None:
        """Bring creatures up to the ruleset as it is now (pools it gained since the save). Not an event:
        it changes nothing a GM did, and runs again after every undo and redo, for the creatures they
        brought back (at 1,000 creatures, checking them all cost more than the undo)."""
        combatants = self.state.combatants
        ids = list(combatants) if changes is None else [
            ch.key[2:] for ch in changes if ch.key.startswith("c:") and ch.key[2:] in combatants]
        every = given.every(self.rs)  # a pool only some creatures are given is no gap on the others
        known = {pd.id for pd in self.rs.pools}  # one it does not know: a var an older save kept as a pool
        if all(len(combatants[cid].pools) == len(self.rs.pools)
               or (all(pid in combatants[cid].pools for pid in every) and known.issuperset(combatants[cid].pools))
               for cid in ids):
            return
        ops = Ops(self.state, self.rs, self.rng, self.hooks)
        for cid in ids:
            ops.init_pools(cid)
        self.revision += 1
        self._reset = self.revision

    @classmethod
    def new(cls, rs: RulesetDef, seed: int | None = None, name: str = "") -> Encounter:
        doc = EncounterDoc(name=name, ruleset=rs.id, state=State(ruleset=rs.id))
        return cls(doc, rs, random.Random(seed))

    @property
    def updated_to_ruleset(self) -> bool:
        """Whether opening it brought creatures up to a ruleset that changed since (see `_sync`)."""
        return self._reset > 0

    @property
    def state(self) -> State:
        return self.doc.state

    def _scratch(self, seed: int) -> Encounter:
        """An empty encounter of this ruleset, for a command run outside this one (a party's rest)."""
        return Encounter.new(self.rs, seed=seed)

    # -- changing -----------------------------------------------------------------------------
    def run(self, line: str) -> list[str]:
        """Apply one command; return what happened. On error nothing changes and CombatError is raised."""
        line = clean_command(line)
        if len(line) > MAX_COMMAND:
            raise CommandError(f"a command is at most {MAX_COMMAND:,} characters")
        cmd, args, kw = commands.parse(line)
        if cmd.name in ("undo", "redo"):
            if args or kw:
                raise CommandError(f"{cmd.name} takes nothing more")
            return self.undo() if cmd.name == "undo" else self.redo()
        ops = Ops(self.state, self.rs, self.rng, self.hooks, self.library)
        ops.pending = self.party_outbox
        ops.scratch = self._scratch
        moment = stamp(self.state, self.rs)
        try:
            cmd.handler(ops, args, kw)
            self._change_triggers(ops)
            turns.catch_up(ops)
            if cmd.name != "end":
                commands.after_end(ops)
            for write, remember in ops.writes:
                if self.defer_writes:
                    self.outbox.append(write)
                else:  # a library file that cannot be written undoes the command
                    write()
                remember()  # the next command (a `rest @PARTY` after `end`) reads what this one wrote
            self._hand_over(ops.party_changes)
        except CombatError:
            ops.tx.rollback()
            raise
        except (LookupError, ValueError, ArithmeticError):  # a gap in a ruleset's data, told plainly
            ops.tx.rollback()
            raise CommandError(f"cannot do {cmd.name} here: the ruleset does not say how; nothing changed") from None
        changes = ops.tx.changes()
        said = bool(ops.rolls or ops.writes or ops.party_changes or ops.logged)  # done outside the state
        if not changes and not said:
            return ops.lines or ["Nothing changed."]
        event = Event(command=_as_read(line.strip(), ops.read_as), stamp=moment, at=now_iso(), lines=ops.lines,
                      rolls=ops.rolls, changes=changes)
        if changes:
            del self.doc.log[self.doc.cursor:]
            self.doc.log.append(event)
            self.doc.cursor = len(self.doc.log)
        else:  # in the log, not an undo step: what undo took back stays there to redo
            self._place(self.doc.cursor, [event])
            self.doc.cursor += 1
        self.doc.updated = now_iso()
        self._touch(changes)
        return ops.lines

    def _place(self, at: int, events: list[Event]) -> None:
        """The log with `events` put in at `at`, what followed after them."""
        log = self.doc.log
        after = log[at:]
        log.cut(at)
        log.extend([*events, *after])

    def _change_triggers(self, ops: Ops) -> None:
        """Fire `change` triggers whose condition turned true during this command (once each)."""
        triggers = [t for t in self.rs.triggers if t.on == "change"]
        if not triggers:
            return
        fired: set[tuple[int, str]] = set()
        for _ in range(4):
            progress = False
            for cid in ops.tx.touched_combatants():
                if cid not in self.state.combatants:
                    continue
                before_snap = ops.tx.before.get(f"c:{cid}")
                before = ops.names(Combatant.model_validate(before_snap)) if before_snap else None
                was = before if before is not None else ops.names(ops.peek(cid))
                then = {f"before_{k}": v for k, v in was.items() if k in ops.peek(cid).pools}
                if before is not None:
                    before.update(then)
                names: dict[str, int] | None = None  # worked out once, again after an effect changes it
                for i, trig in enumerate(triggers):
                    if (i, cid) in fired:
                        continue
                    if trig.when is not None and names is None:
                        names = ops.names(ops.peek(cid), then)
                    if trig.when is not None and not formula.evaluate(trig.when, names or {}):
                        continue
                    if trig.when is not None and trig.edge and before is not None and formula.evaluate(
                            trig.when, before):
                        continue
                    fired.add((i, cid))
                    ops.apply_effects(cid, trig.effects, then)  # `before_X` in its effects too
                    names = None
                    progress = True
            if not progress:
                return

    def _hand_over(self, changes: list[LastingChange]) -> None:
        """Party state a command changed: kept at once where the library can (a failure undoes the
        command), else held in `party_outbox`."""
        keep = self.library.keep if self.library is not None else None
        if changes and keep is not None and not self.defer_writes:
            keep(changes)
        else:
            self.party_outbox += changes

    def flush_writes(self) -> None:
        """Write the library files commands held back (see `defer_writes`), then the party state."""
        while self.outbox:
            self.outbox.pop(0)()
        keep = self.library.keep if self.library is not None else None
        if self.party_outbox and keep is not None:
            keep(list(self.party_outbox))
            self.party_outbox.clear()

    def _last_step(self) -> int | None:
        """Where the last event before the cursor that changed the state is: an undo step (a roll, a
        rest of a party elsewhere are in the log, not steps)."""
        stop, batch = self.doc.cursor, 1
        while stop > 0:  # events on disk are read no further back than needed, past many notes in batches
            start = max(stop - batch, 0)
            for i, event in reversed(list(enumerate(self.doc.log[start:stop], start=start))):
                if event.changes:
                    return i
            stop, batch = start, min(batch * 4, 256)
        return None

    @property
    def can_undo(self) -> bool:
        return self._last_step() is not None

    def undo(self) -> list[str]:
        at = self._last_step()
        if at is None:
            raise CommandError("nothing to undo")
        event = self.doc.log[at]
        was = self._baselines(event.changes)
        try:
            undo(self.state, event)
        except DamagedStep:
            raise CommandError(f"the log is damaged at {event.command[:60]!r}: it cannot be undone") from None
        try:
            self._hand_over(self._rewound(was))
        except CombatError:
            redo(self.state, event)  # the party's state could not follow: the undo is not done either
            raise
        self._touch(event.changes)
        self._sync(event.changes)
        cursor = self.doc.cursor
        if at < cursor - 1:  # the notes logged since stay in the log; the step undone goes past them
            log = self.doc.log
            notes, undone = log[at + 1:cursor], log[cursor:]
            log.cut(at)
            log.extend([*notes, event, *undone])
        self.doc.cursor = cursor - 1
        self.doc.updated = now_iso()
        return [f"Undid: {event.command} ({event.stamp})"]

    def redo(self) -> list[str]:
        at = self.doc.cursor
        while at < len(self.doc.log) and not self.doc.log[at].changes:
            at += 1  # a roll an older version undid: a note, back in the log with this redo
        if at >= len(self.doc.log):
            raise CommandError("nothing to redo")
        event = self.doc.log[at]
        was = self._baselines(event.changes)
        try:
            redo(self.state, event)
        except DamagedStep:
            raise CommandError(f"the log is damaged at {event.command[:60]!r}: it cannot be redone") from None
        try:
            self._hand_over(self._rewound(was))
        except CombatError:
            undo(self.state, event)
            raise
        self._touch(event.changes)
        self._sync(event.changes)
        self.doc.cursor = at + 1
        self.doc.updated = now_iso()
        return [f"Redid: {event.command} ({event.stamp})"]

    def _baselines(self, changes: list[Change]) -> dict[str, Lasting | None]:
        """Party members' baselines before an undo or redo of these changes."""
        combatants = self.state.combatants
        return {ch.key[2:]: combatants[ch.key[2:]].came_in for ch in changes
                if ch.key.startswith("c:") and ch.key[2:] in combatants and combatants[ch.key[2:]].party}

    def _rewound(self, was: dict[str, Lasting | None]) -> list[LastingChange]:
        """An undo or redo that moved party members' baselines moves their kept state with them: undoing
        `end` takes back what it kept (a field another fight wrote since goes back too: the last writer wins)."""
        out: list[LastingChange] = []
        for cid, before in was.items():
            c = self.state.combatants.get(cid)
            if c is not None and c.came_in != before:
                out += commands.rewound(self.library, self.rs.id, c, before)
        return out

    def _touch(self, changes: list[Change]) -> None:
        self.revision += 1
        for ch in changes:
            self._changed[ch.key] = self.revision

    def changed_at(self, key: str) -> int:
        """The revision that last changed this part of the state: what a cache of it is keyed on."""
        return max(self._changed.get(key, 0), self._reset)

    def touched_since(self, revision: int) -> set[str] | None:
        """The state keys changed after `revision`; None when it cannot say which."""
        if self._reset > revision:
            return None
        return {key for key, rev in self._changed.items() if rev > revision}

    def history(self, last: int | None = None) -> list[Event]:
        """The events applied, oldest first; only the `last` few when given (the rest may be on disk)."""
        cursor = self.doc.cursor
        return self.doc.log[0 if last is None else max(cursor - last, 0):cursor]

    # -- reading ------------------------------------------------------------------------------
    def view(self) -> dict[str, Any]:
        return encounter_view(self.doc, self.rs)
