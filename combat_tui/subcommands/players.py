"""The players' view from the command line: `player-view` in the terminal, `serve` to browsers."""


from __future__ import annotations

import argparse

from ..engine.state.errors import CombatError
from ..session import catalogue
from ..store import saves
from .saves import save_path


def _player_view(args: argparse.Namespace) -> int:
    """The read-only players' view in this terminal; it follows the save as the GM plays."""
    path = save_path(args.file, args.data_dir)
    cat = catalogue()
    first = saves.load_view(path, cat)  # a missing or damaged save is one line here, before any screen
    from ..ui.player.app import PlayerApp

    PlayerApp(path, cat, first).run()
    return 0


def _serve(args: argparse.Namespace) -> int:
    """The players' view for browsers (textual-serve): each page runs its own read-only view."""
    import shlex

    from ..players.serving import check_port, public_url, view_argv

    path = save_path(args.file, args.data_dir).resolve()
    saves.load_view(path, catalogue())
    if not 1 <= args.port <= 65535:  # 0 would listen on a port nobody is told of
        raise CombatError(f"cannot listen on {args.host} port {args.port}: a port is a number from 1 to 65535")
    try:
        check_port(args.host, args.port)
    except (OSError, OverflowError) as exc:  # in use, no such address, not a port number
        raise _cannot_listen(args, exc) from None
    from ..ui.player.server import PlayerServer

    url = public_url(args.host, args.port)
    server = PlayerServer(shlex.join(view_argv(path)), host=args.host, port=args.port, public_url=url,
                    title=f"combat-tui · {path.stem}")
    print(f"Players' view of {path.name} at {url}", flush=True)
    try:
        server.serve()
    except OSError as exc:  # taken between the check and the start
        raise _cannot_listen(args, exc) from None
    return 0


def _cannot_listen(args: argparse.Namespace, exc: Exception) -> CombatError:
    reason = getattr(exc, "strerror", None) or "not an address this machine can listen on"
    return CombatError(f"cannot listen on {args.host} port {args.port}: {reason}")
