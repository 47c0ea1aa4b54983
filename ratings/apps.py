from django.apps import AppConfig


class RatingsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "ratings"
    verbose_name = "Ratings"

    def ready(self) -> None:
        from games import seat_ratings
        from games.signals import game_finished
        from ratings import receivers, selectors

        game_finished.connect(receivers.on_game_finished, dispatch_uid="ratings.on_game_finished")
        # The game view and the lobby show each seat's rating (games asks, ratings answers).
        seat_ratings.install(selectors.seat_ratings)
