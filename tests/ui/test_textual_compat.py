"""Textual's private parts are used in one module only, checked against the Textual it names.

A private name is a `_name` (not dunder) that Textual's own source defines. Counted in `combat_tui/ui`
outside the compat module: attribute uses `x._name` of such a name that the project does not define
for itself (`key._sender = None` counts: an attribute assigned on another object is not defining it);
in a class with Textual bases, or a mixin put before one, `self._name` where the name is one of those
bases' own (a method, a name of the class body or its `__slots__`, a `self._name` it assigns) and a
Textual reactive declared again; imports from Textual's private modules or of its private names; and
methods `_name` written in a project class that override one of a Textual (or textual-serve) base class.
"""

from __future__ import annotations

import ast
import asyncio
import functools
import gc
import importlib
import inspect
from pathlib import Path

import pytest
import textual
from textual.reactive import Reactive
from textual.widget import Widget

from combat_tui.ui import _textual_compat
from combat_tui.ui.widgets.view_static import ViewStatic

ROOT = Path(__file__).resolve().parents[2]
UI = ROOT / "combat_tui" / "ui"
COMPAT = "_textual_compat.py"
PACKAGES = ("textual", "textual_serve")


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


@functools.cache
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


@functools.cache
def _textual_attributes() -> dict[tuple[str, str], set[str]]:
    """(module, class) -> the private names each class of Textual's has: its methods, the names of its
    body and its `__slots__`, and the `self._name` its methods assign."""
    out: dict[tuple[str, str], set[str]] = {}
    for package in PACKAGES:
        root = Path(importlib.import_module(package).__file__ or "").parent
        for path in root.rglob("*.py"):
            parts = path.relative_to(root.parent).with_suffix("").parts
            module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            try:
                tree = ast.parse(path.read_text(encoding="utf-8"))
            except (SyntaxError, UnicodeDecodeError):
                continue
            _visit_classes(tree, module, "", out)
    return out


def _visit_classes(node: ast.AST, module: str, prefix: str, out: dict[tuple[str, str], set[str]]) -> None:
    for child in ast.iter_child_nodes(node):
        if not isinstance(child, ast.ClassDef):
            continue  # a class in a function is no class of Textual's API
        names = out.setdefault((module, prefix + child.name), set())
        for item in child.body:
            names.update(_body_names(item))
        for sub in ast.walk(child):
            if isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef)):
                names.add(sub.name)
            elif (isinstance(sub, ast.Attribute) and isinstance(sub.ctx, ast.Store)
                  and isinstance(sub.value, ast.Name) and sub.value.id == "self"):
                names.add(sub.attr)
        _visit_classes(child, module, f"{prefix}{child.name}.", out)


def _body_names(item: ast.stmt) -> set[str]:
    """The names a statement of a class body binds (`x = ...`, `x: T = ...`, the strings of `__slots__`)."""
    targets = item.targets if isinstance(item, ast.Assign) else [item.target] if isinstance(item, ast.AnnAssign) else []
    names = {t.id for t in targets if isinstance(t, ast.Name)}
    if "__slots__" in names and isinstance(item, (ast.Assign, ast.AnnAssign)) and item.value is not None:
        names |= {e.value for e in ast.walk(item.value) if isinstance(e, ast.Constant) and isinstance(e.value, str)}
    return names


def _textual(cls: type) -> bool:
    return cls.__module__.split(".")[0] in PACKAGES


def _classes_of(paths: list[Path], root: Path) -> dict[Path, list[type]]:
    """The classes each module defines, imported."""
    out = {}
    for path in paths:
        module = importlib.import_module(".".join(path.relative_to(root).with_suffix("").parts))
        out[path] = [c for _n, c in inspect.getmembers(module, inspect.isclass) if c.__module__ == module.__name__]
    return out


def _class_nodes(tree: ast.AST) -> dict[str, ast.ClassDef]:
    out: dict[str, ast.ClassDef] = {}

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef):
                out[prefix + child.name] = child
                visit(child, f"{prefix}{child.name}.")

    visit(tree, "")
    return out


def _inside_textual(paths: list[Path], root: Path) -> list[tuple[str, str]]:
    """In a class with Textual bases (or a mixin put before one): `self._name` where the name is one of
    those bases' own attributes, and a Textual reactive of theirs declared again. Each with its name."""
    textual_attributes = _textual_attributes()
    classes = _classes_of(paths, root)
    every = [c for found in classes.values() for c in found]
    found: list[tuple[str, str]] = []
    for path, defined in classes.items():
        nodes = _class_nodes(ast.parse(path.read_text(encoding="utf-8")))
        for cls in defined:
            # the Textual classes it is, or it is mixed into
            bases = {b for user in every if cls in user.__mro__ for b in user.__mro__ if _textual(b)}
            if not bases or cls.__qualname__ not in nodes:
                continue
            theirs = set().union(*(textual_attributes.get((b.__module__, b.__qualname__), set()) for b in bases))
            reactives = {name for b in bases for name, value in vars(b).items() if isinstance(value, Reactive)}
            node, where = nodes[cls.__qualname__], path.relative_to(root)
            for item in node.body:
                for name in _body_names(item) & reactives:
                    found.append((f"{where}:{item.lineno} {name} redeclares a Textual reactive", name))
            for sub in ast.walk(node):
                if (isinstance(sub, ast.Attribute) and isinstance(sub.value, ast.Name)
                        and sub.value.id in ("self", "cls") and _private(sub.attr) and sub.attr in theirs):
                    found.append((f"{where}:{sub.lineno} self.{sub.attr} is Textual's", sub.attr))
    return found


