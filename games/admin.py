"""Django admin for auditors: read-only games, seats, scores, the paginated event log, the whole
table at any sequence number, and a "verify" action. Nothing here can change or delete an event
(the event admin grants no add/change/delete; the model and the PostgreSQL trigger refuse too)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils import timezone
from django.utils.html import format_html, format_html_join

from games import engine, selectors, store
from games.errors import GameError
from games.models import Game, GameEvent, GameSnapshot, IdempotencyRecord, Seat

EVENTS_PER_PAGE = 50


class ReadOnlyMixin:
    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class SeatInline(ReadOnlyMixin, admin.TabularInline):
    model = Seat
    extra = 0
    can_delete = False
    fields = ("index", "kind", "player", "display_name", "ai_level", "handed_to_ai", "resigned")
    readonly_fields = fields
    ordering = ("index",)


def seat_label(seat: Any, index: int) -> str:
    """An auditor's name for a seat: the player's name, "AI 2 (heuristic)", "seat 3 (empty)"."""
    if seat.kind == "ai":
        return f"AI {index} ({seat.ai_level})" if seat.ai_level else f"AI {index}"
    if seat.kind == "empty":
        return f"seat {index} (empty)"
    return seat.display_name or f"seat {index}"


def _when(moment: Any) -> str:
    if moment is None:
        return "-"
    return timezone.localtime(moment).strftime("%Y-%m-%d %H:%M")


def outcome_summary(game: Game) -> str:
    """Winners, final totals per player, hands played and how the game ended (HTML)."""
    try:
        agg = store.load(game).aggregate
    except GameError:
        return "-"
    state = agg.state
    names = [seat_label(seat, i) for i, seat in enumerate(agg.seats)]
    hands = len(state.hand_results)
    outcome = state.outcome
    if outcome is None:
        return format_html(
            "<p>Not over ({}): {} hand(s) scored so far.</p>{}",
            agg.status,
            hands,
            _totals_table(names, [r.totals for r in state.hand_results[-1:]] or None, agg),
        )
    rules = agg.rules
    low = min(outcome.totals)
    over = [names[s] for s, t in enumerate(outcome.totals) if t >= rules.target]
    how = (
        f"ended after hand {outcome.hand_number}: {', '.join(over)} reached the target of "
        f"{rules.target}; the lowest total ({low}) wins"
    )
    if len(outcome.winners) > 1:
        how += " (a tie, shared under the 'shared' tie rule)"
    elif rules.tie == "play_on":
        how += " (ties play on)"
    last = state.hand_results[-1] if state.hand_results else None
    if last is not None and last.moon_shooter is not None:
        how += f"; {names[last.moon_shooter]} shot the moon in the last hand"
    gave_up = [names[i] for i, seat in enumerate(agg.seats) if seat.resigned]
    if gave_up:
        how += f"; resigned (played by the AI): {', '.join(gave_up)}"
    return format_html(
        "<p><strong>Winner{}: {}</strong></p><p>{} hand(s) played; {}.</p>{}",
        "s" if len(outcome.winners) > 1 else "",
        " and ".join(names[s] for s in outcome.winners),
        hands,
        how,
        _totals_table(names, [outcome.totals], agg, winners=outcome.winners),
    )


def _totals_table(names: list[str], totals: list[Any] | None, agg: Any, winners: Any = ()) -> str:
    if not totals:
        return ""
    return format_html(
        '<table class="outcome-totals"><tr><th>seat</th><th>player</th><th>final total</th>'
        "</tr>{}</table>",
        format_html_join(
            "",
            "<tr><td>{}</td><td>{}</td><td>{}{}</td></tr>",
            (
                (i, names[i], total, " (winner)" if i in winners else "")
                for i, total in enumerate(totals[0])
            ),
        ),
    )


@admin.action(
    description="Verify selected games (hash chain, replay, deal commitments, snapshots)",
    permissions=["view"],
)
def verify_selected_games(
    modeladmin: admin.ModelAdmin, request: HttpRequest, queryset: Any
) -> None:
    failed = 0
    for game_id in queryset.values_list("pk", flat=True):
        mismatches = store.verify_game(game_id)
        if mismatches:
            failed += 1
            for mismatch in mismatches[:20]:
                modeladmin.message_user(request, str(mismatch), messages.ERROR)
    total = queryset.count()
    if failed:
        modeladmin.message_user(
            request, f"{failed} of {total} game(s) FAILED verification.", messages.ERROR
        )
    else:
        modeladmin.message_user(request, f"{total} game(s) verified: OK.", messages.SUCCESS)


@admin.register(Game)
class GameAdmin(ReadOnlyMixin, admin.ModelAdmin):
    # Narrow columns so that the list (with its filter sidebar) fits 1280 px: the id shortened
    # (the full one in the link's title, and searchable), dates without words.
    list_display = (
        "short_id",
        "preset",
        "status",
        "last_seq",
        "created",
        "finished",
        "players",
    )
    list_display_links = ("short_id",)
    list_filter = (
        "status",
        "preset",
        "created_at",
        "finished_at",
        ("seats__player", admin.RelatedOnlyFieldListFilter),
    )
    search_fields = ("id", "seats__player__username", "seats__display_name", "creator__username")
    date_hierarchy = "created_at"
    inlines = (SeatInline,)
    actions = (verify_selected_games,)
    readonly_fields = (
        "outcome",
        "id",
        "preset",
        "status",
        "creator",
        "created_at",
        "started_at",
        "finished_at",
        "last_seq",
        "last_hash",
        "to_act",
        "awaiting_ai",
        "options",
        "ruleset",
        "scores_per_hand",
        "audit_links",
    )
    fields = readonly_fields
    change_form_template = "admin/games/game/change_form.html"

    def get_queryset(self, request: HttpRequest) -> Any:
        return super().get_queryset(request).prefetch_related("seats").distinct()

    @admin.display(description="id", ordering="id")
    def short_id(self, obj: Game) -> str:
        return format_html('<span title="{}">{}</span>', obj.pk, str(obj.pk)[:8])

    @admin.display(description="created at", ordering="created_at")
    def created(self, obj: Game) -> str:
        return _when(obj.created_at)

    @admin.display(description="finished at", ordering="finished_at")
    def finished(self, obj: Game) -> str:
        return _when(obj.finished_at)

    @admin.display(description="outcome")
    def outcome(self, obj: Game) -> str:
        return outcome_summary(obj)

    @admin.display(description="players")
    def players(self, obj: Game) -> str:
        return ", ".join(
            s.display_name or s.kind for s in sorted(obj.seats.all(), key=lambda s: s.index)
        )

    @admin.display(description="scores per hand")
    def scores_per_hand(self, obj: Game) -> str:
        try:
            agg = store.load(obj).aggregate
        except GameError:
            return "-"
        results = agg.state.hand_results
        if not results:
            return "no hand scored yet"
        seats = range(agg.rules.seats)
        head = format_html(
            "<tr><th>hand</th>{}<th>moon</th></tr>",
            format_html_join("", "<th>seat {} points / total</th>", ((s,) for s in seats)),
        )
        body = format_html_join(
            "",
            "<tr><td>{}</td>{}<td>{}</td></tr>",
            (
                (
                    r.hand_number,
                    format_html_join("", "<td>{} / {}</td>", zip(r.points, r.totals, strict=True)),
                    "-"
                    if r.moon_shooter is None
                    else f"seat {r.moon_shooter} ({r.moon_choice or 'auto'})",
                )
                for r in results
            ),
        )
        return format_html("<table>{}{}</table>", head, body)

    @admin.display(description="audit")
    def audit_links(self, obj: Game) -> str:
        state_url = reverse("admin:games_game_state", args=[obj.pk])
        events_url = reverse("admin:games_gameevent_changelist") + f"?game__id__exact={obj.pk}"
        verify_url = reverse("admin:games_game_verify", args=[obj.pk])
        return format_html(
            '<a href="{}?seq={}">table at a sequence number</a> &middot; '
            '<a href="{}">event log (filterable)</a> &middot; '
            '<a href="{}">verify this game</a>',
            state_url,
            obj.last_seq,
            events_url,
            verify_url,
        )

    def get_urls(self) -> list[Any]:
        urls = super().get_urls()
        extra = [
            path(
                "<path:object_id>/state/",
                self.admin_site.admin_view(self.state_view),
                name="games_game_state",
            ),
            path(
                "<path:object_id>/verify/",
                self.admin_site.admin_view(self.verify_view),
                name="games_game_verify",
            ),
        ]
        return extra + urls

    def change_view(
        self, request: HttpRequest, object_id: str, form_url: str = "", extra_context: Any = None
    ) -> HttpResponse:
        extra_context = dict(extra_context or {})
        try:
            game = store.get_game(object_id)
        except GameError:
            game = None
        if game is not None:
            events = store.event_rows_queryset(game.pk)
            page = Paginator(events, EVENTS_PER_PAGE).get_page(request.GET.get("events_page"))
            extra_context["events_page"] = page
            extra_context["state_url"] = reverse("admin:games_game_state", args=[game.pk])
            extra_context["verify_url"] = reverse("admin:games_game_verify", args=[game.pk])
        return super().change_view(request, object_id, form_url, extra_context)

    def verify_view(self, request: HttpRequest, object_id: str) -> HttpResponse:
        """Run ``store.verify_game`` (the checks of ``manage.py verify_games``: numbering, hash
        chain, every input re-decided by the rules, derived facts, snapshots, read models) and
        list each hand's deal commitment, at the deal and recomputed from the revealed deck."""
        if not self.has_view_permission(request):
            raise Http404
        try:
            game = store.get_game(object_id)
        except GameError:
            raise Http404 from None
        mismatches = store.verify_game(game.pk)
        commitments = selectors.deal_commitments(game.pk)
        bad_commitments = [c for c in commitments if c["match"] is False or c["deck_ok"] is False]
        context = {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "title": f"Verification of game {game.pk}",
            "game": game,
            "ok": not mismatches and not bad_commitments,
            "mismatches": [str(m) for m in mismatches],
            "commitments": commitments,
            "events": game.last_seq,
        }
        return TemplateResponse(request, "admin/games/game/verify.html", context)

    def state_view(self, request: HttpRequest, object_id: str) -> HttpResponse:
        if not self.has_view_permission(request):
            raise Http404
        try:
            game = store.get_game(object_id)
        except GameError:
            raise Http404 from None
        try:
            seq = int(request.GET.get("seq", game.last_seq))
        except ValueError:
            seq = game.last_seq
        seq = max(1, min(seq, game.last_seq))
        agg = store.load(game, upto_seq=seq).aggregate
        state = agg.state
        public = engine.public_view(state).to_dict()
        seats = []
        for index, seat in enumerate(agg.seats):
            view = engine.view_for_seat(state, index).to_dict()
            seats.append(
                {
                    "index": index,
                    "occupant": seat.display_name or seat.kind,
                    "kind": seat.kind + (" (handed to AI)" if seat.handed_to_ai else ""),
                    "hand": " ".join(view.get("hand") or []),
                    "passed": " ".join(view.get("passed_cards") or view.get("cards_passed") or []),
                    "received": " ".join(
                        view.get("received_cards") or view.get("cards_received") or []
                    ),
                    "points_taken": (public.get("points_taken") or [None] * len(agg.seats))[index],
                    "total": (public.get("totals") or [None] * len(agg.seats))[index],
                    "to_act": index in agg.to_act,
                }
            )
        hand = getattr(state, "hand", None)
        dead = (
            engine.format_cards(engine.cards_of(hand.dead))
            if hand is not None and getattr(hand, "dead", 0)
            else []
        )
        event = GameEvent.objects.filter(game_id=game.pk, seq=seq).values("type", "payload").first()
        context = {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "title": f"Game {game.pk} at seq {seq}",
            "game": game,
            "seq": seq,
            "prev_seq": seq - 1 if seq > 1 else None,
            "next_seq": seq + 1 if seq < game.last_seq else None,
            "status": agg.status,
            "phase": agg.phase,
            "public": public,
            "seats": seats,
            "dead": " ".join(dead),
            "deck": " ".join(c.code for c in hand.deck) if hand is not None else "",
            "event": event,
        }
        return TemplateResponse(request, "admin/games/game/state.html", context)


