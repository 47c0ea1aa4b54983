"""Commands of the notifications app; each owns its transaction (docs/notifications.md).

Feed projection
    ``feed_sync_game`` brings one game's feed items, "your turn" announcements and the
    notifications they cause up to the game's last seq. It runs after every commit that appends
    events (the ``games.signals.events_appended`` receiver sends it to a worker: on a Redis
    broker ``feed_sync_drain`` projects every game due in one task), and from the beat sweeper
    for any game it finds behind (a process lost between commit and receiver), so every event
    reaches the feed exactly once (unique (player, event)) and every notification is made once
    (stable ids).

Webhooks
    ``webhook_endpoint_create`` / ``_update`` / ``_rotate_secret`` / ``_delete``; deliveries are
    made by ``webhook_attempt`` (one HTTP attempt, called by the Celery task), retried with
    exponential backoff up to ``HEARTS_WEBHOOK_MAX_ATTEMPTS`` attempts; an endpoint whose
    attempts keep failing (``HEARTS_WEBHOOK_DISABLE_AFTER`` in a row) is disabled.
    ``webhook_redeliver`` sends one delivery once more, now.
"""

from __future__ import annotations

import base64
import json
import logging
import secrets
import time
import uuid
from collections.abc import Mapping
from datetime import datetime, timedelta
from functools import cache
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import InterfaceError, OperationalError, connection, connections, transaction
from django.db.models import Exists, F, OuterRef, Q
from django.utils import timezone
from standardwebhooks.webhooks import Webhook

from common import sqlrows
from games import store
from games.models import Game, GameEvent, Seat
from notifications import mobile, outbound, push, queue
from notifications.errors import (
    DeviceNotFound,
    MobilePushNotConfigured,
    PushNotConfigured,
    PushSubscriptionNotFound,
    WebhookDeliveryNotFound,
    WebhookEndpointDisabled,
    WebhookEndpointNotFound,
)
from notifications.models import (
    EventType,
    FeedItem,
    GameFeedState,
    MobileDevice,
    NotificationEvent,
    NotificationPreferences,
    PlayerFeed,
    PushDelivery,
    PushSubscription,
    WebhookAttempt,
    WebhookDelivery,
    WebhookEndpoint,
)

logger = logging.getLogger(__name__)

_ID_NAMESPACE = uuid.UUID("6b1f3c1e-2f7a-4d8e-9a55-4c0f8e6b7d21")
SYNC_BATCH = 1000
ACTIVE = Game.Status.ACTIVE
EVENT_FIELDS = ("id", "seq", "type", "schema_version", "payload", "created_at", "actor_player_id")


def _setting(name: str, default: Any) -> Any:
    return getattr(settings, name, default)


def notification_id(*parts: Any) -> str:
    """A stable notification id (the Standard Webhooks ``webhook-id``): the same occurrence
    always gets the same id, so receivers de-duplicate retries and resyncs on it."""
    return "msg_" + uuid.uuid5(_ID_NAMESPACE, ":".join(str(p) for p in parts)).hex


# ---------------------------------------------------------------------- feed projection
# A move's projection runs in a worker after every commit, and through the ORM most of its CPU
# was the ORM compiling its queries again on every sync (docs/benchmarks.md, findings 26 and
# 28). Its hot statements are therefore plain SQL built once from the models (``common.sqlrows``:
# tables and columns from the models, values as parameters, the ORM's converters on the rows
# read); the rare ones (a game's first sync) stay ORM calls.
GAME_FIELDS = ("id", "preset", "status", "last_seq", "to_act", "last_event_at")
STATE_FIELDS = ("synced_seq", "turn_announced")
SEAT_FIELDS = ("index", "player_id", "handed_to_ai", "resigned")
FEED_ITEM_FIELDS = ("player", "pos", "game", "event", "seat")


@cache
def _game_and_state_sql(db: str) -> str:
    """The game, its feed state and its human seats (one row per seat, by index; one row of
    NULL seat columns if none) in ONE statement. On PostgreSQL the feed state's row is locked
    (``FOR UPDATE OF`` it alone: the game and seats are only read), and it is an inner join:
    no row means no game or no feed state yet. SQLite has no row locks: its writers are
    serialised (``BEGIN IMMEDIATE``)."""
    connection = connections[db]
    g, f, s = (sqlrows.table(m, db) for m in (Game, GameFeedState, Seat))
    lock = f" FOR UPDATE OF {f}" if connection.features.has_select_for_update_of else ""
    return (
        f"SELECT {sqlrows.values(Game, GAME_FIELDS, db, Game._meta.db_table).sql}, "
        f"{sqlrows.values(GameFeedState, STATE_FIELDS, db, GameFeedState._meta.db_table).sql}, "
        f"{sqlrows.values(Seat, SEAT_FIELDS, db, Seat._meta.db_table).sql} "
        f"FROM {g} INNER JOIN {f} ON {f}.{sqlrows.column(GameFeedState, 'game', db)} = "
        f"{g}.{sqlrows.column(Game, 'id', db)} "
        f"LEFT JOIN {s} ON {s}.{sqlrows.column(Seat, 'game', db)} = "
        f"{g}.{sqlrows.column(Game, 'id', db)} AND {s}.{sqlrows.column(Seat, 'kind', db)} = %s "
        f"AND {s}.{sqlrows.column(Seat, 'player', db)} IS NOT NULL "
        f"WHERE {g}.{sqlrows.column(Game, 'id', db)} = %s "
        f"ORDER BY {s}.{sqlrows.column(Seat, 'index', db)}{lock}"
    )


def _game_and_state(
    game_id: Any,
) -> tuple[dict[str, Any], dict[str, Any], list[dict[str, Any]]] | None:
    """(game, feed state, human seats) of ``game_id`` as dicts, the state's row locked for this
    transaction; None for an unknown game. A game's first sync creates its state (an insert
    that skips a conflict with a concurrent first sync), then reads again."""
    db = connection.alias
    game_cols = sqlrows.values(Game, GAME_FIELDS, db, Game._meta.db_table)
    state_cols = sqlrows.values(GameFeedState, STATE_FIELDS, db, GameFeedState._meta.db_table)
    seat_cols = sqlrows.values(Seat, SEAT_FIELDS, db, Seat._meta.db_table)
    params = [Seat.Kind.HUMAN.value, sqlrows.param(Game, "id", game_id, db)]

    def read() -> list[tuple[Any, ...]]:
        with connection.cursor() as cursor:
            cursor.execute(_game_and_state_sql(db), params)
            return cursor.fetchall()

    rows = read()
    if not rows:  # no such game, or its first sync
        if not Game.objects.filter(pk=game_id).exists():
            return None
        GameFeedState.objects.bulk_create([GameFeedState(game_id=game_id)], ignore_conflicts=True)
        rows = read()
        if not rows:
            return None
    state_at = len(game_cols)
    seats_at = state_at + len(state_cols)
    game = game_cols.dict(rows[0][:state_at])
    state = state_cols.dict(rows[0][state_at:seats_at])
    seats = [seat_cols.dict(row[seats_at:]) for row in rows if row[seats_at] is not None]
    return game, state, seats


