"""Completion for the command bar: the next word of a command, from what the encounter knows.

No Textual: given the text typed so far, the text with its last word completed (and the space after
it), every way it can be completed, and a Tab that cycles through them.
"""

from __future__ import annotations

from .engine.commands import COMMANDS, split
from .engine.encounter import Encounter
from .engine.errors import CombatError
from .engine.injuries import parts_of
from .engine.targets import creatures
from .engine.timekeeping import is_out

_CREATURE_FIRST = {"remove", "init", "act", "spend", "gain", "dmg", "heal", "cond", "uncond", "hold", "delay",
                   "enter", "injure", "note", "hide", "reveal", "prompt", "resolve", "dismiss", "preroll", "edit"}


def _own_parts(enc: Encounter, head: str) -> list[str]:
    """The body parts every creature named after `injure` has (all of them while that cannot be read)."""
    rs = enc.rs
    try:
        ids = creatures(enc.state, split(head)[1])
    except (CombatError, IndexError):
        return [b.id for b in rs.body]
    own = [{b.id for b in parts_of(rs, enc.state.combatants[cid])} for cid in ids]
    return [b.id for b in rs.body if all(b.id in o for o in own)]


def vocabulary(enc: Encounter, command: str, position: int, head: str = "") -> list[str]:
    """Words that may come at `position` (1 = the first after the command); `head`: what was typed before."""
    rs = enc.rs
    if command in _CREATURE_FIRST and position == 1:
        # the living first, then the sides, then those out of the fight (a full name still reaches them)
        roster = enc.state.roster()
        living = [c.name for c in roster if not is_out(c, rs)]
        out = [c.name for c in roster if is_out(c, rs)]
        return [*living, "@pc", "@npc", "@ally", "@all", *out]
    if command in ("cond", "uncond"):
        return [c.id for c in rs.conditions] + ["for=", "until=", "from="]
    if command == "act":
        words = [a.id for a in rs.actions] + ["on="]
        if rs.time.model.value == "time-count":
            words += [f"class={s.id}" for s in rs.speed_classes] + ["sf="]
        return words
    if command in ("spend", "gain"):
        return [p.id for p in rs.pools]
    if command == "dmg":
        return list(rs.damage.types)
    if command == "injure":
        return _own_parts(enc, head)
    if command == "prompt":
        return [t.id for t in rs.tables]
    if command == "set":
        return [o.id for o in rs.options]
    if command == "rest":
        return ["short", "long"]
    body = ["body="] if rs.body_plans else []
    if command == "add":
        return ["pc", "npc", "ally", "surprised", "hidden", "hp=", "init=", *body] + [f"{s.id}=" for s in rs.stats]
    if command == "edit":
        pools = [f"{p.id}=" for p in rs.pools if p.id != "hp"]
        return ["name=", "side=", "hp=", *body, "notes=", *pools] + [f"{s.id}=" for s in rs.stats]
    return []


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
