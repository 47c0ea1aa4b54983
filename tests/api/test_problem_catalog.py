"""Every problem code of the catalogue (the registry, common/errors.py), as the server sends
it: each is provoked through the API (or, where no API request can reach it, raised by the code
that raises it and rendered by the exception handler), and its status, title, detail and
``extra`` are compared with the documented entry and example. So openapi.yaml and docs/api.md,
both made from the catalogue, cannot drift from real responses."""

from __future__ import annotations

import uuid

import pytest
from django.db import OperationalError
from django.utils import timezone
from oauth2_provider.models import Application
from rest_framework import exceptions
from rest_framework.test import APIClient, APIRequestFactory

from common.http.problems import PROBLEM_TYPES, problem_example, problem_exception_handler
from games import errors as game_errors
from games.engine import PRESETS
from games.engine import errors as engine_errors
from notifications.models import NotificationEvent, WebhookDelivery, WebhookEndpoint
from tests.api.conftest import OPEN_RATES, create_game, deck_for_hands, seated_table, url, view
from tests.notifications.push_service import browser_subscription
from tests.oauth.flow import access_token

pytestmark = pytest.mark.django_db

# Classic, dealer 0: seat 0 holds 2C and leads; seat 2 is void in clubs (as in test_moves.py).
HANDS = [
    ["2C", "3C", "4C", "5C", "6C", "2D", "3D", "4D", "2S", "3S", "4S", "2H", "3H"],
    ["7C", "8C", "9C", "10C", "5D", "6D", "7D", "5S", "6S", "7S", "4H", "5H", "6H"],
    ["8D", "9D", "10D", "JD", "QD", "8S", "9S", "10S", "7H", "8H", "9H", "10H", "JH"],
    ["JC", "QC", "KC", "AC", "KD", "AD", "JS", "QS", "KS", "AS", "QH", "KH", "AH"],
]
# Parts of a body that name this occurrence (ids, paths): compared by presence, not value.
VOLATILE = {
    "game_not_found": {"extra": ["game_id"]},
    "already_queued": {"extra": ["ticket_id"]},
    "ticket_matched": {"extra": ["game_id"]},
    "table_not_found": {"extra": ["table_id"]},
    "table_closed": {"extra": ["game_id"]},
    "invite_expired": {"extra": ["expired_at"]},
    "idempotency_key_reused": {"extra": ["path"]},
    "not_found": {"detail"},
    "webhook_endpoint_disabled": {"extra": ["endpoint_id"]},
}
# Codes no API request can provoke, with the reason: rendered from the exception the code raises.
NOT_REACHABLE = {
    "invalid_option": "the input serializer bounds think_delay_ms / turn_limit_s first",
    "invalid_ai_level": "the input serializer's level choices reject first",
    "permission_denied": "every permission class of the API names a more precise code",
    "not_acceptable": "rendered for an Accept header no renderer serves",
    "game_finished": "a finished game answers game_over for moves first",
    "idempotency_request_in_progress": "only while a duplicate request is in flight",
    "invalid_game_log": "raised by log import and verification, not by the REST API",
    "unknown_seat": "the API passes only the caller's own seat to the engine",
    "invalid_deck": "deals are made by the server",
    "not_moon_shooter": "needs a whole hand played to a moon",
    "invalid_moon_choice": "the input serializer's choices reject first",
    "game_over": "needs a finished game",
    "service_unavailable": "the database down",
    "server_error": "a bug",
}


def _post(client, path, body=None, **headers):
    client = getattr(client, "client", client)  # a Player or an APIClient
    return client.post(path, body if body is not None else {}, format="json", **headers)


