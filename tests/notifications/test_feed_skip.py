"""A game nobody could read in a feed (no human seat, no player's event) sends no projection:
its moves cost no broker send and no worker's projection (issue 16), and the commit learns it
from memory (the play's pinned statements are unchanged: tests/perf/test_query_counts.py)."""

from __future__ import annotations

import pytest

from games import services as games_services
from games.signals import events_appended
from notifications import queue, services
from notifications.models import FeedItem, GameFeedState
from tests.api.conftest import run_ai

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def projections(monkeypatch, settings):
    """Game ids of the projection tasks sent (the task path, recorded instead of sent), and
    the ``has_humans`` of every commit's signal."""
    settings.NOTIFICATIONS_FEED_SYNC = "task"
    sent: list[str] = []
    seen: list[bool | None] = []
    monkeypatch.setattr(queue, "enqueue_feed_sync", lambda game_id: sent.append(str(game_id)))

    def listen(sender, *, has_humans=None, **kwargs):
        seen.append(has_humans)

    events_appended.connect(listen, dispatch_uid="test.feed_skip")
    yield sent, seen
    events_appended.disconnect(dispatch_uid="test.feed_skip")


def _ai_game(creator, preset="two_player"):
    game = games_services.game_create(
        user=creator, preset=preset, overrides={"target": 8}, take_seat=False
    )
    games_services.seat_fill_with_ai(game_id=game.game_id, user=creator, level="random")
    games_services.game_start(game_id=game.game_id, user=creator)
    return game.game_id


def test_an_all_ai_game_sends_projections_only_for_its_creators_commands(
    django_user_model, projections
):
    sent, seen = projections
    creator = django_user_model.objects.create_user("spectating-creator")
    game_id = _ai_game(creator)
    assert sent == [game_id] * 3  # create, fill, start: the creator reads their own events
    moves = run_ai(game_id)
    assert moves > 20
    assert seen[3:] == [False] * moves
    assert sent == [game_id] * 3  # no move sent one
    # The sweeper leaves such a game alone too (nobody has a feed of it).
    assert services.feed_sync_behind() == 0
    assert not GameFeedState.objects.filter(game_id=game_id).exists()


def test_a_game_with_a_human_seat_sends_one_per_commit(django_user_model, projections):
    sent, seen = projections
    creator = django_user_model.objects.create_user("playing-creator")
    game = games_services.game_create(
        user=creator, preset="two_player", overrides={"target": 8}, take_seat=True
    )
    games_services.seat_fill_with_ai(game_id=game.game_id, user=creator, level="random")
    games_services.game_start(game_id=game.game_id, user=creator)
    run_ai(game.game_id)
    assert len(sent) == len(seen) >= 3
    assert False not in seen  # the creation (store.append) does not know: None
    services.feed_sync_game(game_id=game.game_id)
    assert FeedItem.objects.filter(player=creator, game_id=game.game_id).exists()
