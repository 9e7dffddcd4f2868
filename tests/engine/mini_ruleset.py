"""Test data shared by the engine tests: the built-in ids, and the smallest ruleset that loads."""

SHIPPED = {"three-action", "energy-stamina", "body-injury", "time-count", "boon-bane", "pf2e", "dnd5e"}

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
