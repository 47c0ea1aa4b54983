"""Input and output serializers of the notifications API (unique names: drf-spectacular
components)."""

from __future__ import annotations

from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from rest_framework import serializers

from games.serializers import GameEventOutputSerializer
from notifications import mobile, push
from notifications.models import EventType, MobileDevice, WebhookDelivery

MAX_FEED_LIMIT = 500
MAX_FEED_WAIT_S = 30
MAX_POSITION = 2**53


class FeedQuerySerializer(serializers.Serializer):
    after = serializers.IntegerField(
        min_value=0,
        max_value=MAX_POSITION,
        default=0,
        help_text="Return the feed items after this position (0: from the start).",
    )
    limit = serializers.IntegerField(
        min_value=1, max_value=MAX_FEED_LIMIT, default=100, help_text="Page size (items)."
    )
    wait = serializers.IntegerField(
        min_value=0,
        max_value=MAX_FEED_WAIT_S,
        default=0,
        help_text=(
            "Long-poll: when there is no item after `after` yet, wait up to this many seconds "
            "for one of your games to move before answering (0: answer at once)."
        ),
    )


class FeedStreamQuerySerializer(serializers.Serializer):
    after = serializers.IntegerField(
        min_value=0,
        max_value=MAX_POSITION,
        default=0,
        help_text="Stream the items after this position (Last-Event-ID wins when sent).",
    )
    token = serializers.CharField(
        required=False, help_text="Your API token, for EventSource clients (cannot set headers)."
    )


class AwaitingGameOutputSerializer(serializers.Serializer):
    game_id = serializers.UUIDField()
    preset = serializers.CharField()
    seat = serializers.IntegerField(help_text="Your seat, which must act.")
    seq = serializers.IntegerField(help_text="The game's last seq.")
    since = serializers.DateTimeField(
        allow_null=True, help_text="When the game last moved (how long it has waited for you)."
    )
    turn_limit_s = serializers.IntegerField(
        allow_null=True, help_text="The game's time per move, if it has one."
    )


class FeedItemOutputSerializer(serializers.Serializer):
    position = serializers.IntegerField(help_text="Position in your feed (the cursor).")
    game_id = serializers.UUIDField()
    seat = serializers.IntegerField(allow_null=True, help_text="Your seat in that game.")
    event = GameEventOutputSerializer(help_text="The stored event, redacted for your seat.")


class FeedPageOutputSerializer(serializers.Serializer):
    awaiting = AwaitingGameOutputSerializer(
        many=True, help_text="Active games in which your seat must act now, longest waiting first."
    )
    items = FeedItemOutputSerializer(
        many=True, help_text="Events of all your games after `after`, in feed order."
    )
    next_after = serializers.IntegerField(
        help_text="Position of the last item in this page (= `after` when empty): the next `after`."
    )
    has_more = serializers.BooleanField(help_text="More items follow `next_after`.")


EVENT_TYPE_CHOICES = [(value, label) for value, label in EventType.choices]


class WebhookEndpointInputSerializer(serializers.Serializer):
    url = serializers.URLField(max_length=2000, help_text="http(s) URL that receives the POSTs.")
    event_types = serializers.ListField(
        child=serializers.ChoiceField(choices=EVENT_TYPE_CHOICES),
        min_length=1,
        help_text="The notification types to deliver.",
    )
    description = serializers.CharField(max_length=200, required=False, default="")


class WebhookEndpointPatchInputSerializer(serializers.Serializer):
    url = serializers.URLField(max_length=2000, required=False)
    event_types = serializers.ListField(
        child=serializers.ChoiceField(choices=EVENT_TYPE_CHOICES), min_length=1, required=False
    )
    description = serializers.CharField(max_length=200, required=False)
    is_active = serializers.BooleanField(
        required=False, help_text="false: pause deliveries; true: re-enable (pending ones go now)."
    )


class WebhookRotateInputSerializer(serializers.Serializer):
    grace_s = serializers.IntegerField(
        min_value=0,
        max_value=30 * 86400,
        required=False,
        help_text="How long the old secret keeps signing too (default a day; 0: stop at once).",
    )


class WebhookEndpointOutputSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    url = serializers.URLField()
    description = serializers.CharField()
    event_types = serializers.ListField(child=serializers.CharField())
    secret = serializers.CharField(
        help_text="The signing secret (whsec_...): verify deliveries with it (Standard Webhooks)."
    )
    previous_secret_expires_at = serializers.DateTimeField(
        allow_null=True, help_text="Until then the previous secret also signs each delivery."
    )
    is_active = serializers.BooleanField()
    disabled_at = serializers.DateTimeField(allow_null=True)
    disabled_reason = serializers.CharField()
    consecutive_failures = serializers.IntegerField()
    created_at = serializers.DateTimeField()


class WebhookAttemptOutputSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    started_at = serializers.DateTimeField()
    ok = serializers.BooleanField()
    status_code = serializers.IntegerField(allow_null=True)
    latency_ms = serializers.IntegerField()
    error_code = serializers.CharField(
        help_text="timeout, connection_error, http_status, redirect_not_followed, "
        "webhook_address_forbidden, webhook_url_unresolvable, webhook_url_invalid, or empty."
    )
    error = serializers.CharField()


class NotificationOutputSerializer(serializers.Serializer):
    id = serializers.CharField(help_text="Stable id, sent as webhook-id: de-duplicate on it.")
    type = serializers.CharField()
    data = serializers.DictField()
    created_at = serializers.DateTimeField()


class WebhookDeliveryOutputSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    endpoint_id = serializers.UUIDField()
    event = NotificationOutputSerializer()
    status = serializers.ChoiceField(choices=WebhookDelivery.Status.choices)
    attempts = serializers.IntegerField()
    attempt_limit = serializers.IntegerField()
    next_attempt_at = serializers.DateTimeField(allow_null=True)
    last_status_code = serializers.IntegerField(allow_null=True)
    last_error = serializers.CharField()
    created_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)
    tries = WebhookAttemptOutputSerializer(many=True, source="tries.all")


class WebhookDeliveryQuerySerializer(serializers.Serializer):
    status = serializers.ChoiceField(choices=WebhookDelivery.Status.choices, required=False)
    limit = serializers.IntegerField(min_value=1, max_value=200, default=50)


MAX_REMINDER_AFTER_S = 14 * 86400


def _valid_zone(name: str) -> str:
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise serializers.ValidationError(f"{name!r} is not an IANA time zone.") from None
    return name


class NotificationPreferencesInputSerializer(serializers.Serializer):
    muted_types = serializers.ListField(
        child=serializers.ChoiceField(choices=EVENT_TYPE_CHOICES),
        allow_empty=True,
        help_text="Notification types you do not want sent (stored, not delivered).",
    )
    time_zone = serializers.CharField(
        max_length=64,
        default="UTC",
        validators=[_valid_zone],
        help_text="Your IANA time zone (Europe/Paris), in which quiet hours are read.",
    )
    quiet_start = serializers.TimeField(
        allow_null=True,
        default=None,
        help_text="Quiet hours start (local HH:MM): no push from then until quiet_end.",
    )
    quiet_end = serializers.TimeField(
        allow_null=True,
        default=None,
        help_text="Quiet hours end (local HH:MM); before quiet_start: across midnight.",
    )
    turn_reminder_after_s = serializers.IntegerField(
        min_value=60,
        max_value=MAX_REMINDER_AFTER_S,
        allow_null=True,
        default=None,
        help_text="Remind me once when a game has waited this long for my move (null: never).",
    )

    def validate(self, attrs: dict) -> dict:
        if (attrs.get("quiet_start") is None) != (attrs.get("quiet_end") is None):
            raise serializers.ValidationError(
                {"quiet_end": "Set both quiet_start and quiet_end, or neither."}
            )
        return attrs


class NotificationPreferencesOutputSerializer(serializers.Serializer):
    muted_types = serializers.ListField(child=serializers.CharField())
    time_zone = serializers.CharField()
    quiet_start = serializers.TimeField(allow_null=True, format="%H:%M")
    quiet_end = serializers.TimeField(allow_null=True, format="%H:%M")
    turn_reminder_after_s = serializers.IntegerField(allow_null=True)


class PushKeysInputSerializer(serializers.Serializer):
    p256dh = serializers.CharField(max_length=200, help_text="The browser's P-256 public key.")
    auth = serializers.CharField(max_length=100, help_text="The browser's auth secret.")


class PushSubscriptionInputSerializer(serializers.Serializer):
    """The browser's ``PushSubscription.toJSON()``."""

    endpoint = serializers.URLField(max_length=2000, help_text="The push service URL.")
    keys = PushKeysInputSerializer()
    expirationTime = serializers.IntegerField(
        required=False, allow_null=True, help_text="Ignored (sent by browsers)."
    )

    def validate_keys(self, keys: dict) -> dict:
        if not push.valid_keys(keys["p256dh"], keys["auth"]):
            raise serializers.ValidationError("p256dh and auth must be base64url keys.")
        return keys


class PushSubscriptionOutputSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    endpoint = serializers.URLField()
    created_at = serializers.DateTimeField()
    last_sent_at = serializers.DateTimeField(allow_null=True)
    last_status_code = serializers.IntegerField(allow_null=True)


class VapidKeyOutputSerializer(serializers.Serializer):
    enabled = serializers.BooleanField(help_text="Whether this server sends Web Push.")
    public_key = serializers.CharField(
        allow_null=True,
        help_text="The VAPID public key: PushManager.subscribe's applicationServerKey.",
    )


class MobileDeviceInputSerializer(serializers.Serializer):
    platform = serializers.ChoiceField(
        choices=MobileDevice.Platform.choices,
        help_text="fcm (an FCM registration token) or apns (an APNs device token).",
    )
    token = serializers.CharField(max_length=512, help_text="The provider's token of this app.")
    name = serializers.CharField(
        max_length=100, required=False, default="", allow_blank=True, help_text="A label."
    )

    def validate(self, attrs: dict) -> dict:
        token = attrs["token"].strip()
        if attrs["platform"] == mobile.APNS and not (
            len(token) >= 64 and all(c in "0123456789abcdefABCDEF" for c in token)
        ):
            raise serializers.ValidationError({"token": "An APNs device token is hex."})
        if any(c.isspace() or c == "/" for c in token) or not token:
            raise serializers.ValidationError({"token": "A token has no spaces or slashes."})
        attrs["token"] = token.lower() if attrs["platform"] == mobile.APNS else token
        return attrs


class MobileDeviceOutputSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    platform = serializers.CharField()
    name = serializers.CharField()
    created_at = serializers.DateTimeField()
    last_sent_at = serializers.DateTimeField(allow_null=True)
    last_status_code = serializers.IntegerField(allow_null=True)
    last_error = serializers.CharField()
