"""django-filter FilterSet of the lobby (``GET /api/v1/games/``)."""

from __future__ import annotations

import django_filters

from games.engine import PRESETS
from games.models import STATUS_CHOICES, Game, Seat


class GameLobbyFilter(django_filters.FilterSet):
    preset = django_filters.ChoiceFilter(
        choices=[(key, key) for key in sorted(PRESETS)], help_text="Rules preset."
    )
    status = django_filters.ChoiceFilter(
        choices=STATUS_CHOICES, help_text="lobby (not started), active or finished."
    )
    has_open_seat = django_filters.TypedChoiceFilter(
        choices=[("true", "true"), ("false", "false")],
        coerce=lambda value: value == "true",
        method="filter_has_open_seat",
        help_text="true: games with at least one empty seat; false: games with none.",
    )

    class Meta:
        model = Game
        fields = ["preset", "status", "has_open_seat"]

    def filter_has_open_seat(self, queryset, name, value):
        open_games = Seat.objects.filter(kind=Seat.Kind.EMPTY).values("game_id")
        if value:
            return queryset.filter(pk__in=open_games)
        return queryset.exclude(pk__in=open_games)
