"""Write the reference half of docs/ruleset-format.md and docs/ruleset.schema.json from the ruleset models.

Run with `make docs` after changing a field, its description or a formula name. The page's hand-written
part, above the marker, is kept; everything below it is written from `combat_tui/engine/ruleset/`
(the fields' descriptions) and `combat_tui/engine/ruleset/formula_names.py` (the names formulas may use).
A test fails while the checked-in files differ from what this writes.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from combat_tui.engine.ruleset import Effect, RulesetDef
from combat_tui.engine.ruleset.effects import VERBS
from combat_tui.engine.ruleset.formula_names import NAMES

DOCS = Path(__file__).resolve().parent.parent / "docs"
PAGE = DOCS / "ruleset-format.md"
SCHEMA = DOCS / "ruleset.schema.json"
MARKER = "<!-- Below this line the page is written by scripts/ruleset_docs.py (make docs): edit the models. -->"


def _nested(annotation: Any) -> list[tuple[type[BaseModel], bool]]:
    """The models a field holds: (model, as a list of tables)."""
    args: tuple[Any, ...] = getattr(annotation, "__args__", ())
    origin = getattr(annotation, "__origin__", None)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [(annotation, False)]
    if origin is list:
        return [(m, True) for m, _many in _nested(args[0])]
    return [found for arg in args for found in _nested(arg)]


def _tables() -> list[tuple[type[BaseModel], list[str]]]:
    """Every model under the file's top, each after the table it is first met in, with every key path
    it stands at."""
    paths: dict[type[BaseModel], list[str]] = {RulesetDef: []}

    def visit(model: type[BaseModel], at: str) -> None:
        for key, field in model.model_fields.items():
            for sub, many in _nested(field.annotation):
                path = f"{at}.{key}" if at else key
                first = sub not in paths
                paths.setdefault(sub, []).append(f"[[{path}]]" if many else f"[{path}]")
                if first:
                    visit(sub, path)

    visit(RulesetDef, "")
    return list(paths.items())


def _kind(prop: dict[str, Any], defs: dict[str, Any]) -> str:
    """A property's type in words."""
    if "$ref" in prop:
        target = defs[prop["$ref"].rsplit("/", 1)[1]]
        if "enum" in target:
            return " / ".join(f"`{v}`" for v in target["enum"])
        return "table"
    if "enum" in prop:
        return " / ".join(f"`{v}`" for v in prop["enum"])
    if "const" in prop:
        return f"`{prop['const']}`"
    if "oneOf" in prop:  # a union told apart by a key (the kinds of effect)
        return " or ".join(dict.fromkeys(_kind(p, defs) for p in prop["oneOf"]))
    if "anyOf" in prop:
        kinds = [_kind(p, defs) for p in prop["anyOf"] if p.get("type") != "null"]
        return "integer or formula" if kinds == ["integer", "text"] else " or ".join(dict.fromkeys(kinds))
    kind = prop.get("type")
    if kind == "array":
        return f"list of {_kind(prop['items'], defs)}s"
    if kind == "object":
        return f"id → {_kind(prop.get('additionalProperties', {}), defs)}"
    return {"string": "text", "integer": "integer", "number": "number", "boolean": "true/false"}.get(str(kind), "?")


