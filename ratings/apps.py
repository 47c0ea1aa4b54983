from django.apps import AppConfig


class RatingsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "ratings"
    verbose_name = "Ratings"

    def ready(self) -> None:
        from games.signals import game_finished
        from ratings import receivers

        game_finished.connect(receivers.on_game_finished, dispatch_uid="ratings.on_game_finished")
