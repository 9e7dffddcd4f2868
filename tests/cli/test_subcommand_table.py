"""The CLI's subcommands come from one table (name, help, arguments, handler): the parser and the app's
help are both built from it, through argparse's public API only."""

from __future__ import annotations

import inspect
import re

import pytest

from combat_tui import cli, subcommands


@pytest.mark.parametrize("module", [cli, subcommands], ids=lambda m: m.__name__)
def test_no_private_part_of_argparse_is_reached(module: object) -> None:
    source = inspect.getsource(module)  # type: ignore[arg-type]
    assert re.findall(r"argparse\._\w+|\._actions\b|\._choices_actions\b|_SubParsersAction", source) == []


def test_the_app_knows_every_subcommand_without_importing_them() -> None:
    """`cli.SUBCOMMANDS` tells a subcommand from a save's name before the subcommands are imported."""
    assert {s.name for s in subcommands.SUBS} == cli.SUBCOMMANDS


def test_the_apps_help_lists_the_table_in_its_order(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--help"]) == 0
    lines = capsys.readouterr().out.split("commands:\n", 1)[1].splitlines()
    assert [line.split()[0] for line in lines if line.strip()] == [s.name for s in subcommands.SUBS]


@pytest.mark.parametrize("sub", subcommands.SUBS, ids=lambda s: s.name)
def test_each_row_is_a_subcommand_run_by_its_handler(sub: subcommands.Sub) -> None:
    argv = [sub.name]
    for a in sub.args:  # the least that parses: a word for each positional, each required option
        if not a.names[0].startswith("-"):
            argv.append("x")
        elif a.options.get("required"):
            argv += [a.names[0]] + ([] if a.options.get("action") == "store_true" else ["x"])
    args = subcommands.build_parser().parse_args(argv)
    assert args.fn is sub.handler
