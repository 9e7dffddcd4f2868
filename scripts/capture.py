"""Print the main screen of a demo encounter as plain text, for the README.

    python scripts/capture.py [RULESET] [WIDTH] [HEIGHT]      (default: three-action 100 30)

The app runs headless on a throwaway copy of the demo, so the shipped file is never touched.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from pathlib import Path


async def capture(ruleset: str, width: int, height: int) -> str:
    # The app's console wraps the log; give it the pretend terminal's width before the app exists.
    os.environ["COLUMNS"], os.environ["LINES"] = str(width), str(height)
    from combat_tui.paths import demo_saves_dir
    from combat_tui.session import Session
    from combat_tui.store import saves
    from combat_tui.store.rulesets import load_all
    from combat_tui.ui.app import CombatApp

    demo = demo_saves_dir() / f"{ruleset}.json"
    if not demo.is_file():
        known = ", ".join(sorted(p.stem for p in demo_saves_dir().glob("*.json")))
        raise SystemExit(f"capture: no demo named {ruleset!r} (demos: {known})")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"{ruleset}.combat"  # played from a database, as the app plays a demo
        saves.save(saves.read_exchange(demo), path)
        app = CombatApp(Session.open(path, load_all(), seed=0))
        async with app.run_test(size=(width, height)) as pilot:
            await pilot.pause()
            # The same compositor App.export_screenshot reads, as text rows instead of an SVG.
            strips = app.screen._compositor.render_strips()
            return "\n".join(strip.text.rstrip() for strip in strips)


def main(argv: list[str]) -> int:
    if len(argv) > 3 or any(a in ("-h", "--help") for a in argv):
        print(__doc__.strip())
        return 0 if argv and argv[0] in ("-h", "--help") else 2
    ruleset = argv[0] if argv else "three-action"
    try:
        width, height = (int(argv[1]) if len(argv) > 1 else 100), (int(argv[2]) if len(argv) > 2 else 30)
    except ValueError:
        print("capture: WIDTH and HEIGHT are whole numbers", file=sys.stderr)
        return 2
    if width < 40 or height < 12:
        print("capture: the screen needs at least 40x12", file=sys.stderr)
        return 2
    text = asyncio.run(capture(ruleset, width, height))
    try:
        print(text, flush=True)
    except BrokenPipeError:  # `capture.py | head`
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
