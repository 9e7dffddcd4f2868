"""Test data shared by the engine tests: the five built-in ids, and the smallest ruleset that loads."""

FIVE = {"three-action", "energy-stamina", "body-injury", "time-count", "boon-bane"}
SHIPPED = FIVE | {"dnd5e"}  # dnd5e: the ids the SRD bestiary needs, its own tests elsewhere

MINI = """
id = "mini"
name = "Mini"
[time]
model = "turn-order"
initiative = "1d20"
[[pools]]
id = "hp"
name = "HP"
max = 10
[[conditions]]
id = "prone"
name = "Prone"
description = "On the ground."
[damage]
absorb = ["hp"]
heal = ["hp"]
"""
