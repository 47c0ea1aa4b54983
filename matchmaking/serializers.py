"""Input and output serializers of the matchmaking API (unique names, plain Serializers).

Inputs validate shape; the services and the engine validate meaning (rule options: 400
invalid_ruleset naming the field). Outputs render the selectors' dicts.
"""

from __future__ import annotations

from rest_framework import serializers

from games.aggregate import AI_LEVELS
from games.serializers import PRESET_CHOICES, RuleOptionsField

# Named enums of the schema (SPECTACULAR_SETTINGS["ENUM_NAME_OVERRIDES"]).
TICKET_STATUSES = ["waiting", "matched", "cancelled"]
TABLE_KINDS = ["private", "rematch"]
TABLE_STATUSES = ["open", "started", "declined", "cancelled"]
TABLE_MEMBER_STATUSES = ["invited", "joined", "declined", "left"]

OPTIONS_HELP = (
    "Rule option overrides, validated by the engine (see GET rules/presets/). Players are "
    "matched only with players who asked for the same resolved rules."
)


# ---------------------------------------------------------------------- inputs
class QueueJoinInputSerializer(serializers.Serializer):
    preset = serializers.ChoiceField(choices=PRESET_CHOICES, help_text="Rules preset.")
    options = RuleOptionsField(required=False, default=dict, help_text=OPTIONS_HELP)
    ai_fill = serializers.BooleanField(
        required=False,
        default=True,
        help_text="Fill the seats nobody took with AI players after `ai_fill_after_s`; false: "
        "wait for a table of humans only.",
    )
    ai_level = serializers.ChoiceField(
        choices=AI_LEVELS, required=False, default="heuristic", help_text="Level of AI seats."
    )
    ai_fill_after_s = serializers.IntegerField(
        required=False,
        allow_null=True,
        default=None,
        min_value=0,
        max_value=600,
        help_text="Seconds to wait for humans before AI seats fill the table (null: the server's "
        "default, MATCHMAKING_AI_FILL_AFTER_S, 20 s).",
    )
    max_rating_gap = serializers.IntegerField(
        required=False,
        allow_null=True,
        default=None,
        min_value=0,
        max_value=10_000,
        help_text="Once ratings exist: never sit with a player whose rating differs by more "
        "than this (the window otherwise widens with waiting time).",
    )
    allow_bots = serializers.BooleanField(
        required=False,
        default=False,
        help_text="Accept bot accounts (programs of other players, shown as bots) at your table. "
        "Off by default: without it you are never matched with a bot. A bot's own ticket sits "
        "only with humans who allow bots.",
    )


class TableCreateInputSerializer(serializers.Serializer):
    preset = serializers.ChoiceField(choices=PRESET_CHOICES, help_text="Rules preset.")
    options = RuleOptionsField(required=False, default=dict, help_text="Rule option overrides.")
    ai_level = serializers.ChoiceField(
        choices=AI_LEVELS,
        required=False,
        default="heuristic",
        help_text="Level of the AI seats the creator may fill the table with at start.",
    )
    invite_ttl_s = serializers.IntegerField(
        required=False,
        allow_null=True,
        default=None,
        min_value=60,
        max_value=30 * 86_400,
        help_text="Seconds the invite code is valid (null: MATCHMAKING_INVITE_TTL_S, a day).",
    )


class TableStartInputSerializer(serializers.Serializer):
    fill_with_ai = serializers.BooleanField(
        required=False,
        default=False,
        help_text="Seat AI players of the table's level in the empty seats. Without it, a table "
        "with empty seats is a 409 table_not_full.",
    )


class InviteRenewInputSerializer(serializers.Serializer):
    invite_ttl_s = serializers.IntegerField(
        required=False, allow_null=True, default=None, min_value=60, max_value=30 * 86_400
    )


# ---------------------------------------------------------------------- outputs
class HistoryEntryOutputSerializer(serializers.Serializer):
    type = serializers.CharField()
    at = serializers.DateTimeField()
    data = serializers.DictField()


class GameLinksMixin(serializers.Serializer):
    game_id = serializers.UUIDField(
        allow_null=True, help_text="The game you are seated in, once there is one."
    )
    game_url = serializers.CharField(allow_null=True, help_text="The game's API resource.")
    play_url = serializers.CharField(allow_null=True, help_text="The game in the web client.")


class TicketOutputSerializer(GameLinksMixin):
    id = serializers.UUIDField()
    status = serializers.ChoiceField(choices=TICKET_STATUSES)
    preset = serializers.CharField()
    options = serializers.DictField()
    seats = serializers.IntegerField(help_text="The table size of the preset.")
    ai_fill = serializers.BooleanField()
    ai_level = serializers.CharField()
    ai_fill_after_s = serializers.IntegerField()
    ai_fill_at = serializers.DateTimeField(
        allow_null=True, help_text="While waiting with ai_fill: when AI seats fill the table."
    )
    max_rating_gap = serializers.IntegerField(allow_null=True)
    allow_bots = serializers.BooleanField(help_text="Bot accounts may sit at your table.")
    is_bot = serializers.BooleanField(help_text="The ticket is a bot account's.")
    rating = serializers.FloatField(allow_null=True, help_text="Your rating when you queued.")
    queued_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()
    waited_s = serializers.FloatField(help_text="Seconds waited (until matched or cancelled).")
    waiting_in_pool = serializers.IntegerField(
        help_text="Players waiting for the same rules now (you included); 0 once not waiting."
    )
    seat = serializers.IntegerField(allow_null=True, help_text="Your seat once matched.")
    history = HistoryEntryOutputSerializer(
        many=True, help_text="Append-only: queued, matched (game, seat), cancelled."
    )


class InviteOutputSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="Unguessable (144 random bits); share it or the url.")
    url = serializers.CharField(help_text="The join link of the web client.")
    expires_at = serializers.DateTimeField(allow_null=True)
    expired = serializers.BooleanField()
    revoked = serializers.BooleanField()


class TableMemberOutputSerializer(serializers.Serializer):
    display_name = serializers.CharField()
    status = serializers.ChoiceField(choices=TABLE_MEMBER_STATUSES)
    seat = serializers.IntegerField(allow_null=True)
    joined_at = serializers.DateTimeField(allow_null=True)
    is_you = serializers.BooleanField()


class TableOutputSerializer(GameLinksMixin):
    id = serializers.UUIDField()
    kind = serializers.ChoiceField(choices=TABLE_KINDS)
    status = serializers.ChoiceField(choices=TABLE_STATUSES)
    preset = serializers.CharField()
    options = serializers.DictField()
    seats = serializers.IntegerField()
    ai_level = serializers.CharField()
    ai_seats = serializers.DictField(
        child=serializers.CharField(), help_text="Rematch: AI seats of the next game and levels."
    )
    creator = serializers.CharField()
    you_created = serializers.BooleanField()
    invite = InviteOutputSerializer(allow_null=True, help_text="Private tables: the invite.")
    members = TableMemberOutputSerializer(many=True)
    free_seats = serializers.IntegerField()
    waiting_for = serializers.ListField(
        child=serializers.CharField(), help_text="Rematch: who has not answered yet."
    )
    previous_game_id = serializers.UUIDField(allow_null=True)
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()
