"""Every module imports on its own, first: a circle of imports that only bites in one order is found here,
not by the GM whose app will not start."""

from __future__ import annotations

import subprocess
import sys

import pytest

PROBE = """
import importlib, pkgutil, sys
import combat_tui
names = [m.name for m in pkgutil.walk_packages(combat_tui.__path__, "combat_tui.") if not m.name.endswith("__main__")]
failed = []
for name in names:
    for loaded in [k for k in sys.modules if k == "combat_tui" or k.startswith("combat_tui.")]:
        del sys.modules[loaded]
    try:
        importlib.import_module(name)
    except ImportError as e:
        failed.append(f"{name}: {e}")
print(len(names))
print("\\n".join(failed))
"""


@pytest.mark.long
def test_every_module_imports_first() -> None:
    out = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=True).stdout
    count, *failed = out.strip().split("\n")
    assert int(count) > 100
    assert [f for f in failed if f] == []
