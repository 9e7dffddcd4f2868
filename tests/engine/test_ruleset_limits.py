"""A GM's ruleset file is bounded before it is parsed, and checked in time that grows with its size.

One key of 100,000 dotted parts kept `rulesets` busy for over a minute (tomllib's time grows with
the square of a key's parts), and 30,000 conditions took 7 s in a quadratic duplicate check.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from combat_tui.engine.errors import RulesetError
from combat_tui.engine.loader import MAX_KEY_PARTS, MAX_RULESET_BYTES, Catalogue, load_file
from combat_tui.engine.ruleset import MAX_ITEMS

HEAD = 'id = "house"\nname = "House"\n[time]\nmodel = "turn-order"\n'


def condition(i: int, cid: str | None = None) -> str:
    return f'[[conditions]]\nid = "{cid or f"c{i}"}"\nname = "C {i}"\ndescription = "d"\n'


def refused(tmp_path: Path, text: str, seconds: float = 2.0) -> str:
    path = tmp_path / "house.toml"
    path.write_text(text, encoding="utf-8")
    start = time.perf_counter()
    with pytest.raises(RulesetError) as info:
        load_file(path)
    assert time.perf_counter() - start < seconds
    message = str(info.value)
    assert message.startswith("house.toml") and "\n" not in message
    return message


def test_a_deeply_dotted_key_is_refused_at_once(tmp_path: Path) -> None:
    message = refused(tmp_path, HEAD + "a" + ".a" * 100_000 + " = 1\n", seconds=1.0)
    assert f"more than {MAX_KEY_PARTS} dotted parts" in message


@pytest.mark.parametrize("key", [
    "[" + ".".join(["t"] * 5000) + "]\n",  # a table header
    "x = { " + ".".join(["a"] * 5000) + " = 1 }\n",  # an inline table
    ".".join(['"q"'] * 5000) + " = 1\n",  # quoted parts
], ids=["table-header", "inline-table", "quoted"])
def test_every_kind_of_dotted_key_is_bounded(tmp_path: Path, key: str) -> None:
    assert "dotted parts" in refused(tmp_path, HEAD + key, seconds=1.0)


def test_dots_in_text_are_not_keys(tmp_path: Path) -> None:
    """A description full of full stops and a comment full of dots are still a ruleset."""
    path = tmp_path / "house.toml"
    dots = ". ".join(["x"] * 200)
    path.write_text(f'# {"." * 500}\n' + HEAD.replace('"House"', f'"House"\ndescription = "{dots}"\n'
                    f'rules = []\n') + condition(1).replace('"d"', f"'''{dots}\n{dots}'''"), encoding="utf-8")
    rs = load_file(path)
    assert rs.description == dots and len(rs.conditions) == 1


def test_too_many_items_are_refused_quickly(tmp_path: Path) -> None:
    many = ", ".join(f'{{id="c{i}", name="C", description="d"}}' for i in range(20_000))  # under the size cap
    message = refused(tmp_path, HEAD.replace("[time]", f"conditions = [{many}]\n[time]"), seconds=5.0)
    assert "conditions" in message and str(MAX_ITEMS) in message


def test_duplicates_are_found_in_linear_time(tmp_path: Path) -> None:
    conds = "".join(condition(i) for i in range(MAX_ITEMS - 1)) + condition(0, "c5")
    start = time.perf_counter()
    message = refused(tmp_path, HEAD + conds)
    assert "duplicate condition id(s): c5" in message
    assert time.perf_counter() - start < 2.0


def test_a_file_too_large_or_not_a_file_is_skipped_with_a_reason(tmp_path: Path) -> None:
    folder = tmp_path / "rulesets"
    folder.mkdir()
    (folder / "big.toml").write_text(HEAD + "#" * MAX_RULESET_BYTES, encoding="utf-8")
    os.mkfifo(folder / "fifo.toml")  # reading it would wait forever
    cat = Catalogue([folder])
    assert cat.rulesets == {}
    assert sorted(p.split(":")[0] for p in cat.problems) == ["big.toml", "fifo.toml"]
    assert any("too large" in p for p in cat.problems) and any("not a regular file" in p for p in cat.problems)


def test_numbers_in_a_ruleset_are_bounded(tmp_path: Path) -> None:
    assert "default" in refused(tmp_path, HEAD.replace("[time]", 'options = [{id = "o", default = 1' + "0" * 30
                                                       + ', description = "d"}]\n[time]'))
    assert "round_seconds" in refused(tmp_path, HEAD + "round_seconds = nan\n")
    assert "count" in refused(tmp_path, HEAD + '[[body]]\nid = "arm"\nname = "Arm"\nseverity = "x"\ncount = 100000\n')
