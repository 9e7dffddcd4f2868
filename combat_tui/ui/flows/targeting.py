"""Whom a key is for: the marked creatures, the highlighted one, or the one acting. Damage and conditions
go to a target; actions are the actor's, even with the highlight left on a creature just hit, until the
GM moves the highlight to choose otherwise. Marks are targets, spent once a line used them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ...engine.rules.timekeeping import active, current_actor
from ...engine.ruleset import TimeModel
from ..widgets.pick_list import Choice
from .flow import Aim, AimAt, Host

PICK_FIRST = "Pick a creature first (arrows in the order pane)"
FOLLOW = {"start", "next", "hold", "delay", "enter"}
BACK = {"undo", "redo"}  # the highlight goes back to the one the change undone (or redone) was made with


class Targeting:
    def __init__(self, host: Host) -> None:
        self.host = host
        self.actor: str | None = None  # the acting creature the highlight last stood on
        self.hit_other = False  # a creature not acting was hit since the GM last moved the highlight
        self._made_with: dict[int, str | None] = {}  # a change (the cursor after it) -> the highlight it was made with

    # -- the highlight ---------------------------------------------------------------------------
    def moved(self, cid: str) -> None:
        """The GM moved the highlight: `a` is for the one chosen."""
        self.hit_other = False
        enc = self.host.session.encounter
        if any(c.id == cid for c in active(enc.state, enc.rs)):
            self.actor = cid

    def followed(self, cid: str) -> None:
        """The turn moved the highlight to the one acting now."""
        self.actor = cid
        self.hit_other = False

    def after_line(self, word: str, before: int, highlight: str | None,
                   selected: str | None) -> tuple[str | None, str | None, bool]:
        """Where the highlight goes once a line (its first `word`) ran, the log's cursor at `before` then:
        onto the one acting now when the turn moved (not in free rounds, where everyone acts), back to the
        one a change undone or redone was made with, else it stays. (Whom to select, whom to follow,
        whether it went back.)"""
        enc = self.host.session.encounter
        cursor = enc.doc.cursor
        back = bool(word) and any(w.startswith(word) for w in BACK)
        if back:  # undone: the change `before` was; redone: the one the cursor is on now
            selected = self._made_with.get(before if cursor < before else cursor, highlight)
        elif cursor > before:
            self._made_with[cursor] = highlight
        follow = enc.rs.time.model is not TimeModel.FREE_ROUNDS and not back
        now = active(enc.state, enc.rs) if follow and word and any(w.startswith(word) for w in FOLLOW) else []
        if not now:
            return selected, None, back
        self.followed(now[0].id)
        return now[0].id, now[0].id, back

    # -- whom ------------------------------------------------------------------------------------
    def creature(self, cid: str) -> Aim:
        name = self.host.session.encounter.state.combatants[cid].name
        return Aim(name, frozenset({cid}), name)

    def targets(self) -> Aim | None:
        """The marked creatures, else the highlighted one; None (and the GM told) when there is none."""
        state = self.host.session.encounter.state
        picked = self.host.picked()
        marked = self.host.marked
        ids = [c.id for c in state.roster() if c.id in marked] or ([picked] if picked in state.combatants else [])
        if not ids:
            self.host.warn(PICK_FIRST)
            return None
        names = [state.combatants[i].name for i in ids]
        label = names[0] if len(names) == 1 else f"{len(names)} marked creatures"
        return Aim(",".join(names), frozenset(ids), label)

    def actor_after_hit(self) -> str | None:
        """Whose turn it is, when `a` should act for it rather than for the highlighted creature: a
        target was hit since the GM last moved the highlight, and nothing is marked."""
        enc = self.host.session.encounter
        if not self.hit_other or self.host.marked or enc.rs.time.model is TimeModel.FREE_ROUNDS:
            return None  # in free rounds everyone acts: the highlighted one
        now = [c.id for c in active(enc.state, enc.rs)]
        picked = self.host.picked()
        if not now or picked is None or picked in now or picked not in enc.state.combatants:
            return None
        return self.actor if self.actor in now else now[0]

    def on_marks(self) -> Aim | None:
        """Who acts on the marked creatures: the highlighted one when it is not marked, else whose turn it is."""
        enc = self.host.session.encounter
        picked, marked = self.host.picked(), self.host.marked
        now = [c.id for c in active(enc.state, enc.rs) if c.id not in marked]
        cid = picked if picked in enc.state.combatants and picked not in marked else (
            self.actor if self.actor in now else next(iter(now), None))
        if cid is None:
            self.host.warn("Marked creatures are the targets: highlight the one who acts (not marked)")
            return None
        return replace(self.creature(cid), on=marked)

    def aim(self, at: AimAt, then: Callable[[Aim], object]) -> None:
        """Find whom a flow is for, asking when it is for the GM to say, then go on with it."""
        host, enc = self.host, self.host.session.encounter
        found: Aim | None
        if at is AimAt.NONE:
            found = Aim()
        elif at is AimAt.TARGETS:
            found = self.targets()
        elif at is AimAt.PICKED:
            cid = host.picked() or ""
            found = self.creature(cid) if cid in enc.state.combatants else None
        elif at is AimAt.CURRENT:
            now = current_actor(enc.state)
            found = self.creature(now) if now else None
        elif host.marked:  # marks are targets: the actor's action, on them
            found = self.on_marks()
        elif at is AimAt.ATTACKER:
            cid = self.actor_after_hit() or host.picked() or ""
            found = self.creature(cid) if cid in enc.state.combatants else None
            if found is None:
                host.warn(PICK_FIRST)
        elif at is AimAt.ACTOR and (actor := self.actor_after_hit()) is not None:
            hit = host.picked() or ""  # the highlight is on a creature just hit: the actor's, unless the GM
            state = enc.state  # says otherwise (a reaction, say)
            who = [Choice(actor, state.combatants[actor].name, hint="whose turn it is"),
                   Choice(hit, state.combatants[hit].name, hint="highlighted, just hit")]
            host.questions.choose("Who acts?", who, lambda cid: then(self.creature(cid)))
            return
        else:
            found = self.targets()
        if found is not None:
            then(found)

    def hit(self, line: str, aimed: frozenset[str], target: bool = True) -> None:
        """Run a line aimed at creatures. Once it ran, the marks it used are spent. A `target` hit on a
        creature that is not acting leaves the highlight there, for the next condition, but `a` is the
        actor's again."""
        host = self.host
        if not host.run_line(line):
            return
        if aimed & host.marked:
            host.marked = host.marked - aimed
        if target:
            enc = host.session.encounter
            self.hit_other = not aimed & {c.id for c in active(enc.state, enc.rs)}
