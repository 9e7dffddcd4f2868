"""Key-driving helpers shared by the full-round Pilot tests: read the model, move the highlight,
answer dialogs. Only keys reach the app; the model is read directly to check each step."""

from __future__ import annotations

import asyncio
import unicodedata
from pathlib import Path
from typing import Any

from textual import events
from textual.app import App
from textual.keys import KEY_NAME_REPLACEMENTS, KEY_TO_UNICODE_NAME, REPLACED_KEYS
from textual.pilot import Pilot
from textual.widgets import OptionList

from combat_tui.session import Session, catalogue
from combat_tui.ui import app as app_module
from combat_tui.ui.app import CombatApp
from combat_tui.ui.screens.main import MainScreen
from combat_tui.ui.widgets.order_pane import OrderPane
from combat_tui.ui.widgets.pick_list import PickList
from combat_tui.ui.widgets.question_bar import QuestionBar


def key_event(key: str) -> events.Key:
    """The event a terminal sends for `key`, named as Pilot.press names it (`enter`, `ctrl+k`, `?`, `a`)."""
    if len(key) == 1 and not key.isalnum():  # a character: Textual names it by its Unicode name
        name = unicodedata.name(key, key).lower().replace("-", "_").replace(" ", "_")
        return events.Key(KEY_NAME_REPLACEMENTS.get(name, name), key)
    original = REPLACED_KEYS.get(key, key)
    try:
        character: str | None = unicodedata.lookup(KEY_TO_UNICODE_NAME.get(original, original))
    except KeyError:
        character = key if len(key) == 1 else None
    return events.Key(key, character)


def burst(app: App[Any], keys: str) -> None:
    """Post every key at once, before the app has read any: `keys` space-separated, as Pilot names them."""
    for key in keys.split():
        app.post_message(events.Key(key, key[4:]) if key.startswith("alt+") else key_event(key))


async def settle_burst(pilot: Pilot[Any]) -> None:
    """Idle turns enough for a burst's keys, and what each one asked for, to be done."""
    for _ in range(8):
        await pilot.pause()


def _busy(app: App[Any]) -> bool:
    """The app's key line (ui/key_line.py) has a key on its way, or waits for what one left to do."""
    line = getattr(app, "keys", None)
    return bool(line is not None and line.busy)


async def settled(app: App[Any]) -> None:
    """Once the app has read every message sent to it so far, and its key line has settled every key:
    each key's widget, that widget's parents, the screen on top and the app have done what it left."""
    read = asyncio.Event()
    if app.call_later(read.set):  # behind the keys already sent: set once they have been read
        spins = 0
        while app.is_running and (not read.is_set() or _busy(app)):
            spins += 1  # a key waiting for a worker or a widget that went away: look less often
            await asyncio.sleep(0 if spins < 200 else 0.001)


async def press(pilot: Pilot[Any], *keys: str, frame: bool = False) -> None:
    """Each key as the terminal sends it, the next once the app has settled it (a condition, never a clock),
    then what the screen on top has to do. Quicker than Pilot.press, which waits for the machine to idle
    twice a key (40 ms at least, much more on a busy machine). `frame`: a frame drawn after each key too."""
    app = pilot.app
    for key in keys:
        app.post_message(key_event(key).set_sender(app))
        await settled(app)
        await pilot.wait_for_animation()  # a scroll the key started, as Pilot.press waits for it
        if frame:
            await pilot.pause(0)
    if app.is_running and not frame:
        await pilot.pause(0)


def new_session(tmp_path: Path, *lines: str, ruleset: str, seed: int = 3) -> Session:
    """A new save in the test's folder, with these commands already run."""
    s = Session.create(tmp_path / "fight.combat", catalogue(), ruleset, seed=seed)
    for line in lines:
        s.run(line)
    return s


def turn(s: Session) -> list[str]:
    return [str(n) for n in s.encounter.view()["active"]]


def highlighted(app: CombatApp) -> str | None:
    pane = app.screen.query_one(OrderPane)
    cid = pane.highlighted_id()
    return app.session.encounter.state.combatants[cid].name if cid else None  # type: ignore[union-attr]


async def highlight(pilot: Any, app: CombatApp, name: str) -> None:
    """Move the order pane's highlight to a creature with the arrow keys only (down, then up: no wrapping)."""
    for key in ["down"] * 12 + ["up"] * 24:
        if highlighted(app) == name:
            return
        await press(pilot, key)
    raise AssertionError(f"could not reach {name} with the arrows (at {highlighted(app)})")


def picking(app: App[Any]) -> PickList | None:
    """The list the app offers to pick from, or None when none is up."""
    screen = app.screen
    if isinstance(screen, MainScreen) and (pick := screen.query_one(PickList)).display:
        return pick
    return None


def list_title(app: CombatApp) -> str | None:
    """The title of the list the app offers, or None when none is up."""
    pick = picking(app)
    return None if pick is None else pick.title_text.plain


async def choose(pilot: Any, app: CombatApp, text: str) -> None:
    """In an open pick list: type the filter and take the first match."""
    assert picking(app) is not None, f"expected a list to pick from, on {app.screen!r}"
    await press(pilot, *text, "enter")


