"""Routes of the games API, mounted under /api/v1/ by hearts_api/urls.py."""

urlpatterns: list = []
