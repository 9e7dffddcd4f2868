"""Build the demo encounters in saves/: one ready-to-play encounter per shipped ruleset.

Run with `make demos` (or `python scripts/make_demos.py RULESET...` for only those). Seeded, so the files
only change when the rules data or the engine does.
`make demo-faces` (`--faces`) builds only their faces again (what the main screen shows on opening one),
the encounters kept as they are.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from combat_tui.engine.encounter import Encounter
from combat_tui.store import exchange, face, files, library_files, saves
from combat_tui.store.packing import face_of
from combat_tui.store.rulesets import load_all

SAVES = Path(__file__).resolve().parent.parent / "saves"

DEMOS: dict[str, tuple[str, list[str]]] = {
    "three-action": ("Ambush at the ford", [
        "add Kara pc hp=24 init=17", "add Brother Osk pc hp=20 init=12",
        "add Bandit x3 hp=11", "add Bandit Captain hp=26 init=14", "start",
        'dmg "Bandit 1" 7', 'cond "Bandit 2" prone',
    ]),
    "energy-stamina": ("Duel in the rain", [
        "add Seren pc con=14 aura_mod=2", "add Tomas pc con=12",
        "add Reaver x2 con=12", "start", "act Seren melee", 'dmg "Reaver 1" 6',
    ]),
    "body-injury": ("The pit fight", [
        "add Ysolde pc init=15", "add Marek pc init=9", "add Pit Ghoul x2", "start",
        'injure "Pit Ghoul 1" arm',
    ]),
    "time-count": ("Zherynn, Aeus and Garret", [
        "add Zherynn pc init=6", "add Aeus pc init=13", "add Garret npc init=7", "add Garret's Hound init=9",
        "start",
    ]),
    "dnd5e": ("The ogre's bridge", [
        "add Kara pc init=15 hp=44 ac=18 str=3 dex=1 con=3 save_str=2 save_con=2 level=4",
        "add Bram pc init=8 hp=35 ac=18 wis=3 con=2 save_wis=2 save_cha=2 level=4",
        "add Lio pc init=17 hp=26 ac=12 int=3 dex=2 con=1 save_int=2 save_wis=2 level=4",
        "add Sefa pc init=19 hp=31 ac=15 dex=4 save_dex=2 save_int=2 level=4",
        "add Ogre init=13", 'add "Goblin Warrior" x3', "start",  # from the SRD bestiary, attacks and all
        "cond Lio concentration", 'cond "Goblin Warrior 1" paralyzed from=Lio',
        'dmg "Goblin Warrior 2" 4 piercing',
    ]),
    "boon-bane": ("Goblin warren", [
        "add Wren pc init=5", "add Hale pc init=3", "add Goblin x4 hp=7", "add Goblin Boss hp=15", "start",
    ]),
    "pf2e": ("Goblins at the old bridge", [
        "add Valeros pc hp=30 level=2 ac=18 fort=9 ref=7 will=5 perception=6 init=16",
        "add Kyra pc hp=26 level=2 ac=16 fort=7 ref=5 will=10 perception=8 init=11",
        'add "Goblin Warrior" x3 split', 'add "Orc Brute"', "start",
        "dmg Valeros 5 slashing", "cond Kyra frightened 1", 'dmg "Goblin Warrior 1" 4 slashing',
        'cond "Goblin Warrior 3" prone',
    ]),
}
# Demos whose creatures come from the starter bestiary (the others type their numbers).
WITH_BESTIARY = {"pf2e", "dnd5e"}


def write(enc: Encounter, path: Path) -> None:
    """The encounter as JSON, with its face beside it: what the main screen shows, for a first frame
    drawn before the engine is loaded (`store/face.py`)."""
    data = json.loads(exchange.dumps(enc.doc))
    shown = face_of(enc)
    assert shown is not None  # the whole log is in memory
    data[face.FIELD] = shown.data()
    files.write_atomic(path, json.dumps(data, ensure_ascii=False, separators=(",", ":")))


def main() -> None:
    cat = load_all()
    if sys.argv[1:] == ["--faces"]:  # the demos as they are, their faces built again (the view changed)
        for rid in DEMOS:
            path = SAVES / f"{rid}.json"
            write(Encounter(saves.read_exchange(path), cat.get(rid)), path)
            print(f"saves/{rid}.json: face")
        return
    only = sys.argv[1:] or list(DEMOS)
    for rid, (title, script) in DEMOS.items():
        if rid not in only:
            continue
        enc = Encounter.new(cat.get(rid), seed=2024, name=title)
        if rid in WITH_BESTIARY:
            enc.library = library_files.load(None, cat.get)
        for line in script:
            enc.run(line)
        write(enc, SAVES / f"{rid}.json")
        print(f"saves/{rid}.json: {title} ({len(enc.state.combatants)} creatures)")


if __name__ == "__main__":
    main()
