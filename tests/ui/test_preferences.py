"""The settings file in the app: its theme and remapped keys are used, `?` shows them remapped, a
theme picked in the palette is remembered for the next run, and a bad file is one line."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from combat_tui import paths, settings
from combat_tui.ui.screens.help import HelpScreen

from .keys import RecordingApp, asking, new_session, palette_hits, searched, until

SIZE = (100, 30)


def write_settings(text: str) -> Path:
    path = paths.settings_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


async def test_theme_and_remapped_keys_are_used_and_shown_in_help(tmp_path: Path) -> None:
    write_settings('theme = "nord"\n[keys]\n"main.damage" = "f5"\n"main.heal" = "d"\n')
    s = new_session(tmp_path, "add Orc hp=10", "start", ruleset="three-action")
    app = RecordingApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.theme == "nord"
        await pilot.press("f5")
        await pilot.pause()
        assert asking(app) and "damage" in (asking(app) or "").lower()
        await pilot.press("escape", "d")
        await pilot.pause()
        assert asking(app) and "heal" in (asking(app) or "").lower()  # d heals now; damage moved to f5
        await pilot.press("escape", "question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = " ".join(" ".join(strip.text.split()) for strip in app.screen._compositor.render_strips())
        assert "f5 damage" in text and "remapped from d" in text and "remapped from h" in text, text
        assert "(remapped from h) heal" in text  # and its id, for the settings file
        notes = " ".join(str(w.content) for w in app.screen.query(Static))
        assert '"main.damage" = "f5"' in notes  # how to remap one
    assert not [line for kind, line in app.notes if kind == "warning"]


async def test_a_theme_picked_in_the_palette_is_saved_for_the_next_run(tmp_path: Path) -> None:
    path = write_settings('# by hand\n[keys]\n"main.next" = "n"\n')
    s = new_session(tmp_path, "add Orc hp=10", ruleset="boon-bane")
    app = RecordingApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        before = app.theme
        await pilot.press("ctrl+p", *"theme")
        await searched(pilot, "theme")
        await pilot.press("enter")
        await until(pilot, lambda: any("gruvbox" in h for h in palette_hits(app)), "the themes listed")
        await pilot.press(*"gruvbox")
        await searched(pilot, "gruvbox")
        await pilot.press("enter")
        await pilot.pause()
        assert app.theme == "gruvbox" != before
    assert settings.load().theme == "gruvbox"
    assert path.read_text(encoding="utf-8").startswith('theme = "gruvbox"\n# by hand\n[keys]')


async def test_a_bad_settings_file_is_one_line_and_the_app_runs_on_the_defaults(tmp_path: Path) -> None:
    path = write_settings('theme = "nord\n[keys]\n"main.nope" = "x"\n')
    s = new_session(tmp_path, "add Orc hp=10", "start", ruleset="three-action")
    app = RecordingApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        default = app.theme
        warnings = [line for kind, line in app.notes if kind == "warning"]
        assert len(warnings) == 1 and "settings" in warnings[0] and "\n" not in warnings[0]
        await pilot.press("d")
        await pilot.pause()
        assert asking(app)  # the keys as shipped
        await pilot.press("escape")
        app.theme = "dracula" if default != "dracula" else "nord"
        await pilot.pause()
    assert path.read_text(encoding="utf-8") == 'theme = "nord\n[keys]\n"main.nope" = "x"\n'  # never rewritten


async def test_an_unknown_binding_id_is_named(tmp_path: Path) -> None:
    write_settings('[keys]\n"main.teleport" = "t"\n"main.damage" = "f5"\n')
    s = new_session(tmp_path, "add Orc hp=10", "start", ruleset="three-action")
    app = RecordingApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        warnings = [line for kind, line in app.notes if kind == "warning"]
        assert len(warnings) == 1 and "main.teleport" in warnings[0]
        await pilot.press("f5")
        await pilot.pause()
        assert asking(app)


async def test_a_remap_onto_a_key_in_use_is_refused_in_one_line_and_both_keep_theirs(tmp_path: Path) -> None:
    write_settings('[keys]\n"main.heal" = "n"\n"main.damage" = "f5"\n')
    s = new_session(tmp_path, "add Kara pc hp=10 init=20", "add Orc hp=10 init=5", "start", ruleset="three-action")
    app = RecordingApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        warnings = [line for kind, line in app.notes if kind == "warning"]
        assert warnings == ['settings: "main.heal" = "n" not used: n is the key of main.next'], warnings
        await pilot.press("h")
        await pilot.pause()
        assert asking(app) and "heal" in (asking(app) or "").lower()  # heal keeps h
        await pilot.press("escape", "f5")  # the remap that clashes with nothing is used
        await pilot.pause()
        assert asking(app) and "damage" in (asking(app) or "").lower()
        await pilot.press("escape", "n")
        await pilot.pause()
        assert not asking(app) and [str(n) for n in s.encounter.view()["active"]] == ["Orc"]  # n: next turn


async def test_help_changes_a_key_now_and_for_the_next_run_and_refuses_a_clash(tmp_path: Path) -> None:
    path = write_settings('theme = "nord"  # mine\n')
    s = new_session(tmp_path, "add Kara pc hp=10 init=20", "add Orc hp=10 init=5", "start", ruleset="three-action")
    app = RecordingApp(s)
    async with app.run_test(size=(110, 40)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark", "e", *"heal", "enter", "n", "enter")  # n is next turn's
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        said = str(app.screen.query_one("#help-said", Static).content)
        assert said == "heal keeps its key: \"main.heal\" = \"n\" not used: n is the key of main.next", said
        assert settings.load().keys == {}
        await pilot.press("e", *"heal", "enter", "j", "enter")
        await pilot.pause()
        assert settings.load().keys == {"main.heal": "j"}
        assert path.read_text(encoding="utf-8").startswith('theme = "nord"  # mine\n')
        text = " ".join(" ".join(strip.text.split()) for strip in app.screen._compositor.render_strips())
        assert "j heal them (remapped from h)" in text
        await pilot.press("escape", "j")  # used at once
        await pilot.pause()
        assert asking(app) and "heal" in (asking(app) or "").lower()
