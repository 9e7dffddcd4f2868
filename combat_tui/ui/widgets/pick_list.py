"""Pick one from a list: type to filter, arrows to move, Enter to choose, Escape to cancel.

Each choice may carry a description, shown under the list for the highlighted one (a condition's
rules text, say), so picking and looking up are one step. A widget of the main screen, hidden until
asked: a box over the panes, which stay in view around it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.geometry import Size
from textual.widget import Widget
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from .._textual_compat import FixedBox, draw_in_this_frame
from ..matching import ranked
from .answering import Answering, AnswerInput, Reply

KEPT_OPTIONS = 2000  # entries whose options are kept for the next pick (a bestiary's names, conditions)


@dataclass(frozen=True)
class Choice:
    id: str
    label: str
    description: str = ""
    hint: str = ""


class FilterInput(AnswerInput):
    """Calls back as the GM types, so the list is filtered as the letter is typed, not once Input.Changed
    is read, and drawn in the letter's frame (PickList._fill)."""

    def __init__(self, on_change: Callable[[str], None], **kw: Any) -> None:
        super().__init__(**kw)
        self._on_change = on_change

    def watch_value(self, value: str) -> None:  # after Input's own watcher, in the same call
        if self.is_mounted:
            self._on_change(value)


class ChoiceList(FixedBox, OptionList):
    """Its height is set once a pick (PickList.pick): filtering redraws the box, and lays nothing out
    (a layout is of the whole screen, and a box shrinking uncovers panes to draw again)."""

    def set_choices(self, options: list[Option]) -> None:
        width = self.virtual_size.width  # its room for text when last shown
        self.set_options(options)
        if not self.region and width:
            self.tell_lines(options, width)

    def tell_lines(self, options: list[Option], width: int) -> None:
        """Hidden, the list cannot measure its lines, and finds them changed as it is first drawn again:
        it and its scroll bar then drew a frame later. Told them when each option is a line that fits."""
        room = width - self.get_component_styles("option-list--option").padding.width
        if all(isinstance(o.prompt, Text) and o.prompt.cell_len <= room and "\n" not in o.prompt.plain
               for o in options):
            self.virtual_size = Size(width, len(options))


class Title(FixedBox, Label):
    """Shown, its size found by the box's layout; that it changed asks no second one."""


class Description(FixedBox, Static):
    """As Title: its height is set for the whole pick (PickList._size_description)."""