def _new_events(game_id: Any, after: int, upto: int) -> list[dict[str, Any]]:
    """The game's events after seq ``after`` up to ``upto``, by seq, at most ``SYNC_BATCH``."""
    db = connection.alias
    cols = sqlrows.values(GameEvent, EVENT_FIELDS, db, GameEvent._meta.db_table)
    seq = sqlrows.column(GameEvent, "seq", db)
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT {cols.sql} FROM {sqlrows.table(GameEvent, db)} "
            f"WHERE {sqlrows.column(GameEvent, 'game', db)} = %s AND {seq} > %s AND {seq} <= %s "
            f"ORDER BY {seq} LIMIT %s",
            [sqlrows.param(GameEvent, "game", game_id, db), after, upto, SYNC_BATCH],
        )
        return [cols.dict(row) for row in cursor.fetchall()]


def _take_feed_positions(counts: Mapping[int, int]) -> dict[int, int]:
    """Hand out ``counts[player]`` new positions to each player: {player: their last position
    now}, so theirs are ``last - count + 1 .. last``. ONE upsert, in player order: a player's
    counter row is created at their first sync and otherwise locked (until commit) and moved
    on, so their positions commit in order, and two syncs lock shared players in the same
    order (no deadlock)."""
    db = connection.alias
    t = sqlrows.table(PlayerFeed, db)
    player, last_pos = (sqlrows.column(PlayerFeed, n, db) for n in ("player", "last_pos"))
    returned = sqlrows.insert(
        PlayerFeed,
        ("player", "last_pos"),
        sorted(counts.items()),
        db=db,
        suffix=f"ON CONFLICT ({player}) DO UPDATE SET {last_pos} = {t}.{last_pos} + "
        f"EXCLUDED.{last_pos} RETURNING {player}, {last_pos}",
    )
    return dict(returned)


def _save_feed_state(game_id: Any, synced_seq: int, turn_announced: list[int]) -> None:
    db = connection.alias
    sets = ", ".join(f"{sqlrows.column(GameFeedState, n, db)} = %s" for n in STATE_FIELDS)
    field = GameFeedState._meta.get_field("turn_announced")
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {sqlrows.table(GameFeedState, db)} SET {sets} "
            f"WHERE {sqlrows.column(GameFeedState, 'game', db)} = %s",
            [
                synced_seq,
                field.get_db_prep_save(turn_announced, connection),
                sqlrows.param(GameFeedState, "game", game_id, db),
            ],
        )


def _turn_seats(game: Mapping[str, Any], seats: list[dict[str, Any]]) -> dict[int, int]:
    """{seat: player} of the human seats (not handed to the AI) that must act now."""
    if game["status"] != ACTIVE:
        return {}
    to_act = set(game["to_act"] or [])
    return {
        s["index"]: s["player_id"]
        for s in seats
        if s["index"] in to_act and not s["handed_to_ai"] and not s["resigned"]
    }


def _game_notifications(
    game: Mapping[str, Any], events: list[dict[str, Any]], seats: list[dict[str, Any]]
) -> list[NotificationEvent]:
    out = []
    game_id = str(game["id"])
    for row in events:
        payload = store.upcast(row["type"], row["schema_version"], row["payload"])
        if row["type"] == "game_started":
            kind, data = EventType.GAME_STARTED, {}
        elif row["type"] == "hand_scored":
            kind = EventType.HAND_FINISHED
            data = {k: payload.get(k) for k in ("hand_number", "points", "totals")}
        elif row["type"] == "game_ended":
            kind = EventType.GAME_OVER
            data = {k: payload.get(k) for k in ("winners", "totals")}
        else:
            continue
        for seat in seats:
            out.append(
                NotificationEvent(
                    id=notification_id(kind, game_id, row["seq"], seat["player_id"]),
                    player_id=seat["player_id"],
                    type=kind,
                    game_id=game_id,
                    data={
                        "game_id": game_id,
                        "preset": game["preset"],
                        "seq": row["seq"],
                        "seat": seat["index"],
                        **data,
                    },
                    created_at=row["created_at"],
                )
            )
    return out


def feed_sync_game(*, game_id: Any, now: datetime | None = None) -> int:
    """Project ``game_id``'s new events into its players' feeds; returns the items written."""
    now = now or timezone.now()
    written = 0
    with transaction.atomic():
        found = _game_and_state(game_id)
        if found is None:
            return 0
        game, state, seats = found
        turn = _turn_seats(game, seats)
        announced = set(state["turn_announced"] or [])
        if state["synced_seq"] >= game["last_seq"] and set(turn) == announced:
            return 0
        events = _new_events(game["id"], state["synced_seq"], game["last_seq"])
        notifications = _game_notifications(game, events, seats)
        # The seated players, and whoever caused one of these events without a seat now (a
        # player who left the lobby sees their own seat_left).
        readers = {s["player_id"]: s["index"] for s in seats}
        for row in events:
            if row["actor_player_id"] is not None:
                readers.setdefault(row["actor_player_id"], None)
        if events and readers:
            shown = {  # player -> the events they are shown, in seq order
                player_id: [
                    row
                    for row in events
                    if seat_index is not None or row["actor_player_id"] == player_id
                ]
                for player_id, seat_index in sorted(readers.items())
            }
            last = _take_feed_positions({p: len(rows) for p, rows in shown.items() if rows})
            items = [
                (
                    player_id,
                    last[player_id] - len(rows) + n,
                    game["id"],
                    row["id"],
                    readers[player_id],
                )
                for player_id, rows in shown.items()
                for n, row in enumerate(rows, start=1)
            ]
            sqlrows.insert(FeedItem, FEED_ITEM_FIELDS, items, db=connection.alias)
            written = len(items)
        synced = events[-1]["seq"] if events else state["synced_seq"]
        caught_up = synced >= game["last_seq"]
        turn_announced = state["turn_announced"]
        if caught_up:
            for seat, player_id in sorted(turn.items()):
                if seat not in announced:
                    notifications.append(
                        NotificationEvent(
                            id=notification_id("your_turn", game["id"], game["last_seq"], seat),
                            player_id=player_id,
                            type=EventType.YOUR_TURN,
                            game_id=str(game["id"]),
                            data={
                                "game_id": str(game["id"]),
                                "preset": game["preset"],
                                "seq": game["last_seq"],
                                "seat": seat,
                                "to_act": list(game["to_act"] or []),
                            },
                            created_at=game["last_event_at"] or now,
                        )
                    )
            turn_announced = sorted(turn)
        _save_feed_state(game["id"], synced, turn_announced)
        _store_notifications(notifications, now=now)
    if events and not caught_up:  # a long backlog: the next batch
        written += feed_sync_game(game_id=game_id, now=now)
    return written


