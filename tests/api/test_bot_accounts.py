"""Bot accounts: registered by a player, shown as a bot everywhere, rated as themselves, seated by
the creator, throttled per bot; the bot stream (its WSGI form, finite: what is there now) tells
a bot of its games and its turns with its own seat's view only (docs/bots-api.md)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games import engine, services
from games.models import BotAccount
from games.selectors import game_view_for_user
from ratings.services import ratings_apply_game
from tests.api.conftest import OPEN_RATES, assert_problem, create_game, url, view

pytestmark = pytest.mark.django_db


def register_bot(owner, name: str, **body) -> tuple[APIClient, dict[str, Any]]:
    response = owner.client.post("/api/v1/me/bots/", {"name": name, **body}, format="json")
    assert response.status_code == 201, response.content
    created = response.json()
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {created['token']}")
    return client, created


def bot_user(name: str):
    return BotAccount.objects.select_related("user").get(user__username=name).user


def stream_events(client: APIClient, **headers) -> list[dict[str, Any]]:
    """The messages of one (finite, WSGI) bot stream: [{id, event, data}]."""
    response = client.get("/api/v1/bot/stream/", **headers)
    assert response.status_code == 200, response.content
    assert response["Content-Type"].startswith("text/event-stream")
    text = b"".join(response.streaming_content).decode()
    out = []
    for block in text.split("\n\n"):
        fields: dict[str, str] = {}
        for line in block.splitlines():
            key, _, value = line.partition(": ")
            fields[key] = fields.get(key, "") + value if key == "data" else value
        if "event" in fields:
            out.append(
                {
                    "id": int(fields["id"]),
                    "event": fields["event"],
                    "data": json.loads(fields["data"]),
                }
            )
    return out


def card_codes(value: Any) -> set[str]:
    """Every string in a JSON value that is a card code."""
    if isinstance(value, dict):
        return set().union(*(card_codes(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(card_codes(v) for v in value)) if value else set()
    if isinstance(value, str):
        try:
            return {engine.format_card(engine.parse_card(value))}
        except Exception:
            return set()
    return set()


def test_a_player_registers_lists_and_revokes_a_bot(player):
    alice = player("alice")
    bot, created = register_bot(alice, "deep-hearts", description="Plays safe.")
    assert created["token"].startswith("bot_")
    assert len(created["token"]) == 40
    assert created["is_bot"] is True
    assert created["owner"] == "alice"
    listed = alice.client.get("/api/v1/me/bots/").json()["bots"]
    assert [(b["name"], b["revoked_at"]) for b in listed] == [("deep-hearts", None)]
    assert "token" not in listed[0]
    me = bot.get("/api/v1/me/").json()
    assert (me["username"], me["is_bot"], me["bot_owner"]) == ("deep-hearts", True, "alice")
    human = alice.client.get("/api/v1/me/").json()
    assert (human["is_bot"], human["bot_owner"]) == (False, None)
    # No password: a bot cannot get a password token or a session.
    assert_problem(
        APIClient().post("/api/v1/auth/token/", {"username": "deep-hearts", "password": ""}),
        400,
        "validation_error",
    )
    assert alice.client.delete("/api/v1/me/bots/deep-hearts/").status_code == 204
    assert_problem(bot.get("/api/v1/me/"), 401, "authentication_failed")
    assert alice.client.get("/api/v1/me/bots/").json()["bots"][0]["revoked_at"] is not None
    # Its name stays taken: a human can never take over a bot's name (or the reverse).
    taken = APIClient().post(
        "/api/v1/players/", {"username": "deep-hearts", "password": "correct-horse-42"}
    )
    assert_problem(taken, 409, "username_taken")
    assert_problem(
        alice.client.post("/api/v1/me/bots/", {"name": "alice"}, format="json"),
        409,
        "username_taken",
    )


def rotate(owner, name: str, **headers):
    return owner.client.post(f"/api/v1/me/bots/{name}/rotate-token/", **headers)


def test_rotating_a_bots_token_issues_a_new_one_and_the_old_one_fails_at_once(player):
    alice = player("alice")
    old, created = register_bot(alice, "rotor-bot")
    game_id = create_game(alice, "two_player", take_seat=False)["game_id"]
    services.seat_add_bot(game_id=game_id, user=alice.user, bot="rotor-bot", seat=1)

    response = rotate(alice, "rotor-bot")
    assert response.status_code == 200, response.content
    rotated = response.json()
    assert rotated["token"].startswith("bot_")
    assert len(rotated["token"]) == 40
    assert rotated["token"] != created["token"]
    assert {k: v for k, v in rotated.items() if k != "token"} == {
        k: v for k, v in created.items() if k != "token"
    }
    assert_problem(old.get("/api/v1/me/"), 401, "authentication_failed")
    assert_problem(old.get("/api/v1/bot/stream/"), 401, "authentication_failed")
    new = APIClient()
    new.credentials(HTTP_AUTHORIZATION=f"Token {rotated['token']}")
    assert new.get("/api/v1/me/").json()["username"] == "rotor-bot"
    assert view(new, game_id)["your_seat"] == 1  # the same account: its seat stays
    assert new.get("/api/v1/bot/stream/").status_code == 200
    # Shown once: the list never shows it.
    listed = alice.client.get("/api/v1/me/bots/").json()["bots"]
    assert [(b["name"], "token" in b) for b in listed] == [("rotor-bot", False)]


def test_only_the_owner_rotates_a_bots_token_and_nothing_tells_others_it_exists(player):
    alice, mallory = player("alice"), player("mallory")
    bot, _ = register_bot(alice, "guarded-bot")
    theirs = assert_problem(rotate(mallory, "guarded-bot"), 404, "bot_not_found")
    unknown = assert_problem(rotate(mallory, "no-such-bot"), 404, "bot_not_found")
    assert {k: v for k, v in theirs.items() if k != "extra"} == {
        k: v for k, v in unknown.items() if k != "extra"
    }
    assert theirs["extra"] == {"bot": "guarded-bot"}  # only the name sent back
    assert_problem(rotate(alice, "mallory"), 404, "bot_not_found")  # a human is no bot of hers
    # A bot owns no bots: not even itself.
    assert_problem(bot.post("/api/v1/me/bots/guarded-bot/rotate-token/"), 404, "bot_not_found")
    assert_problem(
        APIClient().post("/api/v1/me/bots/guarded-bot/rotate-token/"), 401, "not_authenticated"
    )
    assert bot.get("/api/v1/me/").status_code == 200  # none of that rotated anything
    # A revoked bot has no token to rotate.
    assert alice.client.delete("/api/v1/me/bots/guarded-bot/").status_code == 204
    assert_problem(rotate(alice, "guarded-bot"), 404, "bot_not_found")
    assert not Token.objects.filter(user__username="guarded-bot").exists()  # none was issued
    assert_problem(bot.get("/api/v1/me/"), 401, "authentication_failed")


def test_a_rotation_replayed_with_its_idempotency_key_answers_the_same_token(player):
    alice = player("alice")
    register_bot(alice, "steady-bot")
    first = rotate(alice, "steady-bot", HTTP_IDEMPOTENCY_KEY="rotate-1")
    assert first.status_code == 200
    again = rotate(alice, "steady-bot", HTTP_IDEMPOTENCY_KEY="rotate-1")
    assert again.status_code == 200
    assert again["Idempotent-Replayed"] == "true"
    assert again.json() == first.json()
    current = APIClient()
    current.credentials(HTTP_AUTHORIZATION=f"Token {first.json()['token']}")
    assert current.get("/api/v1/me/").status_code == 200  # the replay rotated nothing
    other = rotate(alice, "steady-bot", HTTP_IDEMPOTENCY_KEY="rotate-2")
    assert other.json()["token"] != first.json()["token"]
    assert_problem(current.get("/api/v1/me/"), 401, "authentication_failed")


def test_a_bot_is_flagged_in_the_game_view_the_lobby_and_never_as_a_human(player):
    alice, bob = player("alice"), player("bob")
    _bot, _ = register_bot(bob, "bobs-bot")
    game_id = create_game(alice, "classic")["game_id"]
    added = alice.client.post(
        url(game_id, "bot-seats"), {"bot": "bobs-bot", "seat": 2}, format="json"
    )
    assert added.status_code == 200, added.content
    assert alice.client.post(url(game_id, "seats"), {}, format="json").status_code != 200  # seated
    seats = view(APIClient(), game_id)["seats"]
    assert [(s["seat"], s["kind"], s["is_bot"], s["bot_owner"]) for s in seats] == [
        (0, "human", False, None),
        (1, "empty", False, None),
        (2, "human", True, "bob"),
        (3, "empty", False, None),
    ]
    assert seats[2]["display_name"] == "bobs-bot"
    lobby = APIClient().get("/api/v1/games/").json()["results"]
    (row,) = [g for g in lobby if g["id"] == game_id]
    assert [s["is_bot"] for s in row["seats"]] == [False, False, True, False]
    # Only the creator seats bots; a bot taking an open seat itself is a bot there too.
    assert_problem(
        bob.client.post(url(game_id, "bot-seats"), {"bot": "bobs-bot"}, format="json"),
        403,
        "not_game_creator",
    )
    other_bot, _ = register_bot(alice, "alices-bot")
    assert other_bot.post(url(game_id, "seats"), {"seat": 3}, format="json").status_code == 200
    seats = view(alice, game_id)["seats"]
    assert (seats[3]["is_bot"], seats[3]["bot_owner"]) == (True, "alice")
    assert_problem(
        alice.client.post(url(game_id, "bot-seats"), {"bot": "nobody"}, format="json"),
        404,
        "bot_not_found",
    )


def play_out(game_id: str, users: dict[int, Any]) -> None:
    """Play a game to its end through the services: the first legal move of each seat."""
    for _ in range(5000):
        game = game_view_for_user(game_id=game_id, user=None)
        if game["status"] == "finished":
            return
        seat = game["to_act"][0]
        mine = game_view_for_user(game_id=game_id, user=users[seat])["view"]
        if mine["phase"] == "passing":
            services.game_pass_cards(
                game_id=game_id, user=users[seat], cards=mine["hand"][: mine["pass_count"]]
            )
        elif mine["phase"] == "moon_choice":
            services.game_choose_moon(game_id=game_id, user=users[seat], choice="add_to_others")
        else:
            services.game_play_card(game_id=game_id, user=users[seat], card=mine["legal_cards"][0])
    raise AssertionError("the game did not end")


def test_a_bot_is_rated_as_itself_and_marked_on_the_leaderboard(player, anon):
    alice = player("alice")
    register_bot(alice, "ladder-bot")
    robot = bot_user("ladder-bot")
    game_id = create_game(alice, "two_player", options={"target": 1})["game_id"]  # one hand
    services.seat_add_bot(game_id=game_id, user=alice.user, bot="ladder-bot")
    services.game_start(game_id=game_id, user=alice.user)
    play_out(game_id, {0: alice.user, 1: robot})
    ratings_apply_game(game_id=game_id)
    board = anon.get("/api/v1/leaderboards/two_player/").json()["results"]
    by_name = {e["username"]: e for e in board}
    assert (by_name["ladder-bot"]["kind"], by_name["ladder-bot"]["is_bot"]) == ("bot", True)
    assert by_name["ladder-bot"]["bot_owner"] == "alice"
    assert (by_name["alice"]["kind"], by_name["alice"]["is_bot"]) == ("human", False)
    assert by_name["ladder-bot"]["games_played"] == by_name["alice"]["games_played"] == 1
    identity = anon.get("/api/v1/players/ladder-bot/ratings/").json()
    assert (identity["kind"], identity["is_bot"], identity["bot_owner"]) == ("bot", True, "alice")
    seats = anon.get(f"/api/v1/games/{game_id}/ratings/").json()["seats"]
    assert [s["is_bot"] for s in seats] == [False, True]


@pytest.mark.django_db(transaction=True)  # the feed is projected after each commit
def test_the_bot_stream_sends_only_the_bots_own_seat_and_resumes_after_last_event_id(player):
    alice, bob, carol = player("alice"), player("bob"), player("carol")
    bot, _ = register_bot(carol, "stream-bot")
    robot = bot_user("stream-bot")
    game_id = create_game(alice, "classic", options={"target": 1})["game_id"]  # one hand
    for p in (bob, carol):
        assert p.client.post(url(game_id, "seats"), {}, format="json").status_code == 200
    services.seat_add_bot(game_id=game_id, user=alice.user, bot="stream-bot", seat=3)
    assert stream_events(bot) == []  # nothing started, nothing to do
    services.game_start(game_id=game_id, user=alice.user)
    events = stream_events(bot)
    assert [e["event"] for e in events] == ["game_started", "your_turn"]
    started, turn = events
    assert started["data"] == {"game_id": game_id, "seat": 3, "seq": started["data"]["seq"]}
    # The turn's view is the game view as the bot's seat sees it, nothing more.
    assert turn["data"]["view"] == view(bot, game_id)
    assert (turn["data"]["seat"], turn["data"]["view"]["your_seat"]) == (3, 3)
    users = {0: alice.user, 1: bob.user, 2: carol.user, 3: robot}
    hands = {
        s: set(game_view_for_user(game_id=game_id, user=u)["view"]["hand"])
        for s, u in users.items()
    }
    own, others = hands[3], hands[0] | hands[1] | hands[2]
    assert len(own) == 13
    assert len(others) == 39
    assert set(turn["data"]["view"]["view"]["hand"]) == own
    assert card_codes(turn["data"]) <= own
    assert not card_codes(turn["data"]) & others
    # Every human passes: then the bot's pass is all that is missing.
    for seat in range(3):
        hand = game_view_for_user(game_id=game_id, user=users[seat])["view"]["hand"]
        services.game_pass_cards(game_id=game_id, user=users[seat], cards=hand[:3])
    # Resumed after the last id: no history again, the pending turn again (turns are state).
    resumed = stream_events(bot, HTTP_LAST_EVENT_ID=str(turn["id"]))
    assert [e["event"] for e in resumed] == ["your_turn"]
    play_out(game_id, users)
    final = stream_events(bot, HTTP_LAST_EVENT_ID=str(resumed[-1]["id"]))
    assert [e["event"] for e in final] == ["game_over"]
    over = final[0]["data"]
    assert over["game_id"] == game_id
    assert over["seat"] == 3
    assert len(over["totals"]) == 4
    # From the start: the whole history, once.
    assert [e["event"] for e in stream_events(bot)] == ["game_started", "game_over"]
    ids = [e["id"] for e in stream_events(bot)]
    assert ids == sorted(ids)


def test_only_a_bot_token_opens_the_bot_stream(player):
    alice = player("alice")
    assert_problem(alice.client.get("/api/v1/bot/stream/"), 403, "bot_account_required")
    assert_problem(APIClient().get("/api/v1/bot/stream/"), 401, "not_authenticated")
    bot, _ = register_bot(alice, "picky-bot")
    assert_problem(bot.get("/api/v1/bot/stream/", HTTP_LAST_EVENT_ID="x"), 400, "validation_error")


def test_every_request_of_a_bot_counts_against_its_own_bot_scope(player, settings):
    alice = player("alice")
    bot, _ = register_bot(alice, "busy-bot")
    other, _ = register_bot(alice, "idle-bot")
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**OPEN_RATES, "bot": "3/min"},
    }
    assert [bot.get("/api/v1/me/").status_code for _ in range(3)] == [200, 200, 200]
    throttled = assert_problem(bot.get("/api/v1/me/"), 429, "throttled")
    assert throttled["status"] == 429
    response = bot.get("/api/v1/bot/stream/")
    assert response.status_code == 429
    assert 1 <= int(response["Retry-After"]) <= 60
    # Per bot: another bot and the human owner are not held back by it.
    assert other.get("/api/v1/me/").status_code == 200
    assert [alice.client.get("/api/v1/me/").status_code for _ in range(5)] == [200] * 5


@pytest.mark.django_db(transaction=True)
def test_a_turn_whose_projection_was_lost_with_its_process_comes_after_beats_sweep(
    player, monkeypatch
):
    """The process that committed a move died before its after-commit projection (the feed a
    bot's turn waits for): the turn is held back, and beat's ``notifications.sweep`` projects
    the game and lets it through. No move is needed from anyone else."""
    import datetime as dt

    from django.utils import timezone

    from notifications import services as feed_services
    from notifications import tasks as feed_tasks

    alice = player("alice")
    bot, _ = register_bot(alice, "patient-bot")
    game_id = create_game(alice, "two_player", options={"target": 1, "passing": False})["game_id"]
    services.seat_add_bot(game_id=game_id, user=alice.user, bot="patient-bot", seat=1)
    with monkeypatch.context() as lost:
        lost.setattr(feed_services, "feed_sync_game", lambda **kwargs: 0)
        services.game_start(game_id=game_id, user=alice.user)
        start = game_view_for_user(game_id=game_id, user=alice.user)
        if 0 in start["to_act"]:  # alice leads: her first card, projection lost too
            card = start["view"]["legal_cards"][0]
            services.game_play_card(game_id=game_id, user=alice.user, card=card)
    assert game_view_for_user(game_id=game_id, user=bot_user("patient-bot"))["to_act"] == [1]
    assert stream_events(bot) == []  # the feed knows nothing yet: no turn
    later = timezone.now() + dt.timedelta(seconds=30)  # past the sweep's grace period
    monkeypatch.setattr(feed_tasks.timezone, "now", lambda: later)
    feed_tasks.sweep()
    assert [e["event"] for e in stream_events(bot)] == ["game_started", "your_turn"]