@pytest.fixture
def real(player, anon, rigged_deals, settings):
    """{code: response body} for every code an API request can provoke."""
    got: dict[str, dict] = {}

    def keep(response, code):
        assert response["Content-Type"].startswith("application/problem+json"), response
        body = response.json()
        assert response.status_code == body["status"]
        got[code if body["code"] == code else f"{code} (sent {body})"] = body

    # --- players
    keep(
        _post(anon, "/api/v1/players/", {"username": "alice", "password": "password123"}),
        "weak_password",
    )
    assert _post(anon, "/api/v1/players/", {"username": "alice", "password": "correct-horse-42"})
    keep(
        _post(anon, "/api/v1/players/", {"username": "alice", "password": "correct-horse-42"}),
        "username_taken",
    )
    keep(
        _post(anon, "/api/v1/auth/token/", {"username": "alice", "password": "wrong-guess"}),
        "invalid_credentials",
    )
    form = anon.post(
        "/api/v1/players/",
        "username=bob&password=correct-horse-42",
        content_type="application/x-www-form-urlencoded",
    )
    keep(form, "unsupported_media_type")
    keep(anon.get("/api/v1/me/"), "not_authenticated")
    keep(
        APIClient(HTTP_AUTHORIZATION="Token " + "0" * 40).get("/api/v1/me/"),
        "authentication_failed",
    )
    keep(anon.get("/api/v1/no-such-endpoint/"), "not_found")
    keep(anon.get("/api/v1/games/?limit=abc"), "invalid_filter")
    keep(anon.get(url("00000000-0000-4000-8000-000000000000")), "game_not_found")
    keep(anon.get("/api/v1/leaderboards/hearts/"), "preset_not_found")
    keep(anon.get("/api/v1/players/nobody/ratings/"), "player_not_found")
    keep(anon.get("/api/v1/ai-levels/genius/ratings/"), "ai_level_not_found")

    # --- lobby
    creator, other, third = player(), player(), player()
    game_id = create_game(creator, "classic")["game_id"]
    keep(
        _post(other, "/api/v1/games/", {"preset": "classic", "options": {"target": -5}}),
        "invalid_ruleset",
    )
    keep(_post(creator, url(game_id, "seats")), "already_seated")
    # an OAuth2 token of a third-party app that may read but not play (tests/oauth/)
    app = Application.objects.create(
        name="reader",
        client_type=Application.CLIENT_PUBLIC,
        authorization_grant_type=Application.GRANT_AUTHORIZATION_CODE,
        redirect_uris="https://app.example/callback",
    )
    reader = APIClient(HTTP_AUTHORIZATION="Bearer " + access_token(creator.user, app, "games:read"))
    keep(_post(reader, "/api/v1/games/", {"preset": "classic"}), "insufficient_scope")
    keep(_post(other, url(game_id, "seats"), {"seat": 0}), "seat_taken")
    keep(_post(other, url(game_id, "seats"), {"seat": 4}), "seat_out_of_range")
    keep(_post(creator, url(game_id, "start")), "seats_not_filled")
    keep(_post(creator, url(game_id, "plays"), {"card": "2C"}), "game_not_started")
    keep(anon.get(url(game_id, "log")), "game_not_finished")
    assert _post(other, url(game_id, "seats")).status_code == 200
    keep(_post(other, url(game_id, "start")), "not_game_creator")
    assert _post(creator, url(game_id, "ai-seats"), {"level": "random"}).status_code == 200
    keep(_post(third, url(game_id, "seats")), "game_full")
    keep(creator.client.put("/api/v1/games/", {}, format="json"), "method_not_allowed")

    # --- play (rigged, passing off)
    rigged_deals.append(deck_for_hands(PRESETS["classic"].to_dict(), HANDS))
    game_id, (s0, s1, s2, s3) = seated_table(player, "classic", options={"passing": False})
    seq = view(s0, game_id)["seq"]
    keep(_post(third, url(game_id, "seats")), "game_already_started")
    keep(_post(third, url(game_id, "plays"), {"card": "2C"}), "not_seated")
    keep(_post(s0, url(game_id, "plays")), "validation_error")
    keep(
        s0.client.post(url(game_id, "plays"), "x", content_type="application/json"),
        "parse_error",
    )
    keep(_post(s0, url(game_id, "plays"), {"card": "1X"}), "invalid_card_code")
    keep(_post(s0, url(game_id, "plays"), {"card": "3C"}), "must_lead_opening_card")
    keep(_post(s1, url(game_id, "plays"), {"card": "7C"}), "not_your_turn")
    keep(_post(s0, url(game_id, "plays"), {"card": "AS"}), "card_not_in_hand")
    keep(_post(s0, url(game_id, "passes"), {"cards": ["2C", "3C", "4C"]}), "wrong_phase")
    keep(
        _post(s0, url(game_id, "plays"), {"card": "2C", "expected_seq": seq - 1}),
        "concurrency_conflict",
    )
    keep(
        _post(s0, url(game_id, "plays"), {"card": "2C"}, HTTP_IF_MATCH=f'"{seq - 1}"'),
        "precondition_failed",
    )
    keep(
        _post(s0, url(game_id, "plays"), {"card": "2C"}, HTTP_IF_MATCH='"yesterday"'),
        "invalid_if_match",
    )
    keep(
        _post(s0, url(game_id, "plays"), {"card": "2C", "expected_seq": 4}, HTTP_IF_MATCH='"5"'),
        "conflicting_preconditions",
    )
    keep(
        _post(s0, url(game_id, "plays"), {"card": "2C"}, HTTP_IDEMPOTENCY_KEY="k" * 300),
        "invalid_idempotency_key",
    )
    key = {"HTTP_IDEMPOTENCY_KEY": "7d1c-lead"}
    assert _post(s0, url(game_id, "plays"), {"card": "2C"}, **key).status_code == 200
    keep(_post(s0, url(game_id, "plays"), {"card": "3C"}, **key), "idempotency_key_reused")
    keep(_post(s1, url(game_id, "plays"), {"card": "5D"}), "must_follow_suit")
    assert _post(s1, url(game_id, "plays"), {"card": "7C"}).status_code == 200
    keep(_post(s2, url(game_id, "plays"), {"card": "7H"}), "no_points_on_first_trick")
    assert _post(s2, url(game_id, "plays"), {"card": "8D"}).status_code == 200
    assert _post(s3, url(game_id, "plays"), {"card": "AC"}).status_code == 200
    keep(_post(s3, url(game_id, "plays"), {"card": "AH"}), "hearts_not_broken")
    keep(_post(s0, url(game_id, "reclaim")), "seat_not_ai")
    assert _post(s0, url(game_id, "handover"), {"level": "random"}).status_code == 200
    keep(_post(s0, url(game_id, "handover"), {"level": "random"}), "seat_handed_to_ai")
    assert _post(s1, url(game_id, "resign")).status_code == 200
    keep(_post(s1, url(game_id, "handover"), {"level": "random"}), "seat_resigned")

    # --- passing
    rigged_deals.append(deck_for_hands(PRESETS["classic"].to_dict(), HANDS))
    game_id, (p0, *_others) = seated_table(player, "classic")
    keep(_post(p0, url(game_id, "passes"), {"cards": ["2C", "3C"]}), "wrong_pass_count")
    keep(_post(p0, url(game_id, "passes"), {"cards": ["2C", "2C", "3C"]}), "duplicate_cards")
    assert _post(p0, url(game_id, "passes"), {"cards": ["2H", "3H", "4S"]}).status_code == 200
    keep(_post(p0, url(game_id, "passes"), {"cards": ["2C", "3C", "4C"]}), "already_passed")

    # --- matchmaking (quick play, private tables, invites, rematch)
    _matchmaking_codes(player, keep)

    # --- variant deck, full table, throttling
    game_id, (t0, t1) = seated_table(player, "two_player")
    mover = t0 if view(t0, game_id)["to_act"] == [view(t0, game_id)["your_seat"]] else t1
    keep(_post(mover, url(game_id, "plays"), {"card": "3C"}), "card_not_in_deck")
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**OPEN_RATES, "anon": "1/min"},
    }
    assert anon.get("/api/v1/rules/presets/").status_code == 200
    keep(anon.get("/api/v1/rules/presets/"), "throttled")
    # --- live streams: one more than the cap
    settings.HEARTS_STREAM_MAX_PER_USER = 20  # the documented example
    held = [other.client.get("/api/v1/me/feed/stream/") for _ in range(20)]
    assert {r.status_code for r in held} == {200}
    keep(other.client.get("/api/v1/me/feed/stream/"), "too_many_streams")
    # Free the slots without response.close(): the test client's request_finished would close
    # this test's database connection.
    for response in held:
        for closer in response._resource_closers:
            closer()
    # --- webhooks (notifications)
    hooks = "/api/v1/me/webhooks/"
    zero = "00000000-0000-4000-8000-000000000000"
    for bad_url, code in (
        ("ftp://hooks.example/", "webhook_url_invalid"),
        ("http://nowhere.invalid/", "webhook_url_unresolvable"),
        ("http://127.0.0.1/", "webhook_address_forbidden"),
    ):
        keep(_post(other, hooks, {"url": bad_url, "event_types": ["your_turn"]}), code)
    keep(other.client.delete(f"{hooks}{zero}/"), "webhook_endpoint_not_found")
    keep(_post(other, f"/api/v1/me/webhook-deliveries/{zero}/redeliver/"),
         "webhook_delivery_not_found")  # fmt: skip
    endpoint = WebhookEndpoint.objects.create(
        owner=other.user, url="https://hooks.example/", event_types=["invite"], secret="x",
        is_active=False,
    )  # fmt: skip
    event = NotificationEvent.objects.create(
        id="msg_catalogue", player=other.user, type="invite", created_at=timezone.now()
    )
    delivery = WebhookDelivery.objects.create(
        endpoint=endpoint, event=event, created_at=timezone.now()
    )
    keep(
        _post(other, f"/api/v1/me/webhook-deliveries/{delivery.pk}/redeliver/"),
        "webhook_endpoint_disabled",
    )
    # --- Web Push (no VAPID key in the test settings)
    browser = browser_subscription()
    keep(
        _post(other, "/api/v1/me/push-subscriptions/",
              {"endpoint": "https://push.example/x", "keys": browser.keys}),
        "push_not_configured",
    )  # fmt: skip
    keep(other.client.delete(f"/api/v1/me/push-subscriptions/{zero}/"),
         "push_subscription_not_found")  # fmt: skip
    keep(_post(other, "/api/v1/me/devices/", {"platform": "apns", "token": "ab" * 32}),
         "mobile_push_not_configured")  # fmt: skip
    keep(other.client.delete(f"/api/v1/me/devices/{zero}/"), "device_not_found")
    # --- bot accounts
    shy = _post(other, "/api/v1/me/bots/", {"name": "deep-hearts", "open_to_all": False})
    assert shy.status_code == 201, shy.content
    for n in range(9):  # up to the default limit, 10
        assert _post(other, "/api/v1/me/bots/", {"name": f"bot-{n}"}).status_code == 201
    keep(_post(other, "/api/v1/me/bots/", {"name": "one-too-many"}), "bot_limit_reached")
    bot = APIClient()
    bot.credentials(HTTP_AUTHORIZATION=f"Token {shy.json()['token']}")
    keep(_post(bot, "/api/v1/me/bots/", {"name": "bot-of-a-bot"}), "bots_cannot_own_bots")
    keep(other.client.get("/api/v1/bot/stream/"), "bot_account_required")
    keep(creator.client.delete("/api/v1/me/bots/deep-hearts/"), "bot_not_found")  # not theirs
    lobby = _post(creator, "/api/v1/games/", {"preset": "classic"}).json()["game_id"]
    keep(_post(creator, url(lobby, "bot-seats"), {"bot": "deep-hearts"}), "bot_not_open")
    return got


