"""Effects, the bookkeeping steps tables, triggers, actions and conditions take; and triggers.

An effect is one of several kinds, told apart by its verb, the key the file already writes
(`{ add = "prone" }`, `{ pool = "hp", delta = -1 }`): each kind takes only its own keys, so a key
that belongs to another kind is refused with the kind named.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import BeforeValidator, Discriminator, Field, Tag, model_validator

from ..state.clean import Line
from .base import MAX_ITEMS, Number, Strict

VERBS = ("add", "remove", "shift", "damage", "heal", "pool", "var", "prompt", "note", "next_turn", "injure", "treat",
         "heal_injury")


class Effect(Strict):
    """One bookkeeping step, used by tables, triggers, actions and conditions."""

    verb: ClassVar[str]
    when: Line | None = Field(None, description="Formula: the step happens only when it is true.")
    to: Literal["self", "target"] = Field("self", description="In an action: on the actor, or on the creature `on=` "
                                                              "names.")


class AddEffect(Effect):
    """Add a condition."""

    verb = "add"
    add: Line = Field(description="Verb: add this condition.")
    value: Number | None = Field(None, description="The condition's value.")
    duration: Line | None = Field(None, description="How long it lasts (`rounds:1`, `tc:10`...).")
    source: Literal["none", "other"] = Field("none", description="`other`: relative to the other party (Grappled by "
                                                                 "the actor).")
    dice: Line | None = Field(None, description="For a condition that `carries_damage`: the dice it carries (`1d6`).")
    type: Line | None = Field(None, description="For a condition that `carries_damage`: the damage type it carries.")


class RemoveEffect(Effect):
    """Remove a condition."""

    verb = "remove"
    remove: Line = Field(description="Verb: remove this condition.")
    source: Literal["none", "other"] = Field("none", description="`other`: only the instance relative to the other "
                                                                 "party.")


class ShiftEffect(Effect):
    """Raise or lower a valued condition's value; at 0 it ends."""

    verb = "shift"
    shift: Line = Field(description="Verb: change this valued condition's value (every instance of it), if it stands.")
    by: Number = Field(description="Added to its value (negative lowers it); at 0 or below it is removed.")


class DamageEffect(Effect):
    """Deal damage."""

    verb = "damage"
    damage: Line = Field(description="Verb: deal this much damage (dice or formula; `roll`: the table's total).")
    type: Line | None = Field(None, description="Its damage type.")


class HealEffect(Effect):
    """Heal."""

    verb = "heal"
    heal: Line = Field(description="Verb: heal this much (dice or formula).")


class _DeltaOrSet(Effect):
    """An effect that adds to a number or sets it: exactly one of the two (each kind declares both after
    its verb, so the reference lists the verb first)."""

    @model_validator(mode="after")
    def _delta_or_set(self) -> _DeltaOrSet:
        if (getattr(self, "delta") is None) == (getattr(self, "set") is None):  # noqa: B009 (declared by each kind)
            raise ValueError(f"a {self.verb} effect needs exactly one of delta or set")
        return self


class PoolEffect(_DeltaOrSet):
    """Change a pool: add to it or set it."""

    verb = "pool"
    pool: Line = Field(description="Verb: change this pool, with `delta` or `set`.")
    delta: Number | None = Field(None, description="Added to it.")
    set: Number | None = Field(None, description="Its new value.")


class VarEffect(_DeltaOrSet):
    """Set a var, or add to it: bookkeeping the GM never reads, so never logged."""

    verb = "var"
    var: Line = Field(description="Verb: change this var, with `delta` or `set`.")
    delta: Number | None = Field(None, description="Added to it.")
    set: Number | None = Field(None, description="Its new value.")


class PromptEffect(Effect):
    """Queue a table as a prompt."""

    verb = "prompt"
    prompt: Line = Field(description="Verb: queue this table as a prompt.")
    part: Line | None = Field(None, description="It is about the creature's (most injured) part of this kind.")
    numbers: dict[Line, Number] = Field(default_factory=dict, max_length=MAX_ITEMS,
                                        description="The numbers its table `carries`, worked out now and kept with "
                                                    "the prompt (`{ dc = \"max(10, amount / 2)\" }`).")