def feed_sync_drain(
    *,
    batch: int | None = None,
    budget_s: float | None = None,
    fatal: tuple[type[BaseException], ...] = (),
    now: datetime | None = None,
) -> int:
    """The drain's half of the projection (``queue.enqueue_feed_sync`` has the race): project
    the games whose sync is due, ``batch`` (``HEARTS_FEED_DRAIN_BATCH``) at a time, each in its
    own transaction (``feed_sync_game``), and take each out of the due games unless a move
    marked it again meanwhile (with the next read: one round trip a round); round after round
    while a round takes a full batch and ``budget_s`` (``HEARTS_FEED_DRAIN_BUDGET_S``) is not
    spent (0: one round), then another drain is sent if some are left. The first read deletes
    the drain's pending mark first. Returns the games projected.

    A database outage (``OperationalError``, ``InterfaceError``) and the ``fatal`` exceptions
    (the task's time limit) are raised: the games done so far leave the due ones first, the
    others stay. Any other error of one game is logged and that game leaves them (the sweep,
    or its next move, projects it): it does not hold back the others."""
    batch = max(1, int(batch or _setting("HEARTS_FEED_DRAIN_BATCH", 50)))
    budget = float(_setting("HEARTS_FEED_DRAIN_BUDGET_S", 5) if budget_s is None else budget_s)
    deadline = time.monotonic() + budget
    failed: set[str] = set()
    count = 0
    done: dict[str, str] = {}
    first = again = True
    try:
        while again:
            taken = queue.feed_sync_dirty(batch, done=done, first=first)
            done, first = {}, False
            for game_id, stamp in taken.items():
                if game_id in failed:  # one try a drain: a later drain tries it again
                    continue
                try:
                    feed_sync_game(game_id=game_id, now=now)
                except (OperationalError, InterfaceError, *fatal):
                    raise
                except Exception:
                    logger.exception("feed: the projection of game %s failed", game_id)
                    failed.add(game_id)
                else:
                    count += 1
                done[game_id] = stamp
            # Fewer than a batch: every game due at the take was taken (those marked since have
            # a drain of their own); a full one: more may be due, this drain goes on if it may.
            again = len(taken) >= batch and bool(done) and time.monotonic() < deadline
            stopped = len(taken) >= batch and not again
    finally:
        queue.feed_sync_clean(done)
    if stopped or failed:
        queue.feed_sync_drain_again()
    return count


def feed_sync_behind(*, now: datetime | None = None, limit: int = 200) -> int:
    """The sweeper's half of the projection: sync the games whose feed is behind their log
    (recent games only, ``HEARTS_FEED_BACKFILL_DAYS``), leaving the last few seconds to the
    commit's own receiver. Games without a human seat are left out (nobody has a feed of them;
    their commits send nothing either). Returns the games synced."""
    now = now or timezone.now()
    quiet = now - timedelta(seconds=float(_setting("HEARTS_FEED_SWEEP_GRACE_S", 5)))
    since = now - timedelta(days=float(_setting("HEARTS_FEED_BACKFILL_DAYS", 7)))
    behind = (
        Game.objects.filter(last_seq__gt=0, last_event_at__gte=since, last_event_at__lte=quiet)
        .filter(Q(feed_state__isnull=True) | Q(feed_state__synced_seq__lt=F("last_seq")))
        .filter(Exists(Seat.objects.filter(game_id=OuterRef("pk"), kind=Seat.Kind.HUMAN)))
        .values_list("id", flat=True)[:limit]
    )
    count = 0
    for game_id in list(behind):
        feed_sync_game(game_id=game_id, now=now)
        count += 1
    return count


def reminder_before_s(limit_s: int) -> float:
    """How long before a turn limit runs out the player is reminded: a quarter of the limit,
    at most ``HEARTS_TURN_REMINDER_BEFORE_S`` (an hour)."""
    return min(limit_s / 4, float(_setting("HEARTS_TURN_REMINDER_BEFORE_S", 3600)))


def turn_reminders_send(*, now: datetime | None = None) -> int:
    """Remind the humans whose turn in a game with a turn limit runs out soon (once per turn:
    the reminder's id is (game, seq, seat)). Games with a limit under
    ``HEARTS_TURN_REMINDER_MIN_LIMIT_S`` (10 minutes: live games) get none. One query for
    the candidates. Returns the reminders made."""
    now = now or timezone.now()
    min_limit = int(_setting("HEARTS_TURN_REMINDER_MIN_LIMIT_S", 600))
    rows = (
        Seat.objects.filter(
            kind=Seat.Kind.HUMAN,
            player__isnull=False,
            handed_to_ai=False,
            resigned=False,
            game__status=ACTIVE,
        )
        .exclude(game__options__turn_limit_s=None)
        .values(
            "index",
            "player_id",
            "game_id",
            "game__preset",
            "game__options",
            "game__to_act",
            "game__last_seq",
            "game__last_event_at",
        )
    )
    reminders = []
    for row in rows:
        limit_s = (row["game__options"] or {}).get("turn_limit_s") or 0
        last = row["game__last_event_at"]
        if limit_s < min_limit or last is None or row["index"] not in (row["game__to_act"] or []):
            continue
        deadline = last + timedelta(seconds=limit_s)
        if not deadline - timedelta(seconds=reminder_before_s(limit_s)) <= now < deadline:
            continue
        reminders.append(
            _turn_reminder(row, "turn_reminder", now, reason="clock", deadline=_iso(deadline))
        )
    reminders += _waiting_reminders(now)
    if not reminders:
        return 0
    with transaction.atomic():
        stored = _store_notifications(reminders, now=now)
    return len(stored)


PREFS = "player__notification_preferences__"


def _waiting_reminders(now: datetime) -> list[NotificationEvent]:
    """The players' own reminders: a game has waited ``turn_reminder_after_s`` for their move
    (any game, with a clock or not), once per turn. None is made during the player's quiet
    hours: one due meanwhile is made when they end, if the game still waits. One query."""
    rows = Seat.objects.filter(
        kind=Seat.Kind.HUMAN,
        player__isnull=False,
        handed_to_ai=False,
        resigned=False,
        game__status=ACTIVE,
        **{PREFS + "turn_reminder_after_s__isnull": False},
    ).values(
        "index",
        "player_id",
        "game_id",
        "game__preset",
        "game__to_act",
        "game__last_seq",
        "game__last_event_at",
        PREFS + "turn_reminder_after_s",
        PREFS + "time_zone",
        PREFS + "quiet_start",
        PREFS + "quiet_end",
    )
    out = []
    for row in rows:
        last = row["game__last_event_at"]
        after_s = row[PREFS + "turn_reminder_after_s"]
        if last is None or row["index"] not in (row["game__to_act"] or []):
            continue
        if now < last + timedelta(seconds=after_s):
            continue
        quiet = NotificationPreferences(
            time_zone=row[PREFS + "time_zone"],
            quiet_start=row[PREFS + "quiet_start"],
            quiet_end=row[PREFS + "quiet_end"],
        )
        if quiet.in_quiet_hours(now):
            continue
        out.append(
            _turn_reminder(row, "turn_waiting", now, reason="waiting", waiting_since=_iso(last))
        )
    return out


