"""An outside Hearts bot: one event stream for all its games, moves through the generated client.

It uses only what a third party has: a Python client generated from the server's openapi.yaml
(``hearts_api_client``, by openapi-python-client) for every call of the API, and the bot event
stream (``GET /api/v1/bot/stream/``, server-sent events, read with plain httpx: SSE is not
something OpenAPI clients generate). See README.md beside this file.

Strategy (simple, documented, not strong): pass the three highest cards (the queen of spades
first); play the lowest legal card, except when it cannot follow suit: then throw the queen of
spades, else the highest heart, else the highest card. Moon choice: ``add_to_others``.

Reliability: a dropped stream is reopened with ``Last-Event-ID`` (the last id seen), after a short
backoff; a turn is never lost because the server sends every pending turn again on each
(re)connection. A 429 (the per-bot rate limit) waits for ``Retry-After`` seconds and tries again,
on the stream and on moves. A move answered 409 (the game moved on: a stale turn) is dropped: the
stream sends the next turn.

Stops after ``--games`` games have ended or ``--max-seconds`` (checked on every line of the
stream, keep-alives included, so a quiet stream never holds it past its time).

Prints one JSON line at the end: games finished, moves made, reconnections, 429s met; what it
does along the way goes to stderr.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field

import httpx
from hearts_api_client import AuthenticatedClient
from hearts_api_client.api.play import games_moon_choose, games_passes_create, games_plays_create
from hearts_api_client.models import (
    GameViewOutput,
    MoonChoiceInputRequest,
    PassCardsInputRequest,
    PlayCardInputRequest,
)

log = logging.getLogger("hearts-bot")

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
STREAM_READ_TIMEOUT_S = 45.0  # the server sends a keep-alive every 15 s of silence


def rank(card: str) -> int:
    return RANKS.index(card[:-1])


def suit(card: str) -> str:
    return card[-1]


# ---------------------------------------------------------------------- strategy
def choose_pass(hand: list[str], count: int) -> list[str]:
    order = sorted(hand, key=lambda c: (c != "QS", -rank(c), suit(c)))
    return order[:count]


def choose_play(hand: list[str], legal: list[str], led_suit: str | None) -> str:
    if led_suit is not None and all(suit(c) != led_suit for c in legal):
        if "QS" in legal:
            return "QS"
        hearts = [c for c in legal if suit(c) == "H"]
        if hearts:
            return max(hearts, key=rank)
        return max(legal, key=rank)
    return min(legal, key=lambda c: (rank(c), suit(c)))


# ---------------------------------------------------------------------- the stream
@dataclass
class Message:
    event: str = "message"
    data: str = ""
    id: str | None = None


def read_sse(lines: Iterator[str]) -> Iterator[Message]:
    """Server-sent events framing (the WHATWG rules this server uses): fields until a blank
    line; comments (keep-alives) start with a colon."""
    message, data = Message(), []
    for line in lines:
        if line == "":
            if data:
                message.data = "\n".join(data)
                yield message
            message, data = Message(), []
            continue
        if line.startswith(":"):
            continue
        name, _, value = line.partition(":")
        value = value[1:] if value.startswith(" ") else value
        if name == "data":
            data.append(value)
        elif name == "event":
            message.event = value
        elif name == "id":
            message.id = value


@dataclass
class Bot:
    base_url: str
    token: str
    games_wanted: int
    deadline: float
    client: AuthenticatedClient = field(init=False)
    last_event_id: str | None = None
    games_done: int = 0
    moves: int = 0
    reconnects: int = 0
    throttled: int = 0
    stale: int = 0

    def __post_init__(self) -> None:
        self.client = AuthenticatedClient(
            base_url=self.base_url, token=self.token, prefix="Token", timeout=httpx.Timeout(10.0)
        )

    def wait_retry_after(self, headers) -> None:
        self.throttled += 1
        wait = float(headers.get("retry-after") or 1)
        log.info("429: waiting %.1f s", wait)
        time.sleep(wait)

    def lines_in_time(self, lines: Iterator[str]) -> Iterator[str]:
        """The stream's lines until the deadline: a keep-alive every 15 s is a chance to stop."""
        for line in lines:
            if time.monotonic() > self.deadline:
                log.warning("out of time: leaving the stream")
                return
            yield line

    # -------------------------------------------------------------- moves
    def move(self, game_id: str, seq: int, view: GameViewOutput) -> None:
        seat_view = view.view
        phase = seat_view.phase.value
        for _attempt in range(10):
            if phase == "passing":
                cards = choose_pass(list(seat_view.hand), seat_view.pass_count)
                response = games_passes_create.sync_detailed(
                    client=self.client,
                    game_id=game_id,
                    body=PassCardsInputRequest(cards=cards, expected_seq=seq),
                )
            elif phase == "moon_choice":
                response = games_moon_choose.sync_detailed(
                    client=self.client,
                    game_id=game_id,
                    body=MoonChoiceInputRequest(choice="add_to_others", expected_seq=seq),
                )
            else:
                trick = seat_view.trick or []
                led = suit(trick[0][1]) if trick else None
                card = choose_play(list(seat_view.hand), list(seat_view.legal_cards), led)
                response = games_plays_create.sync_detailed(
                    client=self.client,
                    game_id=game_id,
                    body=PlayCardInputRequest(card=card, expected_seq=seq),
                )
            if response.status_code == 429:
                self.wait_retry_after(response.headers)
                continue
            if response.status_code == 409:  # the game moved on: the stream sends the next turn
                self.stale += 1
                log.info("game %s seq %s: stale turn (409), dropped", game_id, seq)
                return
            if response.status_code != 200:
                raise RuntimeError(f"move refused: {response.status_code} {response.content!r}")
            self.moves += 1
            return

    # -------------------------------------------------------------- stream
    def handle(self, message: Message) -> None:
        data = json.loads(message.data)
        if message.event == "your_turn":
            view = GameViewOutput.from_dict(data["view"])
            log.info("game %s seq %s: my turn (%s)", data["game_id"], data["seq"],
                     view.view.phase.value)  # fmt: skip
            self.move(data["game_id"], data["seq"], view)
        elif message.event == "game_over":
            self.games_done += 1
            log.info("game %s over", data.get("game_id"))

    def follow(self) -> None:
        headers = {"Authorization": f"Token {self.token}", "Accept": "text/event-stream"}
        if self.last_event_id is not None:
            headers["Last-Event-ID"] = self.last_event_id
        timeout = httpx.Timeout(10.0, read=STREAM_READ_TIMEOUT_S)
        with httpx.stream(
            "GET", f"{self.base_url}/api/v1/bot/stream/", headers=headers, timeout=timeout
        ) as response:
            if response.status_code == 429:
                self.wait_retry_after(response.headers)
                return
            response.raise_for_status()
            log.info("stream open (Last-Event-ID %s)", self.last_event_id)
            for message in read_sse(self.lines_in_time(response.iter_lines())):
                if message.id is not None:
                    self.last_event_id = message.id
                try:
                    self.handle(message)
                except httpx.TransportError:
                    # The server went away mid move: the turn comes again on reconnection.
                    raise
                if self.games_done >= self.games_wanted or time.monotonic() > self.deadline:
                    return

    def run(self) -> dict:
        backoff = 0.5
        while self.games_done < self.games_wanted and time.monotonic() < self.deadline:
            try:
                self.follow()
                backoff = 0.5
            except (httpx.TransportError, httpx.HTTPStatusError) as exc:
                if isinstance(exc, httpx.HTTPStatusError) and exc.response.status_code < 500:
                    raise
                self.reconnects += 1
                log.warning("stream lost (%s): reconnecting in %.1f s", exc, backoff)
                time.sleep(backoff)
                backoff = min(backoff * 2, 5.0)
        return {
            "games": self.games_done,
            "moves": self.moves,
            "reconnects": self.reconnects,
            "throttled": self.throttled,
            "stale": self.stale,
            "last_event_id": self.last_event_id,
        }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base-url", default=os.environ.get("HEARTS_BASE_URL"), required=False)
    parser.add_argument("--token", default=os.environ.get("HEARTS_BOT_TOKEN"))
    parser.add_argument("--games", type=int, default=1, help="Stop after this many games end.")
    parser.add_argument("--max-seconds", type=float, default=3600.0)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    if not args.base_url or not args.token:
        parser.error("--base-url and --token (or HEARTS_BASE_URL / HEARTS_BOT_TOKEN) are needed")
    bot = Bot(
        base_url=args.base_url.rstrip("/"),
        token=args.token,
        games_wanted=args.games,
        deadline=time.monotonic() + args.max_seconds,
    )
    summary = bot.run()
    print(json.dumps(summary), flush=True)
    return 0 if bot.games_done >= args.games else 1


if __name__ == "__main__":
    sys.exit(main())
