"""Text from files and arguments never reaches the terminal with a control character in it.

A creature named "Esc\\x1b[2J\\x1b]0;pwned\\x07" in a save cleared the screen and retitled the
terminal wherever the name was shown; a GM's own ruleset could do the same through `rulesets` and
`lookup`, and `roll` echoed its argument. Each output here is read as bytes from a real process.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from combat_tui.engine.encounter import Encounter
from combat_tui.store import exchange, saves
from combat_tui.store.rulesets import Catalogue, load_file
from combat_tui.store.saves import load_view

EVIL = "Esc\x1b[2J\x1b]0;pwned\x07 \x9b31m \u202eRTL\x7f end"
CLEAN = "Esc[2J]0;pwned 31m RTL end"  # what is left: printable text only

DESCRIPTION = json.dumps(EVIL + "\nsecond line")
RULESET = f'''
id = "house"
name = {json.dumps(EVIL)}
description = {DESCRIPTION}

[time]
model = "turn-order"

[[conditions]]
id = "hexed"
name = {json.dumps("Hexed " + EVIL)}
description = {json.dumps(EVIL)}
'''


def bad_bytes(data: bytes) -> list[int]:
    """Bytes a terminal acts on: C0 controls but the line feed, DEL, and the C1 range (as UTF-8)."""
    text = data.decode("utf-8")
    return [ord(ch) for ch in text if (ord(ch) < 0x20 and ch != "\n") or 0x7F <= ord(ch) <= 0x9F
            or ch in "\u202e\u202d\u2066\u2067\u2068"]


@pytest.fixture
def home(tmp_path: Path, catalogue: Catalogue) -> dict[str, str]:
    """A data folder with a save full of escape sequences, and a config folder with such a ruleset."""
    (tmp_path / "config" / "rulesets").mkdir(parents=True)
    (tmp_path / "config" / "rulesets" / "house.toml").write_text(RULESET, encoding="utf-8")
    saves = tmp_path / "data" / "saves"
    saves.mkdir(parents=True)
    enc = Encounter.new(catalogue.get("three-action"), seed=3, name="ford")
    for line in ("add Orc hp=9", "add Kara pc hp=20 init=12", "cond Kara blinded", "start",
                 "note Orc watch out"):
        enc.run(line)
    data = json.loads(exchange.dumps(enc.doc))
    data["name"] = EVIL
    orc = data["state"]["combatants"]["c1"]
    orc["name"] = EVIL
    orc["notes"] = EVIL + "\n" + EVIL
    kara = data["state"]["combatants"]["c2"]
    kara["conditions"][0]["source"] = EVIL
    data["log"][0]["lines"] = [EVIL]
    data["log"][0]["command"] = EVIL
    (saves / "ford.json").write_text(json.dumps(data), encoding="utf-8")
    (saves / f"{EVIL}.json").write_text(json.dumps(data), encoding="utf-8")
    env = dict(os.environ, COMBAT_TUI_DATA_DIR=str(tmp_path / "data"),
               COMBAT_TUI_CONFIG_DIR=str(tmp_path / "config"))
    return env


def run(env: dict[str, str], *argv: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "combat_tui", *argv], env=env, capture_output=True, timeout=60,
                          check=False, cwd=Path(env["COMBAT_TUI_DATA_DIR"]).parent)  # `new` writes beside it


@pytest.mark.parametrize("argv", [
    ("show", "ford"),
    ("show", "ford", "--json"),
    ("do", "ford", "dmg Esc 1", "undo", "redo"),
    ("do", "ford", f"note Kara {EVIL}"),
    ("do", "ford", f"add '{EVIL}'"),
    ("do", "ford", f"dmg '{EVIL}' 1"),
    ("list",),
    ("rulesets",),
    ("lookup", "house", "hex"),
    ("lookup", "house", EVIL),
    ("roll", EVIL),
    ("roll", "\x1b[2J"),
    ("new", f"{EVIL}.combat", "--ruleset", "house"),
    ("paths",),
], ids=lambda argv: "-".join(a for a in argv if a.isprintable())[:40])
def test_no_control_character_reaches_the_terminal(home: dict[str, str], argv: tuple[str, ...]) -> None:
    done = run(home, *argv)
    assert done.stdout or done.stderr
    assert bad_bytes(done.stdout) == [], done.stdout
    assert bad_bytes(done.stderr) == [], done.stderr
    assert b"Traceback" not in done.stderr


def test_the_escape_was_there_to_be_cleaned(home: dict[str, str]) -> None:
    """The name is in the save and shown: cleaned, not dropped."""
    done = run(home, "show", "ford")
    assert CLEAN in done.stdout.decode("utf-8")
    assert "Hexed " + CLEAN in run(home, "lookup", "house", "hex").stdout.decode("utf-8")


def test_a_loaded_save_holds_clean_strings(home: dict[str, str]) -> None:
    doc = saves.load(Path(home["COMBAT_TUI_DATA_DIR"]) / "saves" / "ford.json")
    orc, kara = doc.state.combatants["c1"], doc.state.combatants["c2"]
    assert doc.name == orc.name == CLEAN
    assert orc.notes == CLEAN + "\n" + CLEAN  # a note keeps its line break, nothing else
    assert kara.conditions[0].source == CLEAN
    assert doc.log[0].lines == [CLEAN] and doc.log[0].command == CLEAN


def test_a_loaded_ruleset_holds_clean_strings(home: dict[str, str]) -> None:
    rs = load_file(Path(home["COMBAT_TUI_CONFIG_DIR"]) / "rulesets" / "house.toml")
    assert rs.name == CLEAN
    assert rs.description == CLEAN + "\nsecond line"
    assert rs.conditions[0].name == "Hexed " + CLEAN and rs.conditions[0].description == CLEAN


def test_the_players_view_is_clean(home: dict[str, str], catalogue: Catalogue) -> None:
    view = load_view(Path(home["COMBAT_TUI_DATA_DIR"]) / "saves" / "ford.json", catalogue)
    shown = repr(view)  # every string in it, a control character written as an escape (\x1b, \u202e)
    assert view.name == CLEAN and shown.count(CLEAN) >= 2  # the creature's name too
    assert "\\x" not in shown and "\\u" not in shown


def test_a_command_is_cleaned_where_it_enters(catalogue: Catalogue) -> None:
    enc = Encounter.new(catalogue.get("three-action"), seed=1)
    lines = enc.run(f"add 'Orc{EVIL}' hp=5")
    assert all(not bad_bytes(line.encode("utf-8")) for line in lines)
    assert not bad_bytes(enc.doc.log[-1].command.encode("utf-8"))
    with pytest.raises(Exception) as info:
        enc.run(f"dmg Nobody{EVIL} 1")
    assert not bad_bytes(str(info.value).encode("utf-8"))
