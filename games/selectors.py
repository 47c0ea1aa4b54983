"""Read-side queries of the games app. Plain data out; redaction happens in the engine only
(``view_for_seat`` / ``public_view`` / ``redact_event``)."""

from __future__ import annotations

from typing import Any

from django.db.models import Q

from games import aggregate as agg_mod
from games import engine, store
from games.models import Game, Seat

#: Keys of stored lobby payloads that hold an internal account id: never shown to the public or
#: to other players, who know a player by the seat's display name only (owned by the store,
#: whose chain v2 hashes their pseudonyms instead).
INTERNAL_ID_KEYS = store.INTERNAL_ID_KEYS


def public_payload(type_: str, payload: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """A stored lobby payload without internal account ids, and the keys removed."""
    removed = store.id_keys_of(type_, payload)
    if not removed:
        return payload, []
    return {k: v for k, v in payload.items() if k not in removed}, removed


def public_actor(row: dict[str, Any]) -> dict[str, Any]:
    """Who caused an event, by kind and seat (the seat's display name names the player)."""
    return {"kind": row["actor_kind"], "seat": row["actor_seat"]}


def creator_name(game: Game, agg_seats: Any = None) -> str | None:
    """The creator's public name: the display name of their seat, else their username."""
    if game.creator_id is None:
        return None
    seats = agg_seats if agg_seats is not None else sorted(game.seats.all(), key=lambda s: s.index)
    for seat in seats:
        if seat.player_id == game.creator_id and seat.display_name:
            return seat.display_name
    return game.creator.get_username()


def _player_id(user: Any) -> int | None:
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    return user.pk


def _seat_dicts(agg: agg_mod.GameAggregate) -> list[dict[str, Any]]:
    return [
        {
            "seat": index,
            "kind": seat.kind,
            "display_name": seat.display_name,
            "ai_level": seat.ai_level,
            "handed_to_ai": seat.handed_to_ai,
            "resigned": seat.resigned,
            "is_bot": seat.bot_owner is not None,
            "bot_owner": seat.bot_owner,
        }
        for index, seat in enumerate(agg.seats)
    ]


def game_view_for_user(*, game_id: Any, user: Any) -> dict[str, Any]:
    """Store facts plus the engine view of the user's seat (or the spectator view)."""
    game, loaded = store.fast.get_game_with_state(game_id)
    return game_view_of(game=game, agg=loaded.aggregate, user=user)


def game_view_of(*, game: Game, agg: agg_mod.GameAggregate, user: Any) -> dict[str, Any]:
    """``game_view_for_user`` from a game row and its aggregate already in memory (a command
    renders its answer from what it just wrote)."""
    seat = agg.seat_of(_player_id(user))
    view = (
        engine.view_for_seat(agg.state, seat) if seat is not None else engine.public_view(agg.state)
    )
    return {
        "id": str(game.pk),
        "preset": game.preset,
        "status": agg.status,
        "seq": agg.seq,
        "creator": creator_name(game, agg.seats),
        "options": dict(agg.options),
        "created_at": game.created_at,
        "started_at": game.started_at,
        "finished_at": game.finished_at,
        "seats": _seat_dicts(agg),
        "your_seat": seat,
        "to_act": list(agg.to_act),
        "view": view.to_dict(),
    }


def seat_of_user(*, agg: agg_mod.GameAggregate, user: Any) -> int | None:
    """The user's seat in the game of ``agg`` (None: not seated)."""
    return agg.seat_of(_player_id(user))


def game_events_since(
    *, game_id: Any, user: Any, after_seq: int = 0, limit: int = 100
) -> list[dict[str, Any]]:
    """Events after ``after_seq`` (gap-free, at most ``limit``), each payload redacted for the
    user's seat by the engine. Lobby events are public as stored."""
    game = store.get_game(game_id)
    rows = store.event_rows(game.pk, after_seq=max(0, int(after_seq)), limit=max(0, int(limit)))
    if not rows:
        return []
    rules = engine.RuleSet.from_dict(game.ruleset)
    seat = _seat_at(game, _player_id(user))
    return _events_for_seat(rules, rows, seat)


def command_events_for_user(
    *, agg: agg_mod.GameAggregate, stored: list[dict[str, Any]], user: Any
) -> list[dict[str, Any]]:
    """The events a command just appended (``store.append``'s rows), as ``game_events_since``
    shows them to ``user``, from the aggregate after them (no read back)."""
    rows = [
        {
            "seq": e["seq"],
            "type": e["type"],
            "schema_version": e["schema_version"],
            "payload": e["payload"],
            "created_at": e["created_at"],
            "actor_kind": e["actor"]["kind"],
            "actor_player_id": e["actor"]["player"],
            "actor_seat": e["actor"]["seat"],
        }
        for e in stored
    ]
    return _events_for_seat(agg.rules, rows, agg.seat_of(_player_id(user)))


def _events_for_seat(
    rules: Any, rows: list[dict[str, Any]], seat: int | None
) -> list[dict[str, Any]]:
    out = []
    for row in rows:
        payload = store.upcast(row["type"], row["schema_version"], row["payload"])
        if row["type"] not in agg_mod.LOBBY_TYPES:
            payload = engine.redact_event(
                rules, engine.event_from_payload(row["type"], payload), seat
            )
        else:
            payload, _ = public_payload(row["type"], payload)
        out.append(
            {
                "seq": row["seq"],
                "type": row["type"],
                "created_at": row["created_at"],
                "actor": public_actor(row),
                "payload": payload,
            }
        )
    return out


def _seat_at(game: Game, player_id: int | None) -> int | None:
    """The user's seat from the read model (a player keeps their seat index once play starts)."""
    if player_id is None:
        return None
    return (
        Seat.objects.filter(game_id=game.pk, kind=Seat.Kind.HUMAN, player_id=player_id)
        .values_list("index", flat=True)
        .first()
    )


def game_summary(game: Game) -> dict[str, Any]:
    """Public store facts of a game (lobby rows, a player's games): no cards."""
    seats = sorted(game.seats.all(), key=lambda s: s.index)
    return {
        "id": str(game.pk),
        "preset": game.preset,
        "status": game.status,
        "seq": game.last_seq,
        "creator": creator_name(game, seats),
        "created_at": game.created_at,
        "started_at": game.started_at,
        "finished_at": game.finished_at,
        "to_act": list(game.to_act or []),
        "seats": [
            {
                "seat": s.index,
                "kind": s.kind,
                "display_name": s.display_name,
                "ai_level": s.ai_level or None,
                "handed_to_ai": s.handed_to_ai,
                "resigned": s.resigned,
                "is_bot": bool(s.bot_owner),
                "bot_owner": s.bot_owner or None,
            }
            for s in seats
        ],
        "free_seats": sum(1 for s in seats if s.kind == Seat.Kind.EMPTY),
    }


def game_list_open(*, preset: str | None = None, limit: int = 50) -> list[dict[str, Any]]:
    """Lobby games with at least one free seat, newest first."""
    qs = Game.objects.filter(status=Game.Status.LOBBY, seats__kind=Seat.Kind.EMPTY).distinct()
    if preset:
        qs = qs.filter(preset=preset)
    return [game_summary(g) for g in qs.prefetch_related("seats").order_by("-created_at")[:limit]]


def games_for_player(
    user: Any, *, status: str | None = None, limit: int = 100
) -> list[dict[str, Any]]:
    """Games the user created or sits in, newest first."""
    player_id = _player_id(user)
    if player_id is None:
        return []
    qs = Game.objects.filter(Q(seats__player_id=player_id) | Q(creator_id=player_id)).distinct()
    if status:
        qs = qs.filter(status=status)
    return [game_summary(g) for g in qs.prefetch_related("seats").order_by("-created_at")[:limit]]


def deal_commitments(game_id: Any) -> list[dict[str, Any]]:
    """Each hand's deal commitment as the seats received it at the deal (from ``hand_dealt``'s
    deck and salt) next to the one recomputed from the deck and salt ``hand_scored`` revealed.

    Rows: hand_number, dealt (commitment at the deal), revealed (None while the hand is being
    played), deck_ok (the dealt deck is a permutation of the ruleset's deck), match.
    """
    game = store.get_game(game_id)
    rules = engine.RuleSet.from_dict(game.ruleset)
    full_deck = sorted(c.code for c in engine.deck_for(rules))
    hands: dict[int, dict[str, Any]] = {}
    for type_, payload in store.upcast_rows(
        store.event_rows_queryset(game.pk).filter(type__in=("hand_dealt", "hand_scored"))
    ):
        deck = [engine.parse_card(c) for c in payload["deck"]]
        commitment = engine.deal_commitment(deck, payload["salt"])
        row = hands.setdefault(payload["hand_number"], {"hand_number": payload["hand_number"]})
        if type_ == "hand_dealt":
            row["dealt"] = commitment
            row["deck_ok"] = sorted(c.code for c in deck) == full_deck
        else:
            row["revealed"] = commitment
    out = []
    for number in sorted(hands):
        row = {"dealt": None, "revealed": None, "deck_ok": None, **hands[number]}
        row["match"] = None if row["revealed"] is None else row["revealed"] == row["dealt"]
        out.append(row)
    return out
