"""`combat-tui --help` shows how to open the app (FILE, --demo, --data-dir) and every subcommand;
each subcommand's --help says what it does and what each argument is."""

from __future__ import annotations

import pytest

from combat_tui.cli import SUBCOMMANDS, main


def _help(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    with pytest.raises(SystemExit) as done:
        main(list(argv))
    assert done.value.code in (0, None)
    return capsys.readouterr().out


def test_top_level_help_shows_the_app_and_the_subcommands(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["--help"])
    out = capsys.readouterr().out
    assert code == 0
    usage = out.split("\n\n")[0]
    assert "FILE" in usage and "--demo RULESET" in usage and "--data-dir DIR" in usage and "COMMAND" in usage
    assert "an encounter to resume" in out and "demo encounter" in out and "three-action" in out
    commands = out.split("commands:\n", 1)[1]
    for name in SUBCOMMANDS:
        assert f"\n  {name} " in "\n" + commands, name


@pytest.mark.parametrize("name", sorted(SUBCOMMANDS))
def test_every_subcommand_help_describes_itself_and_its_arguments(capsys: pytest.CaptureFixture[str],
                                                                   name: str) -> None:
    out = _help(capsys, name, "--help")
    assert out.startswith(f"usage: combat-tui {name}")
    description = out.split("\n\n")[1]
    assert description[0].isupper() and description.rstrip().endswith(".")
    for line in out.split("options:")[0].splitlines()[1:]:
        if line.startswith("  ") and not line.startswith("   "):  # an argument's line: its help beside it
            assert len(line.split()) > 1 or line.strip() == "", f"{name}: {line!r} has no help"
    options = out.split("options:", 1)[1]
    for line in options.splitlines():
        if line.startswith("  -") and "--help" not in line:
            assert len(line.split("  ")) > 1 and line.split()[-1] != line.split()[0], f"{name}: {line!r}"


def test_do_help_names_its_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    out = _help(capsys, "do", "--help")
    assert "FILE" in out and "a save's name" in out and "command bar" in out and "--seed N" in out


def test_data_dir_after_the_command_is_accepted(capsys: pytest.CaptureFixture[str], tmp_path) -> None:  # type: ignore[no-untyped-def]
    assert main(["list", "--data-dir", str(tmp_path)]) == 0
    assert str(tmp_path) in capsys.readouterr().out
