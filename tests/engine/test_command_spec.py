"""Each command is declared once: its typed arguments, bare words and `key=value` words. Its usage line,
its arity error and what completion offers all come from that declaration, so a word added to a spec
later is covered here without a new test."""

from __future__ import annotations

import pytest

from combat_tui.engine.commands import COMMANDS
from combat_tui.engine.commands.completion import completions
from combat_tui.engine.state.errors import CommandError

_TIME_COUNT = {"sf", "class", "mod"}


def _offered() -> list[tuple[str, str]]:
    """Every (command, word) a GM may type that completion should offer: bare words and keys."""
    pairs = [(c.name, w) for c in COMMANDS.values() for w in c.bare_words()]
    pairs += [(c.name, f"{k}=") for c in COMMANDS.values() for k in c.words if k.islower()]
    return pairs


def _ruleset(word: str) -> str:
    if word.rstrip("=") in _TIME_COUNT:
        return "time-count"
    return "body-injury" if word == "body=" else "three-action"


def test_the_words_the_issue_named_are_declared() -> None:
    declared = set(_offered())
    for pair in [("edit", "side="), ("edit", "notes="), ("add", "side="), ("add", "notes="), ("apply", "half"),
                 ("apply", "double"), ("apply", "miss"), ("show-hp", "off"), ("heal-injury", "regrow")]:
        assert pair in declared


@pytest.mark.parametrize(("name", "word"), _offered())
def test_completion_offers_every_bare_word_and_key_of_the_spec(make, name: str, word: str) -> None:  # type: ignore[no-untyped-def]
    enc = make(_ruleset(word))
    enc.run("add Kara pc")
    head = f"{name} Kara "
    hits = completions(enc, head + word[0])
    assert any(h.startswith(head + word) for h in hits), hits


def test_every_kind_of_argument_is_shown_and_completed() -> None:
    from combat_tui.engine.commands.completion import _KINDS
    from combat_tui.engine.commands.spec import KINDS

    assert set(KINDS) == set(_KINDS)
    assert {a.kind for c in COMMANDS.values() for a in c.args} <= set(KINDS)


@pytest.mark.parametrize("name", ["apply", "resolve"])
def test_words_may_come_first_where_the_first_argument_is_optional(make, name: str) -> None:  # type: ignore[no-untyped-def]
    enc = make("three-action")
    first = (COMMANDS[name].bare_words() or [f"{k}=" for k in COMMANDS[name].words])[0]
    assert any(h.startswith(f"{name} {first}") for h in completions(enc, f"{name} {first[0]}"))


def test_the_usage_line_is_made_from_the_declaration() -> None:
    for spec in COMMANDS.values():
        for a in spec.args:
            assert (f"[{a.label}]" if a.optional else a.label) in spec.usage, (spec.name, a.label)
        for group in spec.flags:
            assert f"[{group}]" in spec.usage, (spec.name, group)
        for key, value in spec.values.items():
            assert f"[{key}={value}]" in spec.usage, (spec.name, key)
    assert COMMANDS["dmg"].usage == "dmg NAMES N [TYPE [N TYPE ...]] [crit]"
    assert COMMANDS["apply"].usage == "apply [NAME|N] [half|double|miss] [crit] [to=NAMES]"


REQUIRED = sorted(n for n, c in COMMANDS.items() if any(not a.optional for a in c.args))


@pytest.mark.parametrize("name", REQUIRED)
def test_a_command_short_of_its_arguments_says_what_it_needs(make, name: str) -> None:  # type: ignore[no-untyped-def]
    enc = make("three-action")
    enc.run("add Orc")
    spec = COMMANDS[name]
    with pytest.raises(CommandError) as err:
        enc.run(name)
    message = str(err.value)
    assert message.startswith(f"{name} needs ") and message.endswith(f"; usage: {spec.usage}")
    for a in spec.args:
        assert (a.what in message) == (not a.optional), (name, a.what)


def test_the_arity_error_reads_plainly(make) -> None:  # type: ignore[no-untyped-def]
    enc = make("three-action")
    enc.run("add Orc")
    usage = r"dmg NAMES N \[TYPE \[N TYPE \.\.\.\]\] \[crit\]"
    with pytest.raises(CommandError, match=rf"^dmg needs a name and an amount; usage: {usage}$"):
        enc.run("dmg Orc")
    with pytest.raises(CommandError, match=r"^spend needs a name, a pool and an amount"):
        enc.run("spend Orc actions")  # two words, but a name and a pool: asked again once names are read


def test_set_option_equals_value_counts_as_both_words(make) -> None:  # type: ignore[no-untyped-def]
    enc = make("boon-bane")
    enc.run("set stand_up_cost=2")
    assert enc.state.options["stand_up_cost"] == 2
    with pytest.raises(CommandError, match=r"^set needs an option and a value"):
        enc.run("set stand_up_cost")
