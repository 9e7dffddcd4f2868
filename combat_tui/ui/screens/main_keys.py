"""The main screen's keys: each a binding with an id (remappable in the settings file) and the long
description the help screen shows."""

from __future__ import annotations

from textual.binding import Binding, BindingType


def B(key: str, action: str, description: str, tooltip: str = "", *, show: bool = True,
      key_display: str | None = None) -> Binding:
    """A binding with an id (so keys can be remapped) named after its action; the tooltip is the long
    description the help screen shows. Priority: the app runs it the moment the key is read. Only Enter
    needs it to be heard at all (the command bar's input takes Enter first); the others have it because a
    key for the focused widget comes back up to the app by its parents, four more messages a key
    (`tests/ui/test_work_per_key.py` counts them). Keys a focused input types (letters, in the command
    bar) are left out of the bindings by Textual, priority or not."""
    return Binding(key, action, description, show=show, key_display=key_display, tooltip=tooltip or description,
                   id=f"main.{action}", priority=True)


# The footer shows what a GM presses every turn, in order of use, then help; the rest (show=False)
# are in `?` and the palette. A short footer also keeps each keystroke's frame small.
KEYS: list[BindingType] = [
    B("n", "next", "Next", "next turn / next TC / next round (starts the fight if not started)"),
    B("d", "damage", "Dmg", "damage the marked or highlighted creatures: digits or dice, Enter"),
    B("h", "heal", "Heal", "heal them"),
    B("c", "add_condition", "Cond+", "add a condition: type to filter, Enter, then how long"),
    B("a", "act", "Act", "act: pay an action's cost, or (time count) pick a speed class or SF"),
    B("t", "attack", "Attack", "attack: the highlighted creature's own attacks, then on whom; ready for A",
      show=False),
    B("A", "apply", "Apply", "apply an attack's ready damage: the one waiting, or pick when several wait",
      key_display="A"),
    B("p", "prompt_roll", "Prompt", "roll the waiting prompt; press again to apply the result"),
    B("u", "undo", "Undo", "undo the last change (again and again)"),
    B("question_mark", "help", "Help", "this list of keys", key_display="?"),
    B("colon", "command", "Cmd", "the command bar: every command, Tab completes", key_display=":"),
    B("enter", "run_command", "Run", "in the command bar: run the line", show=False, key_display="Enter"),
    B("C", "remove_condition", "Cond-", "remove a condition (and what it implied)", key_display="C", show=False),
    B("plus", "add_creature", "Add", "add creatures from your library mid-fight: type to filter, Enter, how many",
      key_display="+", show=False),
    B("s", "spend", "Spend", "spend from a pool", show=False),
    B("g", "gain", "Gain", "gain into a pool", show=False),
    B("S", "saving_throw", "Saving throw", "a saving throw for the marked or highlighted creatures: which, the DC, "
      "damage rolled once (half or none for a pass), the players' totals", key_display="S", show=False),
    B("i", "injure", "Injure", "injure a body part", show=False),
    B("E", "edit", "Edit", "edit the highlighted creature: name=, side=, hp= (a maximum), a stat (Tab lists)",
      key_display="E", show=False),
    B("v", "prompt_value", "Prompt value", "give the waiting prompt your own result"),
    B("x", "prompt_dismiss", "Dismiss", "dismiss the waiting prompt, or a waiting attack: it missed"),
    B("o", "hold", "Hold", "the acting creature holds: leaves the order until it enters", show=False),
    B("y", "delay", "Delay", "the acting creature delays: its start-of-turn effects still happen", show=False),
    B("e", "enter", "Enter", "a holding or delaying creature enters now", show=False),
    B("r", "roll", "Roll", "roll dice into the log", show=False),
    B("U", "redo", "Redo", "redo what undo took back", key_display="U", show=False),
    B("space", "mark", "Mark", "mark the highlighted creature (a folded group's line: the group); marks are targets",
      key_display="space"),
    B("escape", "unmark", "Unmark all", "clear the marks", show=False, key_display="Escape"),
    B("l", "lookup", "Lookup", "look up a condition, action, table or rule"),
    B("L", "read_log", "Log", "read the log back: ↑↓ PgUp PgDn Home End; Escape returns", key_display="L",
      show=False),
    B("ctrl+s", "save", "Save as", "save a copy under a name and go on in it", show=False),
    B("ctrl+o", "open", "Open", "open another encounter", show=False),
    B("P", "players", "Players' view", "the players' view: the command for another terminal, or serve it to "
      "browsers", show=False, key_display="P"),
    B("q", "quit", "Quit", "quit; asks where to write any change that could not be saved"),
]
