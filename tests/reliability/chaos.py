"""Human clients that keep playing through faults, and the checks made after them: used by the
real-server fault tests (``test_restarts.py``) and the soak's chaos schedule (``soak.py``).

A ``HumanGame`` (a thread) signs up, creates a classic game with three AI seats, and plays its
seat to game over like a careful client: every move carries ``expected_seq`` and an
Idempotency-Key; a transport error or a 5xx is retried with the SAME key and body (on the other
web process when one has gone), so a move whose answer was lost is replayed, never doubled; a
409 ``concurrency_conflict`` is re-read and decided again. It records every move the server
accepted (the player's event in the 200 answer).

``check_logs`` then compares what the clients were told with the stored logs: every accepted
move is in the log at its seq, and the log holds no player move that no client was told of
(0 lost, 0 doubled).

No pytest or Django imports: the soak script runs outside the test suite.
"""

from __future__ import annotations

import itertools
import json
import logging
import threading
import time
import uuid
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import httpx

from tests.reliability.live import API, PASSWORD, my_move

RETRY_SLEEP_S = 0.2
logging.getLogger("httpx").setLevel(logging.WARNING)  # one INFO line per request otherwise
PLAYER_MOVES = ("card_played", "cards_passed", "moon_chosen")


@dataclass(eq=False)
class HumanGame(threading.Thread):
    base_urls: list[str]
    options: dict[str, Any] = field(default_factory=dict)
    level: str = "random"
    ai_seats_only: bool = False
    max_seconds: float = 600
    game_id: str | None = None
    accepted: dict[str, dict[str, Any]] = field(default_factory=dict)  # key -> player event
    statuses: dict[int, int] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    retries: int = 0
    finished: bool = False

    def __post_init__(self) -> None:
        threading.Thread.__init__(self, daemon=True)
        self._url = 0
        self._token: str | None = None

    # -- HTTP with retries ------------------------------------------------------------------
    def _request(self, method: str, path: str, body: Any = None, **kw) -> httpx.Response:
        """Until a definitive answer (not a transport error, not a 5xx): retried as is."""
        deadline = time.monotonic() + self.max_seconds
        headers = {**kw.pop("headers", {})}
        if self._token:
            headers["Authorization"] = f"Token {self._token}"
        while True:
            base = self.base_urls[self._url % len(self.base_urls)]
            try:
                r = httpx.request(method, f"{base}{API}{path}", json=body, headers=headers,
                                  timeout=15, **kw)  # fmt: skip
            except httpx.TransportError:
                self._url += 1  # that web process may be gone: try the other one
                r = None
            if r is not None:
                self.statuses[r.status_code] = self.statuses.get(r.status_code, 0) + 1
                if r.status_code < 500:
                    return r
            if time.monotonic() > deadline:
                raise TimeoutError(f"{method} {path}: no answer in {self.max_seconds}s")
            self.retries += 1
            time.sleep(RETRY_SLEEP_S)

    def run(self) -> None:
        try:
            self._play()
        except Exception as exc:  # recorded; the test or the soak reports it
            self.errors.append(f"{self.game_id}: {type(exc).__name__}: {exc}")

    def _play(self) -> None:
        name = f"chaos-{uuid.uuid4().hex[:12]}"
        credentials = {"username": name, "password": PASSWORD}
        r = self._request("POST", "/players/", credentials)
        if r.status_code == 409 and r.json().get("code") == "username_taken":
            # A retry of a sign-up whose answer was lost (the first try did create the player):
            # log in instead.
            r = self._request("POST", "/auth/token/", credentials)
        if r.status_code not in (200, 201):
            raise RuntimeError(f"sign-up: {r.status_code} {r.text[:200]}")
        self._token = r.json()["token"]
        create = {"preset": "classic", "take_seat": not self.ai_seats_only,
                  "options": self.options}  # fmt: skip
        r = self._request("POST", "/games/", create, headers={"Idempotency-Key": uuid.uuid4().hex})
        if r.status_code != 201:
            raise RuntimeError(f"create: {r.status_code} {r.text[:200]}")
        self.game_id = r.json()["game_id"]
        for path, body in ((f"/games/{self.game_id}/ai-seats/", {"level": self.level}),
                           (f"/games/{self.game_id}/start/", {})):  # fmt: skip
            r = self._request("POST", path, body)
            if r.status_code != 200:
                raise RuntimeError(f"{path}: {r.status_code} {r.text[:200]}")
        deadline = time.monotonic() + self.max_seconds
        while time.monotonic() < deadline:
            r = self._request("GET", f"/games/{self.game_id}/")
            if r.status_code != 200:
                raise RuntimeError(f"read: {r.status_code} {r.text[:200]}")
            game = r.json()
            if game["status"] == "finished":
                self.finished = True
                return
            move = None if self.ai_seats_only else my_move(None, game)  # type: ignore[arg-type]
            if move is None:
                self._request("GET", f"/games/{self.game_id}/events/",
                              params={"after": game["seq"], "wait": 2})  # fmt: skip
                continue
            action, body = move
            key = uuid.uuid4().hex
            r = self._request("POST", f"/games/{self.game_id}/{action}/",
                              {**body, "expected_seq": game["seq"]},
                              headers={"Idempotency-Key": key})  # fmt: skip
            if r.status_code == 409 and r.json().get("code") == "concurrency_conflict":
                continue  # an AI seat passed first: re-read, decide again
            if r.status_code != 200:
                raise RuntimeError(f"{action}: {r.status_code} {r.text[:200]}")
            (event,) = [  # the move itself, not the facts it caused (trick won, deal...)
                e
                for e in r.json()["events"]
                if e["actor"]["kind"] == "player" and e["type"] in PLAYER_MOVES
            ]
            self.accepted[key] = event
        raise TimeoutError(f"game {self.game_id} not finished in {self.max_seconds}s")


