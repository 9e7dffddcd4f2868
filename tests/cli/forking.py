"""`combat-tui do` as a process of its own, forked from one that imported combat-tui once.

A process started as `python -m combat_tui do ...` spends most of its time importing (the engine, the
dice grammar); a test running hundreds of them pays for that hundreds of times. `Forker` starts this
file once as a server; every command then runs in a child forked from it, as `main` with the same
arguments, and may be killed at a point of `combat_tui.faults` exactly as the environment variable
arms a fresh process. The server is single-threaded, so forking it is safe.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import traceback
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import IO


class Forker:
    """One server process; `run` is one command in one forked child."""

    def __init__(self, env: Mapping[str, str]) -> None:
        self._proc = subprocess.Popen([sys.executable, str(Path(__file__))], stdin=subprocess.PIPE,
                                      stdout=subprocess.PIPE, env=dict(env), text=True)

    def run(self, argv: Sequence[str], kill_at: str | None = None) -> tuple[int, str]:
        """The child's exit code (minus the signal that ended it, as `subprocess`) and its stderr."""
        proc = self._proc
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write(json.dumps({"argv": list(argv), "kill_at": kill_at or ""}) + "\n")
        proc.stdin.flush()
        line = proc.stdout.readline()
        assert line, f"the fork server died (exit code {proc.wait()})"
        reply = json.loads(line)
        return int(reply["code"]), str(reply["stderr"])

    def close(self) -> None:
        if self._proc.stdin is not None:
            self._proc.stdin.close()
        self._proc.wait(timeout=60)
        if self._proc.stdout is not None:
            self._proc.stdout.close()


def _child(argv: list[str], kill_at: str, err: int) -> None:
    """In the forked child: run the command as `python -m combat_tui` would, then exit with its code."""
    from combat_tui import faults
    from combat_tui.cli import main

    devnull = os.open(os.devnull, os.O_RDWR)
    os.dup2(devnull, 0)
    os.dup2(devnull, 1)
    os.dup2(err, 2)
    if kill_at:
        os.environ["COMBAT_TUI_KILL_AT"] = kill_at
    faults.arm(kill_at)
    code = 1
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse's
        code = exc.code if isinstance(exc.code, int) else 1
    except BaseException:
        traceback.print_exc()
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)


def _serve(requests: IO[str], replies: IO[str]) -> None:
    import combat_tui.cli
    import combat_tui.engine.dice  # d20 builds its grammar on import: once, here
    import combat_tui.subcommands  # noqa: F401  (the commands' modules: once, here)

    for line in requests:
        request = json.loads(line)
        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(r)
            _child(request["argv"], request["kill_at"], w)
        os.close(w)
        with os.fdopen(r, "rb") as pipe:
            stderr = pipe.read().decode(errors="replace")
        _, status = os.waitpid(pid, 0)
        replies.write(json.dumps({"code": os.waitstatus_to_exitcode(status), "stderr": stderr}) + "\n")
        replies.flush()


if __name__ == "__main__":
    _serve(sys.stdin, sys.stdout)
