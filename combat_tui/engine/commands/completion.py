"""Completion for the command bar: the next word of a command, from what the encounter knows.

No Textual: given the text typed so far, the text with its last word completed (and the space after
it), every way it can be completed, and a Tab that cycles through them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from ..library import Library
from ..rules.injuries import parts_of
from ..rules.timekeeping import is_out
from ..ruleset import RulesetDef
from ..state.errors import CombatError
from ..state.model import State
from ..state.targets import creatures
from .quoting import split
from .spec import COMMANDS, Command


class Encounter(Protocol):
    """What completion reads of an encounter (`encounter.Encounter` is one; the commands sit below it)."""

    @property
    def rs(self) -> RulesetDef: ...
    @property
    def state(self) -> State: ...
    @property
    def library(self) -> Library | None: ...


def _own_parts(enc: Encounter, head: str) -> list[str]:
    """The body parts every creature named after `injure` has (all of them while that cannot be read)."""
    rs = enc.rs
    try:
        ids = creatures(enc.state, split(head)[1])
    except (CombatError, IndexError):
        return [b.id for b in rs.body]
    own = [{b.id for b in parts_of(rs, enc.state.combatants[cid])} for cid in ids]
    return [b.id for b in rs.body if all(b.id in o for o in own)]


def _names(enc: Encounter, head: str) -> list[str]:
    # the living first, then the sides, then those out of the fight (a full name still reaches them)
    roster = enc.state.roster()
    living = [c.name for c in roster if not is_out(c, enc.rs)]
    out = [c.name for c in roster if is_out(c, enc.rs)]
    return [*living, "@pc", "@npc", "@ally", "@all", *out]


def _library(enc: Encounter, head: str) -> list[str]:
    """What `add` names: the library's templates, then its parties."""
    lib = enc.library
    if lib is None:
        return []
    return [t.name for t in lib.templates_for(enc.rs.id)] + [f"@{p.name}" for p in lib.parties_for(enc.rs.id)]


def _actions(enc: Encounter, head: str) -> list[str]:
    """The actions of the creature(s) named after `act`: their own attacks first, then the ruleset's."""
    own: list[str] = []
    try:
        ids = creatures(enc.state, split(head)[1])
    except (CombatError, IndexError):
        ids = []
    for cid in ids:
        own += [a.id for a in enc.state.combatants[cid].actions if a.id not in own]
    return own + [a.id for a in enc.rs.actions if a.id not in own]


def _ruleset_keys(enc: Encounter, spec: Command) -> list[str]:
    """add, edit: the ruleset's own keys, its pools and stats (the keys the spec names come first)."""
    said = set(spec.words)
    return [f"{k}=" for k in [*(p.id for p in enc.rs.pools), *(s.id for s in enc.rs.stats)] if k not in said]


# What each kind of argument a command spec names completes to.
_KINDS: dict[str, Callable[[Encounter, str], list[str]]] = {
    "names": _names,
    "name": _names,
    "prompt": _names,
    "action": _actions,
    "pool": lambda enc, head: [p.id for p in enc.rs.pools],
    "damage-type": lambda enc, head: list(enc.rs.damage.types),
    "condition": lambda enc, head: [c.id for c in enc.rs.conditions],
    "part": _own_parts,
    "table": lambda enc, head: [t.id for t in enc.rs.tables],
    "option": lambda enc, head: [o.id for o in enc.rs.options],
    "rest": lambda enc, head: ["short", "long"],
    "add": _library,
    "party": lambda enc, head: [],
    "amount": lambda enc, head: [],  # a number or dice: nothing to offer
    "expr": lambda enc, head: [],
    "text": lambda enc, head: [],
    "save": lambda enc, head: [s.id for s in enc.rs.checks.saves] or [s.id for s in enc.rs.stats],
}

# Words only time count reads (`act`'s speed), and a word offered with each of its values.
_TIME_COUNT_WORDS = {"sf", "class", "mod"}


def _key_words(enc: Encounter, spec: Command) -> list[str]:
    """The `key=` words the spec declares, as this encounter can use them (no `body=` without body plans;
    `stat-KEY=` is a pattern, not a word); the ruleset's own keys after them."""
    rs = enc.rs
    time_count = rs.time.model.value == "time-count"
    words: list[str] = []
    for key in spec.words:
        if (key in _TIME_COUNT_WORDS and not time_count) or (key == "body" and not rs.body_plans) or not key.islower():
            continue
        if key == "class":
            words += [f"class={s.id}" for s in rs.speed_classes]
        else:
            words.append(f"{key}=")
    return words + (_ruleset_keys(enc, spec) if spec.ruleset_words else [])


def vocabulary(enc: Encounter, command: str, position: int, head: str = "") -> list[str]:
    """Words that may come at `position` (1 = the first after the command); `head`: what was typed before.
    From the command's spec: the first argument's kind, then (names may run to several words, so
    positions blur) every later argument's kind, the bare words and the `key=value` words it takes."""
    spec = COMMANDS[command]
    if position == 1 and spec.args and not spec.args[0].optional:
        return _KINDS[spec.args[0].kind](enc, head)
    if position == 1:  # `apply half`: an optional first argument, the words may come first
        return [*(_KINDS[spec.args[0].kind](enc, head) if spec.args else []), *spec.bare_words(),
                *_key_words(enc, spec)]
    words = [w for a in spec.args[1:] for w in _KINDS[a.kind](enc, head)]
    return words + spec.bare_words() + _key_words(enc, spec)


def _finish(head: str, typed: str, word: str, quoted: bool) -> str:
    """`head` + the completed word, and what comes after it: a space, so the next word can be typed at
    once (none after `key=`); quotes around a name the parser could not join back (more than 3 words)."""
    if quoted or len(word.split()) > 3:
        return f'{head}"{word}" '
    return head + typed + word[len(typed):] + ("" if word.endswith("=") else " ")


def completions(enc: Encounter, text: str) -> list[str]:
    """Every way to complete the last word of `text`, best first; each is the whole new text."""
    if not text or (text.endswith(" ") and text.count('"') % 2 == 0):
        return []
    if text.count('"') % 2:  # an open quote: the word runs from it, spaces and all
        at = text.rindex('"')
        head, last, quoted = text[:at], text[at + 1:], True
    else:
        at = text.rfind(" ")
        head, last, quoted = text[:at + 1], text[at + 1:], False
    words = head.split()
    if not words:
        if quoted:
            return []
        return [f"{name} " for name in COMMANDS if name.startswith(last.lower())]
    command = next((n for n in COMMANDS if n == words[0].lower()), None)
    if command is None:
        hits = [n for n in COMMANDS if n.startswith(words[0].lower())]
        command = hits[0] if len(hits) == 1 else None
    if command is None or not last:
        return []
    position = len(words)
    low = last.lower()
    return [_finish(head, last, word, quoted) for word in vocabulary(enc, command, position, head)
            if word.lower().startswith(low) and (len(word) > len(last) or quoted)]


def complete(enc: Encounter, text: str) -> str | None:
    """The best completion of `text`'s last word (what the command bar suggests), or None."""
    hits = completions(enc, text)
    return hits[0] if hits else None


class TabCycle:
    """Tab in the command bar: the first completion, then the next one on each Tab pressed again, round
    and round, as long as the text is still what the last Tab left."""

    def __init__(self) -> None:
        self._options: list[str] = []
        self._at = 0

    def press(self, enc: Encounter, text: str) -> str | None:
        if self._options and text == self._options[self._at]:
            self._at = (self._at + 1) % len(self._options)
        else:
            self._options, self._at = completions(enc, text), 0
        return self._options[self._at] if self._options else None
