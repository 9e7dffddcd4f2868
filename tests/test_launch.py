"""The command starts with the cyclic garbage collector off: no collection runs between launching and
the app's first frame (passes over a heap that only grows were a sixth of start-up). A subcommand
turns it back on once its modules are in. The library's models wait to be built until it is read, and
the screens not shown (a new encounter's, the help) to be imported."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import combat_tui

PROBE = """
import gc, json, sys
collections = lambda: sum(s["collections"] for s in gc.get_stats())
before = collections()
from combat_tui import launch
import combat_tui.ui.app as ui
seen = {}
def run(self):  # where the app would draw its first frame
    seen.update(app=collections() - before, app_collecting=gc.isenabled())
    from combat_tui.engine.library import Member, Party, Template
    seen["library models built"] = [m.__name__ for m in (Member, Party, Template) if m.__pydantic_complete__]
    seen["screens not shown, imported"] = [m for m in ("new", "help") if "combat_tui.ui.screens." + m in sys.modules]
ui.CombatApp.run = run
launch.main(["--demo", "three-action", "--data-dir", sys.argv[1]])
launch.main(["rulesets"])
seen["subcommand_collecting"] = gc.isenabled()
print(json.dumps(seen))
"""


def test_no_collection_runs_before_the_first_frame_and_a_subcommand_collects(tmp_path: Path) -> None:
    # byte-compiled first, as pip installs it: compiling a module allocates, and could collect before the
    # launcher has turned the collector off
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(Path(combat_tui.__file__).parent)], check=True)
    out = subprocess.run([sys.executable, "-c", PROBE, str(tmp_path)], capture_output=True, text=True, check=True)
    seen = json.loads(out.stdout.strip().splitlines()[-1])
    assert seen == {"app": 0, "app_collecting": False, "subcommand_collecting": True, "library models built": [],
                    "screens not shown, imported": []}
