"""Read models and delivery records of asynchronous play (docs/notifications.md).

The per-player feed is a projection of the games' event logs, written after each commit by
``notifications.services.feed_sync_game`` (and by the sweeper for any commit it missed):

* ``GameFeedState``: per game, the last seq projected (``synced_seq``) and the seats whose
  "your turn" was already announced for the current turn.
* ``PlayerFeed``: per player, the last position handed out. It is locked while positions are
  allocated, so a player's positions commit in order: a reader that saw position N never later
  finds a new position below N (no gaps, no duplicates on resume).
* ``FeedItem``: one per (player, game event): a pointer to the stored event and the seat it is
  shown to. The payload is never copied: the feed reads the event and the engine redacts it for
  that seat, exactly as the game's own events feed does.

Webhooks: ``WebhookEndpoint`` (a player's URL, event types, secret), ``NotificationEvent`` (one
occurrence: "your turn in game G at seq 41" with a stable id, the Standard Webhooks
``webhook-id``), ``WebhookDelivery`` (one event to one endpoint, its retry schedule) and
``WebhookAttempt`` (each HTTP attempt: status, latency, error).
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from django.conf import settings
from django.db import models

from games.models import Game, GameEvent


class EventType(models.TextChoices):
    """What a player can be notified of. ``invite`` and ``matched`` are sent by other apps
    (matchmaking) through ``notifications.services.notification_emit``."""

    YOUR_TURN = "your_turn", "Your turn"
    GAME_STARTED = "game_started", "Game started"
    HAND_FINISHED = "hand_finished", "Hand finished"
    GAME_OVER = "game_over", "Game over"
    TURN_REMINDER = "turn_reminder", "Turn reminder"
    INVITE = "invite", "Invitation"
    MATCHED = "matched", "Matched"


class NotificationPreferences(models.Model):
    """What a player wants to be told of, across channels (webhooks, Web Push, mobile push):
    the notification types listed in ``muted_types`` are still stored (history) but not sent;
    quiet hours silence push only; ``turn_reminder_after_s`` asks for a reminder."""

    player = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="notification_preferences",
    )
    muted_types = models.JSONField(default=list, blank=True)
    # Quiet hours: local times in ``time_zone`` (IANA); from ``quiet_start`` to ``quiet_end``
    # (across midnight when start > end) no push is sent (dropped, not held: the feed and the
    # webhooks still have everything, and a per-player reminder due meanwhile waits for the end).
    time_zone = models.CharField(max_length=64, default="UTC")
    quiet_start = models.TimeField(null=True, blank=True)
    quiet_end = models.TimeField(null=True, blank=True)
    # Remind me when a game has waited this long for my move (any game, clock or not).
    turn_reminder_after_s = models.PositiveIntegerField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"notification preferences of {self.player_id}"

    def in_quiet_hours(self, now: datetime) -> bool:
        """Whether ``now`` (aware) falls in the player's quiet hours, in their time zone."""
        if self.quiet_start is None or self.quiet_end is None or self.quiet_start == self.quiet_end:
            return False
        try:
            local = now.astimezone(ZoneInfo(self.time_zone or "UTC")).time()
        except (ZoneInfoNotFoundError, ValueError):
            local = now.astimezone(UTC).time()
        start, end = self.quiet_start, self.quiet_end
        if start < end:
            return start <= local < end
        return local >= start or local < end


class GameFeedState(models.Model):
    game = models.OneToOneField(
        Game, on_delete=models.CASCADE, primary_key=True, related_name="feed_state"
    )
    synced_seq = models.PositiveIntegerField(default=0)
    # Seats told "your turn" for the turn in progress (announced once per turn).
    turn_announced = models.JSONField(default=list, blank=True)

    def __str__(self) -> str:
        return f"feed of {self.game_id} at {self.synced_seq}"


class PlayerFeed(models.Model):
    player = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True, related_name="+"
    )
    last_pos = models.PositiveBigIntegerField(default=0)

    def __str__(self) -> str:
        return f"feed of player {self.player_id} at {self.last_pos}"


