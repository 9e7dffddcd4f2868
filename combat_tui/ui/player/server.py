"""textual-serve's server, made to end the players' views it started when it stops.

Each page that connects runs its own `combat-tui player-view` process. Stock textual-serve stops
that process when the page goes away, but not when the server itself is stopped (Ctrl+C, or the
GM's app quitting) while pages are still open: those processes would be left behind. This server
closes every open page's session on shutdown, as aiohttp's graceful-shutdown pattern asks.
"""

from __future__ import annotations

import asyncio
import contextlib

from aiohttp import web
from textual_serve.app_service import AppService
from textual_serve.server import Server

STOP_SECONDS = 5.0


class PlayerServer(Server):
    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.sessions: dict[web.WebSocketResponse, AppService] = {}

    async def _process_messages(self, websocket: web.WebSocketResponse, app_service: AppService) -> None:
        self.sessions[websocket] = app_service
        try:
            await super()._process_messages(websocket, app_service)
        finally:
            self.sessions.pop(websocket, None)

    async def on_shutdown(self, app: web.Application) -> None:
        for websocket, service in list(self.sessions.items()):
            with contextlib.suppress(Exception):
                await asyncio.wait_for(service.stop(), STOP_SECONDS)  # asks the view to quit, waits for it
            process = getattr(service, "_process", None)
            if process is not None and process.returncode is None:
                with contextlib.suppress(ProcessLookupError):
                    process.kill()
            with contextlib.suppress(Exception):
                await websocket.close()
