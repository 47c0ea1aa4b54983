"""Read side of the ratings: plain values for the API and for other apps.

For other apps (matchmaking's rating window, docs/ratings.md "Using ratings from code"):

* ``rating_of(player, preset)`` -> `RatingValue` of a player (a user or a user id);
* ``ai_rating_of(level, preset)`` -> `RatingValue` of an AI level;
* ``ratings_of(players, preset)`` -> {user id: `RatingValue`} in one query.

An identity that has no rated game on that preset gets the prior (mu 25, sigma 25/3, rating 1500,
``games_played`` 0, provisional): callers never need a None check. One query each.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from datetime import datetime
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import ObjectDoesNotExist
from django.db import connections, router
from django.db.models import Q, QuerySet

from common import sqlrows
from games import aggregate as agg_mod
from games import engine, store
from games.models import Game, Seat
from ratings import ladder
from ratings.errors import AiLevelNotFound, PlayerNotFound, PresetNotFound
from ratings.models import Ladder, RatedGame, Rating, RatingPoint

AI_LEVELS: tuple[str, ...] = agg_mod.AI_LEVELS


def provisional_games() -> int:
    return int(getattr(settings, "RATINGS_PROVISIONAL_GAMES", 10))


@dataclass(frozen=True)
class RatingValue:
    """A rating as other apps and the API see it."""

    preset: str
    mu: float
    sigma: float
    rating: int  # display scale: 1500 + 30 (mu - 25)
    rating_deviation: int  # 30 sigma
    conservative: int  # display of mu - 3 sigma: the leaderboard's order
    games_played: int
    wins: int
    provisional: bool  # fewer than RATINGS_PROVISIONAL_GAMES games
    last_game_at: datetime | None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def value_of(preset: str, mu: float, sigma: float, games: int = 0, wins: int = 0, last=None):
    return RatingValue(
        preset=preset,
        mu=mu,
        sigma=sigma,
        rating=ladder.display(mu),
        rating_deviation=ladder.display_deviation(sigma),
        conservative=ladder.display(mu - 3 * sigma),
        games_played=games,
        wins=wins,
        provisional=games < provisional_games(),
        last_game_at=last,
    )


def _value(rating: Rating | None, preset: str) -> RatingValue:
    if rating is None:
        return value_of(preset, ladder.MU, ladder.SIGMA)
    return value_of(
        preset, rating.mu, rating.sigma, rating.games_played, rating.wins, rating.last_game_at
    )


def _check_preset(preset: str) -> str:
    if preset not in engine.PRESETS:
        raise PresetNotFound(preset=preset, presets=sorted(engine.PRESETS))
    return preset


def _check_level(level: str) -> str:
    if level not in AI_LEVELS:
        raise AiLevelNotFound(level=level, levels=list(AI_LEVELS))
    return level


# ---------------------------------------------------------------------- for other apps
def rating_of(player: Any, preset: str) -> RatingValue:
    """The rating of ``player`` (a user or a user id) on ``preset``'s ladder."""
    player_id = getattr(player, "pk", player)
    return _value(Rating.objects.filter(preset=preset, player_id=player_id).first(), preset)


def ai_rating_of(level: str, preset: str) -> RatingValue:
    """The rating of the AI level ``level`` on ``preset``'s ladder."""
    return _value(Rating.objects.filter(preset=preset, ai_level=level).first(), preset)


def ratings_of(players: Iterable[Any], preset: str) -> dict[Any, RatingValue]:
    """{user id: rating} for several players in one query (unrated players get the prior)."""
    ids = [getattr(p, "pk", p) for p in players]
    found = {r.player_id: r for r in Rating.objects.filter(preset=preset, player_id__in=ids)}
    return {pid: _value(found.get(pid), preset) for pid in ids}


# ---------------------------------------------------------------------- API reads
def _bot_owner(user: Any) -> str | None:
    """The owner's name of a bot account (``user.bot`` joined by the query), else None."""
    try:
        bot = user.bot
    except ObjectDoesNotExist:
        return None
    return bot.owner.get_username()


def player_identity(user: Any) -> dict[str, Any]:
    """A player's identity on the ladders: a bot account is rated as itself, shown as a bot
    (``kind`` "bot", ``is_bot``, its owner), never as a human."""
    owner = _bot_owner(user)
    return {
        "kind": "human" if owner is None else "bot",
        "username": user.get_username(),
        "ai_level": None,
        "is_bot": owner is not None,
        "bot_owner": owner,
    }


def identity_dict(rating: Rating) -> dict[str, Any]:
    if rating.ai_level:
        return {
            "kind": "ai",
            "username": None,
            "ai_level": rating.ai_level,
            "is_bot": False,
            "bot_owner": None,
        }
    return player_identity(rating.player)


def leaderboard_queryset(*, preset: str) -> QuerySet[Rating]:
    """The ladder of ``preset``: every rated identity, best conservative rating first."""
    _check_preset(preset)
    return (
        Rating.objects.filter(preset=preset, games_played__gt=0)
        .select_related("player", "player__bot__owner")
        .order_by("-ordinal", "-games_played", "id")
    )