class FeedItem(models.Model):
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    pos = models.PositiveBigIntegerField()
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    event = models.ForeignKey(GameEvent, on_delete=models.PROTECT, related_name="+")
    seat = models.PositiveSmallIntegerField(null=True)

    class Meta:
        ordering = ["player", "pos"]
        constraints = [
            models.UniqueConstraint(fields=["player", "pos"], name="notif_feed_unique_pos"),
            models.UniqueConstraint(fields=["player", "event"], name="notif_feed_unique_event"),
        ]

    def __str__(self) -> str:
        return f"feed item {self.pos} of player {self.player_id}"


class WebhookEndpoint(models.Model):
    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="webhook_endpoints"
    )
    url = models.URLField(max_length=2000)
    description = models.CharField(max_length=200, blank=True, default="")
    event_types = models.JSONField(default=list)
    # Standard Webhooks secret, "whsec_" + base64 of 32 random bytes. After a rotation the
    # previous secret also signs (two signatures in webhook-signature) until it expires.
    secret = models.CharField(max_length=100)
    previous_secret = models.CharField(max_length=100, blank=True, default="")
    previous_secret_expires_at = models.DateTimeField(null=True, blank=True)
    is_active = models.BooleanField(default=True)
    disabled_at = models.DateTimeField(null=True, blank=True)
    disabled_reason = models.CharField(max_length=200, blank=True, default="")
    consecutive_failures = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at"]

    def __str__(self) -> str:
        return f"webhook {self.url} of {self.owner_id}"