class PickList(Answering):
    # Priority: acted on the moment they are read, so a key typed right after Enter goes where the
    # answer leads (by way of the input's message, it was typed into the filter). Tab keeps the focus.
    BINDINGS = [
        Binding("enter", "choose", "Choose", show=False, priority=True, id="choose.choose"),
        Binding("escape", "cancel", "Cancel", show=False, priority=True, id="choose.cancel"),
        Binding("down", "move(1)", "Down", show=False, priority=True, id="choose.down"),
        Binding("up", "move(-1)", "Up", show=False, priority=True, id="choose.up"),
    ]

    DEFAULT_CLASSES = "dialog wide"

    _described: str | None = None
    _fixed_description = False
    _description_width = 0

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.title_text = Text()
        self.choices: list[Choice] = []
        self._shown: list[tuple[str, str, str]] = []  # the entries the list shows (id, label, hint)
        self._options: dict[tuple[str, str, str], Option] = {}
        self._description_heights: dict[tuple[int, tuple[str, ...]], int] = {}

    def compose(self) -> ComposeResult:
        yield Title(classes="dialog-title")
        yield FilterInput(self._fill, placeholder="type to filter", id="filter")
        choices = ChoiceList(id="choices")
        choices.can_focus = False  # clicked, it chooses; the filter keeps the focus
        yield choices
        yield Description(id="description")

    @property
    def input(self) -> FilterInput:
        return self.query_one(FilterInput)

    def pick(self, title: str | Text, choices: list[Choice], reply: Reply) -> None:
        """What to pick from this time; `reply` gets the chosen id, or None for a cancel. A call back
        rather than a message: the keys typed after Enter must find the choice already acted on."""
        self.title_text = title if isinstance(title, Text) else Text(title)
        self.choices, self._reply = choices, reply
        self.query_one(".dialog-title", Label).update(self.title_text)
        ol = self.query_one(OptionList)
        height = len(choices) + ol.styles.gutter.height
        ol.styles.height = rows = self._capped(ol, height)
        # A list taller than the box keeps its scroll bar as the filter shortens it: one coming or going
        # is a layout of its own.
        ol.styles.overflow_y = "scroll" if height > rows else "auto"
        self._size_description()
        entry = self.input
        if entry.value:
            entry.value = ""  # which fills the list
        else:
            self._fill("")

    def _fill(self, text: str) -> None:
        shown = ranked(text, self.choices, lambda c: c.label, lambda c: c.id)
        ol = self.query_one(ChoiceList)
        entries = [(c.id, c.label, c.hint) for c in shown]
        if entries != self._shown:
            self._shown = entries
            options = [self._option(entry) for entry in entries]
            ol.set_choices(options)
            if options:
                # Set without the list's message, which only described the entry again (below): a message
                # less a letter, and no scroll to an entry at the top already.
                ol.set_reactive(OptionList.highlighted, 0)
                ol.refresh()
        elif shown and ol.highlighted != 0:
            # The same entries (a letter that leaves the list as it is, the same pick again): the list keeps
            # the lines it drew, and only its first entry is highlighted, as after any letter.
            ol.highlighted = 0
        self._describe()
        draw_in_this_frame(ol, ol.vertical_scrollbar, self.query_one(Description))

    def _option(self, entry: tuple[str, str, str]) -> Option:
        """The same entry's option each time it is shown: the list keeps how it reads an option's words on
        the option, and read again it was most of the cost of drawing the list (a pick shown, a letter)."""
        if (option := self._options.get(entry)) is None:
            if len(self._options) >= KEPT_OPTIONS:
                self._options.clear()
            cid, label, hint = entry
            line = Text(label)
            if hint:
                line.append(f"  {hint}", style="dim")
            option = self._options[entry] = Option(line, id=cid)
        return option

    def on_resize(self) -> None:
        """Laid out, the description's box has its width (hidden, it has none): kept for the next pick. A pick
        put away before its description was ever written again left it unknown, and the next pick's box
        grew to fit, laying the list out again on a letter."""
        width = self.query_one(Description).content_size.width
        if width:
            self._description_width = width

    def _size_description(self) -> None:
        """As tall as the longest description, for the whole pick: moving through the list then redraws
        the text alone. Before the box was first laid out its width is not known: it grows to fit."""
        box = self.query_one(Description)
        width = self._description_width = box.content_size.width or self._description_width  # 0 while hidden
        if not width:
            box.styles.height = "auto"
            self._fixed_description = False
            return
        key = (width, tuple(c.description for c in self.choices))
        if key not in self._description_heights:
            console = self.app.console
            self._description_heights[key] = max(
                (len(Text(c.description).wrap(console, width)) for c in self.choices if c.description), default=0)
        box.styles.height = self._capped(box, self._description_heights[key])
        self._fixed_description = True

    def _capped(self, part: Widget, rows: int) -> int:
        """`rows`, or fewer where the part's max-height (a share of the terminal's, app.tcss) says. Capped
        here, not by max-height alone: the box's own height, auto, counts a relative cap as none."""
        cap = part.styles.max_height
        return rows if cap is None else min(rows, int(cap.resolve(self.app.size, self.app.size)))

    def _describe(self) -> None:
        ol = self.query_one(OptionList)
        desc = ""
        if ol.highlighted is not None and ol.option_count:
            cid = ol.get_option_at_index(ol.highlighted).id
            desc = next((c.description for c in self.choices if c.id == cid), "")
        self._description_width = self.query_one(Description).content_size.width or self._description_width
        if desc != self._described:  # the same again would lay the box out again, a frame later
            self._described = desc
            self.query_one(Description).update(Text(desc), layout=not self._fixed_description)

    def action_choose(self) -> None:
        ol = self.query_one(OptionList)
        if ol.highlighted is not None and ol.option_count:
            self._answer(ol.get_option_at_index(ol.highlighted).id)

    @on(OptionList.OptionHighlighted)
    def _highlighted(self) -> None:
        self._describe()

    @on(OptionList.OptionSelected)
    def _selected(self, event: OptionList.OptionSelected) -> None:
        self._answer(event.option.id)

    def action_move(self, step: int) -> None:
        ol = self.query_one(OptionList)
        if ol.option_count:
            # Stops at the ends: a list that wraps takes a key typed once too often round to the far end.
            ol.highlighted = min(max((ol.highlighted or 0) + step, 0), ol.option_count - 1)

