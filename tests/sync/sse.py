"""A small server-sent events reader for the tests (the part of the EventSource spec we use)."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from typing import Any

import httpx


@dataclass
class SseMessage:
    event: str = "message"
    data: str = ""
    id: str | None = None
    comment: str | None = None  # a ": ..." line on its own (keep-alive)
    retry: int | None = None

    @property
    def is_event(self) -> bool:
        """A real message (not a keep-alive comment, not a bare ``retry:`` hint)."""
        return self.comment is None and (bool(self.data) or self.event != "message")

    def json(self) -> Any:
        return json.loads(self.data)


@dataclass
class SseReader:
    response: httpx.Response
    _lines: Any = None
    _pending: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._lines = self.response.aiter_lines()

    async def next(self, timeout: float = 10.0) -> SseMessage | None:
        """The next message or comment; None when the server ended the stream."""
        return await asyncio.wait_for(self._next(), timeout)

    async def _next(self) -> SseMessage | None:
        msg = SseMessage()
        data: list[str] = []
        seen = False
        async for line in self._lines:
            if line == "":
                if seen:
                    msg.data = "\n".join(data)
                    return msg
                continue
            seen = True
            if line.startswith(":"):
                if not data and msg.id is None and msg.event == "message":
                    return SseMessage(event="", comment=line[1:].strip())
                continue
            name, _, value = line.partition(":")
            value = value.removeprefix(" ")
            if name == "data":
                data.append(value)
            elif name == "event":
                msg.event = value
            elif name == "id":
                msg.id = value
            elif name == "retry":
                msg.retry = int(value)
        if seen:
            msg.data = "\n".join(data)
            return msg
        return None

    async def next_event(self, timeout: float = 10.0) -> SseMessage | None:
        """The next message with an event or data (skipping keep-alives and retry hints)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            msg = await self.next(timeout=max(0.01, deadline - loop.time()))
            if msg is None or msg.is_event:
                return msg
