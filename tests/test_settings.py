"""The settings file: read as anything from outside (a bad one is one line and the defaults), and the
theme saved into it without touching what the GM wrote by hand."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from combat_tui import paths, settings
from combat_tui.engine.state.errors import SaveError


def write(text: str | bytes) -> Path:
    path = paths.settings_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode() if isinstance(text, str) else text)
    return path


def test_no_file_is_the_defaults() -> None:
    got = settings.load()
    assert (got.theme, got.keys, got.problem, got.readable) == (None, {}, None, True)


def test_a_good_file_gives_the_theme_and_the_keys() -> None:
    write('theme = "nord"\n[keys]\n"main.damage" = "f5, d"\n"main.help" = "?"\n')
    got = settings.load()
    assert got.theme == "nord" and got.keys == {"main.damage": "f5,d", "main.help": "?"} and got.problem is None


@pytest.mark.parametrize("content", [
    b"theme = \n",  # not TOML
    b"\xff\xfe theme",  # not text
    b"[keys\n" + b"[" * 5000,  # nested past reason
    b"# " + b"x" * (settings.MAX_BYTES + 10),  # too large to be preferences
])
def test_a_bad_file_is_one_line_and_the_defaults_and_is_never_rewritten(content: bytes) -> None:
    path = write(content)
    got = settings.load()
    assert (got.theme, got.keys, got.readable) == (None, {}, False)
    assert got.problem and "\n" not in got.problem and len(got.problem) < 200
    with pytest.raises(SaveError):
        settings.save_theme("nord")
    assert path.read_bytes() == content


def test_not_a_regular_file_is_not_read() -> None:
    path = paths.settings_file()
    path.parent.mkdir(parents=True)
    os.mkfifo(path)  # a read would wait forever
    got = settings.load()
    assert got.problem and "regular" in got.problem and not got.readable


def test_bad_entries_are_named_in_one_line_and_the_rest_is_used() -> None:
    write('theme = 3\nzoom = 2\n[keys]\n"main.damage" = "f5"\n"main.heal" = ["h"]\n"main.next" = "n n"\n'
          '"\\u001b[31mred" = "x"\n')
    got = settings.load()
    assert got.theme is None and got.keys == {"main.damage": "f5"}
    assert got.problem is not None and "\x1b" not in got.problem and "\n" not in got.problem
    assert "theme" in got.problem and "more" in got.problem


def test_saving_the_theme_keeps_comments_and_keys_and_leaves_no_temp_file() -> None:
    path = write('# my table\ntheme = "nord"  # dark room\n\n[keys]\n"main.damage" = "f5"\n')
    settings.save_theme("gruvbox")
    text = path.read_text()
    assert text == '# my table\ntheme = "gruvbox"\n\n[keys]\n"main.damage" = "f5"\n'
    assert settings.load().keys == {"main.damage": "f5"}
    assert sorted(p.name for p in path.parent.iterdir()) == ["settings.toml"]


def test_saving_the_theme_makes_the_file_and_puts_the_line_above_any_table() -> None:
    settings.save_theme("nord")
    assert settings.load().theme == "nord"
    path = write('[keys]\n"main.next" = "space"\n')
    settings.save_theme("dracula")
    assert path.read_text().startswith('theme = "dracula"\n[keys]')
    assert settings.load().keys == {"main.next": "space"}


def test_saving_the_theme_through_a_symlinked_settings_file_keeps_the_link(tmp_path: Path) -> None:
    """A GM who keeps settings in a dotfiles folder links to them: the link stays, the file it names changes."""
    real = tmp_path / "dotfiles" / "combat-tui.toml"
    real.parent.mkdir()
    real.write_text("# mine\n[keys]\n", encoding="utf-8")
    link = paths.settings_file()
    link.parent.mkdir(parents=True, exist_ok=True)
    link.symlink_to(real)
    settings.save_theme("nord")
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert real.read_text(encoding="utf-8") == 'theme = "nord"\n# mine\n[keys]\n'
    assert sorted(p.name for p in real.parent.iterdir()) == ["combat-tui.toml"]


def test_the_theme_is_saved_in_a_moved_data_folder_not_the_real_config(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(paths.CONFIG_ENV)
    monkeypatch.setenv(paths.DATA_ENV, str(tmp_path / "moved"))
    settings.save_theme("nord")
    assert (tmp_path / "moved" / "config" / "settings.toml").read_text().strip() == 'theme = "nord"'
    assert not (tmp_path / "xdg-config").exists()


def test_a_key_saved_from_help_keeps_the_rest_of_the_file() -> None:
    path = write('theme = "nord"  # mine\n[keys]\n"main.damage" = "f5"  # by hand\n"main.heal" = "h"\n')
    settings.save_key("main.heal", "j")
    settings.save_key("main.next", "space")
    assert path.read_text() == ('theme = "nord"  # mine\n[keys]\n"main.damage" = "f5"  # by hand\n"main.heal" = "j"\n'
                                '"main.next" = "space"\n')
    assert settings.load().keys == {"main.damage": "f5", "main.heal": "j", "main.next": "space"}
    with pytest.raises(SaveError):
        settings.save_key("main.heal", "not a key")


@pytest.mark.parametrize("save", [lambda p: settings.save_key("main.heal", "j", p),
                                  lambda p: settings.save_theme("textual-light", p)])
def test_a_settings_file_that_is_not_toml_is_never_written_over(tmp_path: Path, save) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "settings.toml"
    path.write_text('theme = "nord"\n[keys\n', encoding="utf-8")
    with pytest.raises(SaveError, match="not readable TOML; it is yours to mend"):
        save(path)
    assert path.read_text(encoding="utf-8") == 'theme = "nord"\n[keys\n'
