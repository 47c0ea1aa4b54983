"""Output serializers of the ratings API (unique names for the OpenAPI components)."""

from __future__ import annotations

from rest_framework import serializers

_KIND = (
    "`human` (a player, named by `username`), `bot` (a bot account, named by `username`, with "
    "its `bot_owner`) or `ai` (an AI level, named by `ai_level`)."
)


class RatingOutputSerializer(serializers.Serializer):
    preset = serializers.CharField()
    rating = serializers.IntegerField(help_text="Display rating: 1500 + 30 (mu - 25).")
    rating_deviation = serializers.IntegerField(help_text="Its uncertainty: 30 sigma.")
    conservative = serializers.IntegerField(
        help_text="Display of mu - 3 sigma (the leaderboard's order): the rating the player is "
        "99.7% sure to have at least."
    )
    mu = serializers.FloatField(help_text="Plackett-Luce skill mean (openskill scale, start 25).")
    sigma = serializers.FloatField(help_text="Plackett-Luce skill deviation (start 25/3).")
    games_played = serializers.IntegerField(help_text="Rated games on this preset's ladder.")
    wins = serializers.IntegerField(help_text="Rated games placed first (shared firsts count).")
    provisional = serializers.BooleanField(
        help_text="Fewer than RATINGS_PROVISIONAL_GAMES (10) rated games."
    )
    last_game_at = serializers.DateTimeField(allow_null=True)


class RatedIdentityOutputSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=["human", "bot", "ai"], help_text=_KIND)
    username = serializers.CharField(allow_null=True)
    ai_level = serializers.CharField(allow_null=True)
    is_bot = serializers.BooleanField(
        help_text="A bot account (a player's program, rated as itself; never a human)."
    )
    bot_owner = serializers.CharField(
        allow_null=True, help_text="The player who owns the bot account (null otherwise)."
    )


class LeaderboardEntryOutputSerializer(RatedIdentityOutputSerializer, RatingOutputSerializer):
    rank = serializers.IntegerField(help_text="1 = the best conservative rating.")


class LeaderboardPageOutputSerializer(serializers.Serializer):
    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = LeaderboardEntryOutputSerializer(many=True)


class LadderSummaryOutputSerializer(serializers.Serializer):
    preset = serializers.CharField()
    games_rated = serializers.IntegerField()


class IdentityRatingsOutputSerializer(RatedIdentityOutputSerializer):
    ratings = RatingOutputSerializer(many=True, help_text="One per preset, in preset order.")


class RatingHistoryPointOutputSerializer(serializers.Serializer):
    game_id = serializers.UUIDField()
    finished_at = serializers.DateTimeField()
    place = serializers.IntegerField(help_text="Final placing (1 = best; forfeits are last).")
    seats = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="The identity's seats (an AI level may have several).",
    )
    rating = serializers.IntegerField(help_text="Display rating after this game.")
    rating_change = serializers.IntegerField(help_text="Display rating after minus before.")
    rating_deviation = serializers.IntegerField()
    mu = serializers.FloatField()
    sigma = serializers.FloatField()


class IdentityRatingDetailOutputSerializer(RatedIdentityOutputSerializer, RatingOutputSerializer):
    count = serializers.IntegerField(help_text="Points in the history (one per rated game).")
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = RatingHistoryPointOutputSerializer(
        many=True, help_text="The history, oldest game first (paginated)."
    )


class SeatRatingChangeOutputSerializer(serializers.Serializer):
    place = serializers.IntegerField()
    rating_before = serializers.IntegerField()
    rating_after = serializers.IntegerField()
    rating_change = serializers.IntegerField()


class SeatRatingOutputSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=["empty", "human", "ai"])
    display_name = serializers.CharField(allow_blank=True)
    is_bot = serializers.BooleanField(help_text="A bot account holds the seat.")
    bot_owner = serializers.CharField(allow_null=True, help_text="The bot's owner (null: none).")
    rating = RatingOutputSerializer(
        allow_null=True, help_text="Current rating on the game's preset (null: empty seat)."
    )
    change = SeatRatingChangeOutputSerializer(
        allow_null=True, help_text="What this game changed, once it is finished and rated."
    )


class GameRatingsOutputSerializer(serializers.Serializer):
    game_id = serializers.UUIDField()
    preset = serializers.CharField()
    rated = serializers.BooleanField(help_text="The finished game has been applied and rated.")
    seats = SeatRatingOutputSerializer(many=True)