def leaderboard_entries(ratings: Iterable[Rating], *, offset: int = 0) -> list[dict[str, Any]]:
    return [
        {"rank": offset + index + 1, **identity_dict(r), **_value(r, r.preset).to_dict()}
        for index, r in enumerate(ratings)
    ]


def ladder_summaries() -> list[dict[str, Any]]:
    """Every preset with its number of rated games and rated identities."""
    counts = {row.preset: row.games_rated for row in Ladder.objects.all()}
    return [{"preset": p, "games_rated": counts.get(p, 0)} for p in engine.PRESETS]


def _user(username: str) -> Any:
    user = get_user_model().objects.select_related("bot__owner").filter(username=username).first()
    if user is None:
        raise PlayerNotFound(username=username)
    return user


def _identity_q(*, username: str | None = None, level: str | None = None) -> tuple[Q, dict]:
    if level is not None:
        _check_level(level)
        return Q(ai_level=level), {
            "kind": "ai",
            "username": None,
            "ai_level": level,
            "is_bot": False,
            "bot_owner": None,
        }
    user = _user(username or "")
    return Q(player_id=user.pk), player_identity(user)


def identity_ratings(*, username: str | None = None, level: str | None = None) -> dict[str, Any]:
    """An identity's rating on every preset (the prior where it has no rated game)."""
    q, who = _identity_q(username=username, level=level)
    found = {r.preset: r for r in Rating.objects.filter(q)}
    return {**who, "ratings": [_value(found.get(p), p).to_dict() for p in engine.PRESETS]}


def identity_rating(
    *, preset: str, username: str | None = None, level: str | None = None
) -> tuple[dict[str, Any], QuerySet[RatingPoint]]:
    """An identity's rating on ``preset`` and the queryset of its history (oldest first)."""
    _check_preset(preset)
    q, who = _identity_q(username=username, level=level)
    rating = Rating.objects.filter(q, preset=preset).first()
    points = RatingPoint.objects.filter(rating_id=rating.pk if rating else None).order_by(
        "finished_at", "game_id"
    )
    return {**who, **_value(rating, preset).to_dict()}, points


def history_entries(points: Iterable[RatingPoint]) -> list[dict[str, Any]]:
    """One point per game: the game, its finish, the place and the rating after (and change)."""
    out = []
    for p in points:
        after, before = ladder.display(p.mu), ladder.display(p.mu_before)
        out.append(
            {
                "game_id": str(p.game_id),
                "finished_at": p.finished_at,
                "place": p.place,
                "seats": list(p.seats),
                "rating": after,
                "rating_change": after - before,
                "rating_deviation": ladder.display_deviation(p.sigma),
                "mu": p.mu,
                "sigma": p.sigma,
            }
        )
    return out


def game_ratings(*, game_id: Any) -> dict[str, Any]:
    """The ratings of the players (and AI levels) seated in a game, on its preset's ladder, and,
    once the game is rated, each seat's change from it. Four queries."""
    game = store.get_game(game_id)
    seats = list(
        Seat.objects.filter(game_id=game.pk)
        .order_by("index")
        .values("index", "kind", "player_id", "ai_level", "display_name", "bot_owner")
    )
    players = [s["player_id"] for s in seats if s["kind"] == Seat.Kind.HUMAN and s["player_id"]]
    levels = [s["ai_level"] for s in seats if s["kind"] == Seat.Kind.AI and s["ai_level"]]
    ratings = list(
        Rating.objects.filter(preset=game.preset).filter(
            Q(player_id__in=players) | Q(ai_level__in=levels)
        )
    )
    by_player = {r.player_id: r for r in ratings if r.player_id}
    by_level = {r.ai_level: r for r in ratings if r.ai_level}
    changes: dict[int, RatingPoint] = {}
    rated = False
    if game.status == Game.Status.FINISHED:
        points = list(RatingPoint.objects.filter(game_id=game.pk))
        rated = bool(points)
        changes = {p.rating_id: p for p in points}
    out = []
    for seat in seats:
        if seat["kind"] == Seat.Kind.HUMAN:
            rating = by_player.get(seat["player_id"])
        elif seat["kind"] == Seat.Kind.AI:
            rating = by_level.get(seat["ai_level"])
        else:
            out.append({"seat": seat["index"], "kind": seat["kind"], "display_name": "",
                        "is_bot": False, "bot_owner": None,
                        "rating": None, "change": None})  # fmt: skip
            continue
        point = changes.get(rating.pk) if rating is not None else None
        out.append(
            {
                "seat": seat["index"],
                "kind": seat["kind"],
                "display_name": seat["display_name"],
                "is_bot": bool(seat["bot_owner"]),
                "bot_owner": seat["bot_owner"] or None,
                "rating": _value(rating, game.preset).to_dict(),
                "change": None
                if point is None
                else {
                    "place": point.place,
                    "rating_before": ladder.display(point.mu_before),
                    "rating_after": ladder.display(point.mu),
                    "rating_change": ladder.display(point.mu) - ladder.display(point.mu_before),
                },
            }
        )
    return {"game_id": str(game.pk), "preset": game.preset, "rated": rated, "seats": out}


