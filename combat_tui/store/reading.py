"""An encounter read to be looked at, not played: `show`, the players' view. Nothing is written, and
the log stays on disk (neither shows it)."""

from __future__ import annotations

from pathlib import Path

from ..engine.encounter import Encounter
from ..engine.loader import Catalogue
from ..engine.player_view import PlayerView, player_view
from . import saves
from .save_db import SaveDB


def encounter_at(path: Path, cat: Catalogue) -> Encounter:
    """The encounter saved at `path` (a database, or JSON)."""
    if saves.is_json(path):
        doc = saves.load(path)
        return Encounter(doc, cat.get(doc.ruleset), where=path.name)
    db = SaveDB.open(path)
    try:
        doc = db.read()
        return Encounter(doc, cat.get(doc.ruleset), where=path.name)
    finally:
        db.close()


def load_view(path: Path, cat: Catalogue) -> PlayerView:
    """The players' view of a save."""
    return player_view(encounter_at(path, cat))
