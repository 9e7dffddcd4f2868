"""The engine and the command line never import Textual: proven in a fresh interpreter."""

from __future__ import annotations

import subprocess
import sys


def test_engine_does_not_import_textual() -> None:
    code = (
        "import sys\n"
        "import combat_tui.cli, combat_tui.engine.encounter, combat_tui.store.saves, combat_tui.engine.lookup\n"
        "from combat_tui.store.rulesets import load_all\n"
        "from combat_tui.engine.encounter import Encounter\n"
        "enc = Encounter.new(load_all().get('three-action'), seed=1)\n"
        "enc.run('add Orc'); enc.run('start')\n"
        "bad = sorted(m for m in sys.modules if m == 'textual' or m.startswith('textual.'))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_no_eval_exec_or_pickle_in_the_package() -> None:
    """Data files are parsed, never executed: no builtin eval/exec/compile, no pickle or marshal."""
    import ast
    import pathlib

    import combat_tui

    root = pathlib.Path(combat_tui.__file__).parent
    offenders = []
    for path in root.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in (
                    "eval", "exec", "compile", "__import__"):
                offenders.append(f"{path.name}:{node.lineno} {node.func.id}()")
            if isinstance(node, ast.Import | ast.ImportFrom):
                mods = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
                offenders += [f"{path.name}:{node.lineno} import {m}" for m in mods
                              if m.split(".")[0] in ("pickle", "marshal", "shelve", "yaml")]
    assert offenders == []