def _own(paths: list[Path]) -> set[str]:
    """The `_names` the project defines for itself: functions, classes, names assigned, and attributes
    assigned on `self`; not an attribute assigned on another object (`key._sender = None`)."""
    names: set[str] = set()
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
            elif (isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store)
                  and isinstance(node.value, ast.Name) and node.value.id == "self"):
                names.add(node.attr)
    return {name for name in names if _private(name)}


def private_touchpoints(paths: list[Path], root: Path = ROOT) -> list[str]:
    textual_names = _defined(Path(textual.__file__).parent)
    outside = sorted(p for p in (ROOT / "combat_tui").rglob("*.py") if p.name != COMPAT)
    inside = _inside_textual(paths, root)
    ours = _own(outside) - {name for _line, name in inside}  # Textual's, though assigned here
    found = [line for line, _name in inside]
    for path in paths:
        where = path.relative_to(root)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Attribute) and node.attr in textual_names and node.attr not in ours
                    and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))):
                found.append(f"{where}:{node.lineno} .{node.attr}")
            if (isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] in PACKAGES
                    and any(_private(x) for x in [*node.module.split("."), *(a.name for a in node.names)])):
                found.append(f"{where}:{node.lineno} from {node.module} import ...")
        found += _overrides(path, root)
    return found


def test_no_private_textual_outside_the_compat_module() -> None:
    assert private_touchpoints(sorted(p for p in UI.rglob("*.py") if p.name != COMPAT)) == []


PLANTED = """
from textual import events
from textual.reactive import Reactive
from textual.screen import Screen
from textual.widgets import Static
from textual.widgets._footer import FooterKey


class Planted(Screen[None]):
    title: Reactive[str | None] = Reactive(None, compute=False, repaint=False)

    def _on_screen_resume(self, event: object) -> None:
        self._compositor.render_strips(self.size)
        self._dirty_widgets.add(self)


class PlantedKey(events.Key):
    def __init__(self) -> None:
        super().__init__("a", "a")
        self.time, self._sender = 0.0, None


def unsent(key: events.Key) -> None:
    key._sender = None


class Box:
    virtual_size = Reactive(None, layout=False)


class PlantedStatic(Box, Static):
    pass
"""


def test_the_check_sees_each_kind(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The check is not blind: it finds each kind it counts, in the compat module (its private imports)
    and in a module planted with the other kinds."""
    assert "from textual.widgets._footer" in " ".join(private_touchpoints([UI / COMPAT]))
    (tmp_path / "planted_private.py").write_text(PLANTED, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    found = private_touchpoints([tmp_path / "planted_private.py"], tmp_path)
    said = " ".join(found)
    for kind in ("self._compositor is Textual's", "self._dirty_widgets is Textual's", "from textual.widgets._footer",
                 "def _on_screen_resume overrides", "self._sender is Textual's",
                 "title redeclares a Textual reactive", "virtual_size redeclares a Textual reactive"):
        assert kind in said, kind
    assert any(line.endswith(" ._sender") for line in found), "key._sender = None on a key not its own"


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



def test_what_textual_keeps_of_widgets_gone_is_let_go(tmp_path: Path) -> None:
    """An app's widgets, gone with it, are still held by Textual's memo of its styles caches (each with the
    lines it drew); let go, a collection frees them all."""
    from textual._styles_cache import StylesCache

    from combat_tui.ui.app import CombatApp

    from .keys import new_session

    def held() -> int:
        gc.collect()
        return sum(1 for o in gc.get_objects() if type(o) is StylesCache)

    async def run() -> None:  # on a loop of its own: once it is closed, nothing of the app runs or waits
        app = CombatApp(new_session(tmp_path, "add Orc hp=9", "start", ruleset="three-action"))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()

    asyncio.run(run())
    assert held() > 0, "Textual no longer keeps them: the compat function may go"
    _textual_compat.let_go_of_dropped_widgets()
    assert held() == 0


async def test_a_redraw_sent_at_once_is_taken_off_the_widget_s_idle() -> None:
    """draw_in_this_frame hands the screen what the widget asked, as Textual does when the widget is idle,
    and clears the request (else the same lines are drawn again a frame later)."""
    from textual.app import App, ComposeResult
    from textual.widgets import Static

    class One(App[None]):
        def compose(self) -> ComposeResult:
            yield Static("-", id="echo")

    app = One()
    async with app.run_test(size=(20, 3)) as pilot:
        await pilot.pause()
        echo = app.query_one("#echo", Static)
        drawn: list[str] = []
        original = app._display

        def display(screen: object, update: object) -> None:
            if update is not None:
                drawn.append(str(echo.render()))
            original(screen, update)  # type: ignore[arg-type]

        app._display = display  # type: ignore[method-assign, assignment]
        echo.update("x", layout=False)
        assert echo._repaint_required, "Textual no longer keeps a redraw for the widget's idle"
        _textual_compat.draw_in_this_frame(echo)
        assert not echo._repaint_required
        for _ in range(3):
            await pilot.pause()
        assert drawn == ["x"], "drawn once, with its new words"


async def test_a_completion_set_on_an_input_is_shown_after_its_text() -> None:
    """`suggest` sets what Textual's own suggester would: shown greyed after the text, taken by →."""
    from textual.app import App, ComposeResult
    from textual.widgets import Input

    class One(App[None]):
        def compose(self) -> ComposeResult:
            yield Input(id="in")

    app = One()
    async with app.run_test(size=(30, 3)) as pilot:
        entry = app.query_one(Input)
        entry.focus()
        entry.value = "dm"
        entry.cursor_position = 2
        _textual_compat.suggest(entry, "dmg")
        await pilot.pause()
        assert "dmg" in entry.render_line(0).text
        await pilot.press("right")
        assert entry.value == "dmg"
