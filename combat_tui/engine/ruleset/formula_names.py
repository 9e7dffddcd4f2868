"""Every name a ruleset's formulas may use: what it means, where it comes from, the GM's word for it.

The one list of them. The loader's check refuses a file naming anything else (`RulesetDef`), the
engine refuses to hand a formula a name not listed here (`ops.names_for`), the GM's words for a name
come from here (`words.labels`), and the reference in docs/ruleset-format.md is written from it.
A name with `<pool>` (`<stat>`, `<condition>`...) stands for one name for each id of that kind,
hyphens written `_`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

__all__ = ["MOMENTS", "NAMES", "FormulaName", "Items", "expand", "has_shape", "humane", "ident", "known_names"]


@dataclass(frozen=True)
class FormulaName:
    name: str  # as a formula writes it; `<kind>` for one name per id of that kind
    means: str  # what its number is, in the GM's words
    source: str  # where it is defined: the creature, a pool, the clock, the moment...
    given: str = ""  # empty: every formula about a creature has it; else the only places that do
    label: str = ""  # the GM's word for it in a roll ("{}": the item's name); empty: the name as words
    local: bool = False  # only in the keys `given` names; elsewhere the loader refuses it
    at: tuple[str, ...] = ()  # where the engine gives it, as the loader checks (`MOMENTS`); empty: everywhere


MOMENTS = ("damage", "heal", "change", "injury", "action", "table", "table_roll", "on_end", "treat_dc", "tags")
"""Where a formula of the moment is worked out: a trigger by its `on` (`damage`...), an action's effects,
a table's effects and its roll, a condition's `on_end`, `injury_care.treat_dc`, and `time_count.sf_mod` and
`class_shift` (`tags`). A name given only at some of them is refused by the loader everywhere else."""


NAMES: tuple[FormulaName, ...] = (
    FormulaName("round", "the round number (0 before the fight, or with no rounds)", "the clock", label="Round"),
    FormulaName("tc", "the time count now (0 without a time count)", "the clock", label="TC"),
    FormulaName("own_turn", "1 before the fight starts or on this creature's turn (time count: on its TC; free "
                            "rounds: always), else 0", "the clock"),
    FormulaName("level", "the creature's level (1 unless a stat says otherwise)", "the creature", label="Level"),
    FormulaName("pc", "1 when the creature is a PC, else 0", "the creature"),
    FormulaName("npc", "1 when the creature is an NPC, else 0", "the creature"),
    FormulaName("ally", "1 when the creature is an ally, else 0", "the creature"),
    FormulaName("delaying", "1 while it has left the order with `delay` or `hold`, else 0", "the clock"),
    FormulaName("injury_total", "the sum of the values of its injuries", "body parts", label="Injuries"),
    FormulaName("injury_count", "how many injuries it has", "body parts"),
    FormulaName("type_<type>", "1 while damage of that type is dealt, else 0", "`damage.types`", label="{}"),
    FormulaName("<condition>", "its value if valued, else 1; 0 when absent", "`[[conditions]]`", label="{}"),
    FormulaName("target_<condition>", "the condition on the creature `on=` names", "`[[conditions]]`",
                "an action's effects", label="target {}", at=("action",)),
    FormulaName("<option>", "the option's setting in this encounter", "`[[options]]`", label="{}"),
    FormulaName("<pool>", "the pool's current value", "`[[pools]]`", label="{}"),
    FormulaName("max_<pool>", "the pool's maximum (0 without one)", "`[[pools]]`", label="max {}"),
    FormulaName("before_<pool>", "the pool as it was before the command", "`[[pools]]`",
                "`damage` and `change` triggers", label="{}", at=("damage", "change")),
    FormulaName("<var>", "the var's value (its start until an effect sets it)", "`[[vars]]`", label="{}"),
    FormulaName("<stat>", "the creature's stat (its default unless set)", "`[[stats]]`", label="{}"),
    FormulaName("tag_<tag>", "1 when the action has the tag, else 0", "`actions.tags`",
                "`time_count.sf_mod` and `time_count.class_shift`", at=("tags",)),
    FormulaName("roll", "the table's roll total", "the moment", "a table's effects", label="Roll", at=("table",)),
    FormulaName("amount", "what was dealt or healed", "the moment", "`damage` and `heal` triggers", label="Amount",
                at=("damage", "heal")),
    FormulaName("critical", "1 when the hit is a critical (`dmg ... crit`, a judged critical hit applied), else 0",
                "the moment", "`damage` triggers", label="Critical", at=("damage",)),
    FormulaName("injury_value", "the value of the injuries just taken", "the moment", "`injury` triggers",
                label="Injury value", at=("injury",)),
    FormulaName("overdue", "how many TC late the clock noticed the end", "the moment", "a condition's `on_end`",
                at=("on_end",)),
    FormulaName("<carried>", "the number a prompt keeps (its DC, an amount), given when it was queued",
                "`tables.carries`", "its table's `against`, roll and effects", label="{}", local=True),
    FormulaName("part_value", "the `value` of the body part a prompt is about (0 without one)", "the moment",
                "a table's roll and effects; `injury_care.treat_dc`", label="Part value",
                at=("table", "table_roll", "treat_dc")),
    FormulaName("part_injuries", "the injuries on the body part a prompt is about", "the moment",
                "a table's roll and effects", label="Injuries on the part", at=("table", "table_roll")),
    FormulaName("target", "1 when `on=` names a creature, else 0", "the moment", "an action's effects",
                label="Target", at=("action",)),
    FormulaName("sf", "the SF worked out before `sf_then`", "the moment", "an action's `sf_then`", local=True),
    FormulaName("value", "the number the GM gave with `value=N`", "the moment",
                "the cost, gain, `requires` and effects of an action with `value`", local=True),
    FormulaName("base_max", "the pool's maximum before conditions change it", "the moment",
                "a condition's `effects.max`", local=True),
    FormulaName("tally", "the count so far for the name given with `what=`", "the moment",
                "the cost, gain, `requires` and effects of an action with `tally`", local=True),
)


def ident(name: str) -> str:
    """The formula name for an id: hyphens become underscores."""
    return name.replace("-", "_")


def humane(key: str) -> str:
    """An id as words, for a name the ruleset gives no display word: `ready_start` → "Ready start"."""
    text = re.sub(r"[_-]+", " ", key).strip()
    return text[:1].upper() + text[1:]


_KIND = re.compile(r"<(\w+)>")


Items = Mapping[str, Sequence[tuple[str, str]]]
"""A ruleset's items by kind (`pool`: its pools...): (id, the GM's word), as `RulesetDef.formula_items` gives."""


def expand(items: Items) -> Iterator[tuple[FormulaName, str, str]]:
    """(entry, the name, the item's word) for every name a ruleset with these items gives its formulas,
    in `NAMES`' order (a later one of the same name is the word the GM reads)."""
    for entry in NAMES:
        kind = _KIND.search(entry.name)
        if kind is None:
            if entry.source != "body parts" or items["body"]:
                yield entry, entry.name, ""
            continue
        for item, word in items[kind.group(1)]:
            yield entry, _KIND.sub(ident(item), entry.name), word


_FIXED = frozenset(entry.name for entry in NAMES if "<" not in entry.name)
_PREFIXES = tuple(entry.name.split("<")[0] for entry in NAMES if "_<" in entry.name)


def has_shape(name: str) -> bool:
    """A name listed here, or one of a kind with a prefix (`before_<pool>`), whatever the id."""
    return name in _FIXED or name.startswith(_PREFIXES)


def known_names(items: Items, local: bool = False, at: str | None = None) -> frozenset[str]:
    """The names a ruleset's formulas may use anywhere, and those given `at` a moment of `MOMENTS` too
    (with `local`: every name, those of one key too)."""
    return frozenset(name for entry, name, _word in expand(items)
                     if local or (not entry.local and (not entry.at or at in entry.at)))
