"""The rules: every change of state through `Ops` (so undo and a failed command's rollback follow), the
clock moving, conditions, durations, damage and healing, injuries, actions and attacks, and the systems
that do what a ruleset's data cannot say."""
