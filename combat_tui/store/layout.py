"""A save file's marks, plain: what tells a combat-tui save, read before the engine is loaded (`face.py`)."""

from __future__ import annotations

APPLICATION_ID = 0x43545549  # "CTUI": a SQLite file of ours, not any database
FORMAT = 1  # the database's layout (PRAGMA user_version); the state's own schema is meta.schema
