"""Key-driving helpers shared by the full-round Pilot tests: read the model, move the highlight,
answer dialogs. Only keys reach the app; the model is read directly to check each step."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from combat_tui.session import Session, catalogue
from combat_tui.ui import app as app_module
from combat_tui.ui.app import CombatApp
from combat_tui.ui.screens.main import MainScreen
from combat_tui.ui.widgets.order_pane import OrderPane
from combat_tui.ui.widgets.pick_list import PickList
from combat_tui.ui.widgets.question_bar import QuestionBar


def new_session(tmp_path: Path, *lines: str, ruleset: str, seed: int = 3) -> Session:
    """A new save in the test's folder, with these commands already run."""
    s = Session.create(tmp_path / "fight.combat", catalogue(), ruleset, seed=seed)
    for line in lines:
        s.run(line)
    return s


def who(s: Session, name: str) -> dict[str, Any]:
    return next(c for c in s.encounter.view()["combatants"] if c["name"] == name)


def pool(s: Session, name: str, pid: str) -> int:
    return int(who(s, name)["pools"][pid]["current"])


def pool_max(s: Session, name: str, pid: str) -> int | None:
    top = who(s, name)["pools"][pid]["max"]
    return None if top is None else int(top)


def conds(s: Session, name: str) -> dict[str, dict[str, Any]]:
    """Condition id -> its view entry (the first one of that id)."""
    out: dict[str, dict[str, Any]] = {}
    for c in who(s, name)["conditions"]:
        out.setdefault(c["id"], c)
    return out


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
        await pilot.press(key)
    raise AssertionError(f"could not reach {name} with the arrows (at {highlighted(app)})")


def picking(app: CombatApp) -> PickList | None:
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
    assert picking(app) is not None, f"expected a list to pick from, on {app.screen!r}"
    await pilot.press(*text, "enter")
    await pilot.pause()


async def pass_anyway(pilot: Any) -> bool:
    """After `n`: when the app says what is left undone (a prompt waiting, a creature of this TC that
    has not acted), pass anyway, as the GM meant. True when it asked."""
    if not (list_title(pilot.app) or "").startswith("Left undone: "):
        return False
    await pilot.press(*"pass anyway", "enter")
    await pilot.pause()
    return True


def asking(app: CombatApp) -> str | None:
    """The question the app asks in the command bar's row, or None when nothing is asked."""
    screen = app.screen
    if isinstance(screen, MainScreen) and (bar := screen.query_one(QuestionBar)).display:
        return bar.question
    return None


async def entry(pilot: Any, app: CombatApp, text: str) -> None:
    assert asking(app), f"expected a question in the ask bar, on {app.screen!r}"
    await pilot.press(*text, "enter")
    await pilot.pause()


async def add_condition(pilot: Any, app: CombatApp, name: str, relative_to: str | None = None,
                        how_long: str = "") -> None:
    """c, type to filter, Enter; a subjective one asks relative to whom; then value / how long (Enter: default)."""
    await pilot.press("c")
    await choose(pilot, app, name)
    if relative_to is not None:
        assert picking(app) is not None, "a subjective condition must ask relative to whom"
        await choose(pilot, app, relative_to)
    assert asking(app), "adding a condition asks how long it lasts"
    if how_long:
        await pilot.press("home", "ctrl+k")  # clear the pre-filled value
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

def errors(app: RecordingApp) -> list[str]:
    return [message for severity, message in app.notes if severity == "error"]

async def command(pilot: Pilot[None], line: str) -> None:
    """Type a line into the command bar (`:`), run it, and leave the bar (Escape)."""
    await pilot.press("colon", *line, "enter", "escape")
    await pilot.pause()

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
        await pilot.press(key)
    raise AssertionError(f"arrows never reached {name}")

async def pick(pilot: Pilot[None], app: RecordingApp, text: str) -> None:
    """In an open pick list: type the filter and take the first match."""
    assert picking(app) is not None, app.screen
    await pilot.press(*text, "enter")
    await pilot.pause()

async def answer(pilot: Pilot[None], app: RecordingApp, text: str) -> None:
    """In the ask bar: replace what is there with text and press Enter."""
    assert asking(app), app.screen
    await pilot.press("ctrl+u", *text, "enter")
    await pilot.pause()
