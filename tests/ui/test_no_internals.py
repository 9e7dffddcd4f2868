"""What a GM reads never shows the rule file's insides: no id that is not also a word of the ruleset's
own text, no formula. Each ruleset's main screen is driven by keys through a round (the act list and
every action, conditions, lookups, pools, every table's prompt rolled or picked, damage, healing, next
turns), and every list option, question, prompt, notice and log line shown is collected and checked
against what the loaded ruleset declares."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from combat_tui.engine.ruleset import EffectDef, NoteEffect, RulesetDef
from combat_tui.ui.app import CombatApp
from combat_tui.ui.widgets.log_pane import LogPane
from combat_tui.ui.widgets.pick_list import PickList
from combat_tui.ui.widgets.question_bar import QuestionBar
from combat_tui.ui.widgets.view_static import ViewStatic

from .keys import asking, choose_named, list_title, new_session, picking, press

SIZE = (160, 50)
SETUP = {
    "three-action": ["add Kara pc hp=24 init=17", "add Bandit x2 hp=11 init=5"],
    "energy-stamina": ["add Seren pc con=14 aura_mod=2", "add Reaver x2 con=12"],
    "body-injury": ["add Ysolde pc init=15", "add Pit Ghoul x2"],
    "time-count": ["add Zherynn pc init=6", "add Garret's Hound init=9"],
    "boon-bane": ["add Wren pc init=5", "add Goblin x2 hp=7"],
    "pf2e": ["add Valeros pc hp=30 init=17", "add Goblin x2 hp=6 init=5"],
    "dnd5e": ["add Kara pc hp=30 init=17", "add Goblin x2 hp=7 init=5", "add Ogre hp=59 legendary=3"],
}


def _effects(rs: RulesetDef) -> Iterator[EffectDef]:
    for a in rs.actions:
        yield from a.effects
    for t in rs.tables:
        yield from t.after
        for r in t.rows:
            yield from r.effects
    for trig in rs.triggers:
        yield from trig.effects
    for b in rs.body:
        yield from b.all_effects
        for be in b.effects:
            yield from be.effects


def formulas(rs: RulesetDef) -> set[str]:
    """Every formula string the ruleset holds that names something (plain dice such as 1d6+4 are what
    a GM reads at the table)."""
    found: list[object] = [rs.time.initiative, rs.time.npc_initiative, rs.time.surprise.initiative_penalty]
    for p in rs.pools:
        found += [p.max, p.floor, p.start, p.refresh_to, p.critical]
    for a in rs.actions:
        found += [*a.cost.values(), *a.gain.values(), a.requires, a.sf]
    found += [t.roll for t in rs.tables] + [s.random for s in rs.speed_classes] + [t.when for t in rs.triggers]
    for e in _effects(rs):
        found += [getattr(e, key, None) for key in ("when", "value", "delta", "set", "damage", "heal")]
    out = set()
    for f in found:
        names = re.findall(r"(?<![0-9A-Za-z_])[A-Za-z_][A-Za-z0-9_]*", f) if isinstance(f, str) else []
        lone = isinstance(f, str) and re.fullmatch(r"-?[A-Za-z_]\w*", f.strip())  # a bare name: the id check's
        if not lone and any(not re.fullmatch(r"d(?:[0-9]+|%)?[a-z0-9]*", n) for n in names):
            out.add(" ".join(str(f).split()))
    return out


def _words(text: str) -> set[str]:
    return set(re.findall(r"[A-Za-z0-9_-]+", text))


def ids(rs: RulesetDef) -> set[str]:
    """Ids a GM must never read: each id of a stat, pool, condition, action, table, option, speed class,
    body part or rule, unless it is its own display word (`prone` for Prone, `hp` shown as HP) or an
    ordinary word of the ruleset's own text (the table `cover` is also the word cover)."""
    prose = " ".join([rs.name, rs.description]
                     + [x for s in rs.stats for x in (s.name, s.description)]
                     + [x for p in rs.pools for x in (p.name, p.description, p.short or "")]
                     + [x for v in rs.vars for x in (v.name or "", v.description)]
                     + [x for c in rs.conditions for x in (c.name, c.description)]
                     + [x for a in rs.actions for x in (a.name, a.description, a.cost_words or "")]
                     + [x for t in rs.tables for x in (t.name, t.description)]
                     + [x for t in rs.tables for r in t.rows for x in (r.label, r.text)]
                     + [x for r in rs.rules for x in (r.name, r.text)]
                     + [o.description for o in rs.options]
                     + [e.note for e in _effects(rs) if isinstance(e, NoteEffect)])
    words = _words(prose)

    def own(i: str, *names: str | None) -> bool:
        flat = i.replace("_", " ").replace("-", " ").lower()
        return any(n is not None and n.replace("-", " ").lower() == flat for n in names)

    items: list[tuple[str, tuple[str | None, ...]]] = []
    items += [(s.id, (s.name,)) for s in rs.stats] + [(p.id, (p.name, p.short)) for p in rs.pools]
    items += [(c.id, (c.name,)) for c in rs.conditions] + [(a.id, (a.name,)) for a in rs.actions]
    items += [(t.id, (t.name,)) for t in rs.tables] + [(o.id, (o.name,)) for o in rs.options]
    items += [(s.id, (s.name,)) for s in rs.speed_classes] + [(b.id, (b.name,)) for b in rs.body]
    items += [(r.id, (r.name,)) for r in rs.rules] + [(v.id, (v.name,)) for v in rs.vars]
    out = set()
    for i, names in items:
        machine = bool(re.search(r"[_\d]", i))
        if machine or not (own(i, *names) or i in words):
            out.add(i)
    return out


