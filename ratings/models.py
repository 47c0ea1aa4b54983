"""The ratings projection: its own tables, derived from the games' event logs.

Nothing here is the truth: ``manage.py ratings_rebuild`` deletes every row and applies every
finished game again, in game-finish order, and must produce exactly the same values (a test
checks it on SQLite and PostgreSQL). The games app never reads or writes these tables.

* ``Rating``: the current skill of one identity on one preset's ladder. An identity is a player
  (``player``) or an AI level (``ai_level``): exactly one of the two, unique per preset.
* ``RatedGame``: one row per finished game the projection has taken in (rated or skipped).
  Its uniqueness is what makes applying a game idempotent: a second or concurrent application
  finds it (or fails on it) and changes nothing.
* ``RatingPoint``: the history, one point per identity per rated game (skill before and after).
* ``Ladder``: one row per preset, locked (``select_for_update``) while a game is applied, so
  games of one preset are applied one at a time and in order; it keeps the newest applied game.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from ratings import ladder


class Ladder(models.Model):
    preset = models.CharField(max_length=32, primary_key=True)
    games_rated = models.PositiveIntegerField(default=0)
    # The newest applied game in game-finish order (finished_at, game id): a game that finishes
    # "before" it but arrives later makes the projection rewind (services._rewind).
    head_finished_at = models.DateTimeField(null=True, blank=True)
    head_game_id = models.UUIDField(null=True, blank=True)

    class Meta:
        ordering = ["preset"]

    def __str__(self) -> str:
        return f"ladder {self.preset}"


class Rating(models.Model):
    preset = models.CharField(max_length=32)
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="hearts_ratings",
    )
    ai_level = models.CharField(max_length=16, blank=True, default="")
    mu = models.FloatField(default=ladder.MU)
    sigma = models.FloatField(default=ladder.SIGMA)
    ordinal = models.FloatField(default=ladder.INITIAL.ordinal)  # mu - 3 sigma (sort key)
    games_played = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)  # games placed first (shared firsts count)
    last_game_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["preset", "-ordinal", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["preset", "player"],
                condition=models.Q(player__isnull=False),
                name="ratings_rating_unique_player",
            ),
            models.UniqueConstraint(
                fields=["preset", "ai_level"],
                condition=~models.Q(ai_level=""),
                name="ratings_rating_unique_ai_level",
            ),
            models.CheckConstraint(
                condition=(models.Q(player__isnull=False) & models.Q(ai_level=""))
                | (models.Q(player__isnull=True) & ~models.Q(ai_level="")),
                name="ratings_rating_one_identity",
            ),
        ]
        indexes = [models.Index(fields=["preset", "-ordinal"], name="ratings_leaderboard_idx")]

    def __str__(self) -> str:
        who = f"AI {self.ai_level}" if self.ai_level else f"player {self.player_id}"
        return f"{who} on {self.preset}: {ladder.display(self.mu)}"


class RatedGame(models.Model):
    game = models.OneToOneField(
        "games.Game", on_delete=models.PROTECT, primary_key=True, related_name="+"
    )
    preset = models.CharField(max_length=32)
    finished_at = models.DateTimeField()  # the game_ended event's time (the order key)
    rated = models.BooleanField()  # False: taken in but not rated (fewer than two identities)
    # Per seat: identity label, total, place, forfeit ("resigned" / "abandoned" / null).
    seats = models.JSONField(default=list)
    applied_at = models.DateTimeField()

    class Meta:
        ordering = ["preset", "finished_at", "game"]
        indexes = [
            models.Index(fields=["preset", "finished_at", "game"], name="ratings_game_order_idx")
        ]

    def __str__(self) -> str:
        return f"{self.preset} game {self.game_id} ({'rated' if self.rated else 'not rated'})"


class RatingPoint(models.Model):
    rating = models.ForeignKey(Rating, on_delete=models.CASCADE, related_name="points")
    game = models.ForeignKey(RatedGame, on_delete=models.CASCADE, related_name="points")
    finished_at = models.DateTimeField()
    place = models.PositiveSmallIntegerField()  # best place of the identity's seats
    seats = models.JSONField(default=list)  # the identity's seats in that game
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu = models.FloatField()
    sigma = models.FloatField()

    class Meta:
        ordering = ["rating", "finished_at", "game"]
        constraints = [
            models.UniqueConstraint(fields=["rating", "game"], name="ratings_point_unique_game")
        ]
        indexes = [
            models.Index(fields=["rating", "finished_at", "game"], name="ratings_point_order_idx")
        ]

    def __str__(self) -> str:
        return f"point of rating {self.rating_id} after game {self.game_id}"