@admin.register(GameEvent)
class GameEventAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = (
        "game",
        "seq",
        "type",
        "schema_version",
        "actor_kind",
        "actor_player",
        "actor_seat",
        "created_at",
        "short_hash",
    )
    list_filter = ("type", "actor_kind", "schema_version")
    search_fields = ("game__id",)
    list_select_related = ("actor_player",)
    list_per_page = EVENTS_PER_PAGE
    ordering = ("game", "seq")
    readonly_fields = (
        "game",
        "seq",
        "type",
        "schema_version",
        "payload",
        "actor_kind",
        "actor_player",
        "actor_seat",
        "created_at",
        "prev_hash",
        "hash",
    )
    fields = readonly_fields

    @admin.display(description="hash")
    def short_hash(self, obj: GameEvent) -> str:
        return obj.hash[:12]

    def get_actions(self, request: HttpRequest) -> dict[str, Any]:
        return {}  # no bulk action (and so no delete_selected) on events


@admin.register(GameSnapshot)
class GameSnapshotAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ("game", "seq", "version", "created_at")
    list_filter = ("version",)
    search_fields = ("game__id",)
    readonly_fields = ("game", "seq", "version", "state", "created_at")
    fields = readonly_fields


@admin.register(IdempotencyRecord)
class IdempotencyRecordAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ("user", "key", "method", "path", "status_code", "created_at")
    search_fields = ("key", "user__username", "path")
    readonly_fields = (
        "user",
        "key",
        "method",
        "path",
        "fingerprint",
        "status_code",
        "response_body",
        "created_at",
    )
    fields = readonly_fields
