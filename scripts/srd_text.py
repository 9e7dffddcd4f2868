"""The SRD data's descriptions as plain sentences: its `[[...]]` placeholders filled in from the
monster's own data (a DC, a range, an attack's damage), its references reduced to their names, its
HTML undone; then shortened for a note. Part of `srd_bestiary.py`."""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from typing import Any

Json = dict[str, Any]

_PLACEHOLDER = re.compile(r"\[\[(?P<body>[^\]]*)\]\](?:\{(?P<label>[^}]*)\})?")
_REFERENCE = re.compile(r"&Reference\[(?P<name>[^\]\s]+)[^\]]*\](?:\{(?P<label>[^}]*)\})?")
_TAG = re.compile(r"<[^>]+>")
_ACTIVITY = re.compile(r"activity=(\S+)")
_ONE = {"feet": "foot", "miles": "mile"}  # "a 5-foot Emanation"


class Context:
    """What a placeholder may name: the monster's numbers and, by id, its action's activities. The
    convert module gives the words for an activity's attack, damage and DC."""

    def __init__(self, name: str, activities: list[Json], attack: Callable[[Json], str],
                 damage: Callable[[Json], str], dc: Callable[[Json], str], lookup: Callable[[str], str],
                 spells: dict[str, str] | None = None) -> None:
        self.name = name
        self.activities = activities
        self.attack, self.damage, self.dc, self.lookup = attack, damage, dc, lookup
        self.spells = spells or {}

    def spell(self, data_id: str) -> str:
        """A spell by its data id (`phbsplCharmPerso`): its name from the package's spells, else the id's words."""
        return self.spells.get(data_id) or re.sub(r"(?<=[a-z])(?=[A-Z])", " ", data_id.removeprefix("phbspl"))

    def activity(self, body: str, want: str = "") -> Json:
        """The activity a placeholder names (`activity=ID`), else the first of the kind it wants, else the first."""
        m = _ACTIVITY.search(body)
        if m:
            found = next((a for a in self.activities if a.get("id") == m.group(1)), None)
            if found is not None:
                return found
        if want:
            found = next((a for a in self.activities if a.get(want)), None)
            if found is not None:
                return found
        return self.activities[0] if self.activities else {}


def _path(data: Any, path: str) -> Any:
    for part in path.split("."):
        if not isinstance(data, dict):
            return None
        data = data.get(part)
    return data


def _affects(act: Json) -> str:
    affects = _path(act, "target.affects") or {}
    kind = affects.get("type") or "creature"
    count = str(affects.get("count") or "")
    return f"one {kind}" if count == "1" else f"up to {count} {kind}s" if count else f"each {kind}"


def _lookup(body: str, ctx: Context) -> str:
    words = body.split()
    path = words[1].lstrip("@") if len(words) > 1 else ""
    act = ctx.activity(body)
    if path == "name":
        return ctx.name.lower()
    if path == "save.dc.value":
        return ctx.dc(ctx.activity(body, "save"))
    if path == "damage.onSave":
        return "half" if _path(act, "damage.on_save") == "half" else "no"
    if path == "target.affects.labels.statblock":
        return _affects(act)
    if path.startswith(("attributes.", "abilities.", "skills.")):
        return ctx.lookup(path)
    value = _path(act, path)
    if value in (None, ""):
        return ""
    text = str(value)
    if path.endswith("units"):  # "a 5-feet Emanation" is made "5-foot" once the line is whole
        text = {"ft": "feet", "mi": "miles", "minute": "minutes", "hour": "hours", "round": "rounds",
                "day": "days"}.get(text, text)
    return text.capitalize() if "capitalize" in words else text


def _roll(body: str, ctx: Context) -> str:
    """`/attack`, `/damage`, `/healing`, `/save`, `/check`, `/r` and `/item`, as words."""
    words = body.split()
    verb = words[0]
    given = [w for w in words[1:] if "=" not in w and w not in ("average", "extended", "format", "long")]
    typed = next((w.split("=", 1)[1] for w in words if w.startswith("type=")), "")
    if verb == "/attack":
        return ctx.attack(ctx.activity(body, "attack"))
    if verb in ("/damage", "/healing"):
        given = [w.split("#", 1)[0] for w in given]  # "3d6#HP Max Decrease": the dice, not their label
        if given and re.match(r"[0-9d+\- ]+$", given[0]):
            return " ".join(x for x in (given[0], typed or " ".join(given[1:])) if x)
        return ctx.damage(ctx.activity(body, "damage" if verb == "/damage" else "healing"))
    if verb == "/save":
        return f"DC {ctx.dc(ctx.activity(body, 'save'))} saving throw"
    if verb == "/check":
        return "check"
    if verb == "/r":
        return " ".join(given)
    if verb == "/item":
        return " ".join(w for w in given if not w.startswith(".")) or ""
    return ""


def clean(text: str, ctx: Context) -> str:
    """A description with every placeholder filled in or dropped, as one line."""
    text = html.unescape(html.unescape(text))
    text = _REFERENCE.sub(lambda m: m.group("label") or m.group("name"), text)

    def fill(m: re.Match[str]) -> str:
        body = m.group("body").strip()
        if m.group("label") and body.startswith("/item"):
            return m.group("label")
        if body.startswith("lookup"):
            out = _lookup(body, ctx)
            return out if m.group("label") is None or out else m.group("label")
        return _roll(body, ctx)

    text = _PLACEHOLDER.sub(fill, text)
    text = _TAG.sub(" ", text)
    text = re.sub(r"\bphbspl(\w+)", lambda m: ctx.spell(m.group(0)), text)  # a spell named by its data id
    text = re.sub(r"([0-9])-(feet|miles)\b", lambda m: f"{m.group(1)}-{_ONE[m.group(2)]}", text)
    text = re.sub(r"(?<!\.)\.\.(?!\.)", ".", text)
    return re.sub(r"\s+", " ", text).strip()


def short(text: str, limit: int) -> str:
    """At most `limit` characters, cut at a sentence or a word, an ellipsis where cut."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    stop = cut.rfind(". ")
    if stop > limit // 2:
        return cut[: stop + 1]
    return cut[: cut.rfind(" ")].rstrip(",;:") + "…"


def extra(text: str, ctx: Context) -> str:
    """What a description says beyond its to-hit and damage (which the action carries as data)."""
    text = re.sub(r"^\s*\[\[/attack[^\]]*\]\]\.?\s*", "", text)
    text = re.sub(r"^\s*\[\[/damage[^\]]*\]\]\.?\s*", "", text)
    out = clean(text, ctx)
    out = re.sub(r"^(,|;|and|plus)\s+", "", out).strip()
    out = re.sub(r"^(and|plus)\s+", "", out)
    return out[:1].upper() + out[1:] if out else ""
