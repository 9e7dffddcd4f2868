"""The main screen: order, sheet, conditions, prompts, log and command bar.

Every change goes through `Session.run` with a line of the command language, the same as
`combat-tui do`: keys build the line, dialogs ask for what is missing. Widgets render the state
they are given and post messages; only this screen runs commands.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Input

from ...engine.commands import command_line, named
from ...engine.lookup import entries
from ...engine.rules.attacks import as_action, ready_words
from ...engine.rules.durations import duration_words
from ...engine.rules.timekeeping import acting_order, active, current_actor
from ...engine.ruleset import TimeModel
from ...engine.state.bounds import parse_int
from ...engine.state.clean import clean_line
from ...engine.state.errors import CombatError
from ...engine.state.model import Combatant
from ...engine.views.gm import LOG_SHOWN
from ...engine.views.gm_view import GMViews, key_state
from ...session import Session
from .. import styles
from ..host import host
from ..widgets.command_bar import CommandBar
from ..widgets.conditions_pane import ConditionsPane
from ..widgets.footer import QuietFooter
from ..widgets.log_pane import LogPane
from ..widgets.order_pane import OrderPane
from ..widgets.pick_list import Choice, PickList
from ..widgets.question_bar import QuestionBar
from .gm_screen import GMScreen
from .picks import (
    OWN,
    act_choices,
    action_asks,
    condition_choices,
    instance_choices,
    library_choices,
    outcome_choices,
    outcome_hint,
    own_attack_choices,
    part_choices,
    pool_choices,
    ready_choices,
    speed_words,
    target_order,
    uncond_line,
)

RETRY_SECONDS = 3.0
TAKE_IN_SECONDS = 1.0  # how soon a change another process made to the save (a `do`) shows here
FACE_SECONDS = 2.0  # this long without a command, the save keeps its face (for the next start)
FOLLOW = {"start", "next", "hold", "delay", "enter"}
BACK = {"undo", "redo"}  # the highlight goes back to the one the change undone (or redone) was made with


class MainScreen(GMScreen):
    selected: reactive[str | None] = reactive(None, repaint=False, init=False)
    marked: reactive[frozenset[str]] = reactive(frozenset(), repaint=False, init=False)

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.take(session)

    def take(self, session: Session) -> None:
        """The screen's own state over `session`: as it is made, or as the face's screen becomes it (face.py)."""
        self.session = session
        self._views = GMViews()
        self.set_reactive(MainScreen.view, self._views.build(session.encounter))
        self._retry: Timer | None = None
        self._face_timer: Timer | None = None  # keeps the save's face once the GM pauses
        self._keys: tuple[bool | None, ...] = ()  # each binding's availability when the footer last heard
        self._aimed: frozenset[str] = frozenset()  # the creatures the last targets() named
        self._actor: str | None = None  # the acting creature the highlight last stood on
        self._hit_other = False  # a creature not acting was hit since the GM last moved the highlight
        self._asking: tuple[QuestionBar | PickList, Widget | None] | None = None  # what is up, and the focus before
        self._bar_from_key = False  # the command bar was opened by a key that began its line (r, E), not by `:`
        self._answered: tuple[Widget | None] | None = None  # put away, the focus not yet given back
        self._made_with: dict[int, str | None] = {}  # a change (the cursor after it) -> the highlight it was made with

    # -- layout ----------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        s = self.session
        yield from self.panes([(e.stamp, e.command, e.lines) for e in s.encounter.history(LOG_SHOWN)], s)

    def on_mount(self) -> None:
        self.session.save_in_background(self._saved)
        self.set_interval(TAKE_IN_SECONDS, self._take_in)
        self._face_timer = self.set_interval(FACE_SECONDS, self._keep_face)
        self._retitle()
        self.set_focus(self.query_one(OrderPane))  # now: focus() moves it later, after keys typed ahead
        if self.session.save_error:
            self._save_done()

    def _keep_face(self) -> None:
        self.session.keep_face()

    def refresh_view(self) -> None:
        """The view built again from the encounter, the selection and the marks: the panes whose part
        changed redraw."""
        self.view = self._views.build(self.session.encounter, self.selected, self.marked)

    def watch_selected(self) -> None:
        self.refresh_view()

    def watch_marked(self) -> None:
        self.refresh_view()

    def _retitle(self) -> None:
        self.title = self.view.title
        if self.session.save_error:  # first: a narrow header cuts the end off, and this must show
            self.sub_title = f"unsaved! · {self.view.ruleset}"
        else:
            self.sub_title = self.sub_title_for(clean_line(self.session.path.name))

    # -- running commands --------------------------------------------------------------------------
    def run_line(self, line: str) -> bool:
        """Run one command line; report errors in one line, once (a toast: a failed line changed
        nothing, so the log keeps what happened); redraw. True when it changed something."""
        line = clean_line(line)  # a paste may bring control characters; the log shows the line as typed
        self._take_in()  # a command runs on the save as it is now, whoever changed it last
        log = self.query_one(LogPane)
        before = self.session.encounter.doc.cursor
        highlight = self.picked()
        try:
            lines = self.session.run(line)
        except CombatError as exc:
            self.notify(str(exc), severity="error", markup=False)
            return False
        if self._face_timer is not None:
            self._face_timer.reset()  # not while the GM is typing: once they pause
        enc = self.session.encounter
        if enc.doc.cursor > before and enc.doc.log:  # a note goes in before what undo took back
            event = enc.doc.log[enc.doc.cursor - 1]
            log.write_event(event.stamp, event.command, lines)  # as the log keeps it: names, not numbers
        else:
            for text in lines:
                log.note(text, style="italic")
        word = line.split(maxsplit=1)[0].lower() if line.strip() else ""
        back = bool(word) and any(w.startswith(word) for w in BACK)
        restore = self.selected
        if back:  # undone: the change `before` was; redone: the one the cursor is on now
            restore = self._made_with.get(before if enc.doc.cursor < before else enc.doc.cursor, highlight)
        elif enc.doc.cursor > before:
            self._made_with[enc.doc.cursor] = highlight
        # in free rounds everyone acts: stay put
        follow = enc.rs.time.model is not TimeModel.FREE_ROUNDS and not back
        now = active(enc.state, enc.rs) if follow and word and any(w.startswith(word) for w in FOLLOW) else []
        if now:
            self._actor = now[0].id
            self._hit_other = False
        # Set quietly: the view is built once, for all three.
        selected = now[0].id if now else restore
        self.set_reactive(MainScreen.selected, selected if selected in enc.state.combatants else None)
        self.set_reactive(MainScreen.marked, frozenset(m for m in self.marked if m in enc.state.combatants))
        self.refresh_view()
        if now:
            self.query_one(OrderPane).follow(now[0].id)  # after: the order has its new rows
        elif back and self.selected is not None:
            self.query_one(OrderPane).select(self.selected, quiet=True)
        self._retitle()
        keys = tuple(self.check_action(b.action, ()) for b in self.BINDINGS if isinstance(b, Binding))
        footer = self.query_one(QuietFooter)
        # Asking the footer is not free: only when a key's availability moved, and not while a question
        # holds it (the focus given back asks it then, for the keys of the screen, not the question's).
        if keys != self._keys and not footer.held:
            self._keys = keys
            if not footer.relight(self):  # keys dimmed or lit now, in this frame
                self.refresh_bindings()  # the keys shown changed: the footer rebuilds
        return True

    def _take_in(self) -> None:
        """Another process changed the save (a `do`): show it as it is now."""
        try:
            taken = self.session.take_in()
        except CombatError as exc:
            self.notify(str(exc), severity="warning", markup=False)
            return
        if taken is not None:
            log = self.query_one(LogPane)
            log.note("Taken in from elsewhere (another combat-tui wrote this save):", style="italic")
            for event in taken:
                log.write_event(event.stamp, event.command, event.lines)
            state = self.session.encounter.state
            self.set_reactive(MainScreen.selected, self.selected if self.selected in state.combatants else None)
            self.set_reactive(MainScreen.marked, frozenset(m for m in self.marked if m in state.combatants))
            self.refresh_view()
            self._retitle()

    def picked(self) -> str | None:
        """The highlighted creature, read from the order pane itself so a fast typist never outruns it."""
        cid = self.query_one(OrderPane).highlighted_id()
        if cid is not None and cid != self.selected:
            self.selected = cid
        return cid if cid is not None else self.selected

    class SaveDone(Message):
        """The autosave thread finished a write (it may have failed)."""

    def _saved(self) -> None:
        self.post_message(self.SaveDone())  # from the autosave thread: post_message is thread-safe

    @on(SaveDone)
    def _save_done(self) -> None:
        """A failed save keeps the state in memory, says so once and is tried again every few seconds
        until it works; the next success says so."""
        error = self.session.save_error
        if error and self._retry is None:
            self.notify(error, severity="warning", markup=False)
            self._retry = self.set_interval(RETRY_SECONDS, self.session.save)
        elif not error and self._retry is not None:
            self._retry.stop()
            self._retry = None
            self.notify("Saved again: nothing was lost", markup=False)
        self._retitle()

    def targets(self) -> str | None:
        """The creatures an action applies to: the marked ones, else the selected one, quoted for the parser."""
        state = self.session.encounter.state
        picked = self.picked()
        ids = [c.id for c in state.roster() if c.id in self.marked] or (
            [picked] if picked in state.combatants else [])
        if not ids:
            self.notify("Pick a creature first (arrows in the order pane)", severity="warning")
            return None
        self._aimed = frozenset(ids)
        return ",".join(state.combatants[i].name for i in ids)

    def target_label(self) -> str:
        state = self.session.encounter.state
        ids = [c.id for c in state.roster() if c.id in self.marked] or [self.selected or ""]
        names = [state.combatants[i].name for i in ids if i in state.combatants]
        return names[0] if len(names) == 1 else f"{len(names)} marked creatures"

    def ask(self, title: str, placeholder: str, then: Callable[[str], object], value: str = "",
            allow_empty: bool = False) -> None:
        """Ask in the command bar's row; `then` gets the answer (empty only when allowed), never a cancel."""
        def done(answer: str | None) -> None:
            back = self._put_away()
            try:
                if answer is not None:
                    then(answer)
            finally:
                self._give_back(back)

        bar = self.query_one(QuestionBar)
        bar.ask(title, placeholder, value, allow_empty, done)
        self._bring_up(bar)

    def choose(self, title: str, choices: list[Choice], then: Callable[[str], object]) -> None:
        if not choices:
            self.notify(f"{title}: nothing to choose from", severity="warning", markup=False)
            return

        def done(answer: str | None) -> None:
            back = self._put_away()
            try:
                if answer:
                    then(answer)
            finally:
                self._give_back(back)

        picker = self.query_one(PickList)
        picker.pick(Text(title), choices, done)
        self._bring_up(picker)

    def _bring_up(self, asker: QuestionBar | PickList) -> None:
        """Show the question or the list, its input focused now (a key typed right after the key that
        asked lands there); the screen's own keys wait, and the footer keeps its keys, until it is put
        away. An answer may ask the next question at once."""
        back = self.focused if self._answered is None else self._answered[0]
        self._answered = None
        if self._asking is not None:  # another was up (a click asked): it goes, unanswered
            other, back = self._asking
            if other is not asker:
                other.display = False
        self._asking = asker, back
        self.query_one(QuietFooter).held = True
        if back is not None:  # keeps its focused look (app.tcss): not drawn again
            back.add_class("-behind-question", update=back is not self.focused)  # else restyled once, as it blurs
            if isinstance(back, OrderPane):  # the order looks the same focused or not: neither restyled
                back.keep_look()
        asker.display = True
        self.set_focus(asker.input)

    def _put_away(self) -> tuple[Widget | None] | None:
        """The question or the list hidden; the focus stays in it until _give_back, as the answer may
        ask the next question at once: the focus then goes from one input to the other, and the pane
        behind is not restyled and drawn again in between."""
        if self._asking is None:
            return None
        asker, back = self._asking
        self._asking = None
        self._answered = (back,)
        asker.display = False
        return self._answered

    def _give_back(self, answered: tuple[Widget | None] | None) -> None:
        """The focus back where it was before the question, unless the answer asked another."""
        if answered is None or self._answered is not answered:
            return
        self._answered = None
        (back,) = answered
        self.query_one(QuietFooter).held = False
        target = back if back is not None and back.is_attached and back.display else self.query_one(OrderPane)
        if back is not None:  # restyled once, as the focus comes back to it (not for the class and again for that)
            back.remove_class("-behind-question", update=back is not target)
            if isinstance(back, OrderPane) and back is not target:
                back.keep_look(False)
        self.set_focus(target)

    def hit(self, line: str, aimed: frozenset[str], target: bool = True) -> None:
        """Run a line aimed at creatures. Once it ran, the marks it used are spent. A `target` hit
        (damage, healing, conditions) on a creature that is not acting leaves the highlight there, for
        the next condition, but `a` is the actor's again: damage and conditions go to a target,
        actions are the actor's, until the GM moves the highlight to choose otherwise."""
        if not self.run_line(line):
            return
        if aimed & self.marked:
            self.marked = self.marked - aimed
        if target:
            enc = self.session.encounter
            self._hit_other = not aimed & {c.id for c in active(enc.state, enc.rs)}

    def actor_after_hit(self) -> str | None:
        """Whose turn it is, when `a` should act for it rather than for the highlighted creature: a
        target was hit since the GM last moved the highlight, and nothing is marked."""
        enc = self.session.encounter
        if not self._hit_other or self.marked or enc.rs.time.model is TimeModel.FREE_ROUNDS:
            return None  # in free rounds everyone acts: the highlighted one
        now = [c.id for c in active(enc.state, enc.rs)]
        picked = self.picked()
        if not now or picked is None or picked in now or picked not in enc.state.combatants:
            return None
        return self._actor if self._actor in now else now[0]

    # -- messages from the widgets -----------------------------------------------------------------
    @on(OrderPane.Picked)
    def _picked(self, event: OrderPane.Picked) -> None:
        # The highlight as it is now: a rebuild's message can arrive after the turn moved it on.
        cid = self.query_one(OrderPane).highlighted_id() or event.cid
        if cid not in self.session.encounter.state.combatants:
            return
        self.selected = cid
        self._hit_other = False  # the GM moved the highlight: `a` is for the one chosen
        enc = self.session.encounter
        if any(c.id == cid for c in active(enc.state, enc.rs)):
            self._actor = cid

    @on(LogPane.Done)
    def _done_reading(self) -> None:
        self.query_one(LogPane).reading = False
        self.set_focus(self.query_one(OrderPane))

    @on(events.DescendantFocus)
    def _focus_moved(self, event: events.DescendantFocus) -> None:
        log = self.query_one(LogPane)
        if log.reading and event.widget is not log:  # Tab or a click took the GM elsewhere: done reading
            log.reading = False

    @on(ConditionsPane.Chosen)
    def _condition_chosen(self, event: ConditionsPane.Chosen) -> None:
        self._add_condition(event.cond_id)

    def action_run_command(self) -> None:
        """Enter in the command bar, run at once (a priority binding): by way of the input's message, a
        key typed right after Enter was typed into the line being run."""
        bar = self.query_one(CommandBar)
        line = bar.value.strip()
        if not line:
            self.set_focus(self.query_one(OrderPane))
            return
        if self.run_line(line):
            bar.value = ""
            if self._bar_from_key:  # a key began the line (r, E): its line run, the next letter is a key again
                self._bar_from_key = False
                self.set_focus(self.query_one(OrderPane))
        else:  # kept to fix, selected: the next line typed replaces it rather than joining it
            bar.select_all()

    # -- availability ------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self._asking is not None:
            return False  # a question or a list is up: its keys only
        if action == "run_command":
            return isinstance(self.focused, CommandBar)  # elsewhere Enter is the focused widget's
        if action == "add_creature" and isinstance(self.focused, Input):
            return False  # a typed "+" (Textual names it no character, so the input does not claim it)
        if action == "unmark" and isinstance(self.focused, Input | LogPane):
            return None  # Escape leaves the command bar (Textual gives it its letters itself), or the log
        return key_state(self.session.encounter, action)

    # -- the actions -------------------------------------------------------------------------------
    def _start(self) -> None:
        """Start, asking the players' initiative first where they roll it (dialogs/initiative.py)."""
        from ..dialogs.initiative import InitiativeDialog, players_to_ask

        players = players_to_ask(self.session.encounter)
        if not players:
            self.run_line("start")
            return

        def run(lines: list[str] | None) -> None:
            for line in lines or []:
                if not self.run_line(line):
                    return  # one line in error: said in one line; the rest not run, the fight not started

        self.app.push_screen(InitiativeDialog(players), run)

    def action_next(self) -> None:
        """Next turn; with something left undone (a prompt waiting, a creature of this TC that has not
        acted), the GM is told what and chooses: do it, dismiss it, or pass anyway (the log says so)."""
        enc = self.session.encounter
        state, rs = enc.state, enc.rs
        if not state.clock.started:
            self._start()
            return
        choices: list[Choice] = []
        undone: list[str] = []
        if state.prompts:
            prompt = state.prompts[0]
            who = state.combatants[prompt.cid].name if prompt.cid in state.combatants else "?"
            table = rs.table(prompt.table).name
            undone += [f"{state.combatants[p.cid].name if p.cid in state.combatants else '?'}: "
                       f"{rs.table(p.table).name} waits" for p in state.prompts]
            choices += [Choice("resolve", f"Resolve {who}'s {table} now", prompt.reason),
                        Choice("dismiss", f"Dismiss {who}'s {table}", "it will not be rolled")]
        if rs.time.model is TimeModel.TIME_COUNT:
            for c in active(state, rs):
                if not c.acted:
                    undone.append(f"{c.name} has not acted")
                    choices.append(Choice(f"act:{c.id}", f"{c.name} acts now", "otherwise it waits a TC"))
        if not choices:
            self.run_line("next")
            return
        what = "; ".join(undone)
        choices.append(Choice("pass", "Pass anyway", f"left undone: {what}"))

        def then(pick: str) -> None:
            if pick == "resolve":
                self._resolve_first()
            elif pick == "dismiss":
                self.action_prompt_dismiss()
            elif pick.startswith("act:"):
                self._act_for(pick[4:])
            else:  # the log says what was left: the engine tells who waits a TC, which prompt still waits
                self.run_line("next")

        self.choose(f"Left undone: {what}", choices, then)

    def _resolve_first(self) -> None:
        """The first waiting prompt, resolved: rolled (or its roll applied), or its value asked for."""
        enc = self.session.encounter
        prompt = enc.state.prompts[0]
        if enc.rs.table(prompt.table).choice:
            self.action_prompt_value()
        else:
            self.run_line(command_line("resolve", str(prompt.uid)))

    def action_damage(self) -> None:
        spec = self.targets()
        if spec:
            types = ", ".join(self.session.encounter.rs.damage.types[:4])
            hint = f"7, 2d6+3, or 7 {types.split(', ')[0]}" if types else "7 or 2d6+3"
            aimed = self._aimed
            self.ask(f"Damage to {self.target_label()}", hint,
                     lambda v: self.hit(command_line("dmg", spec, typed=v), aimed))

    def action_heal(self) -> None:
        spec = self.targets()
        if spec:
            aimed = self._aimed
            self.ask(f"Heal {self.target_label()}", "5 or 2d8+2",
                     lambda v: self.hit(command_line("heal", spec, typed=v), aimed))

    def action_add_condition(self) -> None:
        if self.targets():
            self.choose(f"Condition on {self.target_label()}", condition_choices(self.session.encounter.rs),
                        self._add_condition)

    def _add_condition(self, cond_id: str) -> None:
        spec = self.targets()
        if spec is None:
            return
        aimed = self._aimed
        rs = self.session.encounter.rs
        cd = rs.condition(cond_id)
        conds = [(c.id, c.name) for c in rs.conditions]

        unit = "TC" if rs.time.model is TimeModel.TIME_COUNT else "rounds"
        lasts = cd.default_duration or "until removed"

        def with_value(source: str | None) -> None:
            ask = f"{cd.name} on {self.target_label()}: " + ("value, then how long" if cd.valued else "how long?")
            hint = f"Enter: {lasts} · 3 = 3 {unit} · end-of-round · start-of-turn"
            self.ask(ask, hint, lambda answer: self.hit(
                command_line("cond", spec, named(cond_id, conds), from_=source,
                             typed=duration_words(answer, cd.valued)), aimed),
                value="1" if cd.valued else "", allow_empty=True)

        if cd.subjective:
            state = self.session.encounter.state
            who = [Choice("all", "everyone")] + [Choice(c.id, c.name) for c in state.roster()]
            self.choose(f"{cd.name}: relative to whom?", who,
                        lambda w: with_value("all" if w == "all" else state.combatants[w].name))
        else:
            with_value(None)

    def action_remove_condition(self) -> None:
        enc = self.session.encounter
        c = enc.state.combatants.get(self.picked() or "")
        if c is None:
            return
        self.choose(f"Remove from {c.name}", instance_choices(enc, c),
                    lambda pick: self.hit(uncond_line(enc, c, pick), frozenset({c.id})))

    def _pool_then_amount(self, verb: str) -> None:
        spec = self.targets()
        if spec is None:
            return
        aimed = self._aimed
        rs = self.session.encounter.rs
        pools = pool_choices(self.session.encounter, aimed)
        pools_named = [(p.id, p.name) for p in rs.pools]
        self.choose(f"{verb.capitalize()} ({self.target_label()}): which pool?", pools,
                    lambda pid: self.ask(f"{verb.capitalize()} how much {rs.pool(pid).name}?", "1",
                                         lambda n: self.hit(command_line(verb, spec, named(pid, pools_named), typed=n),
                                                            aimed, target=False),
                                         value="1"))

    def action_spend(self) -> None:
        self._pool_then_amount("spend")

    def action_gain(self) -> None:
        self._pool_then_amount("gain")

    def action_act(self) -> None:
        if self.marked:  # marks are targets: the action is the actor's, used on them
            self._act_on_marks(lambda actor: self._act_dialog(actor.name, frozenset({actor.id}), actor.name,
                                                              self.marked))
            return
        actor = self.actor_after_hit()
        if actor is not None:  # the highlight is on a creature just hit: actions are the actor's, unless
            state = self.session.encounter.state  # the GM says otherwise (a reaction, say)
            hit = self.picked() or ""
            who = [Choice(actor, state.combatants[actor].name, hint="whose turn it is"),
                   Choice(hit, state.combatants[hit].name, hint="highlighted, just hit")]
            self.choose("Who acts?", who, self._act_for)
            return
        spec = self.targets()
        if spec is not None:
            self._act_dialog(spec, self._aimed, self.target_label())

    def act_action(self, action_id: str) -> None:
        """An action picked by name (the palette): the highlighted creature's, or with marks the actor's on them."""
        if self.marked:
            self._act_on_marks(lambda actor: self._act(actor.name, action_id, frozenset({actor.id}), self.marked))
            return
        spec = self.targets()
        if spec:
            self._act(spec, action_id)

    def _act_on_marks(self, then: Callable[[Combatant], object]) -> None:
        """Who acts on the marked creatures: the highlighted one when it is not marked, else whose turn it is."""
        enc = self.session.encounter
        picked = self.picked()
        now = [c.id for c in active(enc.state, enc.rs) if c.id not in self.marked]
        cid = picked if picked in enc.state.combatants and picked not in self.marked else (
            self._actor if self._actor in now else next(iter(now), None))
        if cid is None:
            self.notify("Marked creatures are the targets: highlight the one who acts (not marked)",
                        severity="warning")
            return
        then(enc.state.combatants[cid])

    def _act_for(self, cid: str) -> None:
        c = self.session.encounter.state.combatants.get(cid)
        if c is not None:
            self._act_dialog(c.name, frozenset({cid}), c.name)

    def _act_dialog(self, spec: str, aimed: frozenset[str], label: str, on: frozenset[str] = frozenset()) -> None:
        self.choose(f"{label} acts", act_choices(self.session.encounter, aimed),
                    lambda pick: self._act(spec, pick, aimed, on))

    def _act(self, spec: str, pick: str, aimed: frozenset[str] | None = None, on: frozenset[str] = frozenset()) -> None:
        """`on`: the marked creatures, the action's targets (asked among them when it aims at one)."""
        aimed = self._aimed if aimed is None else aimed  # the creatures targets() named for `spec`
        spent = aimed | on  # the marks, once the action was used on one of them
        enc = self.session.encounter
        rs = enc.rs
        if pick == "sf":
            self.ask("Speed factor", "e.g. 6",
                     lambda v: self.hit(command_line("act", spec, sf=v.strip()), aimed, target=False))
            return
        if pick.startswith("class="):
            word = named(pick[6:], [(c.id, c.name) for c in rs.speed_classes])
            self.hit(command_line("act", spec, **{"class": word}), aimed, target=False)
            return
        if pick.startswith(OWN):
            actor = next((c for c in enc.state.roster() if c.id in aimed), None)
            own = next((a for a in actor.actions if a.id == pick[len(OWN):]), None) if actor else None
            if own is None:
                return
            action = as_action(rs, own)
            pick = own.name  # its own win over the ruleset's of the same name
            aims = own.damage is not None or any(e.to == "target" for e in action.effects)
        else:
            action = next(a for a in rs.actions if a.id == pick)
            pick = named(pick, [(a.id, a.name) for a in rs.actions])  # the echo names it as the GM reads it
            aims = any(e.to == "target" for e in action.effects)
        needs_speed = rs.time.model is TimeModel.TIME_COUNT and action.speed is None and action.sf is None
        asks = action_asks(action)  # what the action needs named (a spell) or counted (its cost)

        def go(target: str | None, given: tuple[tuple[str, str], ...] = ()) -> None:
            if len(given) < len(asks):
                key, question, hint = asks[len(given)]
                self.ask(question, hint, lambda v: go(target, (*given, (key, v.strip()))))
                return
            words = {k: v for k, v in given if v}
            used = spent if target is not None else aimed  # marks not aimed at stay marked
            if needs_speed:
                self.ask(f"{action.name}: speed factor or speed class?", "e.g. 6 or Swift",
                         lambda v: self.hit(command_line("act", spec, pick, on=target, **{**words, **speed_words(v)}),
                                            used, target=False))
            else:
                self.hit(command_line("act", spec, pick, on=target, **words), used, target=False)

        marked = [c for c in enc.state.roster() if c.id in on]
        if aims and len(marked) == 1:
            go(marked[0].name)
        elif aims:
            who = [Choice(c.id, c.name) for c in (marked or target_order(enc, aimed, self.picked()))]
            self.choose(f"{action.name}: on whom?", who,
                        lambda w: go(enc.state.combatants[w].name))
        else:
            go(None)

    def action_attack(self) -> None:
        """The highlighted creature's own attacks only (the actor's, just after a hit, as with `a`),
        then whom: the `a` path for an own attack."""
        if self.marked:  # marks are targets: the actor's attack, on them
            self._act_on_marks(lambda actor: self._attack(actor, self.marked))
            return
        c = self.session.encounter.state.combatants.get(self.actor_after_hit() or self.picked() or "")
        if c is None:
            self.notify("Pick a creature first (arrows in the order pane)", severity="warning")
            return
        self._attack(c)

    def _attack(self, c: Combatant, on: frozenset[str] = frozenset()) -> None:
        enc = self.session.encounter
        choices = own_attack_choices(enc, c)
        if not choices:
            self.notify(f"{c.name} has no attacks of its own (a ruleset can: a)", severity="warning", markup=False)
            return
        aimed = frozenset({c.id})
        self.choose(f"{c.name} attacks", choices, lambda pick: self._act(c.name, pick, aimed, on))

    def action_add_creature(self) -> None:
        """A template or a party from the library, picked by name as on the new-encounter screen."""
        enc = self.session.encounter
        choices = library_choices(enc.library, enc.rs.id)
        if not choices:
            self.notify(f"Your library has no creatures for {enc.rs.name} (combat-tui paths shows where it is)",
                        severity="warning", markup=False)
            return

        def add(pick: str) -> None:
            kind, name = pick.split(":", 1)
            if kind == "p":
                self.run_line(command_line("add", f"@{name}"))
                return

            def many(n: str) -> None:
                count = parse_int(n)  # ASCII digits of a sane length: '²' or 5,000 digits are no count
                if count is None or count < 1:
                    self.notify(f"How many {name}: a number, 1 or more", severity="error", markup=False)
                    return
                self.run_line(command_line("add", name, *([f"x{count}"] if count > 1 else [])))

            self.ask(f"How many {name}?", "1, or 4 for a group on one initiative", many, value="1")

        self.choose("Add from the library", choices, add)

    def action_apply(self) -> None:
        """The ready damage dealt: the oldest when only one waits, else the GM picks; aimed at nobody,
        the GM picks whom."""
        enc = self.session.encounter
        ready = ready_choices(enc)
        if not ready:
            self.notify("No damage is ready: a creature's own attack (a) leaves it", severity="warning")
            return

        def deal(uid: str) -> None:
            hit = next((r for r in enc.state.ready if str(r.uid) == uid), None)
            if hit is None:
                return
            if hit.target in enc.state.combatants:
                self.run_line(command_line("apply", uid))
                return
            who = [Choice(c.id, c.name) for c in enc.state.roster()]
            self.choose(f"{ready_words(enc.state, hit)}: on whom?", who,
                        lambda w: self.run_line(command_line("apply", uid, to=enc.state.combatants[w].name)))

        if len(ready) == 1:
            deal(ready[0].id)
        else:
            self.choose("Apply which damage?", ready, deal)

    def action_injure(self) -> None:
        spec = self.targets()
        if spec is None:
            return
        enc = self.session.encounter
        aimed = self._aimed
        parts = part_choices(enc, aimed)
        names = [(b.id, b.name) for b in enc.rs.body]
        self.choose("Injure which part?", parts,
                    lambda part: self.hit(command_line("injure", spec, named(part, names)), aimed))

    def _first_prompt(self) -> int | None:
        prompts = self.session.encounter.state.prompts
        return prompts[0].uid if prompts else None

    def action_prompt_roll(self) -> None:
        uid = self._first_prompt()
        if uid is None:
            return
        enc = self.session.encounter
        prompt = enc.state.prompts[0]
        if enc.rs.table(prompt.table).choice:
            self.action_prompt_value()
        elif prompt.rolled is None:
            self.run_line(command_line("preroll", str(uid)))
        else:
            self.run_line(command_line("resolve", str(uid)))

    def action_prompt_value(self) -> None:
        """A table the GM picks from (decided by two tests, not one die) is a list of its outcomes by name;
        a rolled table takes the GM's own number (rolled at the table, say)."""
        uid = self._first_prompt()
        if uid is None:
            return
        table = self.session.encounter.rs.table(self.session.encounter.state.prompts[0].table)
        if table.choice:
            self.choose(table.name, outcome_choices(table),
                        lambda n: self.run_line(command_line("resolve", str(uid), value=n)))
            return
        self.ask(f"{table.name}: your own result, a number", outcome_hint(table) or "e.g. 12",
                 lambda v: self.run_line(command_line("resolve", str(uid), value=v.strip())))

    def action_prompt_dismiss(self) -> None:
        """The waiting prompt dismissed; with none, a waiting attack's damage dropped as a miss (the oldest
        when only one waits, else the GM picks)."""
        uid = self._first_prompt()
        if uid is not None:
            self.run_line(command_line("dismiss", str(uid)))
            return
        ready = ready_choices(self.session.encounter)
        if len(ready) == 1:
            self.run_line(command_line("apply", ready[0].id, "miss"))
        elif ready:
            self.choose("Which attack missed?", ready, lambda n: self.run_line(command_line("apply", n, "miss")))

    def _current(self) -> str | None:
        cid = current_actor(self.session.encounter.state)
        return self.session.encounter.state.combatants[cid].name if cid else None

    def action_hold(self) -> None:
        who = self._current()
        if not who:
            return
        enc = self.session.encounter
        if not enc.rs.time.hold_after:
            self.run_line(command_line("hold", who))
            return
        now = current_actor(enc.state)
        later = [Choice(c.id, c.name) for c in acting_order(enc.state, enc.rs) if c.id != now]
        self.choose("Saving the turn: act after whom?", later,
                    lambda cid: self.run_line(command_line("hold", who, after=enc.state.combatants[cid].name)))

    def action_delay(self) -> None:
        who = self._current()
        if who:
            self.run_line(command_line("delay", who))

    def action_enter(self) -> None:
        state = self.session.encounter.state
        waiting = [Choice(cid, state.combatants[cid].name) for cid in state.waiting if cid in state.combatants]
        self.choose("Who enters now?", waiting,
                    lambda cid: self.run_line(command_line("enter", state.combatants[cid].name)))

    def type_command(self, text: str) -> None:
        """The command bar, focused, holding `text` for the GM to finish."""
        bar = self.query_one(CommandBar)
        bar.value = text
        self._bar_from_key = True
        self.set_focus(bar)  # now, as action_command does
        bar.cursor_position = len(bar.value)

    def action_roll(self) -> None:
        self.type_command("roll ")

    def action_edit(self) -> None:
        """The command bar, with `edit` and the highlighted creature's name: the GM types what changes."""
        c = self.session.encounter.state.combatants.get(self.picked() or "")
        if c is None:
            self.notify("Pick a creature first (arrows in the order pane)", severity="warning")
            return
        self.type_command(command_line("edit", c.name) + " ")

    def action_command(self) -> None:
        # Now: focus() moves it later, and a letter typed right after the colon ran as that letter's key.
        self._bar_from_key = False  # the GM's own bar: it stays open after each line, for the next
        self.set_focus(self.query_one(CommandBar))

    def action_undo(self) -> None:
        self.run_line("undo")

    def action_redo(self) -> None:
        self.run_line("redo")

    def action_mark(self) -> None:
        """The highlighted creature marked (or not). Moved onto a folded group's line, the whole group; again,
        only the one highlighted; again, none."""
        picked = self.picked()
        if not picked:
            return
        group = set(self.query_one(OrderPane).entered_group()) & set(self.session.encounter.state.combatants)
        if picked in group and not group & self.marked:
            self.marked = self.marked | group
        elif picked in group and group <= self.marked and len(group) > 1:
            self.marked = self.marked - group | {picked}
        else:
            self.marked = self.marked ^ {picked}

    def action_unmark(self) -> None:
        self.marked = frozenset()

    def action_read_log(self) -> None:
        log = self.query_one(LogPane)
        if log.reading:
            self._done_reading()
            return
        log.reading = True
        self.set_focus(log)

    def action_lookup(self) -> None:
        rs = self.session.encounter.rs
        items = [Choice(f"{e.kind}:{e.id}", e.name, "\n".join(e.lines), e.kind) for e in entries(rs)]

        def show(pick: str) -> None:
            entry = next(e for e in entries(rs) if f"{e.kind}:{e.id}" == pick)
            log = self.query_one(LogPane)
            log.note(f"{entry.name} ({entry.kind})", style=styles.HEADING)
            for line in entry.lines:
                log.note("  " + line)

        self.choose(f"Look up ({rs.name})", items, show)

    def action_save(self) -> None:
        def save(name: str) -> None:
            try:
                path = self.session.save_as(name, self._data_dir())
            except CombatError as exc:
                self.notify(str(exc), severity="error", markup=False)
                return
            self.notify(f"Saved as {path.name}", markup=False)
            self.refresh_view()  # the title has the save's new name
            self._retitle()

        self.ask("Save as (a name in the saves folder)", "ford ambush", save, value=self.session.encounter.doc.name)

    def action_open(self) -> None:
        from .open import OpenScreen

        self.app.push_screen(OpenScreen(self._data_dir()))

    def _data_dir(self) -> str | None:
        """The data folder the app was started with (`--data-dir`), where saves are listed and named."""
        app = host(self.app)
        return app.data_dir if app is not None else None

    def action_players(self) -> None:
        from ..player.share import ShareDialog  # the players' view and its server: when first asked for

        self.app.push_screen(ShareDialog(self.session.path))

    def action_help(self) -> None:
        from .help import HelpScreen

        unsaved = self.session.save_error if self.session.unsaved else None
        app = host(self.app)
        keymap = app.preferences.keymap if app is not None else None  # the settings file's keys
        self.app.push_screen(HelpScreen(self.BINDINGS, unsaved, keymap))

    async def action_quit(self) -> None:
        await self.app.action_quit()  # the app's: it asks first when a change is not saved