def _iso(moment: datetime) -> str:
    return moment.isoformat().replace("+00:00", "Z")


def _turn_reminder(row: dict[str, Any], kind: str, now: datetime, **why: str) -> NotificationEvent:
    """A ``turn_reminder`` of a seat row (``Seat.values`` with the game's preset and last seq),
    its id stable per ``kind``, game, seq and seat (made twice, stored once)."""
    game_id = str(row["game_id"])
    return NotificationEvent(
        id=notification_id(kind, game_id, row["game__last_seq"], row["index"]),
        player_id=row["player_id"],
        type=EventType.TURN_REMINDER,
        game_id=game_id,
        data={
            "game_id": game_id,
            "preset": row["game__preset"],
            "seq": row["game__last_seq"],
            "seat": row["index"],
            **why,
        },
        created_at=now,
    )


# ---------------------------------------------------------------------- notifications
def notification_emit(
    *,
    player_id: int,
    type: str,
    key: str,
    data: Mapping[str, Any],
    game_id: Any = None,
    now: datetime | None = None,
) -> str:
    """Tell ``player_id`` of something another app saw (``invite``, ``matched``): stored once
    per ``key`` (the same key is the same occurrence), delivered to the player's webhooks.
    Returns the notification id."""
    if type not in EventType.values:
        raise ValueError(f"unknown notification type {type!r}")
    now = now or timezone.now()
    event = NotificationEvent(
        id=notification_id(type, key, player_id),
        player_id=player_id,
        type=type,
        game_id=game_id,
        data=dict(data),
        created_at=now,
    )
    with transaction.atomic():
        _store_notifications([event], now=now)
    return event.id


NOTIFICATION_FIELDS = ("id", "player", "type", "game", "data", "created_at")
ENDPOINT_FIELDS = ("id", "owner_id", "event_types")


def _insert_new_notifications(events: list[NotificationEvent]) -> list[NotificationEvent]:
    """Store ``events`` but those already stored (stable ids): ONE ``INSERT ... ON CONFLICT DO
    NOTHING RETURNING`` (PostgreSQL; SQLite >= 3.35) instead of a lookup then an insert. Returns
    the ones this call stored, in order: a concurrent store of the same id (it waits for that
    one's commit) leaves it out, so only one of them makes its deliveries."""
    db = connection.alias
    stored = sqlrows.insert(
        NotificationEvent,
        NOTIFICATION_FIELDS,
        [(e.id, e.player_id, e.type, e.game_id, e.data, e.created_at) for e in events],
        db=db,
        suffix=f"ON CONFLICT ({sqlrows.column(NotificationEvent, 'id', db)}) DO NOTHING "
        f"RETURNING {sqlrows.column(NotificationEvent, 'id', db)}",
    )
    ids = {row[0] for row in stored}
    return [e for e in events if e.id in ids]


def _select_in(
    model: type[Any], select: str, key: str, keys: set[Any], *, also: str = "", params=()
) -> list[tuple[Any, ...]]:
    """The rows of ``SELECT <select> FROM <model's table> WHERE <key> IN <keys> [AND <also>]``
    (``params``: those of ``also``)."""
    db = connection.alias
    values = [sqlrows.param(model, key, k, db) for k in sorted(keys)]
    sql = (
        f"SELECT {select} FROM {sqlrows.table(model, db)} "
        f"WHERE {sqlrows.column(model, key, db)} IN ({sqlrows.marks(len(values))})"
    )
    with connection.cursor() as cursor:
        cursor.execute(f"{sql} AND {also}" if also else sql, [*values, *params])
        return cursor.fetchall()


def _preferences_of(players: set[int]) -> dict[int, NotificationPreferences]:
    cols = sqlrows.columns(
        NotificationPreferences, connection.alias, NotificationPreferences._meta.db_table
    )
    rows = _select_in(NotificationPreferences, cols.sql, "player", players)
    return {p.player_id: p for p in map(cols.instance, rows)}


def _active_endpoints_of(owners: set[int]) -> list[dict[str, Any]]:
    """The owners' active webhook endpoints: id, owner_id, event_types."""
    db = connection.alias
    cols = sqlrows.values(WebhookEndpoint, ENDPOINT_FIELDS, db, WebhookEndpoint._meta.db_table)
    also = f"{sqlrows.column(WebhookEndpoint, 'is_active', db)} = %s"
    rows = _select_in(WebhookEndpoint, cols.sql, "owner", owners, also=also, params=[True])
    return [cols.dict(row) for row in rows]


def _owners_with_subscriptions(owners: set[int]) -> set[int]:
    owner = sqlrows.column(PushSubscription, "owner", connection.alias)
    return {row[0] for row in _select_in(PushSubscription, f"DISTINCT {owner}", "owner", owners)}


def _owners_with_devices(owners: set[int], platforms: list[str]) -> set[int]:
    db = connection.alias
    owner = sqlrows.column(MobileDevice, "owner", db)
    also = f"{sqlrows.column(MobileDevice, 'platform', db)} IN ({sqlrows.marks(len(platforms))})"
    rows = _select_in(
        MobileDevice, f"DISTINCT {owner}", "owner", owners, also=also, params=platforms
    )
    return {row[0] for row in rows}


def _store_notifications(
    events: list[NotificationEvent], *, now: datetime
) -> list[NotificationEvent]:
    """Store the new ones (ids are stable: known ones are skipped) and make their deliveries,
    sent after commit. Returns the new ones. Plain SQL (``common.sqlrows``): every move's feed
    sync stores its "your turn" here, and the ORM's compiling of these statements cost more
    than running them (docs/benchmarks.md, finding 28)."""
    if not events:
        return []
    stored = _insert_new_notifications(events)
    if not stored:
        return []
    prefs = _preferences_of({e.player_id for e in stored})
    new = [
        e
        for e in stored
        if e.player_id not in prefs or e.type not in prefs[e.player_id].muted_types
    ]
    if not new:
        return stored
    # Push (Web Push, FCM, APNs): not during the player's quiet hours (dropped: the feed and
    # the webhooks have it; see docs/notifications.md#preferences).
    loud = [
        e for e in new if e.player_id not in prefs or not prefs[e.player_id].in_quiet_hours(now)
    ]
    owners = {e.player_id for e in loud}
    pushed: set[int] = set()
    if owners and push.vapid() is not None:
        pushed |= _owners_with_subscriptions(owners)
    platforms = [p for p in mobile.PLATFORMS if mobile.enabled(p)]
    if owners and platforms:
        pushed |= _owners_with_devices(owners, platforms)
    _push_on_commit([e.id for e in loud if e.player_id in pushed])
    endpoints = _active_endpoints_of({e.player_id for e in new})
    deliveries = [
        WebhookDelivery(
            endpoint_id=endpoint["id"],
            event_id=event.id,
            created_at=now,
            next_attempt_at=now,
            attempt_limit=max_attempts(),
        )
        for event in new
        for endpoint in endpoints
        if endpoint["owner_id"] == event.player_id and event.type in endpoint["event_types"]
    ]
    if deliveries:
        WebhookDelivery.objects.bulk_create(deliveries, ignore_conflicts=True)
        _enqueue_on_commit([d.pk for d in deliveries])
    return stored


