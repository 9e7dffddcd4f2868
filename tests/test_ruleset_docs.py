"""The ruleset reference and JSON schema are what `make docs` writes from the models, and the shipped
rulesets fit the schema an editor checks a GM's file with."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from helpers import script
from pydantic import BaseModel

from combat_tui.engine import ruleset
from combat_tui.store.rulesets import builtin_dir

ROOT = Path(__file__).parents[1]


def _script() -> ModuleType:
    return script("scripts/ruleset_docs.py")


DOCS = _script()
SCHEMA = json.loads((ROOT / "docs" / "ruleset.schema.json").read_text(encoding="utf-8"))


def test_the_ruleset_page_is_what_make_docs_writes() -> None:
    current = (ROOT / "docs" / "ruleset-format.md").read_text(encoding="utf-8")
    assert DOCS.MARKER in current, "the page lost its marker"
    assert DOCS.page(current) == current, "run `make docs`"


def test_the_json_schema_is_what_make_docs_writes() -> None:
    assert (ROOT / "docs" / "ruleset.schema.json").read_text(encoding="utf-8") == DOCS.json_schema(), "run `make docs`"


def test_every_key_of_a_ruleset_has_a_description() -> None:
    bare = [f"{name}.{key}" for name, model in vars(ruleset).items()
            if isinstance(model, type) and issubclass(model, BaseModel) and model.__module__ == ruleset.__name__
            for key, field in model.model_fields.items() if not field.description]
    assert bare == []


def test_the_reference_lists_every_key_and_name() -> None:
    text = DOCS.reference()
    assert "| `sf_then` | text |" in text and "| `before_<pool>` |" in text and "### `[[pools]]`" in text


def _fits(value: Any, schema: dict[str, Any], at: str) -> list[str]:
    """Where `value` breaks `schema`: the small part of JSON schema the ruleset's uses."""
    if "$ref" in schema:
        return _fits(value, SCHEMA["$defs"][schema["$ref"].rsplit("/", 1)[1]], at)
    if "anyOf" in schema:
        tries = [_fits(value, option, at) for option in schema["anyOf"]]
        return [] if any(not t for t in tries) else min(tries, key=len)
    if "enum" in schema and value not in schema["enum"]:
        return [f"{at}: {value!r} is not one of {schema['enum']}"]
    kind = schema.get("type")
    types: dict[str, type | tuple[type, ...]] = {"object": dict, "array": list, "string": str, "integer": int,
                                                  "number": (int, float), "boolean": bool}
    if kind is not None and (not isinstance(value, types[kind]) or (kind != "boolean" and isinstance(value, bool))):
        return [f"{at}: not {kind}"]
    problems: list[str] = []
    if kind == "array":
        for i, item in enumerate(value):
            problems += _fits(item, schema.get("items", {}), f"{at}[{i}]")
    if kind == "object":
        problems += [f"{at}: {key} is missing" for key in schema.get("required", []) if key not in value]
        props = schema.get("properties", {})
        extra = schema.get("additionalProperties", True)
        for key, item in value.items():
            if key in props:
                problems += _fits(item, props[key], f"{at}.{key}")
            elif extra is False:
                problems.append(f"{at}: {key} is not a key")
            elif isinstance(extra, dict):
                problems += _fits(item, extra, f"{at}.{key}")
    return problems


@pytest.mark.parametrize("path", [*sorted(builtin_dir().glob("*.toml")), ROOT / "docs" / "examples" /
                                  "example-ruleset.toml"], ids=lambda p: p.stem)
def test_every_shipped_ruleset_and_the_example_fit_the_json_schema(path: Path) -> None:
    assert _fits(tomllib.loads(path.read_text(encoding="utf-8")), SCHEMA, "") == []


def test_the_schema_check_finds_a_misspelt_key_and_a_missing_one() -> None:
    data = tomllib.loads((builtin_dir() / "three-action.toml").read_text(encoding="utf-8"))
    data["pools"][0]["maxx"] = 3
    del data["time"]["model"]
    problems = _fits(data, SCHEMA, "")
    assert ".pools[0]: maxx is not a key" in problems and ".time: model is missing" in problems