async def pass_anyway(pilot: Any) -> bool:
    """After `n`: when the app says what is left undone (a prompt waiting, a creature of this TC that
    has not acted), pass anyway, as the GM meant. True when it asked."""
    if not (list_title(pilot.app) or "").startswith("Left undone: "):
        return False
    await press(pilot, *"pass anyway", "enter")
    return True


def asking(app: App[Any]) -> str | None:
    """The question the app asks in the command bar's row, or None when nothing is asked."""
    screen = app.screen
    if isinstance(screen, MainScreen) and (bar := screen.query_one(QuestionBar)).display:
        return bar.question
    return None


async def entry(pilot: Any, app: CombatApp, text: str) -> None:
    assert asking(app), f"expected a question in the ask bar, on {app.screen!r}"
    await press(pilot, *text, "enter")


async def add_condition(pilot: Any, app: CombatApp, name: str, relative_to: str | None = None,
                        how_long: str = "") -> None:
    """c, type to filter, Enter; a subjective one asks relative to whom; then value / how long (Enter: default)."""
    await press(pilot, "c")
    await choose(pilot, app, name)
    if relative_to is not None:
        assert picking(app) is not None, "a subjective condition must ask relative to whom"
        await choose(pilot, app, relative_to)
    assert asking(app), "adding a condition asks how long it lasts"
    if how_long:
        await press(pilot, "home", "ctrl+k")  # clear the pre-filled value
    await entry(pilot, app, how_long)


class RecordingApp(CombatApp):
    """The app, remembering every notification (toasts time out while a long test runs)."""

    CSS_PATH = str(Path(app_module.__file__).with_name("app.tcss"))

    def __init__(self, session: Session) -> None:
        super().__init__(session)
        self.notes: list[tuple[str, str]] = []

    def notify(self, message: str, **kw: Any) -> None:
        self.notes.append((kw.get("severity", "information"), message))
        super().notify(message, **kw)

def logged(app: CombatApp, setup: int) -> list[str]:
    """The command lines of the encounter's log after its first `setup` ones."""
    assert app.session is not None
    return [e.command for e in app.session.encounter.history()][setup:]

def errors(app: RecordingApp) -> list[str]:
    return [message for severity, message in app.notes if severity == "error"]

async def command(pilot: Pilot[None], line: str) -> None:
    """Type a line into the command bar (`:`), run it, and leave the bar (Escape)."""
    await press(pilot, "colon", *line, "enter", "escape")

async def goto(pilot: Pilot[None], app: RecordingApp, name: str) -> None:
    """Move the order pane's highlight to a creature with the arrow keys."""
    screen = app.screen
    assert isinstance(screen, MainScreen)
    pane = screen.query_one(OrderPane)
    state = screen.session.encounter.state
    steps = 3 * len(state.combatants) + 4
    for key in ["down"] * steps + ["up"] * 2 * steps:  # lists do not wrap: down to the end, then up
        cid = pane.highlighted_id()
        if cid is not None and state.combatants[cid].name == name:
            return
        await press(pilot, key)
    raise AssertionError(f"arrows never reached {name}")

async def pick(pilot: Pilot[None], app: RecordingApp, text: str) -> None:
    """In an open pick list: type the filter and take the first match."""
    assert picking(app) is not None, app.screen
    await press(pilot, *text, "enter")

async def answer(pilot: Pilot[None], app: RecordingApp, text: str) -> None:
    """In the ask bar: replace what is there with text and press Enter."""
    assert asking(app), app.screen
    await press(pilot, "ctrl+u", *text, "enter")


async def until(pilot: Pilot[Any], check: Any, what: str, rounds: int = 400) -> None:
    """Wait for a condition, not a clock: each round lets the app idle once (timers and workers run)."""
    for _ in range(rounds):
        if check():
            return
        await pilot.pause()
    raise AssertionError(f"never: {what}")


def palette_hits(app: App[Any]) -> list[str]:
    """What the list on top offers (the command palette's hits), as shown."""
    lists = app.screen.query(OptionList)
    return [str(option.prompt) for option in lists.first().options] if lists else []


async def searched(pilot: Pilot[Any], text: str) -> None:
    """Once the command palette's search is over and it offers `text` (it searches in the background, and
    shows what it has found in batches)."""
    app = pilot.app
    def found() -> bool:
        return all(w.is_finished for w in app.workers) and any(text.lower() in h.lower() for h in palette_hits(app))

    await until(pilot, found, f"the palette offers {text!r}")


def offered_first(app: App[Any]) -> str | None:
    """The label of the option highlighted in the list the app offers (its hint left out), or None."""
    pick = picking(app)
    if pick is None:
        return None
    options = pick.query_one(OptionList)
    if options.highlighted is None or not options.option_count:
        return None
    return str(options.get_option_at_index(options.highlighted).prompt).split("  ")[0]


async def choose_named(pilot: Pilot[Any], label: str) -> None:
    """In an open list: type the label's letters until the option of that label is the one highlighted
    (every letter filters the list, as the GM types), then Enter. Fewer keys than the whole name."""
    app = pilot.app
    assert picking(app) is not None, f"expected a list to pick from, on {app.screen!r}"
    for letter in label.lower():
        if offered_first(app) == label:
            break
        await press(pilot, letter)
    await press(pilot, "enter")