class PushSubscription(models.Model):
    """A browser's Web Push subscription (``PushSubscription.toJSON()``): its push service
    endpoint and the keys the payload is encrypted for. Removed when the push service answers
    404 or 410 (expired or unsubscribed)."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_subscriptions"
    )
    endpoint = models.URLField(max_length=2000)
    p256dh = models.CharField(max_length=200)
    auth = models.CharField(max_length=100)
    created_at = models.DateTimeField(auto_now_add=True)
    last_sent_at = models.DateTimeField(null=True, blank=True)
    last_status_code = models.PositiveSmallIntegerField(null=True, blank=True)
    last_error = models.CharField(max_length=500, blank=True, default="")

    class Meta:
        ordering = ["created_at"]
        constraints = [
            models.UniqueConstraint(fields=["owner", "endpoint"], name="notif_push_unique")
        ]

    def __str__(self) -> str:
        return f"push subscription of {self.owner_id}"


class MobileDevice(models.Model):
    """A native app's push token: an FCM registration token (Android, or iOS through
    Firebase) or an APNs device token. One owner per (platform, token): a phone that signs in
    as someone else moves to them. Removed when the provider says the token is dead."""

    class Platform(models.TextChoices):
        FCM = "fcm", "Firebase Cloud Messaging"
        APNS = "apns", "Apple Push Notification service"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="mobile_devices"
    )
    platform = models.CharField(max_length=8, choices=Platform.choices)
    token = models.CharField(max_length=512)
    name = models.CharField(max_length=100, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    last_sent_at = models.DateTimeField(null=True, blank=True)
    last_status_code = models.PositiveSmallIntegerField(null=True, blank=True)
    last_error = models.CharField(max_length=500, blank=True, default="")

    class Meta:
        ordering = ["created_at"]
        constraints = [
            models.UniqueConstraint(fields=["platform", "token"], name="notif_device_unique")
        ]

    def __str__(self) -> str:
        return f"{self.platform} device of {self.owner_id}"


class NotificationEvent(models.Model):
    """One thing a player is told about. ``id`` is stable (derived from what happened), so a
    resync or a retry never makes a second one: receivers de-duplicate on it."""

    id = models.CharField(max_length=80, primary_key=True)
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    type = models.CharField(max_length=32, choices=EventType.choices)
    game = models.ForeignKey(
        Game, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    data = models.JSONField(default=dict)
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["created_at"]
        indexes = [
            models.Index(fields=["player", "created_at"], name="notif_event_player_idx"),
            models.Index(fields=["created_at"], name="notif_event_created_idx"),  # retention
        ]

    def __str__(self) -> str:
        return self.id


class WebhookDelivery(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", "Pending"
        SUCCEEDED = "succeeded", "Succeeded"
        FAILED = "failed", "Failed (attempts exhausted or endpoint disabled)"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    endpoint = models.ForeignKey(
        WebhookEndpoint, on_delete=models.CASCADE, related_name="deliveries"
    )
    event = models.ForeignKey(NotificationEvent, on_delete=models.CASCADE, related_name="+")
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    attempt_limit = models.PositiveSmallIntegerField(default=8)
    next_attempt_at = models.DateTimeField(null=True, blank=True)
    last_status_code = models.PositiveSmallIntegerField(null=True, blank=True)
    last_error = models.CharField(max_length=500, blank=True, default="")
    created_at = models.DateTimeField()
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at"]
        constraints = [
            models.UniqueConstraint(fields=["endpoint", "event"], name="notif_delivery_unique")
        ]
        indexes = [
            models.Index(fields=["status", "next_attempt_at"], name="notif_delivery_due_idx")
        ]

    def __str__(self) -> str:
        return f"delivery of {self.event_id} to {self.endpoint_id}"


class WebhookAttempt(models.Model):
    delivery = models.ForeignKey(WebhookDelivery, on_delete=models.CASCADE, related_name="tries")
    number = models.PositiveSmallIntegerField()
    started_at = models.DateTimeField()
    status_code = models.PositiveSmallIntegerField(null=True, blank=True)
    latency_ms = models.PositiveIntegerField(default=0)
    # A machine-readable reason when no HTTP status came back: timeout, connection_error,
    # webhook_address_forbidden, webhook_url_unresolvable (or "http_status" for a non-2xx).
    error_code = models.CharField(max_length=40, blank=True, default="")
    error = models.CharField(max_length=500, blank=True, default="")
    ok = models.BooleanField(default=False)

    class Meta:
        ordering = ["delivery", "number"]
        constraints = [
            models.UniqueConstraint(fields=["delivery", "number"], name="notif_attempt_unique")
        ]

    def __str__(self) -> str:
        return f"attempt {self.number} of {self.delivery_id}"


class PushDelivery(models.Model):
    """One notification to one Web Push subscription or mobile device (exactly one of the two):
    its attempts and whether it got there. A transient failure (429, 5xx, a timeout or a lost
    connection) is tried again after a backoff (or the provider's ``Retry-After``); a target
    whose delivery is ``sent`` is never sent that notification again, so a redelivered or
    duplicate task only sends what is still due. Removed with its target (404/410, unregistered)
    or its notification."""

    class Status(models.TextChoices):
        PENDING = "pending", "Pending"
        SENT = "sent", "Sent"
        FAILED = "failed", "Failed (a permanent answer, attempts exhausted or stale)"

    event = models.ForeignKey(NotificationEvent, on_delete=models.CASCADE, related_name="+")
    subscription = models.ForeignKey(
        PushSubscription, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    device = models.ForeignKey(
        MobileDevice, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    # When the next attempt is due; while an attempt is under way, its lease (past the request's
    # timeouts: a process lost mid request leaves it to expire, then it is sent again).
    next_attempt_at = models.DateTimeField(null=True, blank=True)
    last_status_code = models.PositiveSmallIntegerField(null=True, blank=True)
    last_error = models.CharField(max_length=500, blank=True, default="")
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["event", "subscription"], name="notif_pushdelivery_unique_sub"
            ),
            models.UniqueConstraint(
                fields=["event", "device"], name="notif_pushdelivery_unique_device"
            ),
            models.CheckConstraint(
                condition=(
                    models.Q(subscription__isnull=False, device__isnull=True)
                    | models.Q(subscription__isnull=True, device__isnull=False)
                ),
                name="notif_pushdelivery_one_target",
            ),
        ]
        indexes = [
            models.Index(fields=["status", "next_attempt_at"], name="notif_pushdelivery_due_idx")
        ]

    def __str__(self) -> str:
        target = self.subscription_id or self.device_id
        return f"push of {self.event_id} to {target}"
