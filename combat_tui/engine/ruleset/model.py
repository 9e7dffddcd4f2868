"""The ruleset as the engine holds it: the file's keys, checked together when it is read."""

from __future__ import annotations

from pydantic import field_validator, model_validator

from .base import RULESET_SCHEMA_VERSION
from .checks import check_references
from .file import RulesetFile
from .formula_checks import check_formulas


class RulesetDef(RulesetFile):
    """A rule system: the whole file."""

    @field_validator("schema_version")
    @classmethod
    def _known_version(cls, version: int) -> int:
        if version > RULESET_SCHEMA_VERSION:
            raise ValueError(f"written for a newer combat-tui (ruleset format {version}; "
                             f"this version reads up to {RULESET_SCHEMA_VERSION})")
        return version

    @model_validator(mode="after")
    def _checked(self) -> RulesetDef:
        check_references(self)
        check_formulas(self)
        return self
