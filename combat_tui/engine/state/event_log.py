"""An encounter's event log: a list of events whose older part may still be on disk.

Opening a save with a long history must not read it all: undo reaches back one event at a time. So
the log holds the events made since it was read, and asks `fetch` for older ones as they are needed
(the storage layer gives it; the engine never reads a file). It also remembers where it was last cut
since the last `take_changes`, so a writer saves only what changed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, overload

from .events import Event

Fetch = Callable[[int, int], list[Event]]  # the events numbered start..stop-1, oldest first


class EventLog:
    def __init__(self, events: Sequence[Event] = (), stored: int = 0, fetch: Fetch | None = None) -> None:
        """`events` follow the `stored` ones that `fetch` reads when asked."""
        if stored and fetch is None:
            raise ValueError("stored events need a fetch")
        self._stored = stored
        self._fetch = fetch
        self._read: dict[int, Event] = {}  # stored events fetched so far
        self._tail: list[Event] = list(events)
        self._mark = stored + len(self._tail)  # everything from here on is new since the last take

    def __len__(self) -> int:
        return self._stored + len(self._tail)

    @overload
    def __getitem__(self, i: int) -> Event: ...

    @overload
    def __getitem__(self, i: slice) -> list[Event]: ...

    def __getitem__(self, i: int | slice) -> Event | list[Event]:
        n = len(self)
        if isinstance(i, slice):
            start, stop, step = i.indices(n)
            if step != 1:
                return [self[j] for j in range(start, stop, step)]
            return self._range(start, max(start, stop))
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("event out of range")
        if i >= self._stored:
            return self._tail[i - self._stored]
        return self._range(i, i + 1)[0]

    def held(self, i: int) -> Event | None:
        """Event `i` if it is in memory; None if it would have to be read (nothing is fetched)."""
        if i >= self._stored:
            return self._tail[i - self._stored] if i - self._stored < len(self._tail) else None
        return self._read.get(i)

    def _range(self, start: int, stop: int) -> list[Event]:
        out: list[Event] = []
        cut = min(stop, self._stored)
        missing = [j for j in range(start, cut) if j not in self._read]
        if missing and self._fetch is not None:
            lo, hi = missing[0], missing[-1] + 1
            got = self._fetch(lo, hi)
            if len(got) != hi - lo:
                raise LookupError("the save holds fewer events than its log says")
            self._read.update(zip(range(lo, hi), got, strict=True))
        out += [self._read[j] for j in range(start, cut)]
        out += self._tail[max(start - self._stored, 0):max(stop - self._stored, 0)]
        return out

    def __iter__(self) -> Iterator[Event]:
        step = 512  # stored events come in batches, not one query each
        for start in range(0, len(self), step):
            yield from self[start:start + step]

    def __delitem__(self, i: slice) -> None:
        """Only `del log[n:]`: a command after an undo cuts the undone events."""
        if not isinstance(i, slice) or i.stop is not None or i.step is not None:
            raise TypeError("only the end of a log can be cut")
        self.cut(i.indices(len(self))[0])

    def cut(self, n: int) -> None:
        if n >= self._stored:
            del self._tail[n - self._stored:]
        else:
            self._tail.clear()
            self._stored = n
            self._read = {j: e for j, e in self._read.items() if j < n}
        self._mark = min(self._mark, n)

    def append(self, event: Event) -> None:
        self._tail.append(event)

    def extend(self, events: Sequence[Event]) -> None:
        self._tail.extend(events)

    def take_changes(self) -> tuple[int, list[Event]]:
        """How many leading events are as last taken, and the events after them; starts afresh."""
        keep = self._mark
        added = self._tail[keep - self._stored:]
        self._mark = len(self)
        return keep, added

    def __eq__(self, other: object) -> bool:
        if isinstance(other, EventLog | list):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"EventLog({len(self)} events, {self._stored} stored)"


def as_log(value: Any) -> EventLog:
    """A save's `log` as read: a list of events (JSON) or a log already made."""
    if isinstance(value, EventLog):
        return value
    if not isinstance(value, list):
        raise ValueError("the log is a list of events")
    return EventLog([e if isinstance(e, Event) else Event.model_validate(e) for e in value])
