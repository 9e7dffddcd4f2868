"""The main screen's action flows as data (`table.py`), run by `runner.py` on whom `targeting.py` finds."""