def _matchmaking_codes(player, keep):
    from datetime import timedelta

    from django.utils import timezone

    from matchmaking import services as mm_services
    from matchmaking.models import Table

    queue = "/api/v1/matchmaking/queue/"
    q = [player() for _ in range(4)]
    keep(q[0].client.get(queue), "ticket_not_found")
    keep(q[0].client.delete(queue), "not_queued")
    for p in q:
        assert _post(p, queue, {"preset": "classic"}).status_code == 201
    keep(_post(q[0], queue, {"preset": "classic"}), "already_queued")
    assert len(mm_services.matchmaking_match()) == 1
    keep(q[1].client.delete(queue), "ticket_matched")

    creator, guest, g2, g3, g4 = (player() for _ in range(5))
    table = _post(creator, "/api/v1/tables/", {"preset": "classic"}).json()
    tables, code = f"/api/v1/tables/{table['id']}/", table["invite"]["code"]
    keep(guest.client.get(f"/api/v1/tables/{uuid.uuid4()}/"), "table_not_found")
    keep(guest.client.get("/api/v1/invites/not-a-code/"), "invite_not_found")
    keep(_post(creator, f"/api/v1/invites/{code}/accept/"), "already_at_table")
    assert _post(guest, f"/api/v1/invites/{code}/accept/").status_code == 200
    keep(_post(guest, tables + "start/"), "not_table_creator")
    keep(_post(guest, tables + "accept/"), "not_table_member")
    keep(_post(creator, tables + "start/"), "table_not_full")
    for p in (g2, g3):
        assert _post(p, f"/api/v1/invites/{code}/accept/").status_code == 200
    keep(_post(g4, f"/api/v1/invites/{code}/accept/"), "table_full")
    assert _post(creator, tables + "start/").status_code == 200
    keep(_post(creator, tables + "start/"), "table_closed")
    game_id = creator.client.get(tables).json()["game_id"]
    keep(_post(creator, f"/api/v1/games/{game_id}/rematch/"), "rematch_not_allowed")

    other = _post(creator, "/api/v1/tables/", {"preset": "classic"}).json()
    assert creator.client.delete(f"/api/v1/tables/{other['id']}/invite/").status_code == 200
    keep(_post(g4, f"/api/v1/invites/{other['invite']['code']}/accept/"), "invite_revoked")
    late = _post(creator, "/api/v1/tables/", {"preset": "classic"}).json()
    Table.objects.filter(pk=late["id"]).update(invite_expires_at=timezone.now() - timedelta(1))
    keep(_post(g4, f"/api/v1/invites/{late['invite']['code']}/accept/"), "invite_expired")


