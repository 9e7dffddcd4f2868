"""The encounter model and the rules engine, in rooms: `state/`, the ruleset language (`ruleset.py` and the
modules beside it), `library/`, `rules/`, `commands/`, the encounter (`encounter.py`), `views/`. Each imports
only the rooms before it (docs/developing.md, "The rooms"); none imports Textual or reads a file."""
