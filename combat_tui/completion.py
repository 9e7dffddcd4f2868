"""Completion for the command bar: the next word of a command, from what the encounter knows.

No Textual: given the text typed so far, return the text with its last word completed, or None.
"""

from __future__ import annotations

from .engine.commands import COMMANDS
from .engine.encounter import Encounter

_CREATURE_FIRST = {"remove", "init", "act", "spend", "gain", "dmg", "heal", "cond", "uncond", "hold", "delay",
                   "enter", "injure", "note", "hide", "reveal", "prompt", "resolve", "dismiss", "preroll"}


def vocabulary(enc: Encounter, command: str, position: int) -> list[str]:
    """Words that may come at `position` (1 = the first after the command)."""
    rs = enc.rs
    # plain names: the parser joins `Goblin 1` back into one name, and a suggestion must extend what is typed
    names = [c.name for c in enc.state.roster()] + ["@pc", "@npc", "@ally", "@all"]
    if command in _CREATURE_FIRST and position == 1:
        return names
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
        return [b.id for b in rs.body]
    if command == "prompt":
        return [t.id for t in rs.tables]
    if command == "set":
        return [o.id for o in rs.options]
    if command == "rest":
        return ["short", "long"]
    if command == "add":
        return ["pc", "npc", "ally", "surprised", "hidden", "hp=", "init="] + [f"{s.id}=" for s in rs.stats]
    return []


def complete(enc: Encounter, text: str) -> str | None:
    if not text or (text.endswith(" ") and not text.strip()):
        return None
    words = text.split(" ")
    last = words[-1]
    if len(words) == 1:
        hits = [name for name in COMMANDS if name.startswith(last.lower())]
        if not hits or not last:
            return None
        return hits[0] + " " if len(hits) == 1 else hits[0]
    if not last:
        return None
    command = next((n for n in COMMANDS if n == words[0].lower()), None)
    if command is None:
        hits = [n for n in COMMANDS if n.startswith(words[0].lower())]
        command = hits[0] if len(hits) == 1 else None
    if command is None:
        return None
    position = len([w for w in words[1:-1] if w]) + 1
    low = last.lower()
    for word in vocabulary(enc, command, position):
        if word.lower().startswith(low) and len(word) > len(last):
            return " ".join([*words[:-1], last + word[len(last):]])
    return None
