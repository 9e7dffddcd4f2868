"""Storage beside the engine: saves and the party's lasting state in SQLite, files written whole."""
