"""What a browser may send the players' view, read and bounded before anything acts on it.

With `serve --host 0.0.0.0` anyone on the network can connect, and one `resize` to 100,000 by
100,000 cells made the view process grow past 2 GB. So sizes are clamped, messages are small, and
anything malformed is dropped.
"""

from __future__ import annotations

import json
from typing import Any

from ..engine.state.bounds import parse_int

MAX_WIDTH = 500
MAX_HEIGHT = 200
MAX_MESSAGE = 16 * 1024  # bytes of one websocket message: keystrokes and sizes are tiny
MAX_STDIN = 4 * 1024  # characters of keystrokes in one message (a paste, at most)
KINDS = ("stdin", "resize", "ping", "blur", "focus")


def clamp_size(width: object, height: object) -> tuple[int, int]:
    """A terminal size a view can afford; a missing or odd value gives the usual 80x24."""
    def one(value: object, default: int, most: int) -> int:
        if isinstance(value, bool):
            return default
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        number = value if isinstance(value, int) else parse_int(value) if isinstance(value, str) else None
        return default if number is None else max(1, min(most, number))

    return one(width, 80, MAX_WIDTH), one(height, 24, MAX_HEIGHT)


def read_message(text: str) -> tuple[str, Any] | None:
    """A browser's message as (kind, data), bounded; None for anything not to act on."""
    if len(text) > MAX_MESSAGE:
        return None
    try:
        envelope = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(envelope, list) or not envelope or envelope[0] not in KINDS:
        return None
    kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
    if kind == "stdin":
        return (kind, data[:MAX_STDIN]) if isinstance(data, str) else None
    if kind == "resize":
        if not isinstance(data, dict):
            return None
        return kind, clamp_size(data.get("width"), data.get("height"))
    if kind == "ping":
        return (kind, data) if isinstance(data, str | int) and not isinstance(data, bool) and len(str(data)) <= 64 \
            else None
    return kind, None
