"""Play a whole two-player game (passing on) through the Python SDK, as a third-party app would.

Two players sign up, one creates the game, the other takes the second seat, then each passes and
plays the first legal card of its own seat view until the game is over. On the way it checks
typed errors (a play out of turn, a card not held, a duplicate sign-up) and the ETag round trip.

    pip install ./sdks/python
    python sdks/python/examples/play_game.py http://127.0.0.1:8000 [name-prefix]

The last line printed is a JSON summary (tests/integration/test_sdks.py reads it).
"""

from __future__ import annotations

import json
import sys
import time

from hearts_api_client import AuthenticatedClient, Client
from hearts_api_client.api.lobby import games_create, games_list, games_seats_take, games_start
from hearts_api_client.api.play import games_moon_choose, games_passes_create, games_plays_create
from hearts_api_client.api.players import me_profile, players_sign_up
from hearts_api_client.api.rules import rules_presets_list
from hearts_api_client.api.views import games_log_export, games_retrieve
from hearts_api_client.models import (
    CommandInputRequest,
    CommandResultOutput,
    GameCreateInputRequest,
    GameCreateInputRequestOptions,
    GameViewOutput,
    MoonChoiceInputRequest,
    PassCardsInputRequest,
    PlayCardInputRequest,
    PresetEnum,
    ProblemDetails,
    SeatTakeInputRequest,
    SignUpInputRequest,
)

# The two_player preset's 28 cards (ranks 2, 4, 6, 8, 10, Q, A): a hand holds 13 of them.
SHORT_DECK = [rank + suit for suit in "CDSH" for rank in ("2", "4", "6", "8", "10", "Q", "A")]


def main(base_url: str, prefix: str) -> dict:
    anon = Client(base_url=base_url, raise_on_unexpected_status=True)
    presets = rules_presets_list.sync(client=anon)
    assert "two_player" in [p.key for p in presets.presets], presets

    def sign_up(name: str) -> AuthenticatedClient:
        body = SignUpInputRequest(username=f"{prefix}_{name}", password="correct-horse-42")
        out = players_sign_up.sync(client=anon, body=body)
        return AuthenticatedClient(base_url=base_url, token=out.token, prefix="Token", raise_on_unexpected_status=True)

    alice, bob = sign_up("alice"), sign_up("bob")
    duplicate = players_sign_up.sync(
        client=anon, body=SignUpInputRequest(username=f"{prefix}_alice", password="x-horse-42!")
    )
    assert isinstance(duplicate, ProblemDetails) and duplicate.status == 409, duplicate

    options = GameCreateInputRequestOptions.from_dict({"passing": True})
    created = games_create.sync_detailed(
        client=alice, body=GameCreateInputRequest(preset=PresetEnum.TWO_PLAYER, options=options)
    )
    assert created.status_code == 201, created
    game_id = created.parsed.game_id
    joined = games_seats_take.sync(client=bob, game_id=game_id, body=SeatTakeInputRequest())
    assert isinstance(joined, CommandResultOutput), joined
    lobby = games_list.sync(client=anon, has_open_seat=False)
    assert str(game_id) in [str(g.id) for g in lobby.results]
    started = games_start.sync(client=alice, game_id=game_id, body=CommandInputRequest())
    assert isinstance(started, CommandResultOutput), started

    clients = {0: alice, 1: bob}
    passes = plays = not_modified = 0
    problems: list[str] = []
    while True:
        view = games_retrieve.sync(client=alice, game_id=game_id)
        assert isinstance(view, GameViewOutput), view
        if view.status.value == "finished":
            break
        seat = view.to_act[0]
        client = clients[seat]
        mine = games_retrieve.sync_detailed(client=client, game_id=game_id)
        etag = mine.headers["etag"]
        again = games_retrieve.sync_detailed(client=client, game_id=game_id, if_none_match=etag)
        not_modified += again.status_code == 304
        v = mine.parsed.view
        assert mine.parsed.your_seat == seat and len(v.hand) == v.cards_left[seat]
        phase = v.phase.value
        if phase == "passing":
            result = games_passes_create.sync(
                client=client,
                game_id=game_id,
                if_match=etag,
                body=PassCardsInputRequest(cards=v.legal_cards[: v.pass_count]),
            )
            passes += 1
        elif phase == "playing":
            if plays == 0:  # typed errors: out of turn, then a card the seat does not hold
                out_of_turn = games_plays_create.sync(
                    client=clients[1 - seat],
                    game_id=game_id,
                    body=PlayCardInputRequest(card=v.legal_cards[0]),
                )
                assert isinstance(out_of_turn, ProblemDetails), out_of_turn
                assert out_of_turn.status == 422, out_of_turn
                not_held = next(c for c in SHORT_DECK if c not in v.hand)
                bad = games_plays_create.sync(client=client, game_id=game_id, body=PlayCardInputRequest(card=not_held))
                assert isinstance(bad, ProblemDetails) and bad.status == 422, bad
                problems += [out_of_turn.code, bad.code]
            result = games_plays_create.sync(
                client=client,
                game_id=game_id,
                idempotency_key=f"{game_id}-{mine.parsed.seq}",
                body=PlayCardInputRequest(card=v.legal_cards[0], expected_seq=mine.parsed.seq),
            )
            plays += 1
        else:
            result = games_moon_choose.sync(
                client=client, game_id=game_id, body=MoonChoiceInputRequest(choice="add_to_others")
            )
        assert isinstance(result, CommandResultOutput), result
        assert result.seq > mine.parsed.seq

    log = games_log_export.sync(client=anon, game_id=game_id)
    profile = me_profile.sync(client=alice)
    return {
        "game_id": str(game_id),
        "passes": passes,
        "plays": plays,
        "not_modified": not_modified,
        "problems": problems,
        "duplicate_code": duplicate.code,
        "totals": view.view.totals,
        "winners": view.view.outcome.winners,
        "log_events": len(log.events),
        "seq": view.seq,
        "alice_games": profile.stats.games,
    }


if __name__ == "__main__":
    url = sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8000"
    name_prefix = sys.argv[2] if len(sys.argv) > 2 else f"py{int(time.time() * 1000) % 10**8}"
    print(json.dumps(main(url, name_prefix)))
