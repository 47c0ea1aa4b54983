"""Read queries the REST API needs beyond ``games/selectors.py`` (owned by the store).

Small wrappers only: the filtered lobby (django-filter over the ``Game`` read model), the
finished game's full log with hashes, and the rules catalogue built from the engine's presets.
The log is exported only once the game is over, when the engine's own views reveal every deck
anyway; internal account ids are not in it: a chain v2 game shows their per-game pseudonyms (the
form its hashes cover, ``store.public_form``), a chain v1 game leaves them out
(``selectors.public_payload``).
"""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from common.http.pagination import invalid_query
from games import aggregate, engine, seat_ratings, selectors, signing, store
from games.errors import GameNotFinished
from games.filters import GameLobbyFilter
from games.models import Game


def game_lobby_queryset(*, filters: Any = None) -> QuerySet[Game]:
    """Games newest first, filtered by preset / status / has_open_seat (validated)."""
    queryset = Game.objects.prefetch_related("seats").order_by("-created_at", "pk")
    filterset = GameLobbyFilter(filters or {}, queryset=queryset)
    if not filterset.is_valid():
        raise invalid_query(filterset.errors)
    return filterset.qs


def game_view_and_seats(*, game_id: Any, user: Any) -> tuple[dict[str, Any], seat_ratings.Table]:
    """``selectors.game_view_for_user`` (same queries) and the game's seat keys, so the view can
    show the seats' ratings (`with_seat_ratings`) once it knows it sends a body."""
    game, loaded = store.fast.get_game_with_state(game_id)
    agg = loaded.aggregate
    view = selectors.game_view_of(game=game, agg=agg, user=user)
    keys = [
        seat_ratings.SeatKey(index, seat.kind, seat.player_id, seat.ai_level)
        for index, seat in enumerate(agg.seats)
    ]
    return view, (game.preset, keys)


def lobby_tables(games: list[Game]) -> list[seat_ratings.Table]:
    """The seat keys of lobby games (their seats prefetched: no query)."""
    return [
        (
            game.preset,
            [
                seat_ratings.SeatKey(s.index, s.kind, s.player_id, s.ai_level or None)
                for s in game.seats.all()
            ],
        )
        for game in games
    ]


def with_seat_ratings(
    views: list[dict[str, Any]], tables: list[seat_ratings.Table]
) -> list[dict[str, Any]]:
    """Each view's seats with their ``rating`` (one query for all, by the installed provider)."""
    for view, ratings in zip(views, seat_ratings.lookup(tables), strict=True):
        seat_ratings.attach(view["seats"], ratings)
    return views


def game_log_export(*, game_id: Any, user: Any = None) -> dict[str, Any]:
    """The whole stored log of a finished game, with its hash chain.

    Every card is shown (the game is over). Internal account ids are not, except to staff:

    * chain v2 (``chain_version`` 2, every game created since): each event in its public form,
      the form its hash covers (ids replaced by per-game pseudonyms, ``store.public_form``), so
      anyone recomputes every hash from the log alone; ``redacted`` is empty. Staff get the
      stored form plus ``public_form`` (the hashed form) of each event.
    * chain v1 (older games): the actor's account id and the ids in lobby payloads are left out
      and listed in ``redacted``; the stored hash covers them, so such an event is checked by its
      links only. Staff get the log as stored and recompute every hash.
    """
    game = store.get_game(game_id)
    if game.status != Game.Status.FINISHED:
        raise GameNotFinished(status=game.status)
    staff = bool(getattr(user, "is_staff", False))
    salt = game.id_salt
    events = []
    for row in store.event_rows(game.pk):
        stored_actor = {
            "kind": row["actor_kind"],
            "player": row["actor_player_id"],
            "seat": row["actor_seat"],
        }
        payload, actor, redacted, hashed = row["payload"], stored_actor, [], None
        if salt:
            hashed_payload, hashed_actor = store.public_form(
                row["type"], row["payload"], stored_actor, salt
            )
            if staff:
                hashed = {"payload": hashed_payload, "actor": hashed_actor}
            else:
                payload, actor = hashed_payload, hashed_actor
        elif not staff:
            payload, removed = selectors.public_payload(row["type"], payload)
            actor = selectors.public_actor(row)
            redacted = [f"payload.{key}" for key in removed]
            if row["actor_player_id"] is not None:
                redacted.insert(0, "actor.player")
        event = {
            "seq": row["seq"],
            "type": row["type"],
            "schema_version": row["schema_version"],
            "payload": payload,
            "actor": actor,
            "redacted": redacted,
            "created_at": row["created_at"],
            "prev_hash": row["prev_hash"],
            "hash": row["hash"],
        }
        if hashed is not None:
            event["public_form"] = hashed
        events.append(event)
    return {
        "game_id": str(game.pk),
        "chain_version": game.chain_version,
        "preset": game.preset,
        "ruleset": game.ruleset,
        "events": events,
        "signatures": store.signature_rows(game.pk),
    }


