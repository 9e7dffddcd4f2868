"""Durations as the GM types them: `for=N`, `until=SPEC` and the app's short answers (`3`,
`end-of-round`), each read into an absolute end (`Expiry`) measured by one creature's turns."""

from __future__ import annotations

from ..ruleset import RulesetDef, TimeModel
from ..ruleset.duration_text import DURATIONS as DURATIONS
from ..ruleset.duration_text import SPEC as _SPEC
from ..state.errors import CommandError
from ..state.model import Expiry, State
from .amounts import amount
from .ops import Ops
from .timekeeping import current_actor, slot_index


def typed(ops: Ops, for_words: str | None, until: str | None) -> str | None:
    """The duration a command's `for=` (N rounds, N TC in time count) or `until=` words name, or None."""
    if for_words is None:
        return until
    n = amount(ops, for_words, "duration")
    ops.require(n > 0, "a duration must be positive")
    return f"tc:{n}" if ops.rs.time.model is TimeModel.TIME_COUNT else f"rounds:{n}"


def duration_words(answer: str, valued: bool, carried: bool = False) -> str:
    """What the GM typed after picking a condition, as command words: `2` is a duration (a value
    first, for valued conditions; the dice and damage type first, `1d6 fire`, for one that carries
    damage), a word is an `until=` spec, `key=value` passes as it is."""
    words = answer.split()
    out: list[str] = []
    if (valued or carried) and words and "=" not in words[0]:
        out.append(words.pop(0))
    if carried and words and "=" not in words[0] and not words[0].isdigit() and not _SPEC.match(words[0].lower()):
        out.append(words.pop(0))  # its damage type
    for w in words:
        if "=" in w:
            out.append(w)
        elif w.isdigit():
            out.append(f"for={w}")
        else:
            out.append(f"until={w}")
    return " ".join(out)


def _later_this_round(state: State, cid: str) -> bool:
    """Its turn is still to come this round: its place is ahead, and it has not had (or been given up)
    this round's turn (one that joined behind the turn, then moved ahead by a new initiative, has not)."""
    if not state.clock.started:
        return True
    c = state.combatants.get(cid)
    if c is not None and c.turn_round >= max(state.clock.round, 1):
        return False
    idx = slot_index(state, cid)
    return idx is not None and idx > state.clock.turn


def resolve_duration(spec: str, state: State, rs: RulesetDef, anchor: str) -> Expiry:
    """Turn a duration spec into an absolute end. `anchor`: the creature whose turns measure it."""
    m = _SPEC.match(spec.strip().lower())
    if not m:
        raise CommandError(f"unknown duration {spec!r} (use {', '.join(DURATIONS)})")
    unit, num, named = m.group(1), m.group(2), m.group(3)
    n = int(num) if num is not None else 0
    if named in ("short-rest", "long-rest"):
        return Expiry(kind=named)
    model = rs.time.model
    rnd = max(state.clock.round, 1) if model is not TimeModel.TIME_COUNT else 0
    tc = state.clock.tc
    if model is TimeModel.TIME_COUNT:
        if unit == "tc":
            return Expiry(kind="tc", tc=tc + n)
        if unit == "until-tc":
            if n < tc:
                raise CommandError(f"TC {n} has already gone by (it is TC {tc})")
            return Expiry(kind="tc", tc=n)
        if named == "start-of-turn":
            return Expiry(kind="turn-start", who=anchor, tc=tc)
        if named == "end-of-turn":
            return Expiry(kind="turn-end", who=anchor, tc=tc)
        if named == "end-of-next-turn":
            return Expiry(kind="turn-end", who=anchor, tc=tc + 1)
        raise CommandError(f"{spec!r} has no meaning in time count: use tc:N or until-tc:N")
    if unit in ("tc", "until-tc"):
        raise CommandError(f"{spec!r} needs a time-count ruleset: use rounds:N or end-of-round")
    if model is TimeModel.FREE_ROUNDS:
        if unit == "rounds":
            return Expiry(kind="round-end", round=rnd + max(n, 1) - 1)
        extra = 1 if named == "end-of-next-round" else 0
        return Expiry(kind="round-end", round=rnd + extra)
    if unit == "rounds":
        return Expiry(kind="turn-start", who=anchor, round=state.clock.round + max(n, 1))
    if named == "end-of-round":
        return Expiry(kind="round-end", round=rnd)
    if named == "end-of-next-round":
        return Expiry(kind="round-end", round=rnd + 1)
    later = _later_this_round(state, anchor)
    if named == "start-of-turn":
        return Expiry(kind="turn-start", who=anchor, round=rnd if later else rnd + 1)
    acting = current_actor(state) == anchor
    if named == "end-of-next-turn":
        return Expiry(kind="turn-end", who=anchor, round=rnd if later else rnd + 1)
    return Expiry(kind="turn-end", who=anchor, round=rnd if (later or acting) else rnd + 1)
