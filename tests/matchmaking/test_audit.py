"""The audit side of matchmaking: append-only histories, the admin pages, Idempotency-Key on
the queue, the player_matched signal after commit."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from matchmaking import services, signals
from matchmaking.models import AppendOnlyError, TableEvent, Ticket, TicketEvent
from tests.matchmaking.conftest import queue

pytestmark = pytest.mark.django_db


def test_histories_refuse_updates_and_deletes(player):
    alice = player()
    queue(alice, "classic")
    event = TicketEvent.objects.get()
    with pytest.raises(AppendOnlyError):
        TicketEvent.objects.update(type="cancelled")
    with pytest.raises(AppendOnlyError):
        TicketEvent.objects.all().delete()
    event.type = "matched"
    with pytest.raises(AppendOnlyError):
        event.save()
    with pytest.raises(AppendOnlyError):
        event.delete()
    services.table_create(user=alice.user, preset="classic")
    with pytest.raises(AppendOnlyError):
        TableEvent.objects.update(type="started")


def test_a_retried_queue_request_answers_the_first_response(player):
    alice = player()
    first = alice.client.post(
        "/api/v1/matchmaking/queue/",
        {"preset": "classic"},
        format="json",
        HTTP_IDEMPOTENCY_KEY="play-now-1",
    )
    again = alice.client.post(
        "/api/v1/matchmaking/queue/",
        {"preset": "classic"},
        format="json",
        HTTP_IDEMPOTENCY_KEY="play-now-1",
    )
    assert (first.status_code, again.status_code) == (201, 201)
    assert again["Idempotent-Replayed"] == "true"
    assert again.json()["id"] == first.json()["id"]
    assert Ticket.objects.count() == 1


def test_player_matched_is_sent_after_commit_for_each_player(
    player, django_capture_on_commit_callbacks
):
    got = []

    def receiver(sender, **kwargs):
        got.append(kwargs)

    signals.player_matched.connect(receiver)
    try:
        players = [player() for _ in range(2)]
        for p in players:
            services.ticket_create(user=p.user, preset="two_player", wake=False)
        with django_capture_on_commit_callbacks(execute=False) as callbacks:
            (game_id,) = services.matchmaking_match()
        assert got == []  # nothing before commit
        for callback in callbacks:
            callback()
    finally:
        signals.player_matched.disconnect(receiver)
    assert sorted((g["player_id"], g["seat"]) for g in got) == [
        (players[0].id, 0),
        (players[1].id, 1),
    ]
    assert {g["game_id"] for g in got} == {game_id}


def test_the_admin_lists_tickets_and_tables_without_the_invite_code(client, player):
    alice = player()
    queue(alice, "classic")
    table = services.table_create(user=alice.user, preset="classic")
    admin = get_user_model().objects.create_superuser("root", "root@example.com", "pw-root-42")
    client.force_login(admin)
    for path in (
        "/admin/matchmaking/ticket/",
        f"/admin/matchmaking/ticket/{Ticket.objects.get().pk}/change/",
        "/admin/matchmaking/table/",
        f"/admin/matchmaking/table/{table.pk}/change/",
    ):
        response = client.get(path)
        assert response.status_code == 200, path
        assert table.invite_code not in response.content.decode()


def test_reads_have_pinned_query_counts(player, django_assert_num_queries):
    alice, bob = player(), player()
    queue(alice, "classic")
    # token, the ticket, its history, the pool's waiting count
    with django_assert_num_queries(4):
        assert alice.client.get("/api/v1/matchmaking/queue/").status_code == 200
    table = services.table_create(user=alice.user, preset="classic")
    services.invite_accept(user=bob.user, code=table.invite_code)
    # token, the table with its creator, membership check, the members
    with django_assert_num_queries(4):
        assert bob.client.get(f"/api/v1/tables/{table.pk}/").status_code == 200


def test_a_process_that_never_imported_the_tasks_can_wake_the_matcher(tmp_path, settings):
    """A web process imports no ``matchmaking/tasks.py`` (Celery autodiscovers tasks in workers
    only): the wake-up after an enqueue is sent by name and must work there."""
    import os
    import subprocess
    import sys

    code = (
        "import django; django.setup()\n"
        "import sys\n"
        "from matchmaking import services\n"
        "services._wake_matcher([0.0, 5.0])\n"
        "assert 'matchmaking.tasks' not in sys.modules, 'the probe imported the tasks module'\n"
    )
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "hearts_api.settings_test",
        # The filesystem broker in a folder of its own, whatever the run's broker: nobody reads
        # it, and the messages can be counted.
        "CELERY_BROKER_URL": "filesystem://",
        "CELERY_BROKER_DIR": str(tmp_path / "broker"),
    }
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=settings.BASE_DIR, env=env, capture_output=True,
        text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    sent = list((tmp_path / "broker").rglob("*"))
    assert len([p for p in sent if p.is_file()]) >= 2, sent
