"""Ratings commands: apply a finished game, sweep the games not yet applied, rebuild everything.

Order is the whole game: the ladder of a preset is the result of its finished games applied one
by one in **game-finish order** (the ``game_ended`` event's time, then the game id). The
incremental path (a Celery task per finished game, `ratings_apply_game`) and the rebuild
(`ratings_rebuild`) both follow it, with the same arithmetic (`ratings.ladder`), so both end in
the same floats, bit for bit.

* One preset at a time: applying a game locks its preset's ``Ladder`` row (PostgreSQL
  ``SELECT ... FOR UPDATE``; SQLite serialises writers), so two games of one preset are never
  applied concurrently and two tasks for the same game apply it once.
* Idempotent per game: a ``RatedGame`` row per game taken in, unique. A second (or concurrent)
  application finds it under the lock and changes nothing; the unique constraint is the
  guarantee behind the lock (an ``IntegrityError`` rolls the whole attempt back).
* Out of order: when a game arrives whose finish sorts before the newest applied game of its
  preset (two games finishing together, a task lost while later games were applied), the
  ladder rewinds: the later games are taken out (each identity goes back to the skill before its
  first removed point) and applied again after it, in order.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Iterable, Sequence
from datetime import datetime, timedelta
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Count, Max, Q

from games.models import Game
from ratings import ladder, results
from ratings.models import Ladder, RatedGame, Rating, RatingPoint

logger = logging.getLogger(__name__)

APPLIED = "applied"  # rated now
TAKEN_IN = "taken_in"  # recorded, not rated (fewer than two identities)
ALREADY_APPLIED = "already_applied"
NOT_FINISHED = "not_finished"

RATING_FIELDS = ["mu", "sigma", "ordinal", "games_played", "wins", "last_game_at"]


def _now() -> datetime:
    from django.utils import timezone

    return timezone.now()


def order_key(result: results.GameResult) -> tuple[datetime, uuid.UUID]:
    """Game-finish order: the game_ended event's time, then the game id (as the database
    orders UUIDs: by their bytes, which is how ``uuid.UUID`` compares too)."""
    return result.finished_at, uuid.UUID(str(result.game_id))


# ---------------------------------------------------------------------- apply
def ratings_apply_game(*, game_id: Any, now: datetime | None = None) -> str:
    """Take one finished game into its preset's ladder (the Celery task's service). Returns
    ``applied``, ``taken_in`` (not rated), ``already_applied`` or ``not_finished``."""
    try:
        if RatedGame.objects.filter(pk=game_id).exists():  # the cheap answer to a rerun
            return ALREADY_APPLIED
    except (ValidationError, ValueError):  # not a game id at all
        return NOT_FINISHED
    result = results.finished_game_result(game_id)  # replayed outside the lock
    if result is None:
        return NOT_FINISHED
    now = now or _now()
    try:
        with transaction.atomic():
            head = _lock_ladder(result.preset)
            if RatedGame.objects.filter(pk=result.game_id).exists():
                return ALREADY_APPLIED
            todo = [result]
            if _sorts_before_head(result, head):
                todo += _rewind(head, order_key(result))
            outcome = APPLIED
            for item in sorted(todo, key=order_key):
                rated = _apply(head, item, now)
                if item is result and not rated:
                    outcome = TAKEN_IN
            head.save()
            return outcome
    except IntegrityError:
        # Only the unique RatedGame row can fail here: another transaction applied the game
        # between our check and our insert (the lock makes that near impossible). Rolled back.
        logger.info("ratings: game %s was applied concurrently", game_id)
        return ALREADY_APPLIED


def ratings_apply_pending(*, older_than_s: float = 0, limit: int = 500) -> int:
    """The beat sweep: apply finished games that have no ``RatedGame`` row yet (their task was
    lost: a broker outage, a worker killed), oldest finish first. Returns the games applied."""
    cutoff = _now() - timedelta(seconds=older_than_s)
    pending = list(
        Game.objects.filter(status=Game.Status.FINISHED, finished_at__lte=cutoff)
        .exclude(pk__in=RatedGame.objects.values("game_id"))
        .order_by("finished_at", "id")
        .values_list("pk", flat=True)[:limit]
    )
    applied = 0
    for game_id in pending:
        if ratings_apply_game(game_id=game_id) in (APPLIED, TAKEN_IN):
            applied += 1
    return applied


def _lock_ladder(preset: str) -> Ladder:
    Ladder.objects.get_or_create(preset=preset)
    return Ladder.objects.select_for_update().get(pk=preset)


def _sorts_before_head(result: results.GameResult, head: Ladder) -> bool:
    if head.head_finished_at is None or head.head_game_id is None:
        return False
    return order_key(result) < (head.head_finished_at, head.head_game_id)


def _identity_filter(identities: Iterable[results.Identity]) -> Q:
    players = [key for kind, key in identities if kind == results.PLAYER]
    levels = [key for kind, key in identities if kind == results.AI]
    q = Q(pk__in=[])
    if players:
        q |= Q(player_id__in=players)
    if levels:
        q |= Q(ai_level__in=levels)
    return q


def identity_of(rating: Rating) -> results.Identity:
    return (results.AI, rating.ai_level) if rating.ai_level else (results.PLAYER, rating.player_id)


def _ratings_for(preset: str, identities: Sequence[results.Identity]) -> dict[Any, Rating]:
    found = {
        identity_of(r): r
        for r in Rating.objects.filter(Q(preset=preset) & _identity_filter(identities))
    }
    missing = [
        Rating(
            preset=preset,
            player_id=key if kind == results.PLAYER else None,
            ai_level=key if kind == results.AI else "",
        )
        for kind, key in identities
        if (kind, key) not in found
    ]
    for rating in Rating.objects.bulk_create(missing):
        found[identity_of(rating)] = rating
    return found


def _apply(head: Ladder, result: results.GameResult, now: datetime) -> bool:
    """Apply one game to the locked ladder ``head``; True when it was rated."""
    game = RatedGame.objects.create(
        game_id=result.game_id,
        preset=result.preset,
        finished_at=result.finished_at,
        rated=result.rateable,
        seats=[s.to_dict() for s in result.seats],
        applied_at=now,
    )
    head.head_finished_at, head.head_game_id = order_key(result)
    if not result.rateable:
        return False
    identities = result.identities
    ratings = _ratings_for(result.preset, identities)
    priors = {i: ladder.Skill(ratings[i].mu, ratings[i].sigma) for i in identities}
    after = ladder.rate_game(priors, [(s.identity, s.place) for s in result.seats])
    points = []
    for identity in identities:
        rating, skill = ratings[identity], after[identity]
        seats = [s for s in result.seats if s.identity == identity]
        place = min(s.place for s in seats)
        points.append(
            RatingPoint(
                rating=rating,
                game=game,
                finished_at=result.finished_at,
                place=place,
                seats=[s.seat for s in seats],
                mu_before=rating.mu,
                sigma_before=rating.sigma,
                mu=skill.mu,
                sigma=skill.sigma,
            )
        )
        rating.mu, rating.sigma, rating.ordinal = skill.mu, skill.sigma, skill.ordinal
        rating.games_played += 1
        rating.wins += place == 1
        rating.last_game_at = result.finished_at
    Rating.objects.bulk_update(list(ratings.values()), RATING_FIELDS)
    RatingPoint.objects.bulk_create(points)
    head.games_rated += 1
    return True


def _rewind(head: Ladder, key: tuple[datetime, uuid.UUID]) -> list[results.GameResult]:
    """Take out every applied game of ``head``'s preset that sorts after ``key``; return their
    results, to be applied again after the late game."""
    finished_at, game_id = key
    later = list(
        RatedGame.objects.filter(preset=head.preset)
        .filter(Q(finished_at__gt=finished_at) | Q(finished_at=finished_at, game_id__gt=game_id))
        .order_by("finished_at", "game_id")
        .values_list("game_id", flat=True)
    )
    logger.warning("ratings: %s rewinds %s game(s) for a late game", head.preset, len(later))
    first_before: dict[int, tuple[float, float]] = {}
    for rating_id, mu, sigma in (
        RatingPoint.objects.filter(game_id__in=later)
        .order_by("finished_at", "game_id")
        .values_list("rating_id", "mu_before", "sigma_before")
    ):
        first_before.setdefault(rating_id, (mu, sigma))
    RatingPoint.objects.filter(game_id__in=later).delete()
    RatedGame.objects.filter(game_id__in=later).delete()
    kept = {
        row["rating_id"]: row
        for row in RatingPoint.objects.filter(rating_id__in=list(first_before))
        .values("rating_id")
        .annotate(games=Count("id"), wins=Count("id", filter=Q(place=1)), last=Max("finished_at"))
    }
    restored = []
    for rating in Rating.objects.filter(pk__in=list(first_before)):
        mu, sigma = first_before[rating.pk]
        row = kept.get(rating.pk, {})
        rating.mu, rating.sigma = mu, sigma
        rating.ordinal = ladder.Skill(mu, sigma).ordinal
        rating.games_played = row.get("games", 0)
        rating.wins = row.get("wins", 0)
        rating.last_game_at = row.get("last")
        restored.append(rating)
    Rating.objects.bulk_update(restored, RATING_FIELDS)
    newest = (
        RatedGame.objects.filter(preset=head.preset)
        .order_by("-finished_at", "-game_id")
        .values_list("finished_at", "game_id")
        .first()
    )
    head.head_finished_at, head.head_game_id = newest or (None, None)
    head.games_rated = RatedGame.objects.filter(preset=head.preset, rated=True).count()
    out = []
    for gid in later:
        again = results.finished_game_result(gid)
        if again is not None:  # pragma: no branch - a finished game stays finished
            out.append(again)
    return out


# ---------------------------------------------------------------------- rebuild
def ratings_rebuild(*, presets: Iterable[str] | None = None) -> dict[str, int]:
    """Delete the projection (of ``presets``, default every preset) and apply every finished
    game again from its event log (replayed from the first event, no snapshot), in game-finish
    order. Returns the number of games taken in per preset. One transaction per preset."""
    wanted = None if presets is None else set(presets)
    games = Game.objects.filter(status=Game.Status.FINISHED)
    if wanted is not None:
        games = games.filter(preset__in=wanted)
    by_preset: dict[str, list[results.GameResult]] = {}
    for game_id in games.order_by("finished_at", "id").values_list("pk", flat=True):
        result = results.finished_game_result(game_id, use_snapshots=False)
        if result is not None:
            by_preset.setdefault(result.preset, []).append(result)
    known = set(Ladder.objects.values_list("preset", flat=True)) | set(by_preset)
    if wanted is not None:
        known &= wanted
    now = _now()
    counts = {}
    for preset in sorted(known):
        with transaction.atomic():
            head = _lock_ladder(preset)
            RatingPoint.objects.filter(game__preset=preset).delete()
            RatedGame.objects.filter(preset=preset).delete()
            Rating.objects.filter(preset=preset).delete()
            head.games_rated, head.head_finished_at, head.head_game_id = 0, None, None
            todo = sorted(by_preset.get(preset, []), key=order_key)
            for result in todo:
                _apply(head, result, now)
            head.save()
            counts[preset] = len(todo)
    return counts
