from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from django.db import connection, transaction
from django.utils import timezone

from games import aggregate as agg_mod
from games import services, store
from games.models import GameSnapshot, Seat
from tests.services.conftest import enqueued  # noqa: F401 - shared fixture
from tests.services.helpers import make_user, play_humans


@pytest.fixture
def empty_recent():
    """The process's recent aggregates (``store.recent``) empty before and after the test."""
    store.recent.clear()
    yield store.recent
    store.recent.clear()


def full_replay(game_id) -> dict:
    """The game's state replayed from its first event (no snapshot, no cache), as a dict."""
    return agg_mod.aggregate_to_dict(store.load(game_id, use_snapshots=False).aggregate)


def is_postgres() -> bool:
    return connection.vendor == "postgresql"


def new_game(*, hands: int = 1, target: int = 100, preset: str = "classic"):
    """A game of human seats driven with legal moves until hand ``hands + 1`` is dealt (or the
    game ends). Returns (game_id, users by seat).

    The first game of each kind in a test session is played through the services; later ones
    are copies of its log for new users (``_Recording``): the same facts, appended through
    ``store.append`` with the same snapshots, at a fraction of the cost of playing again."""
    key = (hands, target, preset, store.snapshot_every())
    recording = _RECORDINGS.get(key)
    if recording is not None:
        return recording.copy()
    game_id, users = _play(hands=hands, target=target, preset=preset)
    _RECORDINGS[key] = _Recording.of(game_id, users)
    return game_id, users


def _play(*, hands: int, target: int, preset: str):
    from games import engine

    seats = engine.RuleSet.from_preset(preset).seats
    users = [make_user() for _ in range(seats)]
    game = services.game_create(user=users[0], preset=preset, overrides={"target": target})
    for user in users[1:]:
        services.seat_take(game_id=game.game_id, user=user)
    services.game_start(game_id=game.game_id, user=users[0])
    play_humans(game.game_id, dict(enumerate(users)), stop=lambda a: a.state.hand_number > hands)
    return game.game_id, users


@dataclass(frozen=True)
class _Recording:
    """A played game's log (payloads, actors, times) and the seqs of its snapshots."""

    rows: tuple[dict[str, Any], ...]
    snapshot_seqs: tuple[int, ...]
    player_ids: tuple[int, ...]  # the users of the recording, by seat

    @classmethod
    def of(cls, game_id: Any, users: list[Any]) -> _Recording:
        snaps = GameSnapshot.objects.filter(game_id=game_id).values_list("seq", flat=True)
        return cls(tuple(store.event_rows(game_id)), tuple(snaps), tuple(u.pk for u in users))

    def copy(self) -> tuple[str, list[Any]]:
        """The same game for new users: their ids and names stand in the payloads and actors
        where the recording's were; hashes, signatures and snapshots are made anew."""
        users = [make_user() for _ in self.player_ids]
        ids = {old: user.pk for old, user in zip(self.player_ids, users, strict=True)}
        names = {user.pk: user.get_username() for user in users}
        now = timezone.now()
        shift = now - self.rows[0]["created_at"]
        events, agg, states = [], None, {}
        for row in self.rows:
            payload = dict(row["payload"])
            for key in ("player_id", "creator_id"):
                if key in payload:
                    payload[key] = ids.get(payload[key], payload[key])
            if row["type"] == "seat_taken":
                payload["display_name"] = names[payload["player_id"]]
            actor = store.Actor(
                row["actor_kind"], ids.get(row["actor_player_id"]), row["actor_seat"]
            )
            events.append(
                store.NewEvent(
                    row["type"],
                    payload,
                    actor,
                    row["schema_version"],
                    created_at=row["created_at"] + shift,
                )
            )
            agg = agg_mod.evolve(
                agg, row["type"], store.upcast(row["type"], row["schema_version"], payload)
            )
            if row["seq"] in self.snapshot_seqs:
                states[row["seq"]] = agg
        with transaction.atomic():
            game = store.create_game_row(
                rules=agg.rules, creator_id=agg.creator_id, options=agg.options, now=now
            )
            Seat.objects.bulk_create([Seat(game=game, index=i) for i in range(len(agg.seats))])
            store.append(game, expected_seq=0, events=events, now=now)
            store.sync_read_model(game, None, agg, now=now)
            for state in states.values():
                store.save_snapshot(game.pk, state)
        return str(game.pk), users


_RECORDINGS: dict[tuple[Any, ...], _Recording] = {}


@pytest.fixture
def played(db, enqueued):  # noqa: F811
    """A classic game one hand in (hand 2 dealt)."""
    return new_game(hands=1)[0]
