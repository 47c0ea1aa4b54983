from django.apps import AppConfig


class GamesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games"
    verbose_name = "Games"

    def ready(self) -> None:
        # `checks` registers the system checks; `tasks` the Celery tasks, in every process (web
        # servers too, not only workers): the services send AI turns by the task's name
        # (games/ai_queue.py), from the app's registry.
        from games import checks, tasks  # noqa: F401