def _render(exc):
    request = APIRequestFactory().get("/")
    response = problem_exception_handler(exc, {"request": request, "view": None})
    return response.data


# The exception each unreachable code's raise site raises, with the arguments it passes.
RENDERED = {
    "invalid_option": lambda: game_errors.InvalidGameOption(field="think_delay_ms", value=-1),
    "invalid_ai_level": lambda: game_errors.InvalidAiLevel(
        level="genius", levels=["random", "heuristic", "expert", "master"]
    ),
    "permission_denied": exceptions.PermissionDenied,
    "not_acceptable": exceptions.NotAcceptable,
    "game_finished": game_errors.GameFinished,
    "idempotency_request_in_progress": lambda: game_errors.IdempotencyRequestInProgress(
        key="7d1c-lead"
    ),
    "invalid_game_log": game_errors.InvalidGameLog,
    "unknown_seat": lambda: engine_errors.UnknownSeat("no seat 9", seat=9),
    "invalid_deck": lambda: engine_errors.InvalidDeck(
        "the deck must be a permutation of the ruleset's deck", deck="standard_52"
    ),
    "not_moon_shooter": lambda: engine_errors.NotMoonShooter("seat 2 shot the moon", shooter=2),
    "invalid_moon_choice": lambda: engine_errors.InvalidMoonChoice(
        "choice must be one of add_to_others, subtract_from_self",
        choice="nope",
        choices=["add_to_others", "subtract_from_self"],
    ),
    "game_over": lambda: engine_errors.GameOver("the game is over"),
    "service_unavailable": lambda: OperationalError("connection refused"),
}


