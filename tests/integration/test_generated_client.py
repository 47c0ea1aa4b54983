"""A Python client generated from the committed openapi.yaml plays a whole game over real HTTP.

The generator (openapi-python-client, a standard OpenAPI generator) is installed once into a
cached venv under ``var/`` (never committed; pip's registry is reachable on every machine of this
project); the client is generated into a tmp dir on every run, so a change of openapi.yaml that
breaks generated clients fails here. The game is played by a script that runs in that venv
(httpx, attrs and python-dateutil are what generated clients need) against ``live_server``.
"""

from __future__ import annotations

import json
import os
import subprocess
import textwrap

import pytest
from rest_framework.test import APIClient

from tests.integration.generated_client import generate_client as _generate

OPEN_RATES = {"anon": None, "user": None, "signup": None, "token": None, "moves": None}

CLIENT_SCRIPT = textwrap.dedent(
    """
    import json, sys
    from hearts_api_client import AuthenticatedClient, Client
    from hearts_api_client.api.lobby import games_create, games_list, games_seats_take, games_start
    from hearts_api_client.api.play import (
        games_moon_choose, games_passes_create, games_plays_create,
    )
    from hearts_api_client.api.players import me_profile, players_sign_up
    from hearts_api_client.api.rules import rules_presets_list
    from hearts_api_client.api.views import games_log_export, games_retrieve
    from hearts_api_client.models import (
        CommandInputRequest, CommandResultOutput, GameCreateInputRequest, GameViewOutput,
        MoonChoiceInputRequest, PassCardsInputRequest, PlayCardInputRequest, PresetEnum,
        ProblemDetails, SeatTakeInputRequest, SignUpInputRequest,
    )

    base_url = sys.argv[1]
    anon = Client(base_url=base_url, raise_on_unexpected_status=True)
    presets = rules_presets_list.sync(client=anon)
    assert "two_player" in [p.key for p in presets.presets], presets

    def sign_up(name):
        out = players_sign_up.sync(
            client=anon, body=SignUpInputRequest(username=name, password="correct-horse-42"))
        return AuthenticatedClient(base_url=base_url, token=out.token, prefix="Token",
                                   raise_on_unexpected_status=True)

    alice, bob = sign_up("alice"), sign_up("bob")
    created = games_create.sync_detailed(
        client=alice, body=GameCreateInputRequest(preset=PresetEnum.TWO_PLAYER))
    assert created.status_code == 201, created
    game_id = created.parsed.game_id
    joined = games_seats_take.sync(client=bob, game_id=game_id, body=SeatTakeInputRequest())
    assert isinstance(joined, CommandResultOutput), joined
    lobby = games_list.sync(client=anon, has_open_seat=False)
    assert str(game_id) in [str(g.id) for g in lobby.results]
    started = games_start.sync(client=alice, game_id=game_id, body=CommandInputRequest())
    assert isinstance(started, CommandResultOutput), started

    clients = {0: alice, 1: bob}
    moves = errors = not_modified = 0
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
        phase = v.phase.value
        if phase == "passing":
            result = games_passes_create.sync(
                client=client, game_id=game_id, if_match=etag,
                body=PassCardsInputRequest(cards=v.legal_cards[: v.pass_count]))
        elif phase == "playing":
            if moves == 3:  # a card the seat does not hold: a problem, not an exception
                bad = games_plays_create.sync(
                    client=client, game_id=game_id,
                    body=PlayCardInputRequest(card=next(c for c in ["2C", "AS", "QH", "10D"]
                                                       if c not in v.hand)))
                assert isinstance(bad, ProblemDetails), bad
                assert bad.status == 422 and bad.code in ("card_not_in_hand", "card_not_in_deck")
                errors += 1
            result = games_plays_create.sync(
                client=client, game_id=game_id, idempotency_key=f"move-{mine.parsed.seq}",
                body=PlayCardInputRequest(card=v.legal_cards[0], expected_seq=mine.parsed.seq))
        else:
            result = games_moon_choose.sync(
                client=client, game_id=game_id,
                body=MoonChoiceInputRequest(choice="add_to_others"))
        assert isinstance(result, CommandResultOutput), result
        assert result.seq > mine.parsed.seq
        moves += 1

    log = games_log_export.sync(client=anon, game_id=game_id)
    profile = me_profile.sync(client=alice)
    print(json.dumps({
        "game_id": str(game_id), "moves": moves, "errors": errors, "not_modified": not_modified,
        "totals": view.view.totals, "winners": view.view.outcome.winners,
        "log_events": len(log.events), "alice_games": profile.stats.games,
    }))
    """
)


