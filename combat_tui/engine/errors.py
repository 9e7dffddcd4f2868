"""Errors a user can cause. Each carries a one-line message fit to show as it is."""


class CombatError(Exception):
    """Base: anything the user can fix by typing something else."""


class DiceError(CombatError):
    pass


class FormulaError(CombatError):
    pass


class RulesetError(CombatError):
    pass


class CommandError(CombatError):
    pass


class SaveError(CombatError):
    pass
