"""A GM's ruleset file is bounded before it is parsed, and checked in work that grows with its size.

One key of 100,000 dotted parts kept `rulesets` busy for over a minute (tomllib's time grows with
the square of a key's parts), and 30,000 conditions took 7 s in a quadratic duplicate check. The
work is counted (the Python calls a load makes), never timed: a busy machine changes no count.
"""

from __future__ import annotations

import os
import sys
import tomllib
from pathlib import Path
from types import FrameType
from typing import Any

import pytest

from combat_tui.engine.ruleset import MAX_ITEMS
from combat_tui.engine.state.errors import RulesetError
from combat_tui.engine.toml_text import MAX_KEY_PARTS
from combat_tui.store.rulesets import MAX_RULESET_BYTES, Catalogue, load_file

HEAD = 'id = "house"\nname = "House"\n[time]\nmodel = "turn-order"\n'


def condition(i: int, cid: str | None = None) -> str:
    return f'[[conditions]]\nid = "{cid or f"c{i}"}"\nname = "C {i}"\ndescription = "d"\n'


def calls(load: Any) -> int:
    """How many Python functions `load()` calls: its work, counted the same on any machine."""
    count = 0

    def counted(frame: FrameType, event: str, arg: object) -> None:
        nonlocal count
        count += event == "call"

    sys.setprofile(counted)
    try:
        load()
    except RulesetError:
        pass
    finally:
        sys.setprofile(None)
    return count


def refused(tmp_path: Path, text: str) -> str:
    path = tmp_path / "house.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesetError) as info:
        load_file(path)
    message = str(info.value)
    assert message.startswith("house.toml") and "\n" not in message
    return message


def refused_unparsed(tmp_path: Path, text: str, monkeypatch: pytest.MonkeyPatch) -> str:
    """Refused before the TOML parser has read it (the parser is where the time would go)."""
    parsed: list[int] = []
    real = tomllib.loads

    def parse(text: str) -> dict[str, Any]:
        parsed.append(len(text))
        return real(text)

    monkeypatch.setattr(tomllib, "loads", parse)  # the module the loader parses with
    message = refused(tmp_path, text)
    assert parsed == [], "the file was handed to the parser"
    return message


def grows_linearly(tmp_path: Path, text_of: Any, n: int) -> None:
    """Twice the items cost at most a little over twice the work."""
    path = tmp_path / "house.toml"
    counts = []
    for size in (n // 2, n):
        path.write_text(text_of(size), encoding="utf-8")
        counts.append(calls(lambda: load_file(path)))
    assert counts[1] <= 2.2 * counts[0], counts


def test_a_deeply_dotted_key_is_refused_at_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    message = refused_unparsed(tmp_path, HEAD + "a" + ".a" * 100_000 + " = 1\n", monkeypatch)
    assert f"more than {MAX_KEY_PARTS} dotted parts" in message


@pytest.mark.parametrize("key", [
    "[" + ".".join(["t"] * 5000) + "]\n",  # a table header
    "x = { " + ".".join(["a"] * 5000) + " = 1 }\n",  # an inline table
    ".".join(['"q"'] * 5000) + " = 1\n",  # quoted parts
], ids=["table-header", "inline-table", "quoted"])
def test_every_kind_of_dotted_key_is_bounded(tmp_path: Path, key: str, monkeypatch: pytest.MonkeyPatch) -> None:
    assert "dotted parts" in refused_unparsed(tmp_path, HEAD + key, monkeypatch)


def test_dots_in_text_are_not_keys(tmp_path: Path) -> None:
    """A description full of full stops and a comment full of dots are still a ruleset."""
    path = tmp_path / "house.toml"
    dots = ". ".join(["x"] * 200)
    path.write_text(f'# {"." * 500}\n' + HEAD.replace('"House"', f'"House"\ndescription = "{dots}"\n'
                    f'rules = []\n') + condition(1).replace('"d"', f"'''{dots}\n{dots}'''"), encoding="utf-8")
    rs = load_file(path)
    assert rs.description == dots and len(rs.conditions) == 1


def many(n: int) -> str:
    items = ", ".join(f'{{id="c{i}", name="C", description="d"}}' for i in range(n))
    return HEAD.replace("[time]", f"conditions = [{items}]\n[time]")


def test_too_many_items_are_refused_in_work_that_grows_with_them(tmp_path: Path) -> None:
    message = refused(tmp_path, many(20_000))  # under the size cap
    assert "conditions" in message and str(MAX_ITEMS) in message
    grows_linearly(tmp_path, many, 20_000)


def test_duplicates_are_found_in_work_that_grows_with_the_file(tmp_path: Path) -> None:
    def text(n: int) -> str:
        return HEAD + "".join(condition(i) for i in range(n - 1)) + condition(0, "c5")

    assert "duplicate condition id(s): c5" in refused(tmp_path, text(MAX_ITEMS))
    grows_linearly(tmp_path, text, MAX_ITEMS)


def test_the_count_catches_a_duplicate_check_that_compares_every_pair() -> None:
    """The measure itself: a check that compares every pair does four times the work at twice the size."""
    def same(a: int, b: int) -> bool:
        return a == b

    def pairwise(n: int) -> list[bool]:
        return [same(a, b) for a in range(n) for b in range(n)]

    small, large = calls(lambda: pairwise(50)), calls(lambda: pairwise(100))
    assert large > 3 * small


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