def _ratings_wanted(wanted: dict[str, tuple[set[int], set[str]]]) -> list[Rating]:
    """The stored ratings of these players and AI levels per preset, in ONE plain SQL query:
    every game view asks (``seat_ratings``), and the ORM compiling this filter on each request
    cost about as much as the rest of the view (issue 18)."""
    db = router.db_for_read(Rating)
    name = sqlrows.table(Rating, db)
    preset_col, player_col, level_col = (
        f"{name}.{sqlrows.column(Rating, field, db)}" for field in ("preset", "player", "ai_level")
    )
    clauses, params = [], []
    for preset, (players, levels) in sorted(wanted.items()):
        whose = [
            f"{col} IN ({', '.join(['%s'] * len(values))})"
            for col, values in ((player_col, players), (level_col, levels))
            if values
        ]
        if whose:
            clauses.append(f"({preset_col} = %s AND ({' OR '.join(whose)}))")
            params += [preset, *sorted(players), *sorted(levels)]
    if not clauses:
        return []
    cols = sqlrows.columns(Rating, db, Rating._meta.db_table)
    with connections[db].cursor() as cursor:
        cursor.execute(f"SELECT {cols.sql} FROM {name} WHERE {' OR '.join(clauses)}", params)
        return [cols.instance(row) for row in cursor.fetchall()]


def seat_ratings(tables: Sequence[tuple[str, Sequence[Any]]]) -> list[dict[int, dict[str, Any]]]:
    """The provider of ``games.seat_ratings``: for each table ``(preset, seat keys)``, {seat
    index: the seat's rating on the preset}, for every seat but the empty ones, in one query for
    all the tables (none when no seat is taken). A human seat shows its player's rating, also
    while the AI plays it (handed over or resigned: the game counts for the player); an AI seat
    its level's. An identity without a rated game shows the prior (1500, provisional)."""
    wanted: dict[str, tuple[set[int], set[str]]] = {}
    for preset, seats in tables:
        players, levels = wanted.setdefault(preset, (set(), set()))
        for seat in seats:
            if seat.kind == Seat.Kind.HUMAN and seat.player_id is not None:
                players.add(seat.player_id)
            elif seat.kind == Seat.Kind.AI and seat.ai_level:
                levels.add(seat.ai_level)
    found: dict[tuple[str, Any], Rating] = {}
    for r in _ratings_wanted(wanted):
        found[(r.preset, r.ai_level or r.player_id)] = r
    out = []
    for preset, seats in tables:
        ratings = {}
        for seat in seats:
            if seat.kind == Seat.Kind.HUMAN and seat.player_id is not None:
                key: Any = seat.player_id
            elif seat.kind == Seat.Kind.AI and seat.ai_level:
                key = seat.ai_level
            else:
                continue
            value = _value(found.get((preset, key)), preset)
            ratings[seat.index] = {
                "rating": value.rating,
                "rating_deviation": value.rating_deviation,
                "conservative": value.conservative,
                "mu": value.mu,
                "sigma": value.sigma,
                "games_played": value.games_played,
                "provisional": value.provisional,
            }
        out.append(ratings)
    return out


# ---------------------------------------------------------------------- verification
def projection_snapshot(*, presets: Iterable[str] | None = None) -> dict[str, Any]:
    """Every stored value of the projection, keyed by identity and game (not by row ids): what
    ``ratings_rebuild --check`` and the tests compare."""
    wanted = None if presets is None else list(presets)
    ratings = Rating.objects.all()
    games = RatedGame.objects.all()
    points = RatingPoint.objects.select_related("rating")
    ladders = Ladder.objects.all()
    if wanted is not None:
        ratings = ratings.filter(preset__in=wanted)
        games = games.filter(preset__in=wanted)
        points = points.filter(rating__preset__in=wanted)
        ladders = ladders.filter(preset__in=wanted)

    def who(r: Rating) -> str:
        return f"{r.preset}/ai:{r.ai_level}" if r.ai_level else f"{r.preset}/player:{r.player_id}"

    return {
        "ratings": {
            who(r): (r.mu, r.sigma, r.ordinal, r.games_played, r.wins, r.last_game_at)
            for r in ratings
        },
        "games": {str(g.game_id): (g.preset, g.finished_at, g.rated, g.seats) for g in games},
        "points": {
            f"{who(p.rating)}@{p.game_id}": (
                p.finished_at,
                p.place,
                p.seats,
                p.mu_before,
                p.sigma_before,
                p.mu,
                p.sigma,
            )
            for p in points
        },
        "ladders": {
            row.preset: (row.games_rated, row.head_finished_at, row.head_game_id) for row in ladders
        },
    }


def snapshot_differences(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    out = []
    for table in ("ratings", "games", "points", "ladders"):
        a, b = before.get(table, {}), after.get(table, {})
        for key in sorted(set(a) | set(b)):
            if a.get(key) != b.get(key):
                out.append(f"{table} {key}: stored {a.get(key)!r}, rebuilt {b.get(key)!r}")
    return out
