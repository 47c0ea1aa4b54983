"""Helpers for the reliability suite: an HTTP client for the public API of a live server, and a
TCP proxy that the tests cut and restore to make PostgreSQL or Redis unreachable for one server
process without touching the shared service itself.

Also imported by ``scripts/reliability/*.py`` (no pytest or Django imports here).
"""

from __future__ import annotations

import asyncio
import threading
import uuid
from dataclasses import dataclass, field
from typing import Any

import httpx

API = "/api/v1"
PASSWORD = "correct-horse-battery-9"


# --------------------------------------------------------------------------- the public API
@dataclass
class Client:
    """One API client: a token (or none) on a base URL."""

    base_url: str
    token: str | None = None
    username: str = ""
    http: httpx.Client = field(default=None)  # type: ignore[assignment]

    def __post_init__(self) -> None:
        headers = {"Authorization": f"Token {self.token}"} if self.token else {}
        self.http = httpx.Client(base_url=self.base_url + API, headers=headers, timeout=30)

    def close(self) -> None:
        self.http.close()

    def get(self, path: str, **kw) -> httpx.Response:
        return self.http.get(path, **kw)

    def post(self, path: str, body: Any = None, **kw) -> httpx.Response:
        return self.http.post(path, json=body if body is not None else {}, **kw)

    def game(self, game_id: str) -> dict[str, Any]:
        r = self.get(f"/games/{game_id}/")
        assert r.status_code == 200, r.text
        return r.json()


def sign_up(base_url: str, prefix: str = "p") -> Client:
    name = f"{prefix}-{uuid.uuid4().hex[:12]}"
    r = httpx.post(
        f"{base_url}{API}/players/", json={"username": name, "password": PASSWORD}, timeout=30
    )
    assert r.status_code == 201, r.text
    return Client(base_url, r.json()["token"], name)


def four_human_table(base_url: str, *, options: dict | None = None) -> tuple[str, list[Client]]:
    """A started classic game with four human players; ``players[s]`` sits at seat ``s``."""
    players = [sign_up(base_url, f"seat{i}") for i in range(4)]
    body: dict[str, Any] = {"preset": "classic", "take_seat": True}
    if options:
        body["options"] = options
    r = players[0].post("/games/", body)
    assert r.status_code == 201, r.text
    game_id = r.json()["game_id"]
    for p in players[1:]:
        r = p.post(f"/games/{game_id}/seats/", {})
        assert r.status_code in (200, 201), r.text
    r = players[0].post(f"/games/{game_id}/start/", {})
    assert r.status_code == 200, r.text
    by_seat = sorted(players, key=lambda p: p.game(game_id)["your_seat"])
    return game_id, by_seat


def game_against_ai(base_url: str, human: Client, *, level: str = "random", **body) -> str:
    """Create a classic game with ``human`` at a seat and three AI seats, started."""
    r = human.post("/games/", {"preset": "classic", "take_seat": True, **body})
    assert r.status_code == 201, r.text
    game_id = r.json()["game_id"]
    r = human.post(f"/games/{game_id}/ai-seats/", {"level": level})
    assert r.status_code == 200, r.text
    r = human.post(f"/games/{game_id}/start/", {})
    assert r.status_code == 200, r.text
    return game_id


def my_move(client: Client, game: dict[str, Any]) -> tuple[str, dict[str, Any]] | None:
    """The first legal move of the client's seat in ``game`` (its view), or None if not its turn."""
    seat = game["your_seat"]
    if seat is None or seat not in game["to_act"]:
        return None
    v = game["view"]
    if v["phase"] == "passing":
        return "passes", {"cards": v["hand"][: v["pass_count"]]}
    if v["phase"] == "moon_choice":
        return "moon", {"choice": "add_to_others"}
    return "plays", {"card": v["legal_cards"][0]}


# --------------------------------------------------------------------------- a cuttable TCP proxy
class TcpProxy:
    """127.0.0.1:<port> -> target, in its own thread. ``cut()`` closes every open connection and
    refuses new ones (the service looks down to whoever talks through the proxy); ``restore()``
    accepts again. The real service is never touched."""

    def __init__(self, target_host: str, target_port: int) -> None:
        self.target = (target_host, target_port)
        self.loop = asyncio.new_event_loop()
        self.port = 0
        self._up = True
        self._writers: set[asyncio.StreamWriter] = set()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()
        self._ready.wait(10)

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        server = self.loop.run_until_complete(asyncio.start_server(self._handle, "127.0.0.1", 0))
        self.port = server.sockets[0].getsockname()[1]
        self._ready.set()
        self.loop.run_forever()
        server.close()

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while data := await reader.read(65536):
                writer.write(data)
                await writer.drain()
        except (ConnectionError, OSError):
            pass
        finally:
            writer.close()

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if not self._up:
            writer.transport.abort()
            return
        try:
            up_reader, up_writer = await asyncio.open_connection(*self.target)
        except OSError:
            writer.transport.abort()
            return
        self._writers |= {writer, up_writer}
        await asyncio.gather(self._pipe(reader, up_writer), self._pipe(up_reader, writer))
        self._writers -= {writer, up_writer}

    def _call(self, fn) -> None:
        done = threading.Event()

        def run():
            fn()
            done.set()

        self.loop.call_soon_threadsafe(run)
        done.wait(10)

    def cut(self) -> None:
        def _cut():
            self._up = False
            for w in list(self._writers):
                w.transport.abort()
            self._writers.clear()

        self._call(_cut)

    def restore(self) -> None:
        def _restore():
            self._up = True

        self._call(_restore)

    def close(self) -> None:
        self.cut()
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(10)