def _enqueue_on_commit(delivery_ids: list[Any], countdown: float | None = None) -> None:
    ids = [str(i) for i in delivery_ids]

    def send() -> None:
        for delivery_id in ids:
            queue.enqueue_delivery(delivery_id, countdown=countdown)

    # robust: a broker hiccup is logged; the beat sweeper sends due deliveries again.
    transaction.on_commit(send, robust=True)


# ---------------------------------------------------------------------- preferences
@transaction.atomic
def notification_preferences_set(
    *,
    user: Any,
    muted_types: list[str],
    time_zone: str = "UTC",
    quiet_start: Any = None,
    quiet_end: Any = None,
    turn_reminder_after_s: int | None = None,
) -> NotificationPreferences:
    """Replace the player's preferences: muted types, quiet hours (local times in
    ``time_zone``; both or neither) and the per-player turn reminder delay."""
    prefs, _ = NotificationPreferences.objects.update_or_create(
        player_id=user.pk,
        defaults={
            "muted_types": sorted(set(muted_types)),
            "time_zone": time_zone,
            "quiet_start": quiet_start,
            "quiet_end": quiet_end,
            "turn_reminder_after_s": turn_reminder_after_s,
        },
    )
    return prefs


# ---------------------------------------------------------------------- Web Push
def _push_on_commit(notification_ids: list[str]) -> None:
    if not notification_ids:
        return

    def send() -> None:
        for notification_id in notification_ids:
            queue.enqueue_push(notification_id)

    transaction.on_commit(send, robust=True)


PUSH_TITLES = {
    EventType.YOUR_TURN: "Your turn",
    EventType.GAME_STARTED: "Your game started",
    EventType.HAND_FINISHED: "Hand finished",
    EventType.GAME_OVER: "Game over",
    EventType.TURN_REMINDER: "Your move is running out",
    EventType.INVITE: "You are invited",
    EventType.MATCHED: "Match found",
}


def push_message(event: NotificationEvent) -> dict[str, Any]:
    """What a service worker receives: enough to show a notification and open the game."""
    data = dict(event.data)
    preset = data.get("preset")
    return {
        "id": event.id,
        "type": event.type,
        "title": PUSH_TITLES.get(event.type, event.type),
        "body": f"{preset} game" if preset else "",
        "data": data,
    }


@transaction.atomic
def push_subscription_register(
    *, user: Any, endpoint: str, p256dh: str, auth: str
) -> PushSubscription:
    """Store a browser's subscription (the same endpoint again updates its keys). The endpoint
    gets the SSRF check of webhook URLs, now and at every push."""
    if push.vapid() is None:
        raise PushNotConfigured()
    outbound.check_url(endpoint)
    subscription, _ = PushSubscription.objects.update_or_create(
        owner_id=user.pk, endpoint=endpoint, defaults={"p256dh": p256dh, "auth": auth}
    )
    return subscription


@transaction.atomic
def push_subscription_delete(*, user: Any, subscription_id: Any) -> None:
    try:
        PushSubscription.objects.get(pk=subscription_id, owner_id=user.pk).delete()
    except (PushSubscription.DoesNotExist, ValidationError, ValueError, TypeError):
        raise PushSubscriptionNotFound(subscription_id=str(subscription_id)) from None


def push_max_attempts() -> int:
    return max(1, int(_setting("HEARTS_PUSH_MAX_ATTEMPTS", 5)))


def push_backoff_s(failed_attempts: int, retry_after_s: float | None = None) -> float:
    """Delay after the ``failed_attempts``-th failed attempt of a push: the provider's
    ``Retry-After`` when it gave one (at most ``HEARTS_PUSH_RETRY_AFTER_MAX_S``), else
    base * 2^(n-1) seconds (capped at ``HEARTS_PUSH_BACKOFF_MAX_S``) with "equal jitter": a
    uniform draw in its upper half, so the targets a provider outage failed together do not
    come back together."""
    if retry_after_s is not None:
        return min(max(0.0, retry_after_s), float(_setting("HEARTS_PUSH_RETRY_AFTER_MAX_S", 600)))
    delay = _exponential_s(
        failed_attempts,
        base=float(_setting("HEARTS_PUSH_BACKOFF_BASE_S", 5)),
        cap=float(_setting("HEARTS_PUSH_BACKOFF_MAX_S", 300)),
    )
    return delay / 2 + secrets.SystemRandom().uniform(0, delay / 2)


def _push_max_age_s() -> float:
    return float(_setting("HEARTS_PUSH_MAX_AGE_S", 3600))


def push_stale(event: NotificationEvent, *, now: datetime) -> str:
    """Why retrying ``event``'s push is pointless ("" if it is not): older than
    ``HEARTS_PUSH_MAX_AGE_S``, or a ``your_turn`` / ``turn_reminder`` whose turn is over (the
    game ended, the seat no longer has to act, or a newer "your turn" of that game was made,
    which is pushed itself). Two indexed queries at most."""
    if now - event.created_at > timedelta(seconds=_push_max_age_s()):
        return "stale: older than HEARTS_PUSH_MAX_AGE_S"
    if event.type not in (EventType.YOUR_TURN, EventType.TURN_REMINDER) or not event.game_id:
        return ""
    game = Game.objects.filter(pk=event.game_id).values("status", "to_act").first()
    if game is None or game["status"] != ACTIVE:
        return "stale: the game is over"
    if event.data.get("seat") not in (game["to_act"] or []):
        return "stale: the turn was played"
    newer = NotificationEvent.objects.filter(
        player_id=event.player_id,
        game_id=event.game_id,
        type=EventType.YOUR_TURN,
        created_at__gt=event.created_at,
    )
    return "stale: a newer turn was announced" if newer.exists() else ""


def _push_targets_create(event: NotificationEvent, now: datetime) -> None:
    """A pending delivery per Web Push subscription and enabled mobile device of the player, on
    the notification's first run only (a retry never adds a browser registered since)."""
    if PushDelivery.objects.filter(event_id=event.pk).exists():
        return
    rows = []
    if push.vapid() is not None:
        rows += [
            PushDelivery(event_id=event.pk, subscription_id=pk, created_at=now)
            for pk in PushSubscription.objects.filter(owner_id=event.player_id).values_list(
                "pk", flat=True
            )
        ]
    platforms = [p for p in mobile.PLATFORMS if mobile.enabled(p)]
    if platforms:
        rows += [
            PushDelivery(event_id=event.pk, device_id=pk, created_at=now)
            for pk in MobileDevice.objects.filter(
                owner_id=event.player_id, platform__in=platforms
            ).values_list("pk", flat=True)
        ]
    PushDelivery.objects.bulk_create(rows, ignore_conflicts=True)


