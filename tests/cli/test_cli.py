"""The command-line front: each subcommand, and one-line errors with no traceback."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import cli

from combat_tui.cli import main
from combat_tui.engine.encounter import Encounter
from combat_tui.engine.views.gm import GroupRow, Heading
from combat_tui.engine.views.gm_view import gm_view
from combat_tui.paths import demo_saves_dir
from combat_tui.store import saves
from combat_tui.store.rulesets import Catalogue


def test_rulesets_lists_the_shipped_ones(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "rulesets")
    assert code == 0
    ids = [line.split()[0] for line in out.splitlines()]
    assert ids == sorted(["three-action", "energy-stamina", "body-injury", "time-count", "boon-bane", "dnd5e"])


def test_user_ruleset_is_listed_and_a_bad_one_reported(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "cfg" / "rulesets"
    folder.mkdir(parents=True)
    src = (Path(__file__).parents[2] / "rulesets" / "boon-bane.toml").read_text(encoding="utf-8")
    (folder / "house.toml").write_text(src.replace('id = "boon-bane"', 'id = "house"', 1), encoding="utf-8")
    (folder / "broken.toml").write_text("id = 3\n", encoding="utf-8")
    monkeypatch.setenv("COMBAT_TUI_CONFIG_DIR", str(tmp_path / "cfg"))
    code, out, err = cli(capsys, "rulesets")
    assert code == 0 and "house" in out.split()
    assert err.count("\n") == 1 and "broken.toml" in err


def test_roll_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    first = cli(capsys, "roll", "4d6kh3", "--seed", "9")
    second = cli(capsys, "roll", "4d6kh3", "--seed", "9")
    assert first == second and first[0] == 0
    assert "dropped" in first[1]


@pytest.mark.parametrize("expr", ["1d", "d0", "1000000d1000000", "", "((((((((((((((((((((((1))))))))))))))))))))))"])
def test_bad_rolls_are_one_line(capsys: pytest.CaptureFixture[str], expr: str) -> None:
    code, out, err = cli(capsys, "roll", expr)
    assert code == 1 and out == ""
    assert err.startswith("error: ") and err.count("\n") == 1


def test_lookup_partial_and_case_insensitive(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "lookup", "energy-stamina", "PRO")
    assert code == 0
    assert out.startswith("Prone (condition)")
    assert "Implies: Exposed" in out


def test_lookup_unknown(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = cli(capsys, "lookup", "three-action", "zzzz")
    assert code == 1 and "zzzz" in err
    code, _, err = cli(capsys, "lookup", "nope", "prone")
    assert code == 1 and "unknown ruleset" in err


def test_new_refuses_to_overwrite(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = tmp_path / "x.combat"
    f.write_text("precious", encoding="utf-8")
    code, _, err = cli(capsys, "new", str(f), "--ruleset", "boon-bane")
    assert code == 1 and "already exists" in err
    assert f.read_text(encoding="utf-8") == "precious"


def test_do_on_a_corrupt_file_leaves_it(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = tmp_path / "x.json"
    f.write_text('{"app": "combat-tui", "schema_version": 7}', encoding="utf-8")
    code, _, err = cli(capsys, "do", str(f), "next")
    assert code == 1 and "newer" in err and err.count("\n") == 1
    assert f.read_text(encoding="utf-8") == '{"app": "combat-tui", "schema_version": 7}'
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x.json"]
    g = tmp_path / "g.combat"  # JSON text under a save's name is no database
    g.write_text('{"app": "combat-tui", "schema_version": 3}', encoding="utf-8")
    code, _, err = cli(capsys, "do", str(g), "next")
    assert code == 1 and "not a combat-tui save" in err and err.count("\n") == 1
    assert g.read_text(encoding="utf-8") == '{"app": "combat-tui", "schema_version": 3}'


def test_show_json_has_the_public_keys(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = tmp_path / "x.combat"
    cli(capsys, "new", str(f), "--ruleset", "three-action")
    cli(capsys, "do", str(f), "add Orc hp=8", "add Kara pc init=15", "start", "cond Orc prone", "--seed", "2")
    _, out, _ = cli(capsys, "show", str(f), "--json")
    v = json.loads(out)
    for key in ("ruleset", "round", "tc", "active", "order", "combatants"):
        assert key in v
    orc = next(c for c in v["combatants"] if c["name"] == "Orc")
    assert set(orc) >= {"name", "side", "initiative", "pools", "conditions"}
    assert orc["pools"]["hp"] == {"current": 8, "max": 8}
    assert orc["conditions"][0] == {"name": "Prone", "id": "prone", "value": None, "remaining": None,
                                    "source": None, "implied": False}
    assert v["active"] == ["Kara"] and v["round"] == 1 and v["tc"] is None


def test_markup_names_print_as_typed(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = tmp_path / "x.combat"
    cli(capsys, "new", str(f), "--ruleset", "three-action")
    cli(capsys, "do", str(f), 'add "[bold red]Boss[/]"')
    _, out, _ = cli(capsys, "show", str(f))
    assert "[bold red]Boss[/]" in out


def test_real_process_no_traceback(tmp_path: Path) -> None:
    f = tmp_path / "x.combat"
    f.write_text("garbage", encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "combat_tui", "show", str(f)], capture_output=True, text=True)
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr and proc.stderr.count("\n") == 1


def test_bare_names_live_in_the_data_folder(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = tmp_path / "elsewhere"
    code, out, _ = cli(capsys, "--data-dir", str(data), "new", "goblins", "--ruleset", "boon-bane")
    assert code == 0 and (data / "saves" / "goblins.combat").is_file()
    cli(capsys, "--data-dir", str(data), "do", "goblins", "add Goblin x3")
    code, out, _ = cli(capsys, "--data-dir", str(data), "list")
    assert code == 0 and out.split()[:5] == ["goblins", "boon-bane", "not", "started", "3"]


def test_data_dir_from_the_environment(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMBAT_TUI_DATA_DIR", str(tmp_path / "env"))
    cli(capsys, "new", "duel", "--ruleset", "energy-stamina")
    assert (tmp_path / "env" / "saves" / "duel.combat").is_file()


def test_the_app_says_where_changes_not_saved_went_and_fails_when_they_were_lost(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from combat_tui.ui.app import CombatApp

    line = "Quit without saving: the changes since the last save of x.json were not kept"

    def run(app: CombatApp) -> None:  # the GM chose to quit without the changes the disk refused
        app.outcome = (1, line)

    monkeypatch.setattr(CombatApp, "run", run)
    assert main(["--data-dir", str(tmp_path), "--demo", "boon-bane"]) == 1
    assert capsys.readouterr().err.strip() == line


def test_a_played_demo_is_resumed_and_fresh_keeps_the_played_copy(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from combat_tui.store import saves
    from combat_tui.ui.app import CombatApp

    seen: list[tuple[Path, int, str]] = []

    def play(app: CombatApp) -> None:  # the GM plays two turns, or only looks
        if app.face is not None:  # a played copy starts on its face: the session loads after its first frame
            app.session, app.note = app.face.load()
        assert app.session is not None
        if not seen:
            app.session.run("next")
            app.session.run("next")
        seen.append((app.session.path, app.session.encounter.doc.cursor, app.note))
        app.session.close()

    monkeypatch.setattr(CombatApp, "run", play)
    data = str(tmp_path / "d")
    assert main(["--data-dir", data, "--demo", "three-action"]) == 0
    assert main(["--data-dir", data, "--demo", "three-action"]) == 0
    (path, played, first_note), (again, resumed, note) = seen
    assert first_note == ""
    assert again == path and resumed == played  # the evening is where it was left
    assert "resumed" in note and "--demo three-action --fresh" in note
    assert main(["--data-dir", data, "--demo", "three-action", "--fresh"]) == 0
    fresh_path, fresh, fresh_note = seen[-1]
    assert fresh_path == path and fresh < played
    kept = [p for p in path.parent.glob("*.combat") if p != path]
    assert len(kept) == 1 and kept[0].stem in fresh_note
    assert saves.load(kept[0]).cursor == played  # the played copy, under another name
    code, _, err = cli(capsys, "--data-dir", data, "--fresh")
    assert code == 1 and err.count("\n") == 1 and "--demo" in err


def test_paths_names_the_settings_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = cli(capsys, "paths")
    lines = dict(line.split(":", 1) for line in out.splitlines())
    assert code == 0 and Path(lines["settings"].strip()) == tmp_path / "config" / "settings.toml"


@pytest.mark.parametrize("ruleset", ["three-action", "energy-stamina", "body-injury", "time-count", "boon-bane"])
def test_show_says_what_the_gm_screen_shows(capsys: pytest.CaptureFixture[str], catalogue: Catalogue,
                                            ruleset: str) -> None:
    """`show` and the screen read the same view: the same order and headings, names, health, pools and
    conditions in the same words."""
    path = demo_saves_dir() / f"{ruleset}.json"
    doc = saves.load(path)
    enc = Encounter(doc, catalogue.get(ruleset))
    view = gm_view(enc)
    code, out, _ = cli(capsys, "show", str(path))
    lines = out.splitlines()
    assert code == 0 and lines[0] == f"{view.name} — {view.ruleset} — {view.when}"
    rows = [line for line in lines[1:] if not line.startswith("        - ")]
    assert len(rows) == len(view.order)
    for line, row in zip(rows, view.order, strict=True):
        if isinstance(row, Heading):
            assert line.strip() == row.text
            continue
        assert not isinstance(row, GroupRow)  # the demos have no groups
        assert line.startswith(">" if row.acting else " ") and f"  {row.name} " in line
        c = enc.state.combatants[row.id]
        sheet = gm_view(enc, row.id)
        assert sheet.sheet is not None and sheet.conditions is not None
        assert line.endswith(" ".join(pv.words for pv in sheet.sheet.pools))
        assert f" {row.pools[0].name} {row.pools[0].amount}" in line  # health, as the order pane counts it
        said = [x[len("        - "):] for x in lines[lines.index(line) + 1:]][:len(c.conditions)]
        assert [s.split("  ")[0] for s in said] == [cv.words.split("  ")[0] for cv in sheet.conditions.conditions]


def test_show_prints_a_group_folded_as_the_order_pane_does(capsys: pytest.CaptureFixture[str], catalogue: Catalogue,
                                                          tmp_path: Path) -> None:
    from combat_tui.session import Session, load_library

    path = tmp_path / "ghouls.combat"
    s = Session.create(path, catalogue, "three-action", seed=1)
    s.encounter.library = load_library(catalogue)
    for line in ("add Kara pc hp=20 init=30", "add Ghoul x3", "init 'Ghoul 1' 5", "start", "dmg 'Ghoul 2' 99"):
        s.run(line)
    s.close()
    group = gm_view(Encounter(saves.load(path), catalogue.get("three-action"))).order[1]
    assert isinstance(group, GroupRow)
    code, out, _ = cli(capsys, "show", str(path))
    line = out.splitlines()[2]
    assert code == 0 and "  Ghoul ×3 " in line and line.endswith(" ".join(group.healths))
    assert group.healths[1] == "†" and out.count("Ghoul 2") == 1  # out of the fight: listed apart, a † here


def test_version_prints_the_installed_version(capsys: pytest.CaptureFixture[str]) -> None:
    import importlib.metadata

    code, out, err = cli(capsys, "--version")
    assert code == 0 and out == f"combat-tui {importlib.metadata.version('combat-tui')}\n" and err == ""
    assert "--version" in subprocess.run([sys.executable, "-m", "combat_tui.cli", "--help"],
                                         capture_output=True, text=True, check=True).stdout


def test_a_moved_data_folder_takes_the_settings_along(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("COMBAT_TUI_CONFIG_DIR")
    monkeypatch.setenv("COMBAT_TUI_DATA_DIR", str(tmp_path / "env"))

    def where() -> dict[str, Path]:
        code, out, _ = cli(capsys, "paths")
        assert code == 0
        return {k: Path(v.strip()) for k, v in (line.split(":", 1) for line in out.splitlines())}

    assert where()["settings"] == tmp_path / "env" / "config" / "settings.toml"
    assert where()["rulesets"] == tmp_path / "env" / "config" / "rulesets"
    code, out, _ = cli(capsys, "paths", "--data-dir", str(tmp_path / "flag"))
    assert code == 0 and f"settings: {tmp_path / 'flag' / 'config' / 'settings.toml'}" in out
    monkeypatch.setenv("COMBAT_TUI_CONFIG_DIR", str(tmp_path / "cfg"))  # said apart, it wins
    assert where()["settings"] == tmp_path / "cfg" / "settings.toml"
