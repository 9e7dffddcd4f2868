"""What a browser sends the players' view is bounded: with `--host 0.0.0.0` anyone on the network may.

One message, `["resize", {"width": 100000, "height": 100000}]`, made the view process grow past
2 GB. Here the server runs on loopback with the view process replaced by a recorder.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from aiohttp import WSMsgType
from aiohttp.test_utils import TestClient, TestServer

from combat_tui.players.browser_input import MAX_HEIGHT, MAX_MESSAGE, MAX_STDIN, MAX_WIDTH, clamp_size, read_message
from combat_tui.ui.player import server as server_module
from combat_tui.ui.player.server import MAX_VIEWS, PlayerServer


@pytest.mark.parametrize("given, size", [
    ((100_000, 100_000), (MAX_WIDTH, MAX_HEIGHT)),
    ((120, 40), (120, 40)),
    ((0, -5), (1, 1)),
    (("100000", "30"), (MAX_WIDTH, 30)),
    (("9" * 5000, "x"), (80, 24)),
    ((True, None), (80, 24)),
    ((1e300, float("nan")), (MAX_WIDTH, 24)),
    ((99.0, 30.5), (99, 24)),
])
def test_sizes_are_clamped(given: tuple[Any, Any], size: tuple[int, int]) -> None:
    assert clamp_size(*given) == size


def test_messages_are_read_and_bounded() -> None:
    assert read_message('["resize",{"width":100000,"height":100000}]') == ("resize", (MAX_WIDTH, MAX_HEIGHT))
    assert read_message('["stdin","' + "a" * (MAX_STDIN + 10) + '"]') == ("stdin", "a" * MAX_STDIN)
    assert read_message('["ping","x1"]') == ("ping", "x1")
    assert read_message('["focus"]') == ("focus", None)
    for bad in ("not json", "{}", "[]", '["exec","rm"]', '["stdin",5]', '["resize",[1,2]]', '["ping",{"a":1}]',
                "[" * 100_000, '["stdin","' + "a" * MAX_MESSAGE + '"]'):
        assert read_message(bad) is None, bad[:40]


class Recorder:
    """Stands for textual-serve's AppService: records what the view process would have been told."""

    made: list[Recorder] = []

    def __init__(self, *args: object, **kwargs: object) -> None:
        self.calls: list[tuple[Any, ...]] = []
        Recorder.made.append(self)

    async def start(self, width: int, height: int) -> None:
        self.calls.append(("start", width, height))

    async def set_terminal_size(self, width: int, height: int) -> None:
        self.calls.append(("resize", width, height))

    async def send_bytes(self, data: bytes) -> bool:
        self.calls.append(("stdin", data))
        return True

    async def stop(self) -> None:
        self.calls.append(("stop",))


@pytest.fixture
async def client(monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setattr(server_module, "AppService", Recorder)
    Recorder.made = []
    server = PlayerServer("true", host="127.0.0.1", port=8000)
    async with TestClient(TestServer(await server._make_app())) as test_client:
        test_client.player_server = server  # type: ignore[attr-defined]
        yield test_client


async def calls_reach(recorder: Recorder, calls: int) -> None:
    for _ in range(200):
        if len(recorder.calls) >= calls:
            return
        await asyncio.sleep(0.01)


async def test_a_huge_resize_reaches_the_view_clamped(client: TestClient[Any, Any]) -> None:
    ws = await client.ws_connect("/ws?width=100000&height=100000")
    await ws.send_str(json.dumps(["resize", {"width": 100_000, "height": 100_000}]))
    await ws.send_str(json.dumps(["stdin", "q"]))
    await calls_reach(Recorder.made[0], 3)
    await ws.close()
    assert Recorder.made[0].calls[:3] == [("start", MAX_WIDTH, MAX_HEIGHT), ("resize", MAX_WIDTH, MAX_HEIGHT),
                                          ("stdin", b"q")]


async def test_a_huge_message_closes_the_page(client: TestClient[Any, Any]) -> None:
    ws = await client.ws_connect("/ws")
    await ws.send_str(json.dumps(["stdin", "a" * (4 * MAX_MESSAGE)]))
    message = await ws.receive(timeout=5)
    assert message.type in (WSMsgType.CLOSE, WSMsgType.CLOSED, WSMsgType.CLOSING)
    await calls_reach(Recorder.made[0], 2)
    assert [c for c in Recorder.made[0].calls if c[0] == "stdin"] == []
    assert ("stop",) in Recorder.made[0].calls  # the view process is ended with it


async def test_only_so_many_pages_at_once(client: TestClient[Any, Any]) -> None:
    client.player_server.views = MAX_VIEWS  # type: ignore[attr-defined]
    response = await client.get("/ws")
    assert response.status == 503
    assert Recorder.made == []
