"""Admin: tickets and tables with their append-only histories (read-only: the services write)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from matchmaking.models import Table, TableEvent, TableMember, Ticket, TicketEvent


class ReadOnlyMixin:
    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class TicketEventInline(ReadOnlyMixin, admin.TabularInline):
    model = TicketEvent
    fields = ("type", "at", "data")
    readonly_fields = fields
    extra = 0


@admin.register(Ticket)
class TicketAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ("id", "player", "preset", "status", "ai_fill", "created_at", "game", "seat")
    list_filter = ("status", "preset", "ai_fill")
    search_fields = ("player__username", "id", "game__id")
    date_hierarchy = "created_at"
    inlines = [TicketEventInline]
    list_select_related = ("player",)


class TableMemberInline(ReadOnlyMixin, admin.TabularInline):
    model = TableMember
    fields = ("player", "display_name", "status", "seat", "joined_at")
    readonly_fields = fields
    extra = 0


class TableEventInline(ReadOnlyMixin, admin.TabularInline):
    model = TableEvent
    fields = ("type", "player", "at", "data")
    readonly_fields = fields
    extra = 0


@admin.register(Table)
class TableAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ("id", "kind", "creator", "preset", "status", "created_at", "game")
    list_filter = ("kind", "status", "preset")
    search_fields = ("creator__username", "id", "game__id")
    exclude = ("invite_code",)  # a live secret: not shown to staff either
    inlines = [TableMemberInline, TableEventInline]
    list_select_related = ("creator",)
