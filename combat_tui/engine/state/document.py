"""An encounter as it is saved: its state and its log, the document the store reads and writes."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, PlainSerializer, PlainValidator, model_validator

from .bounds import Int
from .clean import Line
from .event_log import EventLog, as_log
from .events import Event
from .model import State

SCHEMA_VERSION = 3  # 2: a creature's change is logged as a patch (see events.py); 3: a journal (gone since)

Log = Annotated[EventLog, PlainValidator(as_log), PlainSerializer(list, return_type=list[Event])]


def now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class EncounterDoc(BaseModel):
    """An encounter as saved. `schema_version` is migrated on load (see `store/exchange.py`)."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    schema_version: Int = SCHEMA_VERSION
    app: Line = "combat-tui"
    name: Line = ""
    ruleset: Line
    created: Line = Field(default_factory=now_iso)
    updated: Line = Field(default_factory=now_iso)
    state: State
    log: Log = Field(default_factory=EventLog)
    cursor: Int = 0  # events applied; those past it are undone and can be redone

    @model_validator(mode="after")
    def _cursor_in_log(self) -> EncounterDoc:
        if not 0 <= self.cursor <= len(self.log):
            raise ValueError(f"cursor {self.cursor} is outside the log of {len(self.log)} events")
        return self
