"""The feed projection under real concurrency: the syncs of several games that share their
players run at once (threads released together, a connection each), new players' feed counters
included, and every player's feed still has every event of their games once, at positions
1..n without a gap, with no deadlock."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connection

from games import services
from games.models import GameEvent
from notifications import services as feed_services
from notifications.models import FeedItem, GameFeedState, PlayerFeed
from players.services import player_sign_up

pytestmark = pytest.mark.django_db(transaction=True)

GAMES = 4


def _sync_in_thread(barrier: threading.Barrier, game_id: str) -> int:
    try:
        barrier.wait(10)
        return feed_services.feed_sync_game(game_id=game_id)
    finally:
        connection.close()


def test_concurrent_syncs_of_games_sharing_players_give_each_feed_every_event_once(
    monkeypatch,
):
    users = [
        player_sign_up(username=f"racer{i}", password="correct-horse-battery-9")[0]
        for i in range(4)
    ]
    games = []
    with monkeypatch.context() as lost:  # no projection while the games are made
        lost.setattr(feed_services, "feed_sync_game", lambda **kwargs: 0)
        for g in range(GAMES):
            order = users[g:] + users[:g]  # each game seats them in another order
            created = services.game_create(user=order[0], preset="classic")
            for user in order[1:]:
                services.seat_take(game_id=created.game_id, user=user)
            services.game_start(game_id=created.game_id, user=order[0])
            games.append(str(created.game_id))
    assert not PlayerFeed.objects.exists()  # their counters do not exist yet
    assert not GameFeedState.objects.exists()

    barrier = threading.Barrier(GAMES)
    with ThreadPoolExecutor(GAMES) as pool:
        written = list(pool.map(lambda g: _sync_in_thread(barrier, g), games))

    events = {g: GameEvent.objects.filter(game_id=g).count() for g in games}
    assert written == [4 * events[g] for g in games]
    expected = sum(events.values())
    for user in users:
        positions = list(
            FeedItem.objects.filter(player=user).order_by("pos").values_list("pos", flat=True)
        )
        assert positions == list(range(1, expected + 1)), user.username
        per_game = FeedItem.objects.filter(player=user).values_list("game_id", "event__seq")
        assert sorted((str(g), s) for g, s in per_game) == sorted(
            (g, s) for g in games for s in range(1, events[g] + 1)
        )
        assert PlayerFeed.objects.get(player=user).last_pos == expected
    # Again, concurrently: nothing new to write.
    barrier = threading.Barrier(GAMES)
    with ThreadPoolExecutor(GAMES) as pool:
        assert list(pool.map(lambda g: _sync_in_thread(barrier, g), games)) == [0] * GAMES
