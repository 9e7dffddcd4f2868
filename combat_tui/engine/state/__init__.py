"""The encounter's data: its state, the events of its log and the saved document, the errors the engine
raises, and the plain kinds a view shares with a ruleset. It imports nothing else of the engine."""
