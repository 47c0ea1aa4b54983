"""Django admin of the ratings projection: read-only lists of ratings (per player and AI level,
filtered by preset and kind; a player's ratings on every preset one click away), rated games and
history points, and per ladder two actions: verify it against a rebuild from the event logs
(changes nothing) and, for superusers, rebuild it (``services.ratings_rebuild``, the service of
``manage.py ratings_rebuild``)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.db import transaction
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html

from ratings import ladder, selectors, services
from ratings.models import Ladder, RatedGame, Rating, RatingPoint


class ReadOnlyMixin:
    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class RatingPointInline(ReadOnlyMixin, admin.TabularInline):
    model = RatingPoint
    extra = 0
    can_delete = False
    fields = ("game", "finished_at", "place", "seats", "mu_before", "mu", "sigma")
    readonly_fields = fields
    ordering = ("-finished_at",)
    max_num = 0
    show_change_link = False


class KindFilter(admin.SimpleListFilter):
    title = "identity"
    parameter_name = "kind"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return [("player", "players"), ("ai", "AI levels")]

    def queryset(self, request: HttpRequest, queryset: Any) -> Any:
        if self.value() == "player":
            return queryset.filter(player__isnull=False)
        if self.value() == "ai":
            return queryset.filter(player__isnull=True)
        return queryset


@admin.register(Rating)
class RatingAdmin(ReadOnlyMixin, admin.ModelAdmin):
    """Ratings per identity and preset. A player's name links to that player's ratings on
    every preset (``?player__id__exact=<id>``), each with its history inline."""

    list_display = (
        "identity",
        "preset",
        "display_rating",
        "deviation",
        "conservative",
        "games_played",
        "wins",
        "last_game_at",
    )
    list_filter = ("preset", KindFilter, "ai_level")
    search_fields = ("player__username", "ai_level")
    list_select_related = ("player",)
    ordering = ("preset", "-ordinal")
    inlines = [RatingPointInline]

    @admin.display(description="identity")
    def identity(self, obj: Rating) -> str:
        if obj.ai_level:
            return f"AI {obj.ai_level}"
        url = reverse("admin:ratings_rating_changelist") + f"?player__id__exact={obj.player_id}"
        return format_html(
            '{} <a href="{}" title="every preset">(all ratings)</a>', obj.player.get_username(), url
        )

    def lookup_allowed(self, lookup: str, value: str, request: HttpRequest | None = None) -> bool:
        return lookup == "player__id__exact" or super().lookup_allowed(lookup, value, request)

    @admin.display(description="rating", ordering="mu")
    def display_rating(self, obj: Rating) -> int:
        return ladder.display(obj.mu)

    @admin.display(description="deviation", ordering="sigma")
    def deviation(self, obj: Rating) -> int:
        return ladder.display_deviation(obj.sigma)

    @admin.display(description="conservative", ordering="ordinal")
    def conservative(self, obj: Rating) -> int:
        return ladder.display(obj.ordinal)


@admin.register(RatedGame)
class RatedGameAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ("game", "preset", "finished_at", "rated", "applied_at")
    list_filter = ("preset", "rated")
    search_fields = ("game__id",)
    ordering = ("-finished_at",)


@admin.register(RatingPoint)
class RatingPointAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ("rating", "game", "finished_at", "place", "mu_before", "mu", "sigma")
    list_filter = ("rating__preset",)
    search_fields = ("rating__player__username", "rating__ai_level", "game__game__id")
    list_select_related = ("rating", "rating__player")
    ordering = ("-finished_at",)


@admin.register(Ladder)
class LadderAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ("preset", "games_rated", "head_finished_at", "head_game_id")
    actions = ["verify_against_rebuild", "rebuild_from_logs"]

    @admin.action(description="Verify against a rebuild from the event logs (changes nothing)")
    def verify_against_rebuild(self, request: HttpRequest, queryset: Any) -> None:
        presets = list(queryset.values_list("preset", flat=True))
        before = selectors.projection_snapshot(presets=presets)
        with transaction.atomic():
            services.ratings_rebuild(presets=presets)
            after = selectors.projection_snapshot(presets=presets)
            transaction.set_rollback(True)
        differences = selectors.snapshot_differences(before, after)
        if differences:
            self.message_user(
                request,
                f"{len(differences)} difference(s), e.g. {differences[0]}",
                messages.ERROR,
            )
        else:
            self.message_user(request, f"The ratings of {', '.join(presets)} match a rebuild.")

    @admin.action(description="Rebuild from the event logs", permissions=["rebuild"])
    def rebuild_from_logs(self, request: HttpRequest, queryset: Any) -> None:
        counts = services.ratings_rebuild(presets=list(queryset.values_list("preset", flat=True)))
        summary = ", ".join(f"{p}: {n} game(s)" for p, n in counts.items())
        self.message_user(request, f"Rebuilt {summary}.")

    def has_rebuild_permission(self, request: HttpRequest) -> bool:
        return request.user.is_superuser
