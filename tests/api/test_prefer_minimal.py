"""``Prefer: return=minimal`` on commands: the seq and the events without the caller's view (the
server does not render it), ``Preference-Applied`` and the ETag of the view one GET away; the
default answer is unchanged; replays of an Idempotency-Key answer what the first request did."""

from __future__ import annotations

import pytest

from games.apis import prefers_minimal
from games.engine import PRESETS
from tests.api.conftest import deck_for_hands, seated_table, url, view
from tests.api.test_moves import HANDS

pytestmark = pytest.mark.django_db

MINIMAL = {"HTTP_PREFER": "return=minimal"}


@pytest.fixture
def table(player, rigged_deals):
    rigged_deals.append(deck_for_hands(PRESETS["classic"].to_dict(), HANDS))
    return seated_table(player, "classic", options={"passing": False})


def test_a_minimal_play_answers_seq_and_events_and_the_views_etag(table):
    game_id, (s0, s1, *_rest) = table
    response = s0.client.post(url(game_id, "plays"), {"card": "2C"}, format="json", **MINIMAL)
    assert response.status_code == 200, response.content
    body = response.json()
    assert set(body) == {"game_id", "seq", "events"}
    assert response["Preference-Applied"] == "return=minimal"
    assert "Prefer" in response["Vary"]
    got = s0.client.get(url(game_id))
    assert response["ETag"] == got["ETag"]
    assert body["seq"] == got.json()["seq"]
    assert [e["type"] for e in body["events"]] == ["card_played"]
    assert body["events"][0]["payload"]["card"] == "2C"
    feed = s0.client.get(url(game_id, "events") + f"?after={body['seq'] - 1}").json()
    assert body["events"] == feed["events"]
    # the next player's default answer is the full one, as before
    full = s1.client.post(url(game_id, "plays"), {"card": "7C"}, format="json")
    assert full.status_code == 200
    assert set(full.json()) == {"game_id", "seq", "events", "game"}
    assert "Preference-Applied" not in full
    assert full["ETag"] == s1.client.get(url(game_id))["ETag"]
    # the GET view also shows the seats' ratings, which a move's answer leaves out
    shown = view(s1, game_id)
    for seat in shown["seats"]:
        seat.pop("rating")
    assert full.json()["game"] == shown


def test_a_replay_of_a_minimal_command_answers_the_same(table):
    game_id, (s0, *_rest) = table
    headers = {**MINIMAL, "HTTP_IDEMPOTENCY_KEY": "play-2c-once"}
    first = s0.client.post(url(game_id, "plays"), {"card": "2C"}, format="json", **headers)
    again = s0.client.post(url(game_id, "plays"), {"card": "2C"}, format="json", **headers)
    assert first.status_code == again.status_code == 200
    assert again["Idempotent-Replayed"] == "true"
    assert again.json() == first.json()
    assert set(again.json()) == {"game_id", "seq", "events"}  # the ETag stays out of the body
    assert again["ETag"] == first["ETag"] == s0.client.get(url(game_id))["ETag"]
    assert again["Preference-Applied"] == "return=minimal"
    assert view(s0, game_id)["seq"] == first.json()["seq"]  # played once


def test_a_rejected_minimal_play_is_the_same_problem(table):
    game_id, (_s0, s1, *_rest) = table
    response = s1.client.post(url(game_id, "plays"), {"card": "7C"}, format="json", **MINIMAL)
    assert response.status_code == 422
    assert response.json()["code"] == "not_your_turn"
    assert "Preference-Applied" not in response


@pytest.mark.parametrize(
    ("header", "minimal"),
    [
        ("return=minimal", True),
        ("RETURN=Minimal", True),
        ('return="minimal"', True),
        ("respond-async, return=minimal", True),
        ("return=minimal; foo=bar", True),
        ("return=representation", False),
        ("return=minimalist", False),
        ("handling=lenient", False),
        ("", False),
    ],
)
def test_the_prefer_header_is_read_as_rfc_7240_says(rf, header, minimal):
    request = rf.post("/", HTTP_PREFER=header) if header else rf.post("/")
    assert prefers_minimal(request) is minimal
