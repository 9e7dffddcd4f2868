"""Serving the players' view to browsers: addresses, free ports, and `combat-tui serve` as a child.

No Textual here: the command line uses the address helpers, the GM's dialog the child process.
Every child started here is stopped by `stop_all` (the GM's app calls it on exit; atexit too).
"""

from __future__ import annotations

import atexit
import contextlib
import shlex
import socket
import subprocess
import sys
from pathlib import Path

LOOPBACK = "127.0.0.1"
ANYWHERE = ("0.0.0.0", "::", "")


def player_view_command(path: Path) -> str:
    """What to type in another terminal."""
    return f"combat-tui player-view {shlex.quote(str(path))}"


def view_argv(path: Path) -> list[str]:
    """The players' view as this interpreter runs it (works without combat-tui on PATH)."""
    return [sys.executable, "-m", "combat_tui", "player-view", str(path.resolve())]


def lan_address() -> str:
    """This machine's address on the local network, for a server bound to every interface. A UDP
    socket 'connected' to a private address picks the outgoing interface; nothing is sent."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("10.254.254.254", 1))
        address: str = s.getsockname()[0]
        return address
    return socket.gethostname()


def public_url(host: str, port: int) -> str:
    shown = lan_address() if host in ANYWHERE else host
    if ":" in shown:
        shown = f"[{shown}]"
    return f"http://{shown}:{port}"


def check_port(host: str, port: int) -> None:
    """Raise OSError when the address cannot be listened on (in use, no such interface)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        s.bind((host, port))


def free_port(host: str = LOOPBACK) -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((host if host not in ANYWHERE else "", 0))
        port: int = s.getsockname()[1]
        return port


def listening(port: int, host: str = LOOPBACK) -> bool:
    target = LOOPBACK if host in ANYWHERE else host
    try:
        with socket.create_connection((target, port), timeout=0.2):
            return True
    except OSError:
        return False


class ServeChild:
    """`combat-tui serve FILE` in a child process, its output discarded."""

    def __init__(self, path: Path, host: str = LOOPBACK, port: int | None = None) -> None:
        self.path = path
        self.host = host
        self.port = port if port is not None else free_port(host)
        self.url = public_url(host, self.port)
        argv = [sys.executable, "-m", "combat_tui", "serve", str(path.resolve()), "--host", host,
                "--port", str(self.port)]
        self.proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL, start_new_session=True)
        RUNNING.append(self)

    @property
    def alive(self) -> bool:
        return self.proc.poll() is None

    def ready(self) -> bool:
        return self.alive and listening(self.port, self.host)

    def stop(self) -> None:
        if self.alive:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=5)
        if self in RUNNING:
            RUNNING.remove(self)


RUNNING: list[ServeChild] = []


def serving(path: Path) -> ServeChild | None:
    """The live server of this save, if one was started here."""
    for child in RUNNING:
        if child.path == path and child.alive:
            return child
    return None


def stop_all() -> None:
    for child in list(RUNNING):
        child.stop()


atexit.register(stop_all)


def open_in_tmux(path: Path) -> str | None:
    """Open the players' view in a new tmux window; an error line, or None when it worked."""
    try:
        done = subprocess.run(["tmux", "new-window", "-d", "-n", "players", shlex.join(view_argv(path))],
                              capture_output=True, text=True, timeout=5, check=False)
    except OSError as exc:
        return f"tmux: {exc.strerror or 'cannot be started'}"
    except subprocess.TimeoutExpired:
        return "tmux: did not answer within 5 seconds"
    return None if done.returncode == 0 else f"tmux: {done.stderr.strip() or 'failed'}"
