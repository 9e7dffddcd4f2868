"""Errors a user can cause. Each carries a one-line message fit to show as it is."""

from .cleaning import clean_line


class CombatError(Exception):
    """Base: anything the user can fix by typing something else."""

    def __init__(self, *args: object) -> None:
        # A message quotes what was typed or read (a name, a file name): never a control character.
        super().__init__(*(clean_line(a) if isinstance(a, str) else a for a in args))


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