SOCIAL_SCRIPT = textwrap.dedent(
    """
    import json, sys, time
    from hearts_api_client import AuthenticatedClient, Client
    from hearts_api_client.api.matchmaking import (
        invites_accept, invites_detail, matchmaking_queue_join, matchmaking_queue_status,
        tables_create, tables_detail, tables_start,
    )
    from hearts_api_client.api.players import players_sign_up
    from hearts_api_client.api.views import games_retrieve
    from hearts_api_client.models import (
        GameViewOutput, PresetEnum, ProblemDetails, QueueJoinInputRequest, SignUpInputRequest,
        TableCreateInputRequest, TableOutput, TableStartInputRequest, TicketOutput,
    )

    base_url = sys.argv[1]
    anon = Client(base_url=base_url, raise_on_unexpected_status=True)

    def sign_up(name):
        out = players_sign_up.sync(
            client=anon, body=SignUpInputRequest(username=name, password="correct-horse-42"))
        return AuthenticatedClient(base_url=base_url, token=out.token, prefix="Token",
                                   raise_on_unexpected_status=True)

    carol, dave = sign_up("carol"), sign_up("dave")
    # Play now: both queue for a two-player game, the matcher (a worker) seats them together.
    for client in (carol, dave):
        ticket = matchmaking_queue_join.sync(
            client=client, body=QueueJoinInputRequest(preset=PresetEnum.TWO_PLAYER))
        assert isinstance(ticket, TicketOutput) and ticket.status.value == "waiting", ticket
        if client is carol:  # alone in the queue: queueing twice is a typed 409
            again = matchmaking_queue_join.sync(
                client=carol, body=QueueJoinInputRequest(preset=PresetEnum.TWO_PLAYER))
            assert isinstance(again, ProblemDetails) and again.code == "already_queued", again
    deadline = time.monotonic() + 60
    tickets = {}
    while time.monotonic() < deadline and len(tickets) < 2:
        for name, client in (("carol", carol), ("dave", dave)):
            status = matchmaking_queue_status.sync(client=client)
            if status.status.value == "matched":
                tickets[name] = status
        time.sleep(0.2)
    assert len(tickets) == 2, tickets
    quick_game = tickets["carol"].game_id
    assert tickets["dave"].game_id == quick_game
    assert {tickets["carol"].seat, tickets["dave"].seat} == {0, 1}
    view = games_retrieve.sync(client=dave, game_id=quick_game)
    assert isinstance(view, GameViewOutput) and view.status.value == "active", view
    assert view.your_seat == tickets["dave"].seat

    # A private table: carol creates it, dave joins by the invite code, carol starts it.
    table = tables_create.sync(
        client=carol, body=TableCreateInputRequest(preset=PresetEnum.TWO_PLAYER))
    assert isinstance(table, TableOutput), table
    code = table.invite.code
    preview = invites_detail.sync(client=dave, code=code)
    assert preview.creator == "carol", preview
    joined = invites_accept.sync(client=dave, code=code)
    assert [m.display_name for m in joined.members] == ["carol", "dave"], joined
    twice = invites_accept.sync(client=dave, code=code)
    assert isinstance(twice, ProblemDetails) and twice.code == "already_at_table", twice
    started = tables_start.sync(client=carol, table_id=table.id, body=TableStartInputRequest())
    assert isinstance(started, TableOutput) and started.status.value == "started", started
    seen = tables_detail.sync(client=dave, table_id=table.id)
    private_view = games_retrieve.sync(client=dave, game_id=seen.game_id)
    print(json.dumps({
        "quick_game": str(quick_game), "private_game": str(seen.game_id),
        "private_seat": private_view.your_seat, "private_status": private_view.status.value,
    }))
    """
)


@pytest.mark.integration
@pytest.mark.django_db(transaction=True)
def test_generated_python_client_plays_a_whole_game(live_server, tmp_path, settings):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": OPEN_RATES}
    venv = _generate(tmp_path)
    assert (tmp_path / "hearts_api_client" / "api" / "play" / "games_plays_create.py").exists()

    script = tmp_path / "play.py"
    script.write_text(CLIENT_SCRIPT)
    run = subprocess.run(
        [str(venv / "bin" / "python"), str(script), live_server.url],
        capture_output=True, text=True, timeout=600,
        env={**os.environ, "PYTHONPATH": str(tmp_path)},
    )  # fmt: skip
    assert run.returncode == 0, run.stdout[-5000:] + run.stderr[-5000:]
    summary = json.loads(run.stdout.strip().splitlines()[-1])

    assert summary["moves"] > 26
    assert summary["errors"] == 1
    assert summary["not_modified"] == summary["moves"]
    assert max(summary["totals"]) >= 50
    assert summary["alice_games"] == 1
    final = APIClient().get(f"/api/v1/games/{summary['game_id']}/").json()
    assert final["status"] == "finished"
    assert final["view"]["totals"] == summary["totals"]
    assert summary["log_events"] == final["seq"]


@pytest.mark.integration
@pytest.mark.django_db(transaction=True)
def test_generated_python_client_finds_a_game_and_joins_a_private_table(
    live_server, celery_worker_process, tmp_path, settings
):
    """Quick play and invites from openapi.yaml alone: the matcher is the real Celery task,
    sent by the enqueue and run by a real worker."""
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": OPEN_RATES}
    venv = _generate(tmp_path)
    script = tmp_path / "social.py"
    script.write_text(SOCIAL_SCRIPT)
    run = subprocess.run(
        [str(venv / "bin" / "python"), str(script), live_server.url],
        capture_output=True, text=True, timeout=300,
        env={**os.environ, "PYTHONPATH": str(tmp_path)},
    )  # fmt: skip
    assert run.returncode == 0, run.stdout[-5000:] + run.stderr[-5000:]
    summary = json.loads(run.stdout.strip().splitlines()[-1])
    assert summary["private_seat"] == 1
    assert summary["private_status"] == "active"
    game = APIClient().get(f"/api/v1/games/{summary['quick_game']}/").json()
    assert [s["display_name"] for s in game["seats"]] == ["carol", "dave"]