def signing_keys() -> dict[str, Any]:
    """The public keys that verify signed heads (the current one first), and what they sign."""
    return {
        "algorithm": signing.ALGORITHM,
        "message_format": signing.MESSAGE_FORMAT,
        "signed_after": sorted(signing.SIGNED_TYPES),
        "keys": [key.to_dict() for key in signing.public_keys()],
    }


_OPTION_HELP = {
    "seats": ("integer", None, "Number of players, 2 to 6."),
    "deck": ("string", None, "Deck key."),
    "hand_size": ("integer", None, "Cards dealt to each seat."),
    "queen_points": ("integer", None, "Points of the queen of spades."),
    "passing": ("boolean", None, "Passing on or off."),
    "pass_cycle": (
        "pass_cycle",
        None,
        'List of [direction, count] repeating for the game, e.g. [["left", 3], ["hold", 0]].',
    ),
    "target": ("integer", None, "The game ends after a hand when a total reaches it."),
    "moon": ("string", None, "Shooting the moon scoring."),
    "jack_of_diamonds": ("boolean", None, "The jack of diamonds is worth -10."),
    "queen_breaks_hearts": ("boolean", None, "Playing the queen of spades breaks hearts."),
    "free_first_trick": ("boolean", None, "Points may be played on the first trick."),
    "hearts_or_queen_when_only_penalties": (
        "boolean",
        None,
        "A leader holding only hearts and the queen may lead a heart before hearts are broken.",
    ),
    "tie": ("string", None, "play_on: more hands until one total is lowest; shared: shared win."),
    "hearts_broken_by": (
        "string",
        None,
        "any_heart: any heart played breaks hearts; discard: only a heart played on a trick "
        "of another suit does (a heart lead or a heart following hearts does not).",
    ),
    "lead_hearts_any_time": (
        "boolean",
        None,
        "From the second trick on, a heart may be led whether or not hearts are broken.",
    ),
    "opening_lead": (
        "string",
        None,
        "lowest_club: the holder of the first-lead card must lead it; any_club: that holder "
        "may lead any club.",
    ),
    "no_club_leader": (
        "string",
        None,
        "When nobody holds a club (cards set aside), the seat left of the dealer leads; "
        "normal_limits: the usual hearts and first-trick limits apply to that lead; any_card: "
        "no limit on it.",
    ),
    "no_trick_bonus": (
        "integer",
        None,
        "Points taken off a player who wins no trick in a hand (not when someone shoots the "
        "moon), 0 (off) to 100.",
    ),
}


def rules_catalog() -> dict[str, Any]:
    """The engine's presets and the options a game may override."""
    from games.engine import rules as engine_rules

    choices = {
        "deck": sorted(engine_rules.DECK_MASKS),
        "moon": list(engine_rules.MOON_RULES),
        "tie": list(engine_rules.TIE_RULES),
        "pass_cycle": list(engine_rules.DIRECTIONS),
        "hearts_broken_by": list(engine_rules.HEARTS_BROKEN_BY),
        "opening_lead": list(engine_rules.OPENING_LEADS),
        "no_club_leader": list(engine_rules.NO_CLUB_LEADERS),
    }
    options = []
    for name in sorted(engine_rules.OPTION_NAMES):
        kind, _unused, description = _OPTION_HELP.get(name, ("string", None, name))
        options.append(
            {"name": name, "type": kind, "choices": choices.get(name), "description": description}
        )
    presets = [{"key": key, "rules": engine.PRESETS[key].to_dict()} for key in engine.PRESETS]
    return {"presets": presets, "options": options, "ai_levels": list(aggregate.AI_LEVELS)}
