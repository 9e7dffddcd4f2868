"""The command reference's table (docs/commands.md) is the commands' spec, word for word: every command,
its usage, the `key=value` words it takes and what they mean. Regenerate it with `markdown_table()` when a
spec changes."""

from __future__ import annotations

from pathlib import Path

from combat_tui.engine.commands import COMMANDS, markdown_table

PAGE = (Path(__file__).parents[1] / "docs" / "commands.md").read_text(encoding="utf-8")
SECTION = PAGE.split("\n## The commands\n", 1)[1].split("\n## ", 1)[0]


def test_every_command_has_its_row_with_its_usage_and_words() -> None:
    rows = [line for line in SECTION.splitlines() if line.startswith("| `")]
    for spec in COMMANDS.values():
        usage = spec.usage.replace("|", "\\|")
        row = next((r for r in rows if r.startswith(f"| `{usage}` |")), None)
        assert row is not None, f"no row for {spec.name}"
        assert all(f"`{key}=`" in row for key in spec.words), spec.name


def test_the_table_is_the_spec_word_for_word() -> None:
    assert markdown_table() in SECTION


def test_every_duration_until_takes_is_listed() -> None:
    from combat_tui.engine.rules.durations import DURATIONS

    line = SECTION.split("Durations:", 1)[1].split("\n\n", 1)[0]
    assert [d for d in DURATIONS if f"`{d}`" not in line] == []
