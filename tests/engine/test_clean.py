"""Cleaning text from outside: control and format characters go, everything a GM would write stays."""

from __future__ import annotations

import pytest

from combat_tui.engine.state.clean import clean_command, clean_line, clean_text
from combat_tui.engine.state.errors import CombatError
from combat_tui.engine.state.model import Combatant

KEPT = ["Orc", "Gruñón the Élder", "Ночной волк", "龍", "Goblin 🗡️ 2", "👨\u200d👩\u200d👧", "Bob\u00a0Smith", "عقرب",
        "x" * 200, ""]


@pytest.mark.parametrize("text", KEPT)
def test_ordinary_text_is_kept_as_it_is(text: str) -> None:
    assert clean_line(text) == text and clean_text(text) == text and clean_command(text) == text


@pytest.mark.parametrize("raw, line", [
    ("Esc\x1b[2J\x1b]0;pwned\x07", "Esc[2J]0;pwned"),  # ESC, BEL
    ("a\x9b31mb", "a31mb"),  # C1 CSI
    ("a\x7fb\x00c", "abc"),  # DEL, NUL
    ("evil\u202egnp.exe", "evilgnp.exe"),  # right-to-left override
    ("a\u2066b\u2069c\u200bd\ufeff", "abcd"),  # isolates, zero-width space, BOM
    ("one\ntwo\r\nthree\tfour", "one two  three four"),
    ("a\u2028b\x85c", "a b c"),
])
def test_control_and_format_characters_go(raw: str, line: str) -> None:
    assert clean_line(raw) == line


def test_text_keeps_line_breaks_only() -> None:
    assert clean_text("one\r\ntwo\rthree\n\x1b[31mfour\tfive") == "one\ntwo\nthree\n[31mfour five"


def test_a_command_keeps_tabs_and_line_breaks() -> None:
    assert clean_command("note\tOrc\x1b \"a\nb\"") == "note\tOrc \"a\nb\""


def test_a_model_cleans_what_it_reads() -> None:
    c = Combatant.model_validate({"id": "c1", "seq": 1, "name": "Orc\x1b]0;x\x07", "notes": "a\x1b\nb",
                                  "stats": {"st\x1br": 3}})
    assert (c.name, c.notes, list(c.stats)) == ("Orc]0;x", "a\nb", ["str"])


def test_an_error_message_is_one_clean_line() -> None:
    assert str(CombatError("no creature named 'Orc\x1b[2J\nx'")) == "no creature named 'Orc[2J x'"