class NoteEffect(Effect):
    """Write a line in the log."""

    verb = "note"
    note: Line = Field(description="Verb: write this line in the log.")


class NextTurnEffect(Effect):
    """Time count: move the creature's next turn."""

    verb = "next_turn"
    next_turn: Number = Field(description="Verb: the next turn comes this many TC from now (dice or formula).")


class InjureEffect(Effect):
    """In a prompt about a body part: injure it."""

    verb = "injure"
    injure: Number = Field(description="Verb: add this many injuries to the part.")


class TreatEffect(Effect):
    """In a prompt about a body part: treat its injuries."""

    verb = "treat"
    treat: Number = Field(description="Verb: treat this many injuries of the part.")


class HealInjuryEffect(Effect):
    """In a prompt about a body part: heal its injuries."""

    verb = "heal_injury"
    heal_injury: Number = Field(description="Verb: heal this many injuries of the part.")


def _verb(data: Any) -> str | None:
    """The kind of an effect: its one verb key (None when it has none or several)."""
    if isinstance(data, Effect):
        return data.verb
    found = [v for v in VERBS if v in data] if isinstance(data, dict) else []
    return found[0] if len(found) == 1 else None


def _one_verb(data: Any) -> Any:
    """Exactly one verb, and only keys its kind takes: said here, before the kind is picked, so the
    message stands at the effect rather than under its verb."""
    if not isinstance(data, dict):
        return data
    found = [v for v in VERBS if v in data]
    if len(found) != 1:
        raise ValueError(f"an effect needs exactly one of {'/'.join(VERBS)}, got {', '.join(found) or 'none'}")
    kind = _KINDS[found[0]]
    stray = [k for k in data if k not in kind.model_fields]
    if stray:
        keys = ", ".join(f"`{k}`" for k in kind.model_fields)
        raise ValueError(f"`{stray[0]}` does not go with `{kind.verb}` (an effect of that kind takes {keys})")
    return data


EffectDef = Annotated[
    Annotated[AddEffect, Tag("add")] | Annotated[RemoveEffect, Tag("remove")] | Annotated[ShiftEffect, Tag("shift")]
    | Annotated[DamageEffect, Tag("damage")] | Annotated[HealEffect, Tag("heal")]
    | Annotated[PoolEffect, Tag("pool")] | Annotated[VarEffect, Tag("var")] | Annotated[PromptEffect, Tag("prompt")]
    | Annotated[NoteEffect, Tag("note")] | Annotated[NextTurnEffect, Tag("next_turn")]
    | Annotated[InjureEffect, Tag("injure")] | Annotated[TreatEffect, Tag("treat")]
    | Annotated[HealInjuryEffect, Tag("heal_injury")],
    Discriminator(_verb, custom_error_type="effect_kind", custom_error_message="not an effect (a table of keys)"),
    BeforeValidator(_one_verb),
]
"""One bookkeeping step, used by tables, triggers, actions and conditions: exactly one verb, the kind."""

_KINDS: dict[str, type[Effect]] = {kind.verb: kind for kind in (
    AddEffect, RemoveEffect, ShiftEffect, DamageEffect, HealEffect, PoolEffect, VarEffect, PromptEffect, NoteEffect,
    NextTurnEffect, InjureEffect, TreatEffect, HealInjuryEffect)}  # as in the union above


class TriggerDef(Strict):
    """Effects that happen at a moment, when a formula holds."""

    label: Line | None = Field(None, description="Its name in a message about it; unset: its place in the list.")
    on: Literal["damage", "heal", "change", "injury", "turn-start", "turn-end", "round-start", "round-end",
                "short-rest", "long-rest"] = Field(description="The moment it is looked at.")
    when: Line | None = Field(None, description="Formula: it fires only when true; unset: every time.")
    edge: bool = Field(True, description="Fires only when `when` turns true, not while it stays true.")
    effects: list[EffectDef] = Field(max_length=MAX_ITEMS, description="What it does.")
