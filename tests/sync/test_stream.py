"""GET /api/v1/games/{id}/stream/ served by a real ASGI server (uvicorn subprocess)."""

from __future__ import annotations

import asyncio
import json
import time

import httpx
import pytest

from games import services
from games.selectors import game_view_for_user
from tests.sync.helpers import make_table
from tests.sync.sse import SseReader

pytestmark = pytest.mark.django_db(transaction=True)


def stream_url(server, game_id) -> str:
    return f"{server.base_url}/api/v1/games/{game_id}/stream/"


def auth(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Token {token}"} if token else {}


async def collect_until(reader: SseReader, predicate, timeout: float = 10.0) -> list:
    """Messages (keep-alives included) until one satisfies ``predicate``."""
    seen = []
    deadline = time.monotonic() + timeout
    while True:
        msg = await reader.next(timeout=max(0.01, deadline - time.monotonic()))
        assert msg is not None, f"stream ended early after {[(m.event, m.id) for m in seen]}"
        seen.append(msg)
        if predicate(msg):
            return seen


def run(coro):
    return asyncio.run(coro)


@pytest.fixture
def table():
    t = make_table()
    t.extra["hands"] = [t.hand(s) for s in range(4)]
    return t


def test_first_message_is_the_callers_full_view(asgi_servers, table):
    server = asgi_servers[0]

    async def scenario():
        async with httpx.AsyncClient(timeout=10) as client:
            detail = (
                await client.get(
                    f"{server.base_url}/api/v1/games/{table.game_id}/",
                    headers=auth(table.tokens[2]),
                )
            ).json()
            async with client.stream(
                "GET", stream_url(server, table.game_id), headers=auth(table.tokens[2])
            ) as response:
                assert response.status_code == 200
                assert response.headers["content-type"].startswith("text/event-stream")
                assert response.headers["cache-control"] == "no-cache"
                first = await SseReader(response).next_event()
                return detail, first

    detail, first = run(scenario())
    assert first.event == "view"
    assert first.id == "7"  # a fresh stream starts at the view's seq
    view = first.json()
    assert view["id"] == table.game_id
    assert view["seq"] == 7
    assert view["your_seat"] == 2
    assert view["view"]["hand"] == table.extra["hands"][2]
    # The same representation as the game view endpoint.
    for key in ("id", "status", "seq", "your_seat", "seats", "to_act", "view"):
        assert view[key] == detail[key], key


def test_new_events_reach_an_open_stream_redacted_for_its_seat(asgi_servers, table):
    server = asgi_servers[0]

    async def scenario():
        async with (
            httpx.AsyncClient(timeout=10) as client,
            client.stream(
                "GET", stream_url(server, table.game_id), headers=auth(table.tokens[0])
            ) as response,
        ):
            reader = SseReader(response)
            assert (await reader.next_event()).event == "view"
            await asyncio.to_thread(table.pass_cards, 1)
            other = await reader.next_event()
            await asyncio.to_thread(table.pass_cards, 0)
            mine = await reader.next_event()
            return other, mine

    other, mine = run(scenario())
    assert (other.event, other.id) == ("cards_passed", "8")
    assert other.json()["payload"] == {"seat": 1}  # who passed, never what
    assert (mine.event, mine.id) == ("cards_passed", "9")
    assert mine.json()["payload"]["seat"] == 0
    assert len(mine.json()["payload"]["cards"]) == 3


def test_a_seated_stream_never_carries_another_seats_cards(asgi_servers, table):
    server = asgi_servers[1]
    private = {s: set(table.extra["hands"][s]) for s in range(4)}

    async def scenario():
        async with (
            httpx.AsyncClient(timeout=10) as client,
            client.stream(
                "GET", f"{stream_url(server, table.game_id)}?after=0", headers=auth(table.tokens[3])
            ) as response,
        ):
            reader = SseReader(response)
            for seat in (0, 1, 2, 3):  # everyone passes: passes_exchanged follows
                await asyncio.to_thread(table.pass_cards, seat)
            return await collect_until(reader, lambda m: m.event == "passes_exchanged")

    messages = run(scenario())
    events = [m for m in messages if m.is_event and m.event != "view"]
    assert [int(m.id) for m in events] == list(range(1, len(events) + 1))  # gap-free
    received = set(
        next(m for m in events if m.event == "passes_exchanged").json()["payload"]["received"]
    )
    allowed = private[3] | received
    text = "\n".join(m.data for m in messages)
    for seat in (0, 1, 2):
        leaked = {c for c in private[seat] - allowed if f'"{c}"' in text}
        assert leaked == set(), f"seat {seat}'s cards in seat 3's stream"
    exchanged = next(m for m in events if m.event == "passes_exchanged").json()["payload"]
    assert set(exchanged) == {"hand_number", "gave", "received"}


@pytest.mark.parametrize("who", ["anonymous", "spectator"])
def test_a_stream_without_a_seat_carries_public_information_only(asgi_servers, table, who):
    server = asgi_servers[0]
    token = table.spectator_token if who == "spectator" else None

    async def scenario():
        async with (
            httpx.AsyncClient(timeout=10) as client,
            client.stream(
                "GET", f"{stream_url(server, table.game_id)}?after=0", headers=auth(token)
            ) as response,
        ):
            reader = SseReader(response)
            for seat in (0, 1, 2, 3):
                await asyncio.to_thread(table.pass_cards, seat)
            return await collect_until(reader, lambda m: m.event == "passes_exchanged")

    messages = run(scenario())
    view = next(m for m in messages if m.event == "view").json()
    assert view["your_seat"] is None
    assert view["view"].get("hand") is None
    text = "\n".join(m.data for m in messages if m.event != "view")
    for hand in table.extra["hands"]:
        assert [c for c in hand if f'"{c}"' in text] == []
    dealt = next(m for m in messages if m.event == "hand_dealt").json()["payload"]
    assert set(dealt) == {"hand_number", "commitment"}


def test_resumes_after_last_event_id_without_gaps(asgi_servers, table):
    server = asgi_servers[1]
    table.pass_cards(1)
    table.pass_cards(2)  # seqs 8, 9

    async def scenario(headers, query=""):
        async with (
            httpx.AsyncClient(timeout=10) as client,
            client.stream(
                "GET", stream_url(server, table.game_id) + query, headers=headers
            ) as response,
        ):
            reader = SseReader(response)
            return [await reader.next_event() for _ in range(4)]

    for headers, query in (
        ({**auth(table.tokens[0]), "Last-Event-ID": "6"}, ""),
        (auth(table.tokens[0]), "?after=6"),
        # EventSource reconnects to the same URL: Last-Event-ID wins over the original ?after=.
        ({**auth(table.tokens[0]), "Last-Event-ID": "6"}, "?after=2"),
        # EventSource cannot set headers: the token may come in the query string.
        ({"Last-Event-ID": "6"}, f"?token={table.tokens[0]}"),
    ):
        view, *events = run(scenario(headers, query))
        assert view.event == "view"
        assert view.id is None  # resuming: the view does not move the client's Last-Event-ID
        assert view.json()["your_seat"] == 0
        assert [(m.id, m.event) for m in events] == [
            ("7", "hand_dealt"),
            ("8", "cards_passed"),
            ("9", "cards_passed"),
        ]
        assert events[0].json()["payload"]["cards"] == table.extra["hands"][0]


def test_keep_alive_comments_while_nothing_happens(asgi_servers, table):
    server = asgi_servers[0]  # HEARTS_STREAM_KEEPALIVE_S=1

    async def scenario():
        async with (
            httpx.AsyncClient(timeout=10) as client,
            client.stream("GET", stream_url(server, table.game_id)) as response,
        ):
            reader = SseReader(response)
            assert (await reader.next_event()).event == "view"
            started = time.monotonic()
            comments = []
            while len(comments) < 2:
                msg = await reader.next(timeout=5)
                assert msg.comment is not None, msg
                comments.append((msg.comment, time.monotonic() - started))
            return comments

    comments = run(scenario())
    assert [c for c, _ in comments] == ["keep-alive", "keep-alive"]
    assert 0.5 < comments[0][1] < 3
    assert 1.5 < comments[1][1] < 5


def test_the_stream_ends_after_the_final_events_of_a_finished_game(asgi_servers):
    server = asgi_servers[1]
    # A one-hand game (28 cards, no passing; a tie ends it too).
    table = make_table(
        overrides={
            "deck": "short_28",
            "hand_size": 7,
            "passing": False,
            "target": 1,
            "tie": "shared",
        }
    )
    table.extra["first_live_seq"] = game_view_for_user(game_id=table.game_id, user=None)["seq"]

    async def scenario():
        async with (
            httpx.AsyncClient(timeout=20) as client,
            client.stream(
                "GET", stream_url(server, table.game_id), headers=auth(table.tokens[0])
            ) as response,
        ):
            reader = SseReader(response)
            assert (await reader.next_event()).event == "view"

            def play_out():
                while seats := table.to_act():
                    if table.view(seats[0])["phase"] == "passing":
                        for seat in seats:
                            table.pass_cards(seat)
                    else:
                        table.play_first_legal(seats[0])

            await asyncio.to_thread(play_out)
            messages = []
            while (msg := await reader.next(timeout=15)) is not None:
                messages.append(msg)
            return messages

    messages = run(scenario())
    events = [m for m in messages if m.is_event]
    assert events[-1].event == "game_ended"
    first = table.extra["first_live_seq"] + 1
    assert [int(m.id) for m in events] == list(range(first, first + len(events)))

    async def reopen():
        async with (
            httpx.AsyncClient(timeout=10) as client,
            client.stream("GET", stream_url(server, table.game_id)) as response,
        ):
            reader = SseReader(response)
            out = []
            while (msg := await reader.next(timeout=5)) is not None:
                out.append(msg)
            return out

    # Opened on a finished game: the view, then the end of the stream.
    after_end = [m for m in run(reopen()) if m.is_event]
    assert [m.event for m in after_end] == ["view"]
    assert after_end[0].json()["status"] == "finished"


def test_unknown_game_and_bad_token_are_problems_before_the_stream_opens(asgi_servers, table):
    server = asgi_servers[0]
    with httpx.Client(timeout=10) as client:
        missing = client.get(
            stream_url(server, "7d1c4a52-0000-4000-8000-00000000dead"),
            headers={"Accept": "text/event-stream"},
        )
        bad_token = client.get(stream_url(server, table.game_id) + "?token=nope")
        bad_id = client.get(stream_url(server, table.game_id), headers={"Last-Event-ID": "x"})
    assert missing.status_code == 404
    assert missing.headers["content-type"] == "application/problem+json"
    assert json.loads(missing.content)["code"] == "game_not_found"
    assert bad_token.status_code == 401
    assert bad_id.status_code == 400


def test_a_spectator_who_takes_a_seat_gets_that_seats_view_from_then_on(asgi_servers):
    server = asgi_servers[0]
    table = make_table(start=False)  # four players seated...
    services.seat_leave(game_id=table.game_id, user=table.players[3])  # ...one leaves

    async def scenario():
        async with (
            httpx.AsyncClient(timeout=10) as client,
            client.stream(
                "GET", stream_url(server, table.game_id), headers=auth(table.spectator_token)
            ) as response,
        ):
            reader = SseReader(response)
            view = await reader.next_event()
            await asyncio.to_thread(services.seat_take, game_id=table.game_id, user=table.spectator)
            await asyncio.to_thread(
                services.game_start, game_id=table.game_id, user=table.players[0]
            )
            return view, await collect_until(reader, lambda m: m.event == "hand_dealt")

    view, messages = run(scenario())
    assert view.json()["your_seat"] is None
    taken = next(m for m in messages if m.event == "seat_taken").json()["payload"]
    dealt = next(m for m in messages if m.event == "hand_dealt").json()["payload"]
    assert taken["seat"] == 3
    assert dealt["cards"] == table_hand(table.game_id, table.spectator)


def table_hand(game_id, user):
    return game_view_for_user(game_id=game_id, user=user)["view"]["hand"]
