"""What the main screen's pickers offer, built from the encounter: the lists a GM picks from and
the words a typed answer turns into. Pure functions: the screen asks, these say what to ask."""

from __future__ import annotations

from ...engine.commands import command_line, named
from ...engine.encounter import Encounter
from ...engine.library import Library
from ...engine.lookup import action_cost, span
from ...engine.rules.attacks import ready_words
from ...engine.rules.injuries import parts_of
from ...engine.rules.ops import names_for
from ...engine.rules.timekeeping import is_out
from ...engine.ruleset import ActionDef, RulesetDef, TableDef, TimeModel
from ...engine.state.model import Combatant, Side
from ...engine.views.sheet import attack_views, condition_view
from ..widgets.pick_list import Choice


def pool_values(who: list[Combatant], pid: str) -> str:
    """What a pool holds now, for a picker: `12/24` for one creature, `Kara 12/24 · Orc 7` for more."""
    def value(c: Combatant) -> str:
        s = c.pools.get(pid)
        return "—" if s is None else f"{s.current}" + (f"/{s.max}" if s.max is not None else "")
    if len(who) == 1:
        return value(who[0])
    return " · ".join(f"{c.name} {value(c)}" for c in who[:3]) + (" · …" if len(who) > 3 else "")


def speed_words(answer: str) -> dict[str, str]:
    """A typed SF (`6`) or speed class (`swift`, `Very slow`) as the `act` key=value word that says it."""
    answer = answer.strip()
    if "=" in answer:  # typed as the word itself: `class=rapid`
        key, _, value = answer.partition("=")
        return {key.strip().lower(): value.strip()}
    if answer[:1].isdigit() or answer[:1] in "+-(":  # a number or dice (`30+1d6`): the SF itself
        return {"sf": answer}
    return {"class": answer}


def aimed_at(enc: Encounter, aimed: frozenset[str]) -> list[Combatant]:
    return [c for c in enc.state.roster() if c.id in aimed]


def condition_choices(rs: RulesetDef) -> list[Choice]:
    return [Choice(c.id, c.name, c.description, "valued" if c.valued else "")
            for c in sorted(rs.conditions, key=lambda c: c.name.lower())]


def instance_choices(enc: Encounter, c: Combatant) -> list[Choice]:
    """One choice per condition the GM put on `c` (Flanked to Kara and to Bram, each poison with its own
    clock); a choice's id is the condition's id and the instance's number (`uncond_line` says it)."""
    return [Choice(f"{cs.id} {cs.uid}", condition_view(enc.state, enc.rs, cs).words,
                   enc.rs.condition(cs.id).description) for cs in c.conditions if cs.direct]


def uncond_line(enc: Encounter, c: Combatant, choice: str) -> str:
    """`uncond` for the condition instance of `c` an `instance_choices` choice names."""
    cond_id, uid = choice.rsplit(" ", 1)
    word = named(cond_id, [(cd.id, cd.name) for cd in enc.rs.conditions])
    return command_line("uncond", c.name, word, uid=uid)


def pool_choices(enc: Encounter, aimed: frozenset[str]) -> list[Choice]:
    """The pools the creatures aimed at have, each with what it holds now (not its kind)."""
    who = aimed_at(enc, aimed)
    return [Choice(p.id, p.name, p.description, pool_values(who, p.id)) for p in enc.rs.pools
            if any(p.id in c.pools for c in who) or not who]


OWN = "own:"  # an act choice's id for one of the actor's own attacks: `own:ID`


def own_attack_choices(enc: Encounter, actor: Combatant) -> list[Choice]:
    """The actor's own attacks (to-hit, damage, cost): the `a` list's head, and all the `t` list."""
    choices = []
    for own, view in zip(actor.actions, attack_views(enc.state, enc.rs, actor), strict=True):
        hit = f"{view.hit} to hit" if view.hit else ""
        choices.append(Choice(OWN + own.id, view.name, own.notes or "its own attack",
                              " · ".join(x for x in (hit, view.save, view.damage, view.cost) if x)))
    return choices


