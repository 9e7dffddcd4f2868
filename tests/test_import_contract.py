"""The house's import contract (docs/developing.md, "The rooms"): each room imports only the rooms below
it, the engine nothing outside itself, the store nothing of the app. Read from the source, so an import
under `if TYPE_CHECKING:` or inside a function counts too: a reader still has to hold it."""

from __future__ import annotations

import ast
from pathlib import Path

from import_graph import imports, modules

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "combat_tui"
E = "combat_tui.engine"

# The engine's rooms, lowest first: a module imports from its own room and the rooms before it, never after.
# A room is the modules named or under the names given.
ROOMS: list[tuple[str, tuple[str, ...]]] = [
    ("state", (f"{E}.state",)),
    # the ruleset language: its package (formulas and their names inside it), and flat modules still beside it
    ("ruleset", (f"{E}.ruleset", f"{E}.words", f"{E}.dice", f"{E}.lookup", f"{E}.toml_text")),
    ("library", (f"{E}.library",)),
    ("rules", (f"{E}.rules",)),
    ("commands", (f"{E}.commands",)),
    ("encounter", (f"{E}.encounter", f"{E}.integrity", f"{E}.json_view")),
    ("views", (f"{E}.views",)),
]

# Outside the engine: what each layer may not import (the engine is below them all).
FORBIDDEN: dict[str, tuple[str, ...]] = {
    E: ("combat_tui.",),  # the engine imports nothing of the package outside itself
    "combat_tui.store": ("combat_tui.ui", "combat_tui.session", "combat_tui.cli", "combat_tui.subcommands",
                         "combat_tui.players"),
    "combat_tui.players": ("combat_tui.ui",),
}


def _under(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith(prefix + ".")


def room_of(name: str) -> int | None:
    for i, (_, prefixes) in enumerate(ROOMS):
        if any(_under(name, p) for p in prefixes):
            return i
    return None


def broken(package: Path) -> list[str]:
    """Every import against the contract, as `importer -> imported (why)`."""
    edges = imports(modules(package))
    found = []
    for src, targets in sorted(edges.items()):
        here = room_of(src)
        for dst in sorted(targets):
            there = room_of(dst)
            if here is not None and there is not None and there > here:
                found.append(f"{src} -> {dst} (the {ROOMS[here][0]} room imports the {ROOMS[there][0]} room above it)")
            for layer, banned in FORBIDDEN.items():
                if _under(src, layer) and any(dst.startswith(b) for b in banned) and not _under(dst, layer):
                    found.append(f"{src} -> {dst} ({layer} may not import it)")
    return found


def test_the_rooms_keep_the_contract() -> None:
    found = broken(PACKAGE)
    assert found == [], "imports against the contract:\n  " + "\n  ".join(found)


def test_every_engine_module_is_in_a_room() -> None:
    """A module added beside the rooms, not in one, is in no contract: every engine module has its room."""
    loose = [m for m in modules(PACKAGE) if _under(m, E) and m != E and room_of(m) is None]
    assert loose == []


# What touches the file system: the engine is given text and bytes, and names files (keep, party) for the
# store (`store/`) to read and write.
FILE_CALLS = {"open", "read_text", "read_bytes", "write_text", "write_bytes", "exists", "is_dir", "is_file", "glob",
              "rglob", "iterdir", "mkdir", "unlink", "rmdir"}
FILE_MODULES = {"os", "shutil", "sqlite3", "io", "tempfile", "glob"}


def file_io(source: str) -> list[str]:
    """The lines of a module that reach the file system: a call of `open` or of a path's I/O method, an
    import of a module for files, `__file__`."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            f = node.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
            shelf = isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id == "shelf"
            if name in FILE_CALLS and not shelf:  # the library's `Shelf` is the store's, given to the engine
                found.append(f"line {node.lineno}: {name}()")
        elif isinstance(node, ast.Import | ast.ImportFrom):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
            found += [f"line {node.lineno}: import {n}" for n in names if n.split(".")[0] in FILE_MODULES]
        elif isinstance(node, ast.Name) and node.id == "__file__":
            found.append(f"line {node.lineno}: __file__")
    return found


def test_the_engine_does_no_file_io() -> None:
    found = [f"{path.relative_to(ROOT)} {hit}" for path in sorted((PACKAGE / "engine").rglob("*.py"))
             for hit in file_io(path.read_text(encoding="utf-8"))]
    assert found == []


def test_the_check_sees_file_io() -> None:
    planted = ("import os\nfrom pathlib import Path\n"
               "def f(p: Path, shelf: Any) -> str:\n"
               "    return p.read_text() + open(p).read() if shelf.exists(p) else ''\n")
    assert file_io(planted) == ["line 1: import os", "line 4: read_text()", "line 4: open()"]


def test_the_check_sees_a_broken_contract(tmp_path: Path) -> None:
    """Planted: the state importing the rules (lazily), the engine importing the store, the store the UI."""
    pkg = tmp_path / "combat_tui"
    for folder in ("engine/state", "engine/rules", "store", "ui"):
        (pkg / folder).mkdir(parents=True)
    for init in ("", "engine", "engine/state", "engine/rules", "store", "ui"):
        (pkg / init / "__init__.py").write_text("", encoding="utf-8")
    (pkg / "engine" / "state" / "model.py").write_text("def f():\n    from ..rules import ops\n", encoding="utf-8")
    (pkg / "engine" / "rules" / "ops.py").write_text("from ...store import saves\n", encoding="utf-8")
    (pkg / "store" / "saves.py").write_text("from ..ui import app\n", encoding="utf-8")
    (pkg / "ui" / "app.py").write_text("from ..engine.rules import ops\n", encoding="utf-8")
    found = broken(pkg)
    assert ("combat_tui.engine.state.model -> combat_tui.engine.rules.ops "
            "(the state room imports the rules room above it)") in found
    assert "combat_tui.engine.rules.ops -> combat_tui.store.saves (combat_tui.engine may not import it)" in found
    assert "combat_tui.store.saves -> combat_tui.ui.app (combat_tui.store may not import it)" in found
    assert not [f for f in found if f.startswith("combat_tui.ui.")]
