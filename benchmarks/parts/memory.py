"""The memory part: the peak resident set of the app with 1,000 creatures, each run a process of its own."""

from __future__ import annotations

import statistics
import subprocess
import sys
from pathlib import Path

from parts.common import row

MEM_CHILD = r"""
import asyncio, sys, tempfile
from pathlib import Path
sys.path.insert(0, sys.argv[1])
from parts.common import encounter
from combat_tui.session import Session
from combat_tui.ui.app import CombatApp
async def main():
    with tempfile.TemporaryDirectory() as tmp:
        app = CombatApp(Session.start(encounter(1000), Path(tmp) / "m.combat"))
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("n", "d", "3", "enter")
            await pilot.pause()
    # VmHWM: this process's own peak. ru_maxrss would carry over the benchmark's own peak through fork.
    status = Path("/proc/self/status")
    if status.exists():
        print(next(line.split()[1] for line in status.read_text().splitlines() if line.startswith("VmHWM:")))
    else:
        import resource
        print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
asyncio.run(main())
"""


def memory(runs: int) -> None:
    peaks = []
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-c", MEM_CHILD, str(Path(__file__).parents[1])], capture_output=True,
                             text=True, check=True)
        peaks.append(int(out.stdout.split()[-1]) / 1024)
    row("peak memory of the app with 1,000 creatures", f"{statistics.median(peaks):.0f} MB",
        f"peak resident set (VmHWM), median of {runs} processes")