def act_choices(enc: Encounter, aimed: frozenset[str]) -> list[Choice]:
    """The actor's own attacks first (to-hit, damage, cost), then the ruleset's actions with their costs
    worked out for the one acting; in time count the speed classes and a typed SF too. With several
    aimed at, only the attacks all of them have by name (`act` finds each one's own by that name)."""
    rs = enc.rs
    who = aimed_at(enc, aimed)
    actor = next(iter(who), None)
    classes = {s.id: s.name for s in rs.speed_classes}
    names = names_for(enc.state, rs, actor) if actor is not None else None  # once, not once an action
    choices = own_attack_choices(enc, actor) if actor is not None else []
    owned = [{a.name.casefold() for a in c.actions} for c in who[1:]]
    shared = {OWN + a.id for a in (actor.actions if actor else []) if all(a.name.casefold() in o for o in owned)}
    choices = [ch for ch in choices if ch.id in shared]
    lacking = {pd.id for pd in rs.pools if pd.only_given and who and all(pd.id not in c.pools for c in who)}
    for a in rs.actions:
        if lacking & {*a.cost, *a.gain}:
            continue  # paid from a pool none of them was given (Legendary actions on a PC)
        cost = action_cost(rs, a, names)
        speed = classes.get(a.speed or "", "") or (f"SF {a.sf}" if isinstance(a.sf, int) else "")
        choices.append(Choice(a.id, a.name, a.description, " · ".join(x for x in (cost, speed) if x)))
    if rs.time.model is TimeModel.TIME_COUNT:
        choices += [Choice(f"class={s.id}", f"Speed class: {s.name}", f"PCs roll {s.random}, NPCs take {s.static}")
                    for s in rs.speed_classes]
        choices.append(Choice("sf", "A speed factor I type", "Schedules the next turn at now + SF"))
    return choices


def action_asks(action: ActionDef) -> list[tuple[str, str, str]]:
    """What `act` must be told besides the action, asked in turn: (its key, the question, a hint). A
    name counted apart (one spell of several: `what=`), then a number the GM gives (`value=`)."""
    asks = []
    if action.tally is not None or (action.limit is not None and action.limit.each == "name"):
        asks.append(("what", f"{action.name}: which one?", "its name, e.g. the spell's (Enter: none)"))
    if action.value is not None:
        asks.append(("value", f"{action.name}: {action.value}?", "a number"))
    return asks


def target_order(enc: Encounter, aimed: frozenset[str], highlighted: str | None) -> list[Combatant]:
    """Whom an action may be aimed at, likeliest first: the creature the GM has highlighted (the one just
    hit, when another acts), then the actor's foes by the order, its friends, itself, the fallen last."""
    actor = next(iter(aimed_at(enc, aimed)), None)

    def rank(c: Combatant) -> tuple[bool, bool, bool, bool]:
        friend = actor is not None and (c.side is Side.NPC) == (actor.side is Side.NPC)
        return c.id != highlighted or c.id in aimed, friend, c.id in aimed, is_out(c, enc.rs)

    return sorted(enc.state.roster(), key=rank)


def ready_choices(enc: Encounter) -> list[Choice]:
    """The damage waiting to be applied, oldest first; a choice's id is the number `apply` takes."""
    return [Choice(str(r.uid), ready_words(enc.state, r), "" if r.target else "aimed at nobody yet: you pick whom")
            for r in enc.state.ready if not r.missed]


def part_choices(enc: Encounter, aimed: frozenset[str]) -> list[Choice]:
    """Only the parts every creature aimed at has: no tail for a human."""
    own = [{b.id for b in parts_of(enc.rs, c)} for c in aimed_at(enc, aimed)]
    return [Choice(b.id, b.name, "; ".join(f"{e.count}: {e.text}" for e in b.effects), b.severity)
            for b in enc.rs.body if all(b.id in ids for ids in own)]


def outcome_choices(table: TableDef) -> list[Choice]:
    """A table the GM picks from, as its outcomes by name with their ranges; a choice's id is the value
    `resolve` takes for it."""
    numbered = [(r, r.min if r.min is not None else r.max) for r in table.rows]
    return [Choice(str(n), r.label, r.text, span(r.min, r.max)) for r, n in numbered if n is not None]


def outcome_hint(table: TableDef) -> str:
    """A rolled table's rows, for the GM typing their own result."""
    return ", ".join(f"{span(r.min, r.max)} {r.label}" for r in table.rows[:6])


def library_choices(lib: Library | None, ruleset: str) -> list[Choice]:
    """The ruleset's templates, then its parties: what `+` adds mid-fight (`t:NAME`, `p:NAME`)."""
    if lib is None:
        return []
    out = [Choice(f"t:{t.name}", t.name, t.notes, ", ".join(t.tags))
           for t in sorted(lib.templates_for(ruleset), key=lambda t: t.name.lower())]
    out += [Choice(f"p:{p.name}", f"@{p.name}", ", ".join(m.name for m in p.members), f"party of {len(p.members)}")
            for p in sorted(lib.parties_for(ruleset), key=lambda p: p.name.lower())]
    return out