def _push_claim(event: NotificationEvent, now: datetime) -> tuple[list[PushDelivery], int]:
    """The due pending deliveries of ``event``, claimed in one short transaction: each one's
    attempt count goes up and a lease pushes ``next_attempt_at`` past the request's timeouts,
    so a duplicate task running meanwhile skips them. Retries of a stale notification and
    deliveries out of attempts (a process lost during the last one) fail instead (counted)."""
    with transaction.atomic():
        due = list(
            PushDelivery.objects.select_for_update(skip_locked=True, of=("self",))
            .select_related("subscription", "device")
            .filter(event_id=event.pk, status=PushDelivery.Status.PENDING)
            .filter(Q(next_attempt_at__isnull=True) | Q(next_attempt_at__lte=now))
            .order_by("pk")
        )
        limit = push_max_attempts()
        stale = push_stale(event, now=now) if any(d.attempts for d in due) else ""
        claimed, failed = [], 0
        for delivery in due:
            if delivery.attempts >= limit or (delivery.attempts and stale):
                failed += 1
                delivery.status = PushDelivery.Status.FAILED
                delivery.next_attempt_at = None
                delivery.last_error = stale or delivery.last_error or "attempts exhausted"
            else:
                delivery.attempts += 1
                delivery.next_attempt_at = now + timedelta(seconds=_lease_s())
                claimed.append(delivery)
            delivery.save(update_fields=["status", "attempts", "next_attempt_at", "last_error"])
    return claimed, failed


def _push_transient(status_code: int | None, error_code: str = "") -> bool:
    """Worth another attempt: too many requests, a server error, no answer (a timeout, a
    refused or broken connection, a name that did not resolve)."""
    if status_code is None:
        return error_code in ("", "timeout", "connection_error", "webhook_url_unresolvable")
    return status_code == 429 or status_code >= 500


def _push_one(delivery: PushDelivery, message: dict[str, Any]) -> tuple[str, Any]:
    """One attempt to the delivery's target: ("sent" | "removed" | "retry" | "failed", the
    provider's answer: status_code, error, retry_after_s)."""
    sub, device = delivery.subscription, delivery.device
    if sub is not None:
        outcome: Any = push.send(
            endpoint=sub.endpoint, p256dh=sub.p256dh, auth=sub.auth, message=message
        )
        if outcome.status_code in (404, 410):
            return "removed", outcome
        transient = _push_transient(outcome.status_code, outcome.error_code)
    else:
        assert device is not None
        outcome = mobile.send(device.platform, device.token, message)
        if outcome.unregistered:
            return "removed", outcome
        transient = _push_transient(outcome.status_code)
    if outcome.ok:
        return "sent", outcome
    return ("retry" if transient else "failed"), outcome


def push_send(*, notification_id: str, now: datetime | None = None) -> dict[str, int]:
    """Push one notification to every Web Push subscription and mobile device of its player,
    each its own ``PushDelivery`` (docs/notifications.md#push-retries).

    A 404 or 410 from a Web Push service, FCM's ``UNREGISTERED`` and APNs' 410 /
    ``BadDeviceToken`` remove the subscription or device; another 4xx fails that target; a 429,
    a 5xx, a timeout or a lost connection schedules another attempt after
    ``push_backoff_s`` (``Retry-After`` honoured, capped), up to ``HEARTS_PUSH_MAX_ATTEMPTS``,
    unless the notification went stale (``push_stale``), and sends this task again for then.
    Only due, unsent targets are claimed (and leased), so a redelivered or duplicate task never
    sends a target the notification twice. Returns the counts of this run."""
    now = now or timezone.now()
    counts = {"sent": 0, "failed": 0, "removed": 0, "retrying": 0}
    event = NotificationEvent.objects.filter(pk=notification_id).first()
    if event is None:
        return counts
    _push_targets_create(event, now)
    claimed, counts["failed"] = _push_claim(event, now)
    message = push_message(event) if claimed else {}
    for delivery in claimed:
        verdict, outcome = _push_one(delivery, message)
        target_model = PushSubscription if delivery.subscription_id else MobileDevice
        target_pk = delivery.subscription_id or delivery.device_id
        if verdict == "removed":
            target_model.objects.filter(pk=target_pk).delete()  # and its deliveries
            counts["removed"] += 1
            continue
        delay, stale = 0.0, ""
        if verdict == "retry":
            if delivery.attempts >= push_max_attempts():
                verdict = "failed"
            else:
                delay = push_backoff_s(delivery.attempts, outcome.retry_after_s)
                # (at most two indexed queries, and only for a target that failed for now)
                stale = push_stale(event, now=now + timedelta(seconds=delay))
                if stale:
                    verdict = "failed"
        with transaction.atomic():
            target_model.objects.filter(pk=target_pk).update(
                last_sent_at=now, last_status_code=outcome.status_code, last_error=outcome.error
            )
            PushDelivery.objects.filter(pk=delivery.pk).update(
                status={
                    "sent": PushDelivery.Status.SENT,
                    "retry": PushDelivery.Status.PENDING,
                    "failed": PushDelivery.Status.FAILED,
                }[verdict],
                next_attempt_at=now + timedelta(seconds=delay) if verdict == "retry" else None,
                last_status_code=outcome.status_code,
                last_error=(f"{stale}; {outcome.error}" if stale else outcome.error)[:500],
            )
        counts["retrying" if verdict == "retry" else verdict] += 1
    _push_retry_on_commit(event.pk, now)
    return counts


def _push_retry_on_commit(notification_id: str, now: datetime) -> None:
    """Send the push task again for the earliest pending delivery of the notification (one
    task per run, whoever scheduled it; a task that finds nothing due does nothing). The
    sweeper re-sends any that stays due (a lost task)."""
    due = (
        PushDelivery.objects.filter(event_id=notification_id, status=PushDelivery.Status.PENDING)
        .order_by("next_attempt_at")
        .values_list("next_attempt_at", flat=True)
        .first()
    )
    if due is None:
        return
    countdown = max(0.0, (due - now).total_seconds())
    transaction.on_commit(
        lambda: queue.enqueue_push(notification_id, countdown=countdown), robust=True
    )


def push_deliveries_due(*, now: datetime | None = None, limit: int = 500) -> list[str]:
    """Notifications with a pending push delivery due (the sweeper sends their task again: a
    lost task, a lease of a lost process)."""
    now = now or timezone.now()
    rows = (
        PushDelivery.objects.filter(status=PushDelivery.Status.PENDING, next_attempt_at__lte=now)
        .order_by("next_attempt_at")
        .values_list("event_id", flat=True)[:limit]
    )
    return list(dict.fromkeys(rows))