def _mismatches(code: str, body: dict) -> list[str]:
    documented = problem_example(code)
    volatile = VOLATILE.get(code, {})
    problems = []
    for part in ("type", "title", "status", "code"):
        if body[part] != documented[part]:
            problems.append(f"{code}.{part}: sent {body[part]!r}, documented {documented[part]!r}")
    if "detail" not in volatile and body["detail"] != documented["detail"]:
        problems.append(
            f"{code}.detail: sent {body['detail']!r}, documented {documented['detail']!r}"
        )
    if set(body["extra"]) != set(PROBLEM_TYPES[code].extra):
        problems.append(
            f"{code}.extra keys: sent {sorted(body['extra'])}, "
            f"documented {sorted(PROBLEM_TYPES[code].extra)}"
        )
    skip = set(volatile.get("extra", [])) if isinstance(volatile, dict) else set()
    for key, value in body["extra"].items():
        if key not in skip and documented["extra"].get(key) != value:
            problems.append(
                f"{code}.extra.{key}: sent {value!r}, documented {documented['extra'].get(key)!r}"
            )
    return problems


def test_every_code_is_provoked_or_explained():
    assert set(NOT_REACHABLE) <= set(PROBLEM_TYPES)
    assert set(RENDERED) <= set(NOT_REACHABLE)


def test_every_reachable_code_is_sent_as_documented(real):
    reachable = set(PROBLEM_TYPES) - set(NOT_REACHABLE)
    assert set(real) == reachable, (sorted(reachable - set(real)), sorted(set(real) - reachable))
    problems = [problem for code, body in real.items() for problem in _mismatches(code, body)]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("code", [c for c, f in RENDERED.items() if f is not None])
def test_codes_beyond_the_api_render_as_documented(code):
    body = _render(RENDERED[code]())
    assert body["code"] == code
    assert not _mismatches(code, body), _mismatches(code, body)


def test_the_415_title_is_filled_and_the_detail_names_the_media_type(anon):
    response = anon.post(
        "/api/v1/players/",
        "username=bob&password=x",
        content_type="application/x-www-form-urlencoded",
    )
    body = response.json()
    assert (response.status_code, body["code"]) == (415, "unsupported_media_type")
    assert "{" not in body["title"]
    assert body["title"] == "Unsupported media type."
    assert body["detail"] == (
        'Unsupported media type "application/x-www-form-urlencoded" in request.'
    )


def test_a_random_uuid_is_not_any_game(anon):
    response = anon.get(url(uuid.uuid4()))
    assert response.status_code == 404


def test_docs_api_md_lists_the_catalogue():
    from pathlib import Path

    from common.http.problems import markdown_table

    text = (Path(__file__).resolve().parents[2] / "docs" / "api.md").read_text()
    start = text.index("-->\n", text.index("<!-- problem-types:start")) + len("-->\n")
    end = text.index("<!-- problem-types:end -->")
    assert text[start:end] == markdown_table(), "regenerate the table (command in the marker)"