# --------------------------------------------------------------------------- after the run
DUMP = (
    "import json\n"
    "from games.models import GameEvent as E\n"
    "ids = {ids!r}\n"
    "rows = E.objects.filter(game_id__in=ids).order_by('game_id','seq')"
    ".values_list('game_id','seq','type','actor_kind','payload','created_at')\n"
    "print(json.dumps([[str(g), s, t, k, p, c.timestamp()] for g, s, t, k, p, c in rows]))\n"
)


def dump_logs(manage, game_ids: list[str]) -> dict[str, list[dict[str, Any]]]:
    """Every stored event of ``game_ids`` through ``manage.py shell`` (the stack's database)."""
    done = manage("shell", "-c", DUMP.format(ids=list(game_ids)))
    if done.returncode != 0:
        raise RuntimeError(f"dumping the logs failed: {done.stderr[-2000:]}")
    logs: dict[str, list[dict[str, Any]]] = {g: [] for g in game_ids}
    for game_id, seq, type_, kind, payload, created in json.loads(done.stdout.splitlines()[-1]):
        logs[game_id].append(
            {"seq": seq, "type": type_, "actor_kind": kind, "payload": payload, "at": created}
        )
    return logs


def check_logs(games: list[HumanGame], logs: dict[str, list[dict[str, Any]]]) -> dict[str, int]:
    """Lost and doubled player moves, comparing each client's accepted moves with the log."""
    lost = doubled = accepted = 0
    for game in games:
        log = logs.get(game.game_id or "", [])
        stored = {
            e["seq"]: e for e in log if e["actor_kind"] == "player" and e["type"] in PLAYER_MOVES
        }
        told = {}
        for event in game.accepted.values():
            told[event["seq"]] = event
        accepted += len(told)
        for seq, event in told.items():
            mine = stored.get(seq)
            if mine is None or (mine["type"], mine["payload"]) != (event["type"], event["payload"]):
                lost += 1
        doubled += len(set(stored) - set(told))
        seqs = [e["seq"] for e in log]
        if seqs != list(range(1, len(seqs) + 1)):
            doubled += 1  # a gap or a repeated seq (the unique constraint forbids it)
    return {"accepted": accepted, "lost": lost, "doubled": doubled}


def resume_delays(logs: dict[str, list[dict[str, Any]]], back_at: float) -> dict[str, float]:
    """For each game that was still going at ``back_at`` (wall clock, the service back up): the
    seconds until its next stored event."""
    delays = {}
    for game_id, log in logs.items():
        before = [e for e in log if e["at"] <= back_at]
        after = [e for e in log if e["at"] > back_at]
        if before and after and before[-1]["type"] != "game_ended":
            delays[game_id] = after[0]["at"] - back_at
    return delays


def longest_gap(log: list[dict[str, Any]], since: float) -> float:
    """The longest time between two consecutive events of one log after ``since``."""
    times = [e["at"] for e in log]
    gaps = [b - a for a, b in itertools.pairwise(times) if b > since]
    return max(gaps, default=0.0)


def iso(ts: float) -> str:
    return datetime.fromtimestamp(ts).strftime("%H:%M:%S.%f")[:-3]
