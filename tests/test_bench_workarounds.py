"""Each of the benchmark's `--without` switches turns off something the app has: a switch that patched
a method the app no longer has (renamed, say) would measure nothing and say nothing."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CHILD = r"""
import importlib, inspect, json, pkgutil, sys
sys.path.insert(0, sys.argv[1])
import combat_tui.ui
from workarounds import OFF
for info in pkgutil.walk_packages(combat_tui.ui.__path__, "combat_tui.ui."):
    importlib.import_module(info.name)
classes = {f"{c.__module__}.{c.__qualname__}": c for m in list(sys.modules.values())
           if getattr(m, "__name__", "").startswith("combat_tui.ui") for _n, c in inspect.getmembers(m, inspect.isclass)
           if c.__module__.startswith("combat_tui.ui")}
out = {}
for name, turn_off in OFF.items():
    before = {k: dict(vars(c)) for k, c in classes.items()}
    turn_off()
    changed = []
    for key, cls in classes.items():
        for attr, value in vars(cls).items():
            if before[key].get(attr, None) is not value:
                changed.append([key, attr, attr in before[key] or any(attr in vars(b) for b in cls.__mro__[1:])])
    out[name] = changed
print(json.dumps(out))
"""


def test_each_switch_replaces_what_the_app_defines() -> None:
    run = subprocess.run([sys.executable, "-c", CHILD, str(ROOT / "benchmarks")], capture_output=True, text=True,
                         check=True, cwd=ROOT)
    switches = json.loads(run.stdout)
    assert set(switches) == {"view-static-lines", "view-static-layout", "view-static-rows", "focus-look", "quiet-gc",
                             "key-line", "footer", "header", "pick-lines"}
    for name, changed in switches.items():
        assert changed, f"--without {name} changed nothing"
        for cls, attr, existed in changed:
            assert existed, f"--without {name} set {cls}.{attr}, which the app does not define"
