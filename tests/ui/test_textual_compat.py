"""Textual's private parts are used in one module only, checked against the Textual it names.

A private name is a `_name` (not dunder) that Textual's own source defines. Counted in `combat_tui/ui`
outside the compat module: attribute uses `x._name` of such a name that the project does not define
itself, imports from Textual's private modules or of its private names, and methods `_name` written
in a project class that override one of a Textual (or textual-serve) base class.
"""

from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path

import pytest
import textual
from textual.widget import Widget

from combat_tui.ui import _textual_compat
from combat_tui.ui.widgets.view_static import ViewStatic

ROOT = Path(__file__).resolve().parents[2]
UI = ROOT / "combat_tui" / "ui"
COMPAT = "_textual_compat.py"


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _defined(root: Path) -> set[str]:
    """The `_names` a tree of sources defines: functions, classes, and names or attributes assigned."""
    names: set[str] = set()
    for path in root.rglob("*.py"):
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"))
        except (SyntaxError, UnicodeDecodeError):
            continue
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                names.add(node.attr)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
    return {name for name in names if _private(name)}


def _overrides(path: Path, root: Path = ROOT) -> list[str]:
    module = importlib.import_module(".".join(path.relative_to(root).with_suffix("").parts))
    found = []
    for _name, cls in inspect.getmembers(module, inspect.isclass):
        if cls.__module__ != module.__name__:
            continue
        for name, value in vars(cls).items():
            code = getattr(value, "__code__", None) or getattr(getattr(value, "__func__", None), "__code__", None)
            if not _private(name) or code is None or Path(code.co_filename).resolve() != path:
                continue  # not a private method written here (Textual's metaclass sets some)
            for base in cls.__mro__[1:]:
                if base.__module__.split(".")[0] in ("textual", "textual_serve") and name in vars(base):
                    found.append(f"{path.relative_to(root)}:{code.co_firstlineno} def {name} overrides {base.__name__}")
                    break
    return found


def private_touchpoints(paths: list[Path], root: Path = ROOT) -> list[str]:
    textual_names = _defined(Path(textual.__file__).parent)
    ours = _defined(ROOT / "combat_tui")
    found: list[str] = []
    for path in paths:
        where = path.relative_to(root)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr in textual_names and node.attr not in ours:
                found.append(f"{where}:{node.lineno} .{node.attr}")
            if (isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "textual"
                    and any(_private(x) for x in [*node.module.split("."), *(a.name for a in node.names)])):
                found.append(f"{where}:{node.lineno} from {node.module} import ...")
        found += _overrides(path, root)
    return found


def test_no_private_textual_outside_the_compat_module() -> None:
    assert private_touchpoints(sorted(p for p in UI.rglob("*.py") if p.name != COMPAT)) == []


PLANTED = """
from textual.screen import Screen
from textual.widgets._footer import FooterKey


class Planted(Screen[None]):
    def _on_screen_resume(self, event: object) -> None:
        self._compositor.render_strips(self.size)
        self._dirty_widgets.add(self)
"""


def test_the_check_sees_each_kind(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The check is not blind: it finds each kind it counts, in the compat module (its private imports)
    and in a module planted with the other kinds."""
    assert "from textual.widgets._footer" in " ".join(private_touchpoints([UI / COMPAT]))
    (tmp_path / "planted_private.py").write_text(PLANTED, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    found = " ".join(private_touchpoints([tmp_path / "planted_private.py"], tmp_path))
    for kind in ("._compositor", "._dirty_widgets", "from textual.widgets._footer",
                 "def _on_screen_resume overrides"):
        assert kind in found, kind


def test_the_views_hand_their_lines_over_by_the_line_api() -> None:
    """The sheet, prompt bar and conditions give Textual the lines they drew through `render_line`,
    not by filling Textual's render cache."""
    owners = [cls for cls in ViewStatic.__mro__ if "_render_content" in vars(cls)]
    assert owners == [Widget]


def test_compat_module_checked_against_the_installed_textual() -> None:
    assert textual.__version__ in _textual_compat.CHECKED_WITH, (
        f"Textual {textual.__version__} is installed, but combat_tui/ui/_textual_compat.py was checked against "
        f"{', '.join(_textual_compat.CHECKED_WITH)}: read each of its functions against the new Textual's source "
        "(the footer's and header's private widgets), run tests/ui/test_redraws.py, "
        "then add the version to CHECKED_WITH.")
