"""Routes of the notifications API, mounted under /api/v1/ by hearts_api/urls.py."""

from django.urls import path

from notifications import apis

urlpatterns = [
    path("push/vapid-public-key/", apis.VapidKeyApi.as_view(), name="push-vapid-key"),
    path(
        "me/push-subscriptions/",
        apis.PushSubscriptionCollectionApi.as_view(),
        name="push-subscriptions",
    ),
    path(
        "me/push-subscriptions/<str:subscription_id>/",
        apis.PushSubscriptionDetailApi.as_view(),
        name="push-subscription-detail",
    ),
    path("me/devices/", apis.MobileDeviceCollectionApi.as_view(), name="mobile-devices"),
    path(
        "me/devices/<str:device_id>/",
        apis.MobileDeviceDetailApi.as_view(),
        name="mobile-device-detail",
    ),
    path("me/feed/", apis.MeFeedApi.as_view(), name="me-feed"),
    path("me/feed/stream/", apis.MeFeedStreamApi.as_view(), name="me-feed-stream"),
    path("bot/stream/", apis.BotStreamApi.as_view(), name="bot-stream"),
    path(
        "me/notification-preferences/",
        apis.NotificationPreferencesApi.as_view(),
        name="me-notification-preferences",
    ),
    path("me/webhooks/", apis.WebhookEndpointCollectionApi.as_view(), name="webhooks"),
    path(
        "me/webhooks/<str:endpoint_id>/",
        apis.WebhookEndpointDetailApi.as_view(),
        name="webhook-detail",
    ),
    path(
        "me/webhooks/<str:endpoint_id>/rotate-secret/",
        apis.WebhookSecretRotateApi.as_view(),
        name="webhook-rotate-secret",
    ),
    path(
        "me/webhooks/<str:endpoint_id>/deliveries/",
        apis.WebhookDeliveryListApi.as_view(),
        name="webhook-deliveries",
    ),
    path(
        "me/webhook-deliveries/<str:delivery_id>/redeliver/",
        apis.WebhookRedeliverApi.as_view(),
        name="webhook-redeliver",
    ),
]
