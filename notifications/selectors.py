"""Read side of the notifications app: the player's feed, without replaying any game.

``feed_page`` is three queries whatever the number of games: the games awaiting the player's
move (the ``Game``/``Seat`` read models), one page of feed items joined to their stored events
and games' rulesets, each event's payload redacted by the engine for the seat it is shown to
(``engine.redact_event``, the game events feed's own redaction), and nothing else.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError

from games import aggregate as agg_mod
from games import engine, store
from games.models import Game, Seat
from games.selectors import public_actor, public_payload
from notifications.errors import WebhookEndpointNotFound
from notifications.models import (
    FeedItem,
    GameFeedState,
    MobileDevice,
    NotificationEvent,
    NotificationPreferences,
    PushSubscription,
    WebhookDelivery,
    WebhookEndpoint,
)

ACTIVE = Game.Status.ACTIVE
AWAITING_FIELDS = ("index", "game_id", "game__preset", "game__last_seq", "game__to_act",
                   "game__last_event_at", "game__options")  # fmt: skip
FEED_FIELDS = ("pos", "game_id", "seat", "event__seq", "event__type", "event__schema_version",
               "event__payload", "event__created_at", "event__actor_kind", "event__actor_seat",
               "game__ruleset")  # fmt: skip


def games_awaiting(*, user: Any) -> list[dict[str, Any]]:
    """The active games in which the user's seat must act now (not handed to the AI), the
    longest waiting first. One query."""
    rows = (
        Seat.objects.filter(
            player_id=user.pk,
            kind=Seat.Kind.HUMAN,
            handed_to_ai=False,
            resigned=False,
            game__status=ACTIVE,
        )
        .values(*AWAITING_FIELDS)
        .order_by("game__last_event_at", "game_id")
    )
    out = []
    for row in rows:
        if row["index"] not in (row["game__to_act"] or []):
            continue
        out.append(
            {
                "game_id": str(row["game_id"]),
                "preset": row["game__preset"],
                "seat": row["index"],
                "seq": row["game__last_seq"],
                "since": row["game__last_event_at"],
                "turn_limit_s": (row["game__options"] or {}).get("turn_limit_s"),
            }
        )
    return out


def _redacted(rules: Any, row: dict[str, Any]) -> dict[str, Any]:
    type_ = row["event__type"]
    payload = store.upcast(type_, row["event__schema_version"], row["event__payload"])
    if type_ in agg_mod.LOBBY_TYPES:
        payload, _ = public_payload(type_, payload)
    else:
        payload = engine.redact_event(rules, engine.event_from_payload(type_, payload), row["seat"])
    return {
        "seq": row["event__seq"],
        "type": type_,
        "created_at": row["event__created_at"],
        "actor": public_actor(
            {"actor_kind": row["event__actor_kind"], "actor_seat": row["event__actor_seat"]}
        ),
        "payload": payload,
    }


def feed_items(*, user: Any, after: int, limit: int) -> tuple[list[dict[str, Any]], bool]:
    """The user's feed items after position ``after`` (at most ``limit``), and whether more
    follow. One query."""
    rows = list(
        FeedItem.objects.filter(player_id=user.pk, pos__gt=after)
        .order_by("pos")
        .values(*FEED_FIELDS)[: limit + 1]
    )
    more = len(rows) > limit
    rules_of: dict[Any, Any] = {}
    items = []
    for row in rows[:limit]:
        rules = rules_of.get(row["game_id"])
        if rules is None:
            rules = rules_of[row["game_id"]] = engine.RuleSet.from_dict(row["game__ruleset"])
        items.append(
            {
                "position": row["pos"],
                "game_id": str(row["game_id"]),
                "seat": row["seat"],
                "event": _redacted(rules, row),
            }
        )
    return items, more


def feed_page(*, user: Any, after: int, limit: int) -> dict[str, Any]:
    items, more = feed_items(user=user, after=after, limit=limit)
    return {
        "awaiting": games_awaiting(user=user),
        "items": items,
        "next_after": items[-1]["position"] if items else after,
        "has_more": more,
    }


def open_game_ids(*, user: Any) -> list[str]:
    """The games (lobby or active) in which the user holds a seat: what a long-poll watches."""
    return [
        str(g)
        for g in Seat.objects.filter(player_id=user.pk, game__status__in=("lobby", ACTIVE))
        .values_list("game_id", flat=True)
        .distinct()
    ]


# ---------------------------------------------------------------------- webhooks
def endpoints_of(*, user: Any) -> list[WebhookEndpoint]:
    return list(WebhookEndpoint.objects.filter(owner_id=user.pk).order_by("created_at"))


def deliveries_of(
    *, user: Any, endpoint_id: Any = None, status: str | None = None, limit: int = 50
) -> list[WebhookDelivery]:
    qs = (
        WebhookDelivery.objects.filter(endpoint__owner_id=user.pk)
        .select_related("event")
        .prefetch_related("tries")
        .order_by("-created_at")
    )
    if endpoint_id is not None:
        qs = qs.filter(endpoint_id=endpoint_id)
    if status:
        qs = qs.filter(status=status)
    return list(qs[:limit])


def notifications_of(*, user: Any, limit: int = 50) -> list[NotificationEvent]:
    return list(NotificationEvent.objects.filter(player_id=user.pk).order_by("-created_at")[:limit])


def endpoint_of(*, user: Any, endpoint_id: Any) -> WebhookEndpoint:
    try:
        return WebhookEndpoint.objects.get(pk=endpoint_id, owner_id=user.pk)
    except (WebhookEndpoint.DoesNotExist, ValidationError, ValueError, TypeError):
        raise WebhookEndpointNotFound(endpoint_id=str(endpoint_id)) from None


def preferences_of(*, user: Any) -> NotificationPreferences:
    """The player's preferences (the defaults, unsaved, when they never set any)."""
    return NotificationPreferences.objects.filter(player_id=user.pk).first() or (
        NotificationPreferences(player_id=user.pk, muted_types=[])
    )


