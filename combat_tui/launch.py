"""The `combat-tui` command as launched (`python -m combat_tui` too).

Starting allocates a great deal and frees almost nothing, so the cyclic garbage collector's passes
over the growing heap are wasted work: about a sixth of the time to the first frame. It is off from
here until the command's modules are in (a subcommand), or until the app's first frame (the app's
collector turns it back on, see `ui/quiet_gc.py`). Reference counting still frees what it can.
"""

from __future__ import annotations

import gc

gc.disable()

from .cli import main  # noqa: E402  (after the collector is off: this import is most of the start)

__all__ = ["main"]
