"""Routes of the notifications API, mounted under /api/v1/ by hearts_api/urls.py."""

from django.urls import path

from notifications import apis

urlpatterns = [
    path("me/feed/", apis.MeFeedApi.as_view(), name="me-feed"),
]