def _default(field: Any) -> str:
    if field.is_required():
        return "required"
    value = field.get_default(call_default_factory=True)
    if value is None or value in ([], {}) or isinstance(value, BaseModel):
        return ""
    if isinstance(value, bool):
        return "`true`" if value else "`false`"
    if isinstance(value, str):
        return f'`"{value}"`' if value else '`""`'
    return f"`{value}`"


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def limits() -> list[str]:
    """Every limit a ruleset file meets, read from where the engine keeps it."""
    from combat_tui.engine import dice, toml_text
    from combat_tui.engine.ruleset import base, check_rules, formula
    from combat_tui.engine.state import bounds
    from combat_tui.store.rulesets import MAX_RULESET_BYTES

    rows = [
        ("a formula", f"{formula.MAX_LENGTH} characters, brackets nested {formula.MAX_DEPTH} deep, a result of at "
                      f"most {bounds.MAX_STEP:,} either way"),
        ("dice", f"{dice.MAX_LENGTH} characters, brackets nested {dice.MAX_DEPTH} deep, {dice.MAX_DICE:,} dice in "
                 f"one roll (rerolls and explosions counted), {dice.MAX_FACES:,} faces a die (`1d{{stat}}` too), "
                 f"a total of at most {dice.MAX_TOTAL:,} either way"),
        ("a list (stats, pools, conditions, actions, tables, rows, triggers, effects, types...)",
         f"{base.MAX_ITEMS:,} items"),
        ("`checks.saves`", f"{check_rules.MAX_SAVES} saves"),
        ("a body part's `count`, a body plan's parts", f"0 to {base.MAX_PARTS}"),
        ("a number in the file", f"{bounds.MAX_STORED:,} either way"),
        ("the file", f"{MAX_RULESET_BYTES / (1 << 20):g} MB; a dotted key of {toml_text.MAX_KEY_PARTS} parts"),
        ("an id, a name, a text", "no length of its own (the file's); control characters are taken out"),
    ]
    return ["### Limits", "", "What a file may hold at most. Each is refused in one line when the file is read; "
            "what only a fight's numbers show (a result too large, a stat that sizes a die at 0) when it is "
            "rolled or worked out.", "",
            "| what | at most |", "|---|---|", *(f"| {_cell(what)} | {_cell(most)} |" for what, most in rows)]


def reference() -> str:
    """The generated half of the page."""
    schema = RulesetDef.model_json_schema()
    defs = schema["$defs"]
    out = ["## Reference", "",
           "Written from the models' field descriptions; the page above says how the parts work together.", "",
           *limits(), "",
           "### Names in formulas", "",
           "`<pool>` stands for each pool's id (`<stat>`, `<condition>`... likewise), a `-` in it written `_`.", "",
           "| name | its number | defined by | only in |", "|---|---|---|---|"]
    out += [f"| `{n.name}` | {_cell(n.means)} | {_cell(n.source)} | {_cell(n.given)} |" for n in NAMES]
    kinds = False
    for model, paths in _tables():
        props = (defs.get(model.__name__) or schema)["properties"]
        where = ", ".join(f"`{p}`" for p in paths)
        title = "The top of the file" if not paths else where if len(paths) <= 2 else model.__name__[:-3]
        doc = _cell(model.__doc__ or "") + (f" At {where}." if len(paths) > 2 else "")
        if issubclass(model, Effect):  # one kind of effect a table, under one heading saying where they stand
            if not kinds:
                out += ["", "### Effects", "", f"{_cell(Effect.__doc__ or '')} Each kind is told by its verb, "
                        f"the one key it has of {', '.join(f'`{v}`' for v in VERBS)}. At {where}."]
                kinds = True
            title, doc = f"Effect `{model.verb}`", _cell(model.__doc__ or "")
        out += ["", f"### {title}", "", doc, "",
                "| key | type | default | meaning |", "|---|---|---|---|"]
        for key, field in model.model_fields.items():
            out.append(f"| `{key}` | {_cell(_kind(props[key], defs))} | {_default(field)} | "
                       f"{_cell(field.description or '')} |")
    return "\n".join(out) + "\n"


def _no_null(node: Any) -> Any:
    """TOML has no null: an unset key is left out, so the schema offers none."""
    if isinstance(node, dict):
        out = {k: _no_null(v) for k, v in node.items() if not (k == "default" and v is None)}
        if "anyOf" in out:
            kept = [p for p in out["anyOf"] if p != {"type": "null"}]
            if len(kept) == 1:
                del out["anyOf"]
                out |= kept[0]
            else:
                out["anyOf"] = kept
        return out
    if isinstance(node, list):
        return [_no_null(v) for v in node]
    return node


def json_schema() -> str:
    schema = {"$schema": "https://json-schema.org/draft/2020-12/schema"}
    schema |= _no_null(RulesetDef.model_json_schema()) | {"title": "combat-tui ruleset"}
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def page(current: str) -> str:
    """The page with its generated half written anew below the marker (the marker added if missing)."""
    head = current.split(MARKER, 1)[0].rstrip("\n")
    return f"{head}\n\n{MARKER}\n\n{reference()}"


def main() -> int:
    PAGE.write_text(page(PAGE.read_text(encoding="utf-8")), encoding="utf-8")
    SCHEMA.write_text(json_schema(), encoding="utf-8")
    print(f"wrote {PAGE.name} and {SCHEMA.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
