"""A human plays a whole game over HTTP against three AI seats moved by a real Celery worker.

The human is a plain HTTP client of ``live_server`` (token auth, the documented endpoints only);
the AI seats move only in the worker process, never inside the human's requests. At the end the
log verifies and no move was appended twice.
"""

from __future__ import annotations

import time

import httpx
import pytest

from games import store
from games.models import GameEvent

pytestmark = pytest.mark.integration

TIMEOUT_S = 240


@pytest.mark.usefixtures("transactional_db")
def test_a_human_plays_a_game_to_the_end_against_three_ai_seats(live_server, celery_worker_process):
    api = f"{live_server.url}/api/v1"
    with httpx.Client(timeout=30) as http:
        token = http.post(
            f"{api}/players/", json={"username": "ada", "password": "queen-of-spades-13"}
        ).json()["token"]
        http.headers["Authorization"] = f"Token {token}"
        created = http.post(f"{api}/games/", json={"preset": "classic", "options": {"target": 30}})
        assert created.status_code == 201, created.text
        game_id = created.json()["game_id"]
        filled = http.post(f"{api}/games/{game_id}/ai-seats/", json={"level": "heuristic"})
        assert filled.status_code == 200, filled.text
        started = http.post(f"{api}/games/{game_id}/start/", json={})
        assert started.status_code == 200, started.text

        human_moves = 0
        deadline = time.monotonic() + TIMEOUT_S
        while time.monotonic() < deadline:
            game = http.get(f"{api}/games/{game_id}/").json()
            view = game["view"]
            if game["status"] == "finished":
                break
            if view["to_act"] != [0] and not (0 in view["to_act"] and view["phase"] == "passing"):
                time.sleep(0.05)  # the AI seats are moving in the worker
                continue
            seq = game["seq"]
            if view["phase"] == "passing":
                response = http.post(
                    f"{api}/games/{game_id}/passes/",
                    json={"cards": view["hand"][: view["pass_count"]], "expected_seq": seq},
                )
            elif view["phase"] == "moon_choice":
                response = http.post(
                    f"{api}/games/{game_id}/moon/",
                    json={"choice": "add_to_others", "expected_seq": seq},
                )
            else:
                response = http.post(
                    f"{api}/games/{game_id}/plays/",
                    json={"card": view["legal_cards"][-1], "expected_seq": seq},
                )
            # 409: an AI seat moved between our read and our move (passing): read again.
            assert response.status_code in (200, 409), response.text
            human_moves += response.status_code == 200
        assert game["status"] == "finished", f"game stuck at seq {game['seq']}"

    assert view["outcome"]["totals"] == view["totals"]
    assert max(view["totals"]) >= 30
    assert human_moves >= 13  # at least a whole hand of the human's cards
    rows = list(
        GameEvent.objects.filter(game_id=game_id).values(
            "actor_kind", "type", "payload", "created_at"
        )
    )
    # The AI moves were stored by the worker in commits of their own (each command stamps its
    # events with one time), never inside the human's requests. (The human may never have had to
    # wait: an AI chain answers within milliseconds.)
    human_commits = {r["created_at"] for r in rows if r["actor_kind"] == "player"}
    assert not human_commits & {r["created_at"] for r in rows if r["actor_kind"] == "ai"}
    ai_plays = [r for r in rows if r["actor_kind"] == "ai" and r["type"] == "card_played"]
    human_plays = [r for r in rows if r["actor_kind"] == "player" and r["type"] == "card_played"]
    assert len(ai_plays) == 3 * len(human_plays)  # every trick: one human card, three AI cards
    assert store.verify_game(game_id) == []