# ---------------------------------------------------------------------- retention
def notifications_prune(
    *, now: datetime | None = None, batch: int = 1000, max_batches: int = 50
) -> int:
    """Delete the notifications older than ``HEARTS_NOTIFICATION_RETENTION_DAYS`` (30; 0 keeps
    them all) with their webhook deliveries, attempts and push deliveries, leaving any with a
    delivery still pending (a disabled endpoint's backlog waits for its owner) and those of games
    still in progress. In batches of ``batch`` notifications, one short transaction each,
    ``max_batches`` per call (beat calls again). The feed (``FeedItem``) is not touched: it is the
    player's history of their games.

    Why a pruned notification is never made again: a notification's id is what stops it being
    made twice. Feed syncs project only events after the game's synced position. A game still in
    progress keeps its notifications: its "still waiting for your move" reminder is made again
    on every sweep while the turn waits, and only its stored id stops a second one. Matched and
    invite notifications belong to tickets and invites that are long settled. Returns the
    notifications deleted."""
    days = float(_setting("HEARTS_NOTIFICATION_RETENTION_DAYS", 30))
    if days <= 0:
        return 0
    cutoff = (now or timezone.now()) - timedelta(days=days)
    pending_webhook = WebhookDelivery.objects.filter(
        event_id=OuterRef("pk"), status=WebhookDelivery.Status.PENDING
    )
    pending_push = PushDelivery.objects.filter(
        event_id=OuterRef("pk"), status=PushDelivery.Status.PENDING
    )
    deleted = 0
    for _ in range(max_batches):
        with transaction.atomic():
            ids = list(
                NotificationEvent.objects.filter(created_at__lt=cutoff)
                .exclude(game__status=ACTIVE)
                .exclude(Exists(pending_webhook))
                .exclude(Exists(pending_push))
                .order_by("created_at")
                .values_list("pk", flat=True)[:batch]
            )
            if not ids:
                break
            WebhookAttempt.objects.filter(delivery__event_id__in=ids).delete()
            WebhookDelivery.objects.filter(event_id__in=ids).delete()
            PushDelivery.objects.filter(event_id__in=ids).delete()
            deleted += NotificationEvent.objects.filter(pk__in=ids).delete()[0]
        if len(ids) < batch:
            break
    return deleted


# ---------------------------------------------------------------------- mobile devices
@transaction.atomic
def mobile_device_register(*, user: Any, platform: str, token: str, name: str = "") -> MobileDevice:
    """Store a native app's push token (the same token again updates it; a token another
    player registered moves to this one: the phone signed in as someone else)."""
    if not mobile.enabled(platform):
        raise MobilePushNotConfigured(platform=platform)
    device, _ = MobileDevice.objects.update_or_create(
        platform=platform, token=token, defaults={"owner_id": user.pk, "name": name}
    )
    return device


@transaction.atomic
def mobile_device_delete(*, user: Any, device_id: Any) -> None:
    try:
        MobileDevice.objects.get(pk=device_id, owner_id=user.pk).delete()
    except (MobileDevice.DoesNotExist, ValidationError, ValueError, TypeError):
        raise DeviceNotFound(device_id=str(device_id)) from None


# ---------------------------------------------------------------------- endpoints
def new_secret() -> str:
    return "whsec_" + base64.b64encode(secrets.token_bytes(32)).decode()


def _endpoint_of(user: Any, endpoint_id: Any, *, lock: bool = False) -> WebhookEndpoint:
    qs = WebhookEndpoint.objects.select_for_update() if lock else WebhookEndpoint.objects.all()
    try:
        return qs.get(pk=endpoint_id, owner_id=user.pk)
    except (WebhookEndpoint.DoesNotExist, ValidationError, ValueError, TypeError):
        raise WebhookEndpointNotFound(endpoint_id=str(endpoint_id)) from None


@transaction.atomic
def webhook_endpoint_create(
    *, user: Any, url: str, event_types: list[str], description: str = ""
) -> WebhookEndpoint:
    """Register ``url`` (checked against the SSRF rules now and again at every delivery)."""
    outbound.check_url(url)
    return WebhookEndpoint.objects.create(
        owner=user,
        url=url,
        event_types=sorted(set(event_types)),
        description=description,
        secret=new_secret(),
    )


@transaction.atomic
def webhook_endpoint_update(
    *,
    user: Any,
    endpoint_id: Any,
    url: str | None = None,
    event_types: list[str] | None = None,
    description: str | None = None,
    is_active: bool | None = None,
    now: datetime | None = None,
) -> WebhookEndpoint:
    """Change an endpoint. ``is_active=True`` re-enables a disabled one: its pending deliveries
    are sent now."""
    now = now or timezone.now()
    endpoint = _endpoint_of(user, endpoint_id, lock=True)
    if url is not None:
        outbound.check_url(url)
        endpoint.url = url
    if event_types is not None:
        endpoint.event_types = sorted(set(event_types))
    if description is not None:
        endpoint.description = description
    if is_active is not None and is_active != endpoint.is_active:
        endpoint.is_active = is_active
        if is_active:
            endpoint.consecutive_failures = 0
            endpoint.disabled_at = None
            endpoint.disabled_reason = ""
            pending = WebhookDelivery.objects.filter(
                endpoint=endpoint, status=WebhookDelivery.Status.PENDING
            )
            pending.update(next_attempt_at=now)
            _enqueue_on_commit(list(pending.values_list("pk", flat=True)))
        else:
            endpoint.disabled_at = now
            endpoint.disabled_reason = "disabled by its owner"
    endpoint.save()
    return endpoint


@transaction.atomic
def webhook_endpoint_rotate_secret(
    *, user: Any, endpoint_id: Any, grace_s: int | None = None, now: datetime | None = None
) -> WebhookEndpoint:
    """A new secret; the old one keeps signing too (a second signature) for ``grace_s``
    seconds (``HEARTS_WEBHOOK_ROTATION_GRACE_S``, default a day) so receivers can switch."""
    now = now or timezone.now()
    endpoint = _endpoint_of(user, endpoint_id, lock=True)
    grace = _setting("HEARTS_WEBHOOK_ROTATION_GRACE_S", 86400) if grace_s is None else grace_s
    endpoint.previous_secret = endpoint.secret if grace > 0 else ""
    endpoint.previous_secret_expires_at = now + timedelta(seconds=grace) if grace > 0 else None
    endpoint.secret = new_secret()
    endpoint.save()
    return endpoint


@transaction.atomic
def webhook_endpoint_delete(*, user: Any, endpoint_id: Any) -> None:
    _endpoint_of(user, endpoint_id, lock=True).delete()


# ---------------------------------------------------------------------- deliveries
def max_attempts() -> int:
    return int(_setting("HEARTS_WEBHOOK_MAX_ATTEMPTS", 8))


RETRY_AFTER_STATUSES = frozenset({429, 503})  # RFC 9110 / 6585: "come back after this long"


def backoff_s(
    failed_attempts: int, *, status_code: int | None = None, retry_after_s: float | None = None
) -> float:
    """Delay after the ``failed_attempts``-th failed attempt of a webhook delivery: the
    receiver's ``Retry-After`` when it answered 429 or 503 with one, if that is longer than the
    schedule's (a receiver never makes us retry sooner than the schedule); at most
    ``HEARTS_WEBHOOK_BACKOFF_MAX_S`` either way."""
    cap = float(_setting("HEARTS_WEBHOOK_BACKOFF_MAX_S", 3600))
    scheduled = _exponential_s(
        failed_attempts, base=float(_setting("HEARTS_WEBHOOK_BACKOFF_BASE_S", 10)), cap=cap
    )
    if retry_after_s is None or status_code not in RETRY_AFTER_STATUSES:
        return scheduled
    return min(cap, max(scheduled, retry_after_s))


