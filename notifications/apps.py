from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "notifications"
    verbose_name = "Notifications (feed, webhooks)"

    def ready(self) -> None:
        from notifications import receivers  # noqa: F401  (connects the games signals)