class Reader:
    """Everything the GM is shown, collected where it is handed to the screen."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.seen: list[str] = []
        me = self

        def keep(*texts: Any) -> None:
            me.seen += [str(getattr(t, "plain", t)) for t in texts if t]

        def wrap(cls: type, name: str, pick: Any) -> None:
            orig = getattr(cls, name)

            def spy(self: Any, *args: Any, **kw: Any) -> Any:
                keep(*pick(*args, **kw))
                return orig(self, *args, **kw)

            monkeypatch.setattr(cls, name, spy)

        wrap(LogPane, "write_event", lambda stamp, command, lines: [command, *lines])
        wrap(LogPane, "note", lambda line, **kw: [line])
        wrap(ViewStatic, "show", lambda content: [content])
        wrap(PickList, "pick", lambda title, choices, reply: [title] + [
            x for c in choices for x in (c.label, c.description, c.hint)])
        wrap(QuestionBar, "ask", lambda question, placeholder, value, allow_empty, reply: [
            question, placeholder, value])
        wrap(CombatApp, "notify", lambda message, **kw: [message])


async def _answer(pilot: Any, app: CombatApp, typed: str = "3") -> None:
    """Answer whatever is asked until the main screen is back: a number to a question, the first
    choice of a list."""
    for _ in range(6):
        if asking(app):
            await press(pilot, *typed, "enter")
        elif picking(app) is not None:
            await press(pilot, "enter")
        else:
            return
    await press(pilot, "escape", "escape")


async def _round(pilot: Any, app: CombatApp) -> None:
    s = app.session
    assert s is not None
    rs = s.encounter.rs
    await pilot.pause()
    for key in ("c", "C", "s", "g", "l", "i"):  # every list, looked at and left
        await press(pilot, key)
        if picking(app) is not None or asking(app):
            await press(pilot, "escape")
    await press(pilot, "l", *"a", "enter")  # a lookup into the log
    await _answer(pilot, app)
    for a in rs.actions:  # every action, from the act list by its name
        await press(pilot, "a")
        if list_title(app) == "Who acts?":
            await press(pilot, "enter")
        await choose_named(pilot, a.name)
        await _answer(pilot, app)
    for t in rs.tables:  # every table, prompted and rolled (p, p) or picked (v)
        numbers = "".join(f" {key}=12" for key in t.carries)  # a table that carries numbers is given them
        s.run(f"prompt {s.encounter.state.roster()[0].name!r} {t.id}{numbers}")
        app.screen.refresh_view()  # type: ignore[attr-defined]
        await pilot.pause()
        await press(pilot, "p")
        await _answer(pilot, app)
        await press(pilot, "p")
        await _answer(pilot, app)
        while s.encounter.state.prompts:
            await press(pilot, "x")
    await press(pilot, "c", "enter")
    await _answer(pilot, app, "")
    await press(pilot, "d", *"7", "enter", "h", *"2", "enter", "down", "d", *"2d6+3", "enter")
    await press(pilot, "r", *"1d20+5", "enter", "escape")
    for _ in range(3):
        await press(pilot, "n")
        await _answer(pilot, app)


@pytest.mark.long
@pytest.mark.parametrize("ruleset", sorted(SETUP))
async def test_no_ruleset_id_or_formula_reaches_the_gm(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                         ruleset: str) -> None:
    s = new_session(tmp_path, *SETUP[ruleset], "start", ruleset=ruleset)
    rs = s.encounter.rs
    bad_ids, bad_formulas = ids(rs), formulas(rs)
    assert bad_formulas and bad_ids  # the check has something to find
    reader = Reader(monkeypatch)
    app = CombatApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await _round(pilot, app)
    seen = reader.seen
    assert len(seen) > 100 and any(rs.actions[0].name in t for t in seen)  # the round was played
    leaks = []
    for text in seen:
        flat = " ".join(text.split())
        flat = re.sub(r"\b[\w-]+=", "=", flat)  # `add Seren con=14`: the keys of a typed command are its syntax
        leaks += [f"{f!r} in {flat!r}" for f in bad_formulas if f in flat]
        leaks += [f"{i!r} in {flat!r}" for i in bad_ids & _words(flat)]
        if re.search(r"→ [-–—]?(\s|$)", flat):  # an arrow to nothing: `= 14 → -`
            leaks.append(f"an arrow to nothing in {flat!r}")
    assert not leaks, "\n".join(sorted(set(leaks))[:40])