def _exponential_s(failed_attempts: int, *, base: float, cap: float) -> float:
    """base * 2^(n-1) seconds after the n-th failed attempt, at most ``cap``: the schedule of
    webhook deliveries and pushes."""
    return min(cap, base * 2 ** max(0, failed_attempts - 1))


def _lease_s() -> float:
    return outbound.connect_timeout_s() + outbound.read_timeout_s() + 30


def webhook_body(event: NotificationEvent) -> bytes:
    """The delivered JSON (Standard Webhooks' recommended envelope: type, timestamp, data)."""
    body = {
        "type": event.type,
        "timestamp": _iso(event.created_at),
        "data": event.data,
    }
    return json.dumps(body, separators=(",", ":"), sort_keys=True).encode()


def signed_headers(
    endpoint: WebhookEndpoint, msg_id: str, body: bytes, now: datetime
) -> dict[str, str]:
    """``webhook-id``, ``webhook-timestamp``, ``webhook-signature`` (one ``v1,`` signature per
    valid secret, the current one first)."""
    text = body.decode()
    signatures = [Webhook(endpoint.secret).sign(msg_id, now, text)]
    expires = endpoint.previous_secret_expires_at
    if endpoint.previous_secret and expires is not None and expires > now:
        signatures.append(Webhook(endpoint.previous_secret).sign(msg_id, now, text))
    return {
        "webhook-id": msg_id,
        "webhook-timestamp": str(int(now.timestamp())),
        "webhook-signature": " ".join(signatures),
    }


def webhook_attempt(*, delivery_id: Any, now: datetime | None = None) -> WebhookAttempt | None:
    """One HTTP attempt of a due delivery (None: not due, done, or its endpoint disabled).

    The attempt is claimed first in its own short transaction (the attempt count goes up and a
    lease pushes ``next_attempt_at`` past the request's timeouts), so a duplicate task or the
    sweeper never sends it twice at once; the request runs outside any transaction; the result
    is stored in a second one. A process lost mid request leaves the lease to expire: the
    sweeper sends it again (at least once)."""
    now = now or timezone.now()
    with transaction.atomic():
        delivery = (
            WebhookDelivery.objects.select_for_update()
            .select_related("endpoint", "event")
            .filter(pk=delivery_id)
            .first()
        )
        if (
            delivery is None
            or delivery.status != WebhookDelivery.Status.PENDING
            or not delivery.endpoint.is_active
            or (delivery.next_attempt_at is not None and delivery.next_attempt_at > now)
        ):
            return None
        delivery.attempts += 1
        delivery.next_attempt_at = now + timedelta(seconds=_lease_s())
        delivery.save(update_fields=["attempts", "next_attempt_at"])
    number = delivery.attempts
    endpoint, event = delivery.endpoint, delivery.event
    body = webhook_body(event)
    # Signed at the real time of sending (receivers reject timestamps off by minutes), while
    # ``now`` schedules (tests pass a clock of their own).
    headers = signed_headers(endpoint, event.id, body, timezone.now())
    outcome = outbound.post(endpoint.url, body=body, headers=headers)
    with transaction.atomic():
        attempt = WebhookAttempt.objects.create(
            delivery_id=delivery.pk,
            number=number,
            started_at=now,
            status_code=outcome.status_code,
            latency_ms=outcome.latency_ms,
            error_code=outcome.error_code,
            error=outcome.error,
            ok=outcome.ok,
        )
        delivery = WebhookDelivery.objects.select_for_update().get(pk=delivery.pk)
        endpoint = WebhookEndpoint.objects.select_for_update().get(pk=endpoint.pk)
        delivery.last_status_code = outcome.status_code
        delivery.last_error = outcome.error
        if outcome.ok:
            delivery.status = WebhookDelivery.Status.SUCCEEDED
            delivery.finished_at = now
            delivery.next_attempt_at = None
            endpoint.consecutive_failures = 0
        else:
            endpoint.consecutive_failures += 1
            if endpoint.is_active and endpoint.consecutive_failures >= int(
                _setting("HEARTS_WEBHOOK_DISABLE_AFTER", 50)
            ):
                endpoint.is_active = False
                endpoint.disabled_at = now
                endpoint.disabled_reason = (
                    f"{endpoint.consecutive_failures} failed attempts in a row"
                )
                logger.warning("webhook endpoint %s disabled after failures", endpoint.pk)
            if number >= delivery.attempt_limit:
                delivery.status = WebhookDelivery.Status.FAILED
                delivery.finished_at = now
                delivery.next_attempt_at = None
            else:
                delay = backoff_s(
                    number, status_code=outcome.status_code, retry_after_s=outcome.retry_after_s
                )
                delivery.next_attempt_at = now + timedelta(seconds=delay)
                if endpoint.is_active:
                    _enqueue_on_commit([delivery.pk], countdown=delay)
        delivery.save()
        endpoint.save(update_fields=["consecutive_failures", "is_active", "disabled_at",
                                     "disabled_reason"])  # fmt: skip
    return attempt


def webhook_deliveries_due(*, now: datetime | None = None, limit: int = 500) -> list[str]:
    """Pending deliveries of active endpoints whose next attempt is due (the sweeper re-sends
    them: lost tasks, leases of lost processes, long backoffs)."""
    now = now or timezone.now()
    return [
        str(pk)
        for pk in WebhookDelivery.objects.filter(
            status=WebhookDelivery.Status.PENDING,
            endpoint__is_active=True,
            next_attempt_at__lte=now,
        )
        .order_by("next_attempt_at")
        .values_list("pk", flat=True)[:limit]
    ]


@transaction.atomic
def webhook_redeliver(
    *, user: Any, delivery_id: Any, now: datetime | None = None
) -> WebhookDelivery:
    """Send a delivery once more, now (one more attempt, whatever its state)."""
    now = now or timezone.now()
    try:
        delivery = (
            WebhookDelivery.objects.select_for_update()
            .select_related("endpoint")
            .get(pk=delivery_id, endpoint__owner_id=user.pk)
        )
    except (WebhookDelivery.DoesNotExist, ValidationError, ValueError, TypeError):
        raise WebhookDeliveryNotFound(delivery_id=str(delivery_id)) from None
    if not delivery.endpoint.is_active:
        raise WebhookEndpointDisabled(endpoint_id=str(delivery.endpoint_id))
    delivery.status = WebhookDelivery.Status.PENDING
    delivery.finished_at = None
    delivery.next_attempt_at = now
    delivery.attempt_limit = delivery.attempts + 1
    delivery.save()
    _enqueue_on_commit([delivery.pk])
    return delivery
