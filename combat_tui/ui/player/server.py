"""textual-serve's server, made to end the players' views it started when it stops.

Each page that connects runs its own `combat-tui player-view` process. Stock textual-serve stops
that process when the page goes away, but not when the server itself is stopped (Ctrl+C, or the
GM's app quitting) while pages are still open: those processes would be left behind. This server
closes every open page's session on shutdown, as aiohttp's graceful-shutdown pattern asks.

It also bounds what one browser can cost (see `players/browser_input.py`): sizes are clamped, messages are
small, and only so many pages may run a view at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server

from ...players.browser_input import MAX_MESSAGE, clamp_size, read_message

STOP_SECONDS = 5.0
log = logging.getLogger("textual-serve")
MAX_VIEWS = 32  # pages with a view process at once; each process costs tens of MB


class PlayerServer(Server):
    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.sessions: dict[web.WebSocketResponse, AppService] = {}
        self.views = 0  # pages being served now, counted from their first request

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """textual-serve's handler, with the page's size clamped, small messages, and so many pages."""
        if self.views >= MAX_VIEWS:
            raise web.HTTPServiceUnavailable(text="too many players' views open; close one and reload")
        width, height = clamp_size(request.query.get("width", "80"), request.query.get("height", "24"))
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_MESSAGE)
        app_service: AppService | None = None
        self.views += 1
        try:
            await websocket.prepare(request)
            app_service = AppService(self.command, write_bytes=websocket.send_bytes, write_str=websocket.send_str,
                                     close=websocket.close,  # type: ignore[arg-type]  # as textual-serve passes it
                                     download_manager=self.download_manager,
                                     debug=self.debug)
            await app_service.start(width, height)
            await self.process_messages(websocket, app_service)
        except asyncio.CancelledError:
            await websocket.close()
        except Exception:  # one page's failure is not the server's: as textual-serve, it is logged
            log.exception("players' view page failed")
        finally:
            self.views -= 1
            if app_service is not None:
                await app_service.stop()
        return websocket

    async def process_messages(self, websocket: web.WebSocketResponse, app_service: AppService) -> None:
        """textual-serve's loop, reading each message through `read_message` (it trusted the browser)."""
        self.sessions[websocket] = app_service
        try:
            async for message in websocket:
                if message.type != WSMsgType.TEXT:
                    continue
                await self.handle_message(websocket, app_service, message.data)
        finally:
            self.sessions.pop(websocket, None)

    async def handle_message(self, websocket: web.WebSocketResponse, app_service: AppService, text: str) -> None:
        read = read_message(text)
        if read is None:
            return
        kind, data = read
        if kind == "stdin":
            await app_service.send_bytes(data.encode("utf-8"))
        elif kind == "resize":
            await app_service.set_terminal_size(*data)
        elif kind == "ping":
            await websocket.send_json(["pong", data])
        elif kind == "blur":
            await app_service.blur()
        elif kind == "focus":
            await app_service.focus()

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
