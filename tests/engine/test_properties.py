"""Property tests of the engine: random command sequences in every shipped ruleset.

A hypothesis state machine issues commands of the whole command language (add, remove, init, start,
next, act, spend, gain, dmg, heal, cond, uncond, hold, delay, enter, resolve, preroll, dismiss,
prompt, injure, set, rest, roll, note, hide, reveal, undo, redo) and, after every step, checks:

- turn order: every creature still in the fight is exactly once in the acting order or the waiting
  list, nobody twice; in time count, every such creature is scheduled at or after the current TC;
- pools stay within their floor and maximum (unless the pool may overflow), and the stored maximum is
  what the ruleset's formula and the standing conditions give;
- no condition outlives its duration (see `_passed` for what "has passed" means in each time model);
- no implied condition (direct == False) stands without a live parent;
- undo of a suffix of the log, then redo, gives back the exact state; every undo and redo lands on the
  state recorded after that event the first time;
- save then load is the identity;
- a command that fails changes neither the state, the log nor the view.

EXAMPLES sequences of up to STEPS steps run per ruleset (400 in CI, 100 in a local run); each ruleset's
test checks they all ran, so the rulesets may run on different workers.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule, run_state_machine_as_test

from combat_tui.engine.encounter import Encounter
from combat_tui.engine.rules.ops import Ops
from combat_tui.engine.rules.timekeeping import current_actor, is_out, remaining, slot_index
from combat_tui.engine.ruleset import RulesetDef, TimeModel, formula
from combat_tui.engine.state.errors import CombatError
from combat_tui.engine.state.model import Expiry, State
from combat_tui.engine.state.targets import creatures
from combat_tui.store import exchange, saves
from combat_tui.store.packing import Packer
from combat_tui.store.rulesets import load_all
from combat_tui.store.save_db import SaveDB

# sequences per ruleset (5 * EXAMPLES in all): CI (the CI variable set) runs every one, a local run 100;
# PROPERTIES_PROFILE=ci runs CI's locally
PROFILES = {"ci": 400, "local": 100}
PROFILE = os.environ.get("PROPERTIES_PROFILE") or ("ci" if os.environ.get("CI") else "local")
EXAMPLES = PROFILES[PROFILE]
STEPS = 40  # commands per sequence
SAVE_EVERY = 4  # save and load after every 4th step (and at the end of each sequence, and on `reload`)
MAX_CREATURES = 12
# the saves in memory where the system offers a folder there: the same SQLite, without waiting on a disk
MEMORY = "/dev/shm" if os.access("/dev/shm", os.W_OK) else None

RULESETS = ["three-action", "energy-stamina", "body-injury", "time-count", "boon-bane"]
CATALOGUE = load_all()

RUN = {"sequences": 0}

for _name, _examples in PROFILES.items():
    settings.register_profile(
        f"engine-properties-{_name}",
        max_examples=_examples,
        stateful_step_count=STEPS,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=list(HealthCheck),
        print_blob=False,
    )
SETTINGS = settings.get_profile(f"engine-properties-{PROFILE}")

BASE_NAMES = ["Orc", "Kara", "Bandit", "Osk"]
TURN_SPECS = ["end-of-round", "end-of-next-round", "start-of-turn", "end-of-turn", "end-of-next-turn"]
OTHER_SPECS = ["short-rest", "long-rest", "rounds:2", "tc:3", "until-tc:4", "tc:0", "bogus"]


def dump(state: State) -> dict[str, Any]:
    return state.model_dump(mode="json")


class EngineMachine(RuleBasedStateMachine):
    ruleset_id = ""

    def __init__(self) -> None:
        super().__init__()
        self.rs: RulesetDef = CATALOGUE.get(self.ruleset_id)
        self.enc = Encounter.new(self.rs, seed=0)
        self.history: list[dict[str, Any]] = [dump(self.enc.state)]  # the state after each undo step
        self.commands: list[str] = []
        self.steps = 0
        self.tc_model = self.rs.time.model is TimeModel.TIME_COUNT
        self.pools_held: set[tuple[str, tuple[str, str, str]]] = set()  # see check_pools
        self.folder = Path(tempfile.mkdtemp(prefix="props-", dir=MEMORY))
        self.path = self.folder / "f.combat"
        SaveDB.create(self.path, self.enc.doc)
        self.disk = SaveDB.open(self.path)  # the autosave's database, written change by change
        self.disk.read()
        self.packer = Packer(self.enc)

    # -- running --------------------------------------------------------------------------------
    def where(self) -> str:
        return "commands so far:\n  " + "\n  ".join(self.commands)

    def run(self, line: str) -> bool:
        """Run one command; check the log bookkeeping either way. True when it succeeded."""
        enc = self.enc
        self.commands.append(line)
        before = dump(enc.state)
        cursor, size, steps = enc.doc.cursor, len(enc.doc.log), self.steps_done()
        view = json.dumps(enc.view(), sort_keys=True)
        try:
            enc.run(line)
        except CombatError:
            self.commands[-1] += "   # refused"
            assert dump(enc.state) == before, f"a refused command changed the state: {line}\n{self.where()}"
            assert (enc.doc.cursor, len(enc.doc.log)) == (cursor, size), f"a refused command changed the log: {line}"
            assert json.dumps(enc.view(), sort_keys=True) == view, f"a refused command changed the view: {line}"
            return False
        word = line.split()[0]
        if word in ("undo", "redo"):
            assert self.steps_done() == steps + (1 if word == "redo" else -1)
            assert dump(enc.state) == self.history[steps + (1 if word == "redo" else -1)], \
                f"{word} did not give back the state recorded at step {self.steps_done()}\n{self.where()}"
            return True
        if enc.doc.cursor == cursor:  # nothing changed: no event
            assert len(enc.doc.log) == size
            assert dump(enc.state) == before, f"a command without an event changed the state: {line}"
        elif not enc.doc.log[cursor].changes:  # a note (a roll): in the log, before what undo took back
            assert enc.doc.cursor == cursor + 1 and len(enc.doc.log) == size + 1
            assert dump(enc.state) == before, f"a note changed the state: {line}"
        else:
            assert enc.doc.cursor == cursor + 1 == len(enc.doc.log), "a new step must end the log"
            del self.history[steps + 1:]
            self.history.append(dump(enc.state))
        return True

    def steps_done(self) -> int:
        """The undo steps applied: events before the cursor that changed the state (a roll is not one)."""
        return sum(1 for e in self.enc.doc.log[:self.enc.doc.cursor] if e.changes)

    # -- picking --------------------------------------------------------------------------------
    def roster(self) -> list[str]:
        return [c.name for c in self.enc.state.roster()]

    def one(self, data: st.DataObject) -> str:
        """One creature's name: often the one acting now (or on this TC)."""
        names = self.roster()
        if not names:
            return "Nobody"
        active = self.enc.view()["active"]
        if active and data.draw(st.booleans()):
            return shlex.quote(data.draw(st.sampled_from(active)))
        return shlex.quote(data.draw(st.sampled_from(names)))

    def many(self, data: st.DataObject) -> str:
        names = self.roster()
        if not names:
            return "Nobody"
        how = data.draw(st.integers(0, 9))
        if how < 6:
            return self.one(data)
        if how < 8:
            picked = data.draw(st.lists(st.sampled_from(names), min_size=2, max_size=3))
            return shlex.quote(",".join(picked))
        if how == 8:
            base = data.draw(st.sampled_from(names)).split(" ")[0]
            return shlex.quote(base + "*")
        return data.draw(st.sampled_from(["@pc", "@npc", "@ally", "@all"]))

    def amount(self, data: st.DataObject, lo: int = 0, hi: int = 12) -> str:
        if data.draw(st.integers(0, 4)) == 0:
            return data.draw(st.sampled_from(["1d6", "2d6+3", "1d4-1", "1d10!", "d0"]))
        return str(data.draw(st.integers(lo, hi)))

    # -- setting up -----------------------------------------------------------------------------
    @initialize(seed=st.integers(0, 2**16), count=st.integers(1, 4))
    def setup(self, seed: int, count: int) -> None:
        self.enc.rng.seed(seed)
        for i in range(count):
            side = ["pc", "npc", "npc", "ally"][i % 4]
            self.run(f"add {BASE_NAMES[i % len(BASE_NAMES)]} {side} hp={6 + 3 * i}")

    @rule(data=st.data())
    def add(self, data: st.DataObject) -> None:
        if len(self.roster()) >= MAX_CREATURES:
            return
        words = ["add", data.draw(st.sampled_from(BASE_NAMES))]
        if data.draw(st.booleans()):
            words.append(f"x{data.draw(st.integers(1, 3))}")
        if data.draw(st.booleans()):
            words.append(data.draw(st.sampled_from(["pc", "npc", "ally"])))
        if data.draw(st.integers(0, 4)) == 0:
            words.append("surprised")
        if data.draw(st.integers(0, 6)) == 0:
            words.append("hidden")
        if data.draw(st.booleans()):
            words.append(f"hp={data.draw(st.sampled_from(['1', '5', '12', '2d6', '0']))}")
        if data.draw(st.integers(0, 2)) == 0:
            words.append(f"init={data.draw(st.integers(-2, 20))}")
        if self.rs.stats and data.draw(st.integers(0, 2)) == 0:
            stat = data.draw(st.sampled_from(self.rs.stats))
            words.append(f"{stat.id}={data.draw(st.integers(-2, 6))}")
        if self.rs.body and data.draw(st.integers(0, 2)) == 0:
            part = data.draw(st.sampled_from(self.rs.body))
            words.append(f"{part.id}={data.draw(st.integers(0, 3))}")
        self.run(" ".join(words))

    @rule(data=st.data())
    def remove(self, data: st.DataObject) -> None:
        if len(self.roster()) > 1 or data.draw(st.integers(0, 5)) == 0:
            self.run(f"remove {self.many(data)}")

    @rule(data=st.data())
    def init(self, data: st.DataObject) -> None:
        self.run(f"init {self.many(data)} {self.amount(data, -2, 20)}")

    @rule()
    def start(self) -> None:
        self.run("start")

    @rule(data=st.data())
    def next(self, data: st.DataObject) -> None:
        for _ in range(data.draw(st.integers(1, 3))):
            self.run("next")

    # -- acting ---------------------------------------------------------------------------------
    @rule(data=st.data())
    def act(self, data: st.DataObject) -> None:
        words = ["act", self.many(data) if data.draw(st.integers(0, 3)) == 0 else self.one(data)]
        how = data.draw(st.integers(0, 9)) if self.tc_model else 0
        if how < 6 and self.rs.actions:
            words.append(data.draw(st.sampled_from(self.rs.actions)).id)
            if data.draw(st.integers(0, 2)) == 0:
                words.append(f"on={self.one(data)}")
        elif how < 8 or not self.rs.speed_classes:
            words.append(f"sf={data.draw(st.integers(-1, 8))}")
        else:
            words.append(f"class={data.draw(st.sampled_from(self.rs.speed_classes)).id}")
        if self.tc_model and data.draw(st.integers(0, 3)) == 0:
            words.append(f"mod={data.draw(st.integers(-3, 3))}")
        self.run(" ".join(words))

    @rule(data=st.data())
    def spend_or_gain(self, data: st.DataObject) -> None:
        verb = data.draw(st.sampled_from(["spend", "gain"]))
        pool = data.draw(st.sampled_from(self.rs.pools)).id
        self.run(f"{verb} {self.many(data)} {pool} {self.amount(data, -1, 6)}")

    @rule(data=st.data())
    def dmg(self, data: st.DataObject) -> None:
        words = ["dmg", self.many(data), self.amount(data, 0, 15)]
        if data.draw(st.booleans()) and self.rs.damage.types:
            words.append(data.draw(st.sampled_from(self.rs.damage.types)))
        self.run(" ".join(words))

    @rule(data=st.data())
    def heal(self, data: st.DataObject) -> None:
        self.run(f"heal {self.many(data)} {self.amount(data, 0, 10)}")

    # -- conditions -----------------------------------------------------------------------------
    @rule(data=st.data())
    def cond(self, data: st.DataObject) -> None:
        cd = data.draw(st.sampled_from(self.rs.conditions))
        words = ["cond", self.many(data), cd.id]
        if cd.valued and data.draw(st.booleans()):
            words.append(str(data.draw(st.integers(1, 4))))
        how = data.draw(st.integers(0, 5))
        if how == 1:
            words.append(f"for={data.draw(st.integers(1, 3))}")
        elif how == 2:
            words.append(f"until={data.draw(st.sampled_from(TURN_SPECS))}")
        elif how == 3:
            words.append(f"until={data.draw(st.sampled_from(OTHER_SPECS))}")
        if cd.subjective or data.draw(st.integers(0, 3)) == 0:
            words.append(f"from={self.one(data) if data.draw(st.integers(0, 4)) else 'all'}")
        self.run(" ".join(words))

    @rule(data=st.data())
    def uncond(self, data: st.DataObject) -> None:
        standing = [(c.name, cs) for c in self.enc.state.roster() for cs in c.conditions]
        if data.draw(st.integers(0, 4)) and standing:
            name, cs = data.draw(st.sampled_from(standing))
            words = ["uncond", shlex.quote(name), cs.id]
            how = data.draw(st.integers(0, 3))
            if how == 1:
                words.append(f"uid={cs.uid}")
            elif how == 2 and cs.source in self.enc.state.combatants:
                words.append(f"from={shlex.quote(self.enc.state.combatants[cs.source].name)}")
        else:
            words = ["uncond", self.many(data), data.draw(st.sampled_from(self.rs.conditions)).id]
        self.run(" ".join(words))

    # -- turn order -----------------------------------------------------------------------------
    @rule(data=st.data())
    def hold_delay_enter(self, data: st.DataObject) -> None:
        verb = data.draw(st.sampled_from(["hold", "delay", "enter", "enter"]))
        waiting = [self.enc.state.combatants[c].name for c in self.enc.state.waiting]
        if verb == "enter" and waiting and data.draw(st.integers(0, 4)):
            who = shlex.quote(data.draw(st.sampled_from(waiting)))
        else:
            who = self.one(data)
        words = [verb, who]
        if verb != "delay" and data.draw(st.booleans()):
            words.append(f"after={self.one(data)}")
        self.run(" ".join(words))

    # -- prompts and dice -----------------------------------------------------------------------
    @rule(data=st.data())
    def prompts(self, data: st.DataObject) -> None:
        prompts = self.enc.state.prompts
        verb = data.draw(st.sampled_from(["resolve", "resolve", "preroll", "dismiss", "prompt"]))
        if verb == "prompt":
            if self.rs.tables:
                self.run(f"prompt {self.one(data)} {data.draw(st.sampled_from(self.rs.tables)).id}")
            return
        words = [verb]
        how = data.draw(st.integers(0, 3))
        if how == 1 and prompts:
            words.append(str(data.draw(st.sampled_from(prompts)).uid))
        elif how == 2:
            words.append(self.one(data))
        if verb == "resolve" and prompts:
            table = self.rs.table(prompts[0].table)
            if table.choice or data.draw(st.integers(0, 3)) == 0:
                words.append(f"value={data.draw(st.integers(-2, 21))}")
        self.run(" ".join(words))

    @rule(data=st.data())
    def roll(self, data: st.DataObject) -> None:
        self.run("roll " + data.draw(st.sampled_from(
            ["1d20+5", "1d20 adv", "2d20kh1", "4d6kh3", "1d10!", "1d20 boon2", "1d20 bane", "1d", "d0"])))

    @rule(data=st.data())
    def injure(self, data: st.DataObject) -> None:
        parts = [b.id for b in self.rs.body] or ["arm"]
        part = data.draw(st.sampled_from(parts))
        if data.draw(st.integers(0, 3)) == 0:
            part += f".{data.draw(st.integers(1, 3))}"
        words = ["injure", self.one(data), part]
        if data.draw(st.booleans()):
            words.append(str(data.draw(st.integers(0, 4))))
        self.run(" ".join(words))

    @rule(data=st.data())
    def set_option(self, data: st.DataObject) -> None:
        if self.rs.options:
            opt = data.draw(st.sampled_from(self.rs.options))
            self.run(f"set {opt.id} {data.draw(st.integers(0, 3))}")

    @rule(data=st.data())
    def rest(self, data: st.DataObject) -> None:
        kind = data.draw(st.sampled_from(["short", "long"]))
        who = self.many(data) if data.draw(st.booleans()) else ""
        state = self.enc.state
        try:
            chosen = set(creatures(state, shlex.split(who)[0])) if who else set(state.combatants)
        except CombatError:
            chosen = set()
        if self.run(f"rest {kind} {who}".strip()):
            ends = ("short-rest",) if kind == "short" else ("short-rest", "long-rest")
            for cid in chosen & set(self.enc.state.combatants):
                c = self.enc.state.combatants[cid]
                for cs in c.conditions:
                    assert cs.ends is None or cs.ends.kind not in ends, \
                        f"{c.name}: {cs.id} outlived a {kind} rest\n{self.where()}"

    @rule(data=st.data())
    def gm_notes(self, data: st.DataObject) -> None:
        verb = data.draw(st.sampled_from(["note", "hide", "reveal"]))
        tail = " spotted the trap" if verb == "note" else ""
        self.run(f"{verb} {self.one(data) if verb == 'note' else self.many(data)}{tail}")

    # -- history --------------------------------------------------------------------------------
    @rule(data=st.data())
    def undo_redo(self, data: st.DataObject) -> None:
        for _ in range(data.draw(st.integers(1, 4))):
            self.run(data.draw(st.sampled_from(["undo", "undo", "redo"])))

    @rule()
    def reload(self) -> None:
        """Carry on from the save, as after closing the app: the state from the database, the log left
        there and read as undo reaches back."""
        text = exchange.dumps(self.enc.doc)
        job = self.packer.job()
        if job is not None:
            self.disk.write([job])
        self.enc = Encounter(self.disk.read(), self.rs, self.enc.rng)
        self.packer = Packer(self.enc)
        self.commands.append("# save and reload")
        assert exchange.dumps(self.enc.doc) == text, f"save then load changed the save\n{self.where()}"
        assert dump(self.enc.state) == self.history[self.steps_done()]

    # -- invariants -----------------------------------------------------------------------------
    @invariant()
    def checks(self) -> None:
        self.steps += 1
        state = self.enc.state
        self.check_order(state)
        self.check_pools(state)
        self.check_conditions(state)
        self.check_undo_suffix()
        if self.steps % SAVE_EVERY == 0:
            self.check_save_load()

    def check_order(self, state: State) -> None:
        rs = self.rs
        names = [c.name.lower() for c in state.roster()]
        assert len(names) == len(set(names)), f"two creatures share a name: {names}\n{self.where()}"
        living = {c.id for c in state.roster() if not is_out(c, rs)}
        assert len(state.waiting) == len(set(state.waiting)), f"twice in the waiting list\n{self.where()}"
        assert set(state.waiting) <= set(state.combatants), f"a removed creature waits\n{self.where()}"
        if self.tc_model:
            assert not state.waiting and not state.order
            if state.clock.started:
                for cid in living:
                    c = state.combatants[cid]
                    assert c.next_tc is not None and c.next_tc >= state.clock.tc, (
                        f"{c.name} is in the fight but scheduled at TC {c.next_tc}, before the clock "
                        f"(TC {state.clock.tc})\n{self.where()}")
            return
        if rs.time.model is TimeModel.FREE_ROUNDS or not state.clock.started:
            assert not state.waiting and not state.order
            return
        slots = [s.cid for s in state.order if not s.ghost]
        ghosts = [s.cid for s in state.order if s.ghost]
        assert len(slots) == len(set(slots)), f"twice in the order: {slots}\n{self.where()}"
        assert len(ghosts) == len(set(ghosts)), f"two delayed places for one creature\n{self.where()}"
        assert set(ghosts) <= set(state.waiting), f"a delayed place of a creature not waiting\n{self.where()}"
        assert set(slots) <= set(state.combatants), f"a removed creature in the order\n{self.where()}"
        both = set(slots) & set(state.waiting)
        assert not both, f"in the order and waiting at once: {both}\n{self.where()}"
        missing = living - set(slots) - set(state.waiting)
        assert not missing, (f"in the fight but neither in the order nor waiting: "
                             f"{[state.combatants[m].name for m in missing]}\n{self.where()}")
        view = self.enc.view()
        seen = view["order"] + view["waiting"]
        assert len(seen) == len(set(seen)), f"the view shows a creature twice: {seen}\n{self.where()}"
        if state.order:
            assert -1 <= state.clock.turn < len(state.order), f"turn {state.clock.turn} off the order"

    def check_pools(self, state: State) -> None:
        """A creature seen before in the same surroundings (itself, the options, the clock and the order:
        all its formulas read) held then, so it is not worked out again."""
        rs = self.rs
        around = (json.dumps(state.options, sort_keys=True), state.clock.model_dump_json(),
                  json.dumps([s.model_dump(mode="json") for s in state.order]))
        for c in state.roster():
            key = (c.model_dump_json(), around)
            if key in self.pools_held:
                continue
            # recompute changes only the creature it is given: a copy of that one is enough
            probe = state.model_copy(update={"combatants": {c.id: c.model_copy(deep=True)}})
            ops = Ops(probe, rs, self.enc.rng.__class__(0), self.enc.hooks)
            ops.recompute(c.id)
            names = ops.names(c)
            for pd in rs.pools:
                ps = c.pools[pd.id]
                floor = pd.floor if isinstance(pd.floor, int) else formula.evaluate(pd.floor, names)
                assert ps.current >= floor, f"{c.name}: {pd.id} {ps.current} below its floor {floor}\n{self.where()}"
                if ps.max is not None and not pd.overflow:
                    assert ps.current <= ps.max, \
                        f"{c.name}: {pd.id} {ps.current} above its max {ps.max}\n{self.where()}"
                fresh = probe.combatants[c.id].pools[pd.id].max
                assert ps.max == fresh, (f"{c.name}: {pd.id} max {ps.max}, but the formula and conditions "
                                         f"give {fresh}\n{self.where()}")
            self.pools_held.add(key)

    def check_conditions(self, state: State) -> None:
        for c in state.roster():
            uids = {cs.uid for cs in c.conditions}
            assert len(uids) == len(c.conditions), f"{c.name}: two conditions share a uid"
            for cs in c.conditions:
                left = remaining(cs.ends, state)
                assert left is None or left >= 0
                if not cs.direct:  # held by a parent here, or on its source (source_implies)
                    src = state.combatants.get(cs.source or "")
                    held = uids | ({p.uid for p in src.conditions} if src is not None else set())
                    assert held & set(cs.parents), (f"{c.name}: implied {cs.id} outlived its parents "
                                                    f"{cs.parents}\n{self.where()}")
                assert not self._passed(cs.ends, state), (
                    f"{c.name}: {cs.id} outlived its end {cs.ends.model_dump(exclude_none=True) if cs.ends else None}"
                    f" (clock {state.clock.model_dump()})\n{self.where()}")

    def _passed(self, exp: Expiry | None, state: State) -> bool:
        """Whether an absolute end has already gone by.

        free rounds: `round-end` R has passed once round R+1 has begun.
        turn order: `round-end` likewise. `turn-start` / `turn-end` of W in round R (or later): if W is
          gone or out of the fight, its place in round R has gone by once round R+1 has begun (W has no
          turns that could end it); otherwise the start has passed once W has had its start-of-turn
          bookkeeping in round R or later, and the end once that turn is over as well (W is not acting,
          not holding, and has no place still to come this round).
        time count: `tc` T has passed once the clock is past T (on TC T it still ends "this TC");
          `turn-start` of W after T has passed once W's turn was due at a TC after T that the clock has
          reached. `turn-end` is not checked here.
        Rest ends never pass with time.
        """
        if exp is None or exp.kind in ("short-rest", "long-rest") or not state.clock.started:
            return False
        clock = state.clock
        if self.tc_model:
            if exp.kind == "tc":
                return (exp.tc or 0) < clock.tc
            who = state.combatants.get(exp.who or "")
            if exp.kind == "turn-start" and who is not None and who.next_tc is not None:
                return (exp.tc or 0) < who.next_tc <= clock.tc
            return False
        rnd = exp.round or 0
        if exp.kind == "round-end":
            return rnd < clock.round
        who = state.combatants.get(exp.who or "")
        if who is None or is_out(who, self.rs):
            return rnd < clock.round
        if who.turn_round < rnd:
            return False
        if exp.kind == "turn-start":
            return True
        if who.id in state.waiting or current_actor(state) == who.id:
            return False
        idx = slot_index(state, who.id)
        return not (who.turn_round == clock.round and idx is not None and idx > clock.turn)

    def check_undo_suffix(self) -> None:
        enc = self.enc
        cursor, done = enc.doc.cursor, self.steps_done()
        if not done:
            return
        k = 1 + (self.steps * 7) % min(done, 12)
        for _ in range(k):
            enc.undo()
        assert dump(enc.state) == self.history[done - k], f"undo of the last {k} steps\n{self.where()}"
        for _ in range(k):
            enc.redo()
        assert enc.doc.cursor == cursor
        assert dump(enc.state) == self.history[done], f"undo then redo of {k} steps\n{self.where()}"

    def check_save_load(self) -> None:
        text = exchange.dumps(self.enc.doc)
        assert exchange.dumps(exchange.parse(text)) == text, f"save then load changed the save\n{self.where()}"
        # the database: whatever happened since the last save (commands, undos, a command cutting the
        # log) is one transaction of what it touched; the save read back is the encounter in memory
        job = self.packer.job()
        if job is not None:
            self.disk.write([job])
        # (as data: undos and redos may leave a dict's keys in another order)
        assert json.loads(exchange.dumps(saves.load(self.path))) == json.loads(text), \
            f"the save read back is not the encounter\n{self.where()}"

    def teardown(self) -> None:
        self.check_save_load()
        self.disk.close()
        shutil.rmtree(self.folder, ignore_errors=True)
        RUN["sequences"] += 1


@pytest.mark.long
@pytest.mark.parametrize("ruleset", RULESETS)
def test_random_command_sequences(ruleset: str) -> None:
    machine = type(f"Machine_{ruleset.replace('-', '_')}", (EngineMachine,), {"ruleset_id": ruleset})
    before = RUN["sequences"]
    run_state_machine_as_test(machine, settings=SETTINGS)
    # the number of sequences the docs may quote, every one of them run to its end
    assert RUN["sequences"] - before >= EXAMPLES, (ruleset, RUN["sequences"] - before)
