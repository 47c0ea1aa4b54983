"""The query parameters of the events feed and of the stream, and the events page (DRF)."""

from __future__ import annotations

from rest_framework import serializers

from common.http.pagination import MAX_INT32
from games.serializers import GameEventOutputSerializer

MAX_LIMIT = 500
MAX_WAIT_S = 30


class SyncEventsQuerySerializer(serializers.Serializer):
    after = serializers.IntegerField(
        min_value=0,
        max_value=MAX_INT32,
        default=0,
        help_text="Return the events after this seq (0: from the start).",
    )
    limit = serializers.IntegerField(
        min_value=1, max_value=MAX_LIMIT, default=100, help_text="Page size (events)."
    )
    wait = serializers.IntegerField(
        min_value=0,
        max_value=MAX_WAIT_S,
        default=0,
        help_text=(
            "Long-poll: when there is no event after `after` yet, wait up to this many seconds "
            "for one before answering (0: answer at once)."
        ),
    )


class SyncEventsPageOutputSerializer(serializers.Serializer):
    events = GameEventOutputSerializer(
        many=True, help_text="Consecutive events after `after`, redacted for the caller."
    )
    next_after = serializers.IntegerField(
        help_text="Seq of the last event in this page (= `after` when empty): the next `after`."
    )
    has_more = serializers.BooleanField(help_text="More events are stored after `next_after`.")
    last_seq = serializers.IntegerField(help_text="Seq of the game's last stored event.")


class SyncStreamQuerySerializer(serializers.Serializer):
    after = serializers.IntegerField(
        min_value=0,
        max_value=MAX_INT32,
        required=False,
        help_text=(
            "Resume after this seq (the `Last-Event-ID` header wins when both are sent). "
            "Without either, the stream starts at the current view."
        ),
    )
