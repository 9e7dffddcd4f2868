"""The main screen: order, sheet, conditions, prompts, log and command bar. A router: a key starts an
action flow (`ui/flows/`: whom it is for, its questions, the command line they build), a widget's
message is routed to the flow or the pane it is for, and every line runs here, through `Session.run`,
the same as `combat-tui do`. Widgets render the view they are given and post messages."""

from __future__ import annotations

from collections.abc import Callable

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.notifications import SeverityLevel
from textual.reactive import reactive
from textual.timer import Timer

from ...engine.commands import command_line
from ...engine.state.clean import clean_line
from ...engine.state.errors import CombatError
from ...engine.views.gm import LOG_SHOWN
from ...engine.views.gm_view import GMViews
from ...session import Session
from ..flows.runner import Flows
from ..flows.targeting import PICK_FIRST, Targeting
from ..widgets.command_bar import CommandBar
from ..widgets.conditions_pane import ConditionsPane
from ..widgets.footer import QuietFooter
from ..widgets.header import QuietHeader
from ..widgets.log_pane import LogPane
from ..widgets.order_pane import OrderPane
from .asking import Questions
from .availability import Availability
from .main_asides import Asides
from .saving import SaveDone, SaveWatch

RETRY_SECONDS = 3.0
TAKE_IN_SECONDS = 1.0  # how soon a change another process made to the save (a `do`) shows here
FACE_SECONDS = 2.0  # this long without a command, the save keeps its face (for the next start)


def flow(name: str) -> Callable[[MainScreen], None]:
    """A key's action: the flow of that name in `flows/table.py`."""
    def action(self: MainScreen) -> None:
        self.flows.start(name)

    action.__doc__ = f"The `{name}` flow (flows/table.py)."
    return action


