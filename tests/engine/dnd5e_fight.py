"""The dnd5e tests' stage: Kara (a fighter, a PC) and an Ogre whose attacks come from a stat block of the
test's own (`melee`, `ranged` and a plain `attack`), in the library folder the test is given."""

from __future__ import annotations

from pathlib import Path

from combat_tui.engine.encounter import Encounter
from combat_tui.store import library_files
from combat_tui.store.rulesets import Catalogue

OGRE = """ruleset = "dnd5e"
[[creature]]
name = "Ogre"
stats = { str = 4, dex = -1, con = 3, ac = 11 }
pools = { hp = 59 }
[[creature.action]]
name = "Greatclub"
uses = "melee"
hit = "1d20 + 6"
damage = "2d8 + 4"
type = "bludgeoning"
[[creature.action]]
name = "Javelin"
uses = "ranged"
hit = "1d20 + 6"
damage = "2d6 + 4"
type = "piercing"
[[creature.action]]
name = "Slam"
uses = "attack"
hit = "1d20 + 6"
damage = "5"
type = "bludgeoning"

[[creature]]
name = "Young Dragon"
stats = { dex = 0, con = 5, save_con = 4, ac = 18 }
pools = { hp = 178, legendary = 3, legendary_resistance = 3 }
[[creature.action]]
name = "Rend"
uses = "melee"
hit = "1d20 + 10"
damage = "2d10 + 6"
type = "slashing"
[[creature.action]]
name = "Tail swipe"
uses = "legendary"
hit = "1d20 + 10"
damage = "2d8 + 6"
type = "bludgeoning"
"""


def fight(catalogue: Catalogue, tmp_path: Path, kara: str = "", seed: int = 3, start: bool = True) -> Encounter:
    """Kara (hp 30, AC 15, Con +2 with proficiency in Con saves, and `kara`'s words) and the Ogre, which
    acts first."""
    folder = tmp_path / "dnd5e-lib"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "ogre.toml").write_text(OGRE, encoding="utf-8")
    enc = Encounter.new(catalogue.get("dnd5e"), seed=seed)
    enc.library = library_files.load(folder, catalogue.get, starter=False)
    enc.run(f"add Kara pc init=5 hp=30 ac=15 con=2 save_con=2 level=3 {kara}")
    enc.run("add Ogre init=20")
    if start:
        enc.run("start")
    return enc
