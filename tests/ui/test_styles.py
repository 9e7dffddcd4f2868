"""Text drawn in Python takes its colours from the theme, by what it means (`ui/styles.py`)."""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

from rich.color import ANSI_COLOR_NAMES
from textual.color import Color

from combat_tui import paths
from combat_tui.ui import styles
from combat_tui.ui.app import CombatApp

from .keys import new_session

UI = Path(__file__).parents[2] / "combat_tui" / "ui"
MODIFIERS = {"bold", "italic", "dim", "reverse", "underline", "strike", "blink", "not", "on"}


def colour_literals(path: Path, root: Path = UI) -> list[str]:
    """String literals that are a Rich style naming a colour ("bold red", "cyan", "on grey23")."""
    found = []
    for tok in tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline):
        if tok.type != tokenize.STRING:
            continue
        words = re.sub(r"^[rbfu]*['\"]+|['\"]+$", "", tok.string, flags=re.I).split()
        colours = [w for w in words if w in ANSI_COLOR_NAMES or re.fullmatch(r"#[0-9a-fA-F]{6}", w)]
        if colours and all(w in MODIFIERS or w in colours for w in words):
            found.append(f"{path.relative_to(root)}:{tok.start[0]} {tok.string}")
    return found


def test_no_colour_is_named_outside_the_style_table() -> None:
    found = [hit for path in sorted(UI.rglob("*.py")) if path.name != "styles.py" for hit in colour_literals(path)]
    assert found == []


def test_the_scan_finds_a_colour(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text('x = Text("a", style="bold red")\ny = "the red door"\nz = "on grey23"\n', encoding="utf-8")
    assert colour_literals(sample, tmp_path) == ['sample.py:1 "bold red"', 'sample.py:3 "on grey23"']


def test_every_role_has_a_colour_in_every_builtin_theme() -> None:
    app = CombatApp()
    for name in app.available_themes:
        app.theme = name
        theme = styles.rich_theme(app.get_css_variables())
        assert set(theme.styles) == set(styles.TABLE)


def role_colours(app: CombatApp) -> set[str]:
    variables = app.get_css_variables()
    return {Color.parse(variables[var]).hex.lower() for var, _extra in styles.TABLE.values()}


async def test_the_main_screen_in_the_light_theme_draws_the_mapped_colours(tmp_path: Path) -> None:
    paths.settings_file().parent.mkdir(parents=True, exist_ok=True)
    paths.settings_file().write_text('theme = "textual-light"\n', encoding="utf-8")
    s = new_session(tmp_path, "add Kara pc init=15", "add Orc init=10 hp=10", "start", "dmg Orc 10",
                    ruleset="three-action")
    app = CombatApp(s)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert app.theme == "textual-light"
        light = app.get_css_variables()
        svg = app.export_screenshot().lower()
        assert Color.parse(light["text-success"]).hex.lower() in svg  # Kara's actions left
        assert Color.parse(light["text-error"]).hex.lower() in svg  # the Orc out of HP
        dark = CombatApp()
        dark.theme = "textual-dark"
        assert [c for c in role_colours(dark) - role_colours(app) if c in svg] == []


async def test_switching_theme_redraws_every_pane_in_the_new_colours(tmp_path: Path) -> None:
    s = new_session(tmp_path, "add Kara pc init=15", "add Orc init=10 hp=10", "start", "dmg Orc 10",
                    "cond Kara prone", ruleset="three-action")
    app = CombatApp(s)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.theme = "textual-dark"
        await pilot.pause()
        dark = role_colours(app)
        app.theme = "textual-light"
        await pilot.pause()
        await pilot.pause()
        svg = app.export_screenshot().lower()
        light = app.get_css_variables()
        assert Color.parse(light["text-error"]).hex.lower() in svg
        assert [c for c in dark - role_colours(app) if c in svg] == []  # no row left in the old colours
