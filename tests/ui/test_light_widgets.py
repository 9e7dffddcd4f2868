"""The main screen's widgets draw the view types alone: importing them loads no pydantic and no engine model,
so a first frame can be drawn before the engine is loaded."""

from __future__ import annotations

import subprocess
import sys

WIDGETS = ["order_pane", "sheet", "conditions_pane", "prompt_bar", "header", "footer", "log_pane",
           "command_bar", "question_bar", "pick_list"]


def test_the_main_screens_widgets_import_no_pydantic() -> None:
    code = ("import sys\n"
            + "".join(f"import combat_tui.ui.widgets.{m}\n" for m in WIDGETS)
            + "import combat_tui.ui.render, combat_tui.ui.screens.main_keys, combat_tui.engine.views.gm\n"
            + "print(sorted(m for m in sys.modules if m.split('.')[0] == 'pydantic' or m in "
              "('combat_tui.engine.state.model', 'combat_tui.engine.ruleset', 'combat_tui.session')))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
