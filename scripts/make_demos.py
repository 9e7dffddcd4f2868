"""Build the demo encounters in saves/: one ready-to-play encounter per shipped ruleset.

Run with `make demos`. Seeded, so the files only change when the rules data or the engine does.
"""

from __future__ import annotations

from pathlib import Path

from combat_tui.engine.encounter import Encounter
from combat_tui.engine.loader import load_all
from combat_tui.store import saves

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
    "boon-bane": ("Goblin warren", [
        "add Wren pc init=5", "add Hale pc init=3", "add Goblin x4 hp=7", "add Goblin Boss hp=15", "start",
    ]),
}


def main() -> None:
    cat = load_all()
    for rid, (title, script) in DEMOS.items():
        enc = Encounter.new(cat.get(rid), seed=2024, name=title)
        for line in script:
            enc.run(line)
        saves.save(enc.doc, SAVES / f"{rid}.json")
        print(f"saves/{rid}.json: {title} ({len(enc.state.combatants)} creatures)")


if __name__ == "__main__":
    main()
