"""A letter typed into an input is one message for the input, not one for each of its parents too: the
inputs of the main screen stop what they post and nobody above them reads (Changed, Blurred)."""

from __future__ import annotations

from pathlib import Path

from textual.message import Message
from textual.widgets import Input

from .keys import RecordingApp, asking, new_session, press


async def test_letters_typed_into_the_command_bar_and_a_question_do_not_bubble(tmp_path: Path) -> None:
    s = new_session(tmp_path, "add Kara pc init=15 hp=20", "add Orc init=10 hp=12", "start", ruleset="three-action")
    heard: list[Message] = []

    def hook(message: Message) -> None:
        if isinstance(message, Input.Changed | Input.Blurred):
            heard.append(message)

    app = RecordingApp(s)
    async with app.run_test(size=(100, 30), message_hook=hook) as pilot:
        await pilot.pause()
        await press(pilot, "colon", *"roll 1d4", "escape")
        await pilot.pause()
        changed = [m for m in heard if isinstance(m, Input.Changed)]
        assert len({id(m) for m in changed}) >= 8  # the line was typed: a change a letter (and one as it left)
        assert len(changed) == len({id(m) for m in changed})  # each read once, by the command bar alone
        heard.clear()
        await press(pilot, "d")
        assert asking(app) == "Damage to Kara › "
        await press(pilot, "4", "enter")
        await pilot.pause()
        assert len({id(m) for m in heard}) >= 2  # the answer typed, and the input left
        assert len(heard) == len({id(m) for m in heard})  # none went on up to the screen
