"""Admin: webhook endpoints with their deliveries, each delivery with every attempt (status,
latency, error), and a redelivery action; push targets and each notification's push deliveries
(attempts, the provider's last answer). Secrets and push tokens are never shown here."""

from __future__ import annotations

from django.contrib import admin, messages
from django.utils import timezone

from notifications import services
from notifications.models import (
    MobileDevice,
    PushDelivery,
    PushSubscription,
    WebhookAttempt,
    WebhookDelivery,
    WebhookEndpoint,
)


class WebhookAttemptInline(admin.TabularInline):
    model = WebhookAttempt
    extra = 0
    can_delete = False
    fields = ("number", "started_at", "ok", "status_code", "latency_ms", "error_code", "error")
    readonly_fields = fields

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(WebhookEndpoint)
class WebhookEndpointAdmin(admin.ModelAdmin):
    list_display = ("url", "owner", "is_active", "consecutive_failures", "disabled_reason",
                    "created_at")  # fmt: skip
    list_filter = ("is_active",)
    search_fields = ("url", "owner__username")
    exclude = ("secret", "previous_secret")
    # The URL changes only through the API, which checks it (SSRF guard).
    readonly_fields = ("owner", "url", "consecutive_failures", "disabled_at", "created_at",
                       "previous_secret_expires_at")  # fmt: skip


@admin.register(WebhookDelivery)
class WebhookDeliveryAdmin(admin.ModelAdmin):
    list_display = ("event", "endpoint", "status", "attempts", "last_status_code",
                    "next_attempt_at", "created_at")  # fmt: skip
    list_filter = ("status",)
    search_fields = ("event__id", "endpoint__url")
    readonly_fields = ("endpoint", "event", "status", "attempts", "attempt_limit",
                       "next_attempt_at", "last_status_code", "last_error", "created_at",
                       "finished_at")  # fmt: skip
    inlines = [WebhookAttemptInline]
    actions = ["redeliver"]

    @admin.action(description="Redeliver now (one more attempt)")
    def redeliver(self, request, queryset) -> None:
        sent = 0
        for delivery in queryset.select_related("endpoint__owner"):
            if not delivery.endpoint.is_active:
                continue
            services.webhook_redeliver(
                user=delivery.endpoint.owner, delivery_id=delivery.pk, now=timezone.now()
            )
            sent += 1
        self.message_user(request, f"{sent} deliveries sent again.", messages.SUCCESS)


@admin.register(PushSubscription)
class PushSubscriptionAdmin(admin.ModelAdmin):
    list_display = ("owner", "endpoint", "last_status_code", "last_sent_at", "created_at")
    search_fields = ("owner__username", "endpoint")
    exclude = ("p256dh", "auth")
    readonly_fields = ("owner", "endpoint", "last_sent_at", "last_status_code", "last_error",
                       "created_at")  # fmt: skip


@admin.register(MobileDevice)
class MobileDeviceAdmin(admin.ModelAdmin):
    """Phones' push tokens: the provider's last answer; the token itself is not shown."""

    list_display = ("owner", "platform", "name", "last_status_code", "last_sent_at", "created_at")
    list_filter = ("platform",)
    search_fields = ("owner__username", "name")
    exclude = ("token",)
    readonly_fields = ("owner", "platform", "name", "last_sent_at", "last_status_code",
                       "last_error", "created_at")  # fmt: skip


@admin.register(PushDelivery)
class PushDeliveryAdmin(admin.ModelAdmin):
    """One notification to one browser or phone: read only (the task retries it)."""

    list_display = ("event", "subscription", "device", "status", "attempts", "last_status_code",
                    "next_attempt_at", "created_at")  # fmt: skip
    list_filter = ("status",)
    search_fields = ("event__id",)
    readonly_fields = ("event", "subscription", "device", "status", "attempts",
                       "next_attempt_at", "last_status_code", "last_error",
                       "created_at")  # fmt: skip

    def has_add_permission(self, request) -> bool:
        return False
