"""No circle of imports: modules that import one another (directly or through others) have to be read
together. The package has none: a screen reaches the app through `ui/host.py`; `Ops` calls the rules above
it through the `Rules` protocol its system implements; the encounter hands commands a scratch encounter
rather than their importing it. The test fails if any circle comes.

Imports under `if TYPE_CHECKING:` and inside functions count: a reader still has to hold them."""

from __future__ import annotations

from pathlib import Path

from import_graph import circles, imports, modules

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "combat_tui"

def described(group: set[str], edges: dict[str, set[str]]) -> str:
    """A circle as its imports: `a -> b, c` for each module, only the imports inside the circle."""
    return "\n".join(f"  {m} -> {', '.join(sorted(edges[m] & group))}" for m in sorted(group))


def all_circles(package: Path) -> list[str]:
    """Each circle of the package, as its imports."""
    edges = imports(modules(package))
    return [described(group, edges) for group in circles(edges)]


def test_no_circle_of_imports() -> None:
    found = all_circles(PACKAGE)
    assert found == [], "circles of imports:\n" + "\n\n".join(found)


def test_a_circle_through_the_engine_is_seen(tmp_path: Path) -> None:
    """The encounter importing its view, which imports the UI, which imports the encounter: one circle;
    the view importing the encounter alone (a name for its type) is a circle too."""
    pkg = tmp_path / "combat_tui"
    (pkg / "engine").mkdir(parents=True)
    (pkg / "ui").mkdir()
    for init in (pkg, pkg / "engine", pkg / "ui"):
        (init / "__init__.py").write_text("", encoding="utf-8")
    (pkg / "engine" / "encounter.py").write_text("from . import view\n", encoding="utf-8")
    (pkg / "engine" / "view.py").write_text("from ..ui import sheet\n", encoding="utf-8")
    (pkg / "ui" / "sheet.py").write_text("from ..engine import encounter\n", encoding="utf-8")
    assert len(all_circles(pkg)) == 1
    (pkg / "ui" / "sheet.py").write_text("", encoding="utf-8")
    assert all_circles(pkg) == []
    (pkg / "engine" / "view.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .encounter import Encounter\n", encoding="utf-8")
    assert all_circles(pkg) == ["  combat_tui.engine.encounter -> combat_tui.engine.view\n"
                                "  combat_tui.engine.view -> combat_tui.engine.encounter"]


def test_the_check_sees_a_circle(tmp_path: Path) -> None:
    """Planted: a screen importing the app that imports it (lazily, inside a method), and a package
    importing its own module through `from . import`."""
    pkg = tmp_path / "combat_tui"
    (pkg / "ui" / "screens").mkdir(parents=True)
    for init in (pkg, pkg / "ui", pkg / "ui" / "screens"):
        (init / "__init__.py").write_text("", encoding="utf-8")
    (pkg / "ui" / "app.py").write_text("from .screens.main import MainScreen\n", encoding="utf-8")
    (pkg / "ui" / "screens" / "main.py").write_text(
        "class MainScreen:\n    def go(self):\n        from ..app import App\n", encoding="utf-8")
    (pkg / "ui" / "screens" / "__init__.py").write_text("from . import help\n", encoding="utf-8")
    (pkg / "ui" / "screens" / "help.py").write_text("import combat_tui.ui.screens\n", encoding="utf-8")
    found = all_circles(pkg)
    app_and_main = ("  combat_tui.ui.app -> combat_tui.ui.screens.main\n"
                    "  combat_tui.ui.screens.main -> combat_tui.ui.app")
    assert app_and_main in found
    assert any("combat_tui.ui.screens.help -> combat_tui.ui.screens" in f for f in found)
