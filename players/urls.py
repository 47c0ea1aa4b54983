"""Routes of the players API (signup, tokens, profile), mounted under /api/v1/."""

urlpatterns: list = []
