"""Input and output serializers of the players API (unique names for the OpenAPI components)."""

from __future__ import annotations

from django.contrib.auth.validators import UnicodeUsernameValidator
from rest_framework import serializers

from games.aggregate import Status


class SignUpInputSerializer(serializers.Serializer):
    username = serializers.CharField(
        max_length=150,
        validators=[UnicodeUsernameValidator()],
        help_text="Letters, digits and @/./+/-/_ only; 150 characters or fewer.",
    )
    password = serializers.CharField(
        write_only=True, min_length=8, max_length=128, style={"input_type": "password"}
    )
    email = serializers.EmailField(required=False, allow_blank=True, default="")


class SignUpOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()
    token = serializers.CharField(help_text="API token: send `Authorization: Token <token>`.")


class TokenObtainInputSerializer(serializers.Serializer):
    username = serializers.CharField(max_length=150)
    password = serializers.CharField(
        write_only=True, max_length=128, style={"input_type": "password"}
    )


class TokenOutputSerializer(serializers.Serializer):
    token = serializers.CharField(help_text="API token: send `Authorization: Token <token>`.")
    username = serializers.CharField()


class PlayerStatsOutputSerializer(serializers.Serializer):
    games = serializers.IntegerField(help_text="Finished games in which the player held a seat.")
    wins = serializers.IntegerField(help_text="Finished games the player won (shared wins count).")
    hands = serializers.IntegerField(help_text="Scored hands the player was seated for.")
    average_points_per_hand = serializers.FloatField(
        allow_null=True, help_text="Mean hand score (lower is better); null before any hand."
    )


class PlayerGameOutputSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    preset = serializers.CharField()
    status = serializers.ChoiceField(choices=[status.value for status in Status])
    seat = serializers.IntegerField()
    created_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)
    totals = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    hands_scored = serializers.IntegerField()
    won = serializers.BooleanField(allow_null=True, help_text="null until the game is finished.")


class ProfileOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()
    is_bot = serializers.BooleanField(help_text="A bot account (a program, never a human).")
    bot_owner = serializers.CharField(
        allow_null=True, help_text="The player who owns this bot account (null for players)."
    )
    email = serializers.EmailField(allow_blank=True)
    date_joined = serializers.DateTimeField()
    stats = PlayerStatsOutputSerializer()
    recent_games = PlayerGameOutputSerializer(many=True)


class PlayerGamePageOutputSerializer(serializers.Serializer):
    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = PlayerGameOutputSerializer(many=True)


class BotRegisterInputSerializer(serializers.Serializer):
    name = serializers.CharField(
        min_length=3,
        max_length=150,
        validators=[UnicodeUsernameValidator()],
        help_text="The bot's account name (unique among players and bots): letters, digits and "
        "@/./+/-/_ only.",
    )
    description = serializers.CharField(
        max_length=200, required=False, allow_blank=True, default=""
    )
    open_to_all = serializers.BooleanField(
        required=False,
        default=True,
        help_text="Whether other players may seat it at their tables (you always may).",
    )


class BotOutputSerializer(serializers.Serializer):
    name = serializers.CharField()
    description = serializers.CharField(allow_blank=True)
    open_to_all = serializers.BooleanField()
    is_bot = serializers.BooleanField()
    owner = serializers.CharField(help_text="Your username: the bot's owner.")
    created_at = serializers.DateTimeField()
    revoked_at = serializers.DateTimeField(allow_null=True)


class BotCreatedOutputSerializer(BotOutputSerializer):
    token = serializers.CharField(
        help_text="The bot's API token, shown this once: `Authorization: Token <token>`. Bot "
        "tokens start with `bot_`."
    )


class BotListOutputSerializer(serializers.Serializer):
    bots = BotOutputSerializer(many=True)
