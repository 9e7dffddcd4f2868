"""Effects, the bookkeeping steps tables, triggers, actions and conditions take; and triggers."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from ..clean import Line
from .base import MAX_ITEMS, Number, Strict


class EffectDef(Strict):
    """One bookkeeping step, used by tables, triggers and actions. Exactly one verb."""

    when: Line | None = Field(None, description="Formula: the step happens only when it is true.")
    add: Line | None = Field(None, description="Verb: add this condition.")
    value: Number | None = Field(None, description="With `add`: the condition's value.")
    duration: Line | None = Field(None, description="With `add`: how long it lasts (`rounds:1`, `tc:10`...).")
    remove: Line | None = Field(None, description="Verb: remove this condition.")
    damage: Line | None = Field(None, description="Verb: deal this much damage (dice or formula; `roll`: the table's "
                                                  "total).")
    heal: Line | None = Field(None, description="Verb: heal this much (dice or formula).")
    type: Line | None = Field(None, description="With `damage`: its damage type.")
    pool: Line | None = Field(None, description="Verb: change this pool, with `delta` or `set`.")
    delta: Number | None = Field(None, description="With `pool`: added to it.")
    set: Number | None = Field(None, description="With `pool`: its new value.")
    prompt: Line | None = Field(None, description="Verb: queue this table as a prompt.")
    note: Line | None = Field(None, description="Verb: write this line in the log.")
    injure: Number | None = Field(None, description="Verb, in a prompt about a body part: add this many injuries to "
                                                    "it.")
    treat: Number | None = Field(None, description="Verb, in a prompt about a body part: treat this many injuries.")
    heal_injury: Number | None = Field(None, description="Verb, in a prompt about a body part: heal this many "
                                                         "injuries.")
    part: Line | None = Field(None, description="With `prompt`: it is about the creature's (most injured) part of "
                                                "this kind.")
    next_turn: Number | None = Field(None, description="Verb, time count: the next turn comes this many TC from now.")
    to: Literal["self", "target"] = Field("self", description="In an action: on the actor, or on the creature `on=` "
                                                              "names.")
    source: Literal["none", "other"] = Field("none", description="`other`: an added condition is relative to the "
                                                                 "other party (Grappled by the actor).")

    @model_validator(mode="after")
    def _one_verb(self) -> EffectDef:
        verbs = [v for v in ("add", "remove", "damage", "heal", "pool", "prompt", "note") if getattr(self, v)]
        verbs += [v for v in ("next_turn", "injure", "treat", "heal_injury") if getattr(self, v) is not None]
        if len(verbs) != 1:
            got = ", ".join(verbs) or "none"
            raise ValueError("an effect needs exactly one of add/remove/damage/heal/pool/prompt/note/next_turn/"
                             f"injure/treat/heal_injury, got {got}")
        if self.part and not self.prompt:
            raise ValueError("part goes with prompt")
        if self.pool and (self.delta is None) == (self.set is None):
            raise ValueError("a pool effect needs exactly one of delta or set")
        return self



class TriggerDef(Strict):
    """Effects that happen at a moment, when a formula holds."""

    on: Literal["damage", "heal", "change", "injury", "turn-start", "turn-end", "round-start", "round-end",
                "short-rest", "long-rest"] = Field(description="The moment it is looked at.")
    when: Line | None = Field(None, description="Formula: it fires only when true; unset: every time.")
    edge: bool = Field(True, description="Fires only when `when` turns true, not while it stays true.")
    effects: list[EffectDef] = Field(max_length=MAX_ITEMS, description="What it does.")
