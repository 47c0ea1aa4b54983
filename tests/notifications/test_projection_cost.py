"""What the feed projection costs per commit: a fixed number of queries, whatever the number of
events in the batch (pinned), so a long AI chain or a backlog costs no more statements."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from notifications import services
from notifications.models import EventType, FeedItem, GameFeedState, NotificationEvent
from tests.api.conftest import GameDriver, run_ai, seated_table

pytestmark = pytest.mark.django_db(transaction=True)


def _sync_queries(game_id, synced_seq) -> tuple[int, int]:
    GameFeedState.objects.filter(game_id=game_id).update(synced_seq=synced_seq)
    FeedItem.objects.filter(game_id=game_id, event__seq__gt=synced_seq).delete()
    with CaptureQueriesContext(connection) as ctx:
        written = services.feed_sync_game(game_id=game_id)
    return written, len(ctx.captured_queries)


@pytest.mark.parametrize("humans", [1, 4])
def test_a_sync_costs_the_same_queries_for_one_event_or_many(player, humans):
    game_id, players = seated_table(player, humans=humans)
    driver = GameDriver(game_id, players)
    for _ in range(24):  # the passes and a few tricks: dozens of events after the start
        driver.step()
    run_ai(game_id)
    last = GameFeedState.objects.get(game_id=game_id).synced_seq
    assert last > 20
    one = _sync_queries(game_id, last - 1)
    many = _sync_queries(game_id, last - 20)
    assert one[0] == humans
    assert many[0] == 20 * humans
    # BEGIN, the game with its feed state (locked) and its seats in one SELECT, the events, the
    # players' feed counters (one upsert: locked and moved on together), the items, the state
    # save, COMMIT: 7 statements for 1 event or 20, for one human or four (no notification is
    # new here: the turn was announced already)
    assert one[1] == many[1] == 7


def test_a_sync_that_announces_a_turn_stores_it_in_three_more_statements(player):
    game_id, players = seated_table(player, humans=4)
    driver = GameDriver(game_id, players)
    for _ in range(6):
        driver.step()
    last = GameFeedState.objects.get(game_id=game_id).synced_seq
    NotificationEvent.objects.filter(game_id=game_id).delete()
    GameFeedState.objects.filter(game_id=game_id).update(turn_announced=[])
    written, queries = _sync_queries(game_id, last - 1)
    assert written == 4
    stored = NotificationEvent.objects.get(game_id=game_id)
    assert stored.type == EventType.YOUR_TURN
    # the 7 above, then the new "your turn": its insert (one INSERT ... ON CONFLICT DO NOTHING
    # RETURNING, no lookup first), the player's preferences and their webhook endpoints
    assert queries == 10
    # Once more: stored already (the insert returns nothing), nothing more is read.
    GameFeedState.objects.filter(game_id=game_id).update(turn_announced=[])
    assert _sync_queries(game_id, last - 1) == (4, 8)
    assert NotificationEvent.objects.filter(game_id=game_id).count() == 1
