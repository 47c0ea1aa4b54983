"""Domain errors of the notifications app, each with a stable ``code`` and HTTP ``status``
(listed in the problem catalogue, docs/api.md)."""

from __future__ import annotations

from typing import Any


class NotificationError(Exception):
    code: str = "notification_error"
    status: int = 400
    default_message: str = "The notification request was rejected."

    def __init__(self, message: str | None = None, **details: Any) -> None:
        self.message = message or self.default_message
        self.details: dict[str, Any] = details
        super().__init__(self.message)


class WebhookEndpointNotFound(NotificationError):
    code = "webhook_endpoint_not_found"
    status = 404
    default_message = "No such webhook endpoint."


class WebhookDeliveryNotFound(NotificationError):
    code = "webhook_delivery_not_found"
    status = 404
    default_message = "No such webhook delivery."


class WebhookAddressForbidden(NotificationError):
    """The URL's host is (or resolves to) an address outbound requests may not reach: loopback,
    link-local, private, unique-local, multicast, reserved, unspecified (SSRF guard)."""

    code = "webhook_address_forbidden"
    status = 422
    default_message = "The webhook URL points to an address the server does not call."


class WebhookUrlUnresolvable(NotificationError):
    code = "webhook_url_unresolvable"
    status = 422
    default_message = "The webhook URL's host does not resolve."


class WebhookUrlInvalid(NotificationError):
    code = "webhook_url_invalid"
    status = 422
    default_message = "The webhook URL must be http(s) with a host."


class WebhookEndpointDisabled(NotificationError):
    code = "webhook_endpoint_disabled"
    status = 409
    default_message = "The webhook endpoint is disabled; enable it first."
