"""What a library file may say: creature templates and parties, as pydantic models.

Unknown keys are refused, so a typo is reported (file and key) rather than ignored. Whether a stat,
pool, damage type or speed class exists is the ruleset's to say: see `checks.py`.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ..state.bounds import Int
from ..state.clean import Line, Text
from ..state.model import DamagePart, OwnAction, SaveSpec, Side

MAX_ENTRIES = 500  # templates or members in one file
MAX_KEYS = 100  # stats, pools, actions of one creature
MAX_EXPR = 100  # characters of one dice expression

Amount = Int | Annotated[Line, Field(max_length=MAX_EXPR)]
"""A number, or dice rolled for each creature made ("2d8+2")."""


class Strict(BaseModel):
    # built when first validated: the library is read after the app's first frame
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True, defer_build=True)


class PartEntry(Strict):
    """A further part of an action's damage, of another type: `plus = [{ damage = "2d6", type = "necrotic" }]`."""

    damage: Annotated[Line, Field(max_length=MAX_EXPR)]
    type: Line | None = None


class SaveEntry(Strict):
    """`save = { stat = "dex", dc = 13, on_save = "half" }`: the targets save instead of being hit."""

    stat: Line = Field(min_length=1, max_length=40)
    dc: Annotated[int, Field(ge=0, le=1000)]
    on_save: Literal["half", "none"] = "none"


class ActionEntry(Strict):
    """An attack or other action of a template, as written: see docs/library-format.md."""

    name: Line = Field(min_length=1, max_length=40)
    uses: Line | None = None
    cost: dict[Line, Amount] = Field(default_factory=dict, max_length=MAX_KEYS)
    hit: Annotated[Line, Field(max_length=MAX_EXPR)] | None = None
    damage: Annotated[Line, Field(max_length=MAX_EXPR)] | None = None
    type: Line | None = None
    speed: Line | None = None
    sf: Annotated[int, Field(ge=0, le=1000)] | None = None
    notes: Text = Field(default="", max_length=500)
    plus: list[PartEntry] = Field(default_factory=list, max_length=10)  # damage of further types in the same hit
    save: SaveEntry | None = None
    recharge: Annotated[int, Field(ge=1, le=6)] | None = None  # back on a d6 of this or more at its turn's start

    def own(self) -> OwnAction:
        """As a creature carries it."""
        return OwnAction(id=slug(self.name), name=self.name, uses=self.uses, cost=dict(self.cost), hit=self.hit,
                         damage=self.damage, type=self.type, speed=self.speed, sf=self.sf, notes=self.notes,
                         plus=[DamagePart(damage=p.damage, type=p.type) for p in self.plus],
                         save=SaveSpec(stat=self.save.stat, dc=self.save.dc, on_save=self.save.on_save)
                         if self.save is not None else None, recharge=self.recharge)


class Template(Strict):
    """A kind of creature: what `add NAME` makes one from."""

    name: Line = Field(min_length=1, max_length=40)
    ruleset: Line = ""  # from the file when not given here
    side: Side = Side.NPC
    stats: dict[Line, Amount] = Field(default_factory=dict, max_length=MAX_KEYS)
    pools: dict[Line, Amount] = Field(default_factory=dict, max_length=MAX_KEYS)  # maxima
    body: Line | None = None  # a body plan
    resist: dict[Line, Int] = Field(default_factory=dict, max_length=MAX_KEYS)  # damage type -> degree
    weak: dict[Line, Int] = Field(default_factory=dict, max_length=MAX_KEYS)
    immune: list[Line] = Field(default_factory=list, max_length=MAX_KEYS)  # damage types
    notes: Text = Field(default="", max_length=500)
    tags: list[Annotated[Line, Field(max_length=40)]] = Field(default_factory=list, max_length=MAX_KEYS)
    actions: list[ActionEntry] = Field(default_factory=list, max_length=MAX_KEYS, alias="action")

    @model_validator(mode="before")
    @classmethod
    def _lists_of_types(cls, data: object) -> object:
        """`resist = ["fire"]` reads as `resist = { fire = 1 }`."""
        if isinstance(data, dict):
            for key in ("resist", "weak"):
                if isinstance(data.get(key), list):
                    data = {**data, key: {t: 1 for t in data[key] if isinstance(t, str)}}
        return data

    @model_validator(mode="after")
    def _unique_actions(self) -> Template:
        _unique(self.name, self.actions)
        return self


class ConditionEntry(Strict):
    id: Line
    value: Int | None = None
    until: Line | None = None  # "short-rest", "long-rest" or None: until removed


class Member(Strict):
    """A player character of a party, with what lasts from one fight to the next."""

    name: Line = Field(min_length=1, max_length=40)
    side: Side = Side.PC
    stats: dict[Line, Int] = Field(default_factory=dict, max_length=MAX_KEYS)
    maxima: dict[Line, Int] = Field(default_factory=dict, max_length=MAX_KEYS)  # pool maxima set for it
    current: dict[Line, Int] = Field(default_factory=dict, max_length=MAX_KEYS)  # pools as the last fight left them
    injuries: dict[Line, Annotated[int, Field(ge=0, le=1000)]] = Field(default_factory=dict, max_length=MAX_KEYS)
    treated: dict[Line, Annotated[int, Field(ge=0, le=1000)]] = Field(default_factory=dict, max_length=MAX_KEYS)
    # what a rest resets, counted by name ("casts:fire dart" = 2: the same spell cast twice today)
    tallies: dict[Line, Annotated[int, Field(ge=0, le=1000)]] = Field(default_factory=dict, max_length=MAX_KEYS)
    conditions: list[ConditionEntry] = Field(default_factory=list, max_length=MAX_KEYS)
    body: Line | None = None
    notes: Text = Field(default="", max_length=500)
    actions: list[ActionEntry] = Field(default_factory=list, max_length=MAX_KEYS, alias="action")

    @model_validator(mode="after")
    def _unique_actions(self) -> Member:
        _unique(self.name, self.actions)
        return self


def _unique(owner: str, actions: list[ActionEntry]) -> None:
    """An action is picked by its name: two of one name (as an id) would be one action twice."""
    ids = [slug(a.name) for a in actions]
    if len(ids) != len(set(ids)):
        raise ValueError(f"{owner}: two actions of one name")


class Party(Strict):
    name: Line = Field(min_length=1, max_length=40)
    ruleset: Line
    members: list[Member] = Field(default_factory=list, max_length=MAX_ENTRIES, alias="member")


def slug(name: str) -> str:
    """An action's id from its name: `Rusty Blade` -> `rusty-blade`."""
    out = "".join(ch if ch.isalnum() else "-" for ch in name.lower().strip())
    while "--" in out:
        out = out.replace("--", "-")
    return out.strip("-") or "action"