def push_subscriptions_of(*, user: Any) -> list[PushSubscription]:
    return list(PushSubscription.objects.filter(owner_id=user.pk).order_by("created_at"))


def mobile_devices_of(*, user: Any) -> list[MobileDevice]:
    return list(MobileDevice.objects.filter(owner_id=user.pk).order_by("created_at"))


# ---------------------------------------------------------------------- the bot stream
#: Feed events a bot's stream tells of (stored type -> stream event).
BOT_STREAM_EVENTS = {"game_started": "game_started", "game_ended": "game_over"}


def bot_stream_news(*, user: Any, after: int, limit: int) -> tuple[list[dict[str, Any]], int, bool]:
    """The bot stream's history after feed position ``after``: one entry per ``game_started``
    or ``game_ended`` of the bot's games (``event``, ``position``, ``data``), the position
    read up to (every item, whatever its type, moves it on) and whether more follow. One query.
    """
    items, more = feed_items(user=user, after=after, limit=limit)
    out = []
    for item in items:
        kind = BOT_STREAM_EVENTS.get(item["event"]["type"])
        if kind is None:
            continue
        data = {"game_id": item["game_id"], "seat": item["seat"], "seq": item["event"]["seq"]}
        if kind == "game_over":
            payload = item["event"]["payload"]
            data |= {"winners": list(payload["winners"]), "totals": list(payload["totals"])}
        out.append({"event": kind, "position": item["position"], "data": data})
    return out, (items[-1]["position"] if items else after), more


def bot_turns(*, user: Any) -> list[dict[str, Any]]:
    """The games in which the bot's seat must act now, once its feed has caught up with that
    turn (so a stream tells of a game's start before its first turn). Two queries."""
    waiting = games_awaiting(user=user)
    if not waiting:
        return []
    synced = dict(
        GameFeedState.objects.filter(game_id__in=[w["game_id"] for w in waiting]).values_list(
            "game_id", "synced_seq"
        )
    )
    synced = {str(k): v for k, v in synced.items()}
    return [w for w in waiting if synced.get(w["game_id"], 0) >= w["seq"]]
