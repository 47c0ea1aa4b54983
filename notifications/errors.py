"""Domain errors of the notifications app, each with its stable ``code`` and HTTP ``status``
(registered in the one problem registry, ``common.errors``)."""

from __future__ import annotations

from common.errors import DomainError

_ZERO = "00000000-0000-4000-8000-000000000000"
_REFUSED = "Webhook URL refused."


class NotificationError(DomainError, abstract=True):
    default_message = "The notification request was rejected."


class WebhookEndpointNotFound(NotificationError):
    code = "webhook_endpoint_not_found"
    status = 404
    default_message = "No such webhook endpoint."
    extra_keys = {"endpoint_id": "the id asked for"}
    example = {"endpoint_id": _ZERO}


class WebhookDeliveryNotFound(NotificationError):
    code = "webhook_delivery_not_found"
    status = 404
    default_message = "No such webhook delivery."
    extra_keys = {"delivery_id": "the id asked for"}
    example = {"delivery_id": _ZERO}


class WebhookEndpointDisabled(NotificationError):
    code = "webhook_endpoint_disabled"
    status = 409
    default_message = "The webhook endpoint is disabled; enable it first."
    extra_keys = {"endpoint_id": "the endpoint"}
    example = {"endpoint_id": _ZERO}


class WebhookUrlInvalid(NotificationError):
    code = "webhook_url_invalid"
    status = 422
    title = _REFUSED
    default_message = "The webhook URL must be http(s) with a host."
    extra_keys = {"url": "the URL sent"}
    example = {"url": "ftp://hooks.example/"}


class WebhookUrlUnresolvable(NotificationError):
    code = "webhook_url_unresolvable"
    status = 422
    title = _REFUSED
    default_message = "The webhook URL's host does not resolve."
    extra_keys = {"host": "the URL's host"}
    example = {"host": "nowhere.invalid"}


class WebhookAddressForbidden(NotificationError):
    """The URL's host is (or resolves to) an address outbound requests may not reach: loopback,
    link-local, private, unique-local, multicast, reserved, unspecified (SSRF guard)."""

    code = "webhook_address_forbidden"
    status = 422
    title = _REFUSED
    default_message = "The webhook URL points to an address the server does not call."
    extra_keys = {
        "host": "the URL's host",
        "address": "the address it is or resolves to",
        "reason": "loopback, link_local, private, multicast, unspecified or reserved",
    }
    example = {"host": "127.0.0.1", "address": "127.0.0.1", "reason": "loopback"}


class PushNotConfigured(NotificationError):
    code = "push_not_configured"
    status = 409
    default_message = "Web Push is not configured on this server (no VAPID key)."


class PushSubscriptionNotFound(NotificationError):
    code = "push_subscription_not_found"
    status = 404
    default_message = "No such push subscription."
    extra_keys = {"subscription_id": "the id asked for"}
    example = {"subscription_id": _ZERO}


class MobilePushNotConfigured(NotificationError):
    code = "mobile_push_not_configured"
    status = 409
    default_message = "Push to this platform is not configured on this server."
    extra_keys = {"platform": "fcm or apns"}
    example = {"platform": "apns"}


class DeviceNotFound(NotificationError):
    code = "device_not_found"
    status = 404
    default_message = "No such device."
    extra_keys = {"device_id": "the id asked for"}
    example = {"device_id": _ZERO}


class BotAccountRequired(NotificationError):
    code = "bot_account_required"
    status = 403
    default_message = "Only a bot account, with its bot token, may open the bot stream."
