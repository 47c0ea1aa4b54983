"""Routes of the notifications API, mounted under /api/v1/ by hearts_api/urls.py."""

from django.urls import path

from notifications import apis

urlpatterns = [
    path("me/feed/", apis.MeFeedApi.as_view(), name="me-feed"),
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
