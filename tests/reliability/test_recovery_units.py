"""In-process checks of the recovery machinery that the real-server tests (test_restarts.py)
exercise end to end: the worker's database-connection hook and the AI chain rescue sweep."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connections
from django.utils import timezone

from games import ai_queue, services
from games.models import Game
from hearts_api.celery import drop_broken_database_connections
from tests.sync.helpers import _sign_up


@pytest.mark.django_db(transaction=True)
def test_the_task_hook_replaces_a_broken_connection_and_keeps_a_healthy_one(monkeypatch):
    connection = connections["default"]
    connection.ensure_connection()
    healthy = connection.connection
    drop_broken_database_connections()
    assert connection.connection is healthy  # no reconnection per task

    connection.errors_occurred = True  # a query failed on it, e.g. the server restarted
    monkeypatch.setattr(type(connection), "is_usable", lambda self: False)
    drop_broken_database_connections()
    assert connection.connection is None  # closed: the next query opens a live one
    assert connection.errors_occurred is False
    monkeypatch.undo()
    assert Game.objects.count() == 0


@pytest.fixture
def sent(monkeypatch):
    calls = []
    monkeypatch.setattr(ai_queue, "enqueue_ai_turn", lambda **kw: calls.append(kw))
    return calls


def _game_waiting_on_ai(think_delay_ms: int = 0) -> str:
    creator, _ = _sign_up("rescue")
    created = services.game_create(
        user=creator, preset="classic", overrides={"passing": False}, take_seat=False,
        think_delay_ms=think_delay_ms,
    )  # fmt: skip
    services.seat_fill_with_ai(game_id=created.game_id, user=creator, level="random")
    services.game_start(game_id=created.game_id, user=creator)
    return str(created.game_id)


@pytest.mark.django_db(transaction=True)
def test_rescue_enqueues_a_quiet_ai_chain_once(sent, settings):
    settings.HEARTS_AI_CHAIN_BACKUP_MS = 2000
    game_id = _game_waiting_on_ai()
    game = Game.objects.get(pk=game_id)
    assert game.awaiting_ai
    sent.clear()  # the start's own enqueue

    assert services.games_rescue_ai_chains() == 0  # it only just moved: the chain is alive
    later = timezone.now() + timedelta(seconds=2.5)
    assert services.games_rescue_ai_chains(now=later) == 1
    assert sent == [{"game_id": game_id, "seat": sent[0]["seat"], "expected_seq": game.last_seq}]
    assert services.games_rescue_ai_chains(now=later) == 0  # once per (game, seq)


@pytest.mark.django_db(transaction=True)
def test_rescue_waits_for_the_think_delay_too(sent, settings):
    settings.HEARTS_AI_CHAIN_BACKUP_MS = 2000
    game_id = _game_waiting_on_ai(think_delay_ms=3000)
    sent.clear()
    assert services.games_rescue_ai_chains(now=timezone.now() + timedelta(seconds=4)) == 0
    assert services.games_rescue_ai_chains(now=timezone.now() + timedelta(seconds=5.5)) >= 1
    assert {c["game_id"] for c in sent} == {game_id}


@pytest.mark.django_db(transaction=True)
def test_a_rescue_that_could_not_be_sent_is_tried_again_on_the_next_tick(monkeypatch, settings):
    """The broker went away between beat's tick and the rescue's send: the (game, seq) is not
    marked as rescued, so the next tick sends it (else the game would wait five minutes)."""
    from kombu.exceptions import OperationalError as BrokerDown

    settings.HEARTS_AI_CHAIN_BACKUP_MS = 2000
    calls = []

    def broker_down(**kw):
        raise BrokerDown("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    monkeypatch.setattr(ai_queue, "enqueue_ai_turn", broker_down)
    game_id = _game_waiting_on_ai()
    later = timezone.now() + timedelta(seconds=2.5)
    with pytest.raises(BrokerDown):
        services.games_rescue_ai_chains(now=later)

    monkeypatch.setattr(ai_queue, "enqueue_ai_turn", lambda **kw: calls.append(kw))
    assert services.games_rescue_ai_chains(now=later) == 1
    assert [c["game_id"] for c in calls] == [game_id]