class MainScreen(Asides):
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
        self._face_timer: Timer | None = None  # keeps the save's face once the GM pauses
        self._bar_from_key = False  # the command bar was opened by a key that began its line (r, E), not by `:`
        self.questions = Questions(self)
        self.targeting = Targeting(self)
        self.flows = Flows(self, self.targeting)
        self.available = Availability([b.action for b in self.BINDINGS if isinstance(b, Binding)])
        self.saving = SaveWatch(self, session, RETRY_SECONDS, self.retitle)

    # -- layout ----------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        s = self.session
        yield from self.panes([(e.stamp, e.command, e.lines) for e in s.encounter.history(LOG_SHOWN)], s)

    def on_mount(self) -> None:
        self.session.save_in_background(self.saving.saved)
        self.set_interval(TAKE_IN_SECONDS, self._take_in)
        self._face_timer = self.set_interval(FACE_SECONDS, self._keep_face)
        self.retitle()
        self.set_focus(self.part(OrderPane))  # now: focus() moves it later, after keys typed ahead
        if self.session.save_error:
            self.saving.done()

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

    def retitle(self) -> None:
        was = self.title, self.sub_title
        self.title = self.view.title
        if self.session.save_error:  # first: a narrow header cuts the end off, and this must show
            self.sub_title = f"unsaved! · {self.view.ruleset}"
        else:
            self.sub_title = self.sub_title_for(clean_line(self.session.path.name))
        if (self.title, self.sub_title) != was:  # most commands leave it: no title laid out again a key
            self.part(QuietHeader).retitle()

    # -- running commands --------------------------------------------------------------------------
    def run_line(self, line: str) -> bool:
        """Run one command line; report errors in one line, once (a toast: a failed line changed
        nothing, so the log keeps what happened); redraw. True when it changed something."""
        line = clean_line(line)  # a paste may bring control characters; the log shows the line as typed
        self._take_in()  # a command runs on the save as it is now, whoever changed it last
        log = self.part(LogPane)
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
        selected, follow, back = self.targeting.after_line(word, before, highlight, self.selected)
        # Set quietly: the view is built once, for all three.
        self.set_reactive(MainScreen.selected, selected if selected in enc.state.combatants else None)
        self.set_reactive(MainScreen.marked, frozenset(m for m in self.marked if m in enc.state.combatants))
        self.refresh_view()
        if follow:
            self.part(OrderPane).follow(follow)  # after: the order has its new rows
        elif back and self.selected is not None:
            self.part(OrderPane).select(self.selected, quiet=True)
        self.retitle()
        self.available.tell(self, enc, self.part(QuietFooter))
        return True

    def _take_in(self) -> None:
        """Another process changed the save (a `do`): show it as it is now."""
        try:
            taken = self.session.take_in()
        except CombatError as exc:
            self.notify(str(exc), severity="warning", markup=False)
            return
        if taken is not None:
            log = self.part(LogPane)
            log.note("Taken in from elsewhere (another combat-tui wrote this save):", style="italic")
            for event in taken:
                log.write_event(event.stamp, event.command, event.lines)
            state = self.session.encounter.state
            self.set_reactive(MainScreen.selected, self.selected if self.selected in state.combatants else None)
            self.set_reactive(MainScreen.marked, frozenset(m for m in self.marked if m in state.combatants))
            self.refresh_view()
            self.retitle()

    def picked(self) -> str | None:
        """The highlighted creature, read from the order pane itself so a fast typist never outruns it."""
        cid = self.part(OrderPane).highlighted_id()
        if cid is not None and cid != self.selected:
            self.selected = cid
        return cid if cid is not None else self.selected

    # -- messages from the widgets -----------------------------------------------------------------
    @on(OrderPane.Picked)
    def _picked(self, event: OrderPane.Picked) -> None:
        # The highlight as it is now: a rebuild's message can arrive after the turn moved it on.
        cid = self.part(OrderPane).highlighted_id() or event.cid
        if cid not in self.session.encounter.state.combatants:
            return
        self.selected = cid
        self.targeting.moved(cid)

    @on(SaveDone)
    def _save_done(self) -> None:
        self.saving.done()

    @on(ConditionsPane.Chosen)
    def _condition_chosen(self, event: ConditionsPane.Chosen) -> None:
        self.flows.start("add_condition", {"cond": event.cond_id})

    def action_run_command(self) -> None:
        """Enter in the command bar, run at once (a priority binding): by way of the input's message, a
        key typed right after Enter was typed into the line being run."""
        bar = self.part(CommandBar)
        line = bar.value.strip()
        if not line:
            self.set_focus(self.part(OrderPane))
            return
        if self.run_line(line):
            bar.value = ""
            if self._bar_from_key:  # a key began the line (r, E): its line run, the next letter is a key again
                self._bar_from_key = False
                self.set_focus(self.part(OrderPane))
        else:  # kept to fix, selected: the next line typed replaces it rather than joining it
            bar.select_all()

    # -- availability ------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.every_key:  # the footer holding a key for each that may show: hidden ones as dimmed
            state = self.available.check(action, self.session.encounter, self.focused)
            return None if state is False else state
        if self.questions.up:
            return False  # a question or a list is up: its keys only
        return self.available.check(action, self.session.encounter, self.focused)

    def warn(self, text: str, severity: SeverityLevel = "warning") -> None:
        self.notify(text, severity=severity, markup=False)

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
        if not self.session.encounter.state.clock.started:
            self._start()
        else:
            self.flows.start("next")

    action_damage = flow("damage")
    action_heal = flow("heal")
    action_add_condition = flow("add_condition")
    action_remove_condition = flow("remove_condition")
    action_spend = flow("spend")
    action_gain = flow("gain")
    action_injure = flow("injure")
    action_saving_throw = flow("saving_throw")
    action_act = flow("act")
    action_attack = flow("attack")
    action_add_creature = flow("add_creature")
    action_apply = flow("apply")
    action_prompt_roll = flow("prompt_roll")
    action_prompt_value = flow("prompt_value")
    action_prompt_dismiss = flow("prompt_dismiss")
    action_hold = flow("hold")
    action_delay = flow("delay")
    action_enter = flow("enter")

    def act_action(self, action_id: str) -> None:
        """An action picked by name (the palette): the highlighted creature's, or with marks the actor's on them."""
        self.flows.start("act_by_name", {"pick": action_id})

    def type_command(self, text: str) -> None:
        """The command bar, focused, holding `text` for the GM to finish."""
        bar = self.part(CommandBar)
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
            self.warn(PICK_FIRST)
            return
        self.type_command(command_line("edit", c.name) + " ")

    def action_command(self) -> None:
        # Now: focus() moves it later, and a letter typed right after the colon ran as that letter's key.
        self._bar_from_key = False  # the GM's own bar: it stays open after each line, for the next
        self.set_focus(self.part(CommandBar))

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
        group = set(self.part(OrderPane).entered_group()) & set(self.session.encounter.state.combatants)
        if picked in group and not group & self.marked:
            self.marked = self.marked | group
        elif picked in group and group <= self.marked and len(group) > 1:
            self.marked = self.marked - group | {picked}
        else:
            self.marked = self.marked ^ {picked}

    def action_unmark(self) -> None:
        self.marked = frozenset()
